"""The what-if commands of the ``ora`` command line: ``fork`` (a new game from a stored game's
position, docs/records.md "Forks") and ``annotate`` (a comment on a move, "Annotations").

Both go through the API's methods on a service over the local store, so a fork made here is
the same game ``game.fork`` makes: seats, invitations and bot seats included.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ora_api.cli.records import CommandError, _game_id

if TYPE_CHECKING:
    from ora_core.events import GameEvent
    from ora_rules.specs import Rules


def add_fork_commands(sub: Any, default_store: Callable[[], str]) -> None:
    """Add ``fork`` and ``annotate`` to the ``ora`` subparsers."""
    fork = sub.add_parser("fork", help="a new game from a stored game's position after a move")
    fork.add_argument("game_id")
    where = fork.add_mutually_exclusive_group(required=True)
    where.add_argument("--move", type=int, help="the position after this move (0: the set-up)")
    where.add_argument("--round", type=int, metavar="R",
                       help="the position before the first move of round R (its wheel turned, "
                       "its clergy back)")
    fork.add_argument("--bots", default=None, metavar="BOT[,BOT...]",
                      help="the bot of every seat, or one per seat in seat order ('' leaves "
                      "a seat open for an invitation); default: every seat open")
    fork.add_argument("--play", action="store_true",
                      help="the bots play the fork on to its end here (every seat a bot)")
    fork.add_argument("--seed", type=int, default=0, help="the bots' random seed (--play)")
    fork.add_argument("--max-rounds", type=int, default=None,
                      help="with --play: stop after this round (a two-player game of bots "
                      "that rarely build can last long, R-END-2)")
    fork.add_argument("--public", action="store_true", help="a public game (default private)")
    fork.add_argument("--store", default=default_store())
    fork.set_defaults(func=_fork)

    note = sub.add_parser("annotate", help="a comment on a stored game's move")
    note.add_argument("game_id")
    note.add_argument("text", help="one line of words (quote it)")
    note.add_argument("--move", type=int, default=None,
                      help="the move it comments on (0: the game itself; default the last)")
    note.add_argument("--store", default=default_store())
    note.set_defaults(func=_annotate)


def _seat_params(text: str | None, seats: int) -> list[Any] | None:
    from ora_api.methods.lobby import SeatParams

    if text is None:
        return [SeatParams() for _ in range(seats)]
    names = text.split(",")
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise CommandError(f"--bots: {len(names)} bot(s) for {seats} seat(s) (one for all, or "
                           "one per seat)")
    return [SeatParams(bot=name.strip()) if name.strip() else SeatParams() for name in names]


def _fork(args: argparse.Namespace) -> int:
    from ora_api.cli.records import _fold
    from ora_api.jsonrpc.rpc import RpcError
    from ora_api.methods.forks import fork_game
    from ora_api.methods.lobby import seat_plans
    from ora_api.service import open_service
    from ora_core.evolve import fold
    from ora_rules.fork import ForkRefused, round_start

    source = _game_id(args.game_id)
    events = _fold(args.store, source, list)  # the operator's store: no token (records.md)
    move = args.move
    if args.round is not None:
        try:
            move = round_start(events, args.round)
        except ForkRefused as e:
            raise CommandError(e.message) from None
    people = sum(not p.neutral for p in fold(events[:1]).players)
    ended: list[str] = []
    svc = open_service(args.store)
    try:
        plans = seat_plans(svc, _seat_params(args.bots, people), None, people)
        if args.play and (plans is None or any(plan.bot is None for plan in plans)):
            raise CommandError("--play: every seat must be a bot's (--bots NAME)")
        then = None
        if args.play:
            svc.bot_runner.close()  # the bots play here, before the fork is stored
            then = _bots_play(svc.rules, args.seed, args.max_rounds, ended)
        result = fork_game(svc, source, events, move, plans,
                           "public" if args.public else "private", then)
    except RpcError as e:  # an unknown bot, a move the game does not have: the API's words
        data = e.data or {}
        detail, path = str(data.get("detail", e.message)), str(data.get("path", ""))
        if path.startswith("seats[") and detail.startswith(path + ": "):  # a seat's bot
            detail = "--bots: " + detail.removeprefix(path + ": ")
        raise CommandError(detail) from None
    finally:
        svc.close()
    print(result.game_id)
    if args.round is not None:
        print(f"  from move {move}, the first of round {args.round}")
    for seat in result.seats:
        who = f"bot {seat.bot}" if seat.bot else f"invite {seat.invite}"
        print(f"  seat {seat.seat} ({seat.colour}): {who}")
    print("\n".join(ended))
    return 0


def _bots_play(rules: Rules, seed: int, max_rounds: int | None, ended: list[str]
               ) -> Callable[[list[GameEvent]], list[GameEvent]]:
    """The fork's bot seats playing on from its position until it ends or passes
    ``max_rounds`` (``Game.play_bots``, seeded); ``ended`` gets one line saying how."""
    from ora_core.events import MovePlayed
    from ora_rules.bots import make_bot
    from ora_rules.game import Game

    def play(events: list[GameEvent]) -> list[GameEvent]:
        game = Game(rules, events)
        seats = [p for p in game.state.players if not p.neutral]
        bots = [make_bot(p.bot or "random", rules) for p in game.state.players]
        before = len(game.events)
        game.play_bots(bots, seed=seed, max_rounds=max_rounds)
        played = game.events[before:]
        moves = sum(type(e) is MovePlayed for e in played)
        state = game.state
        if state.scores is None:
            ended.append(f"stopped after round {state.round - 1}: {moves} moves played, "
                         "not finished")
        else:
            totals = ", ".join(f"{state.players[s.seat].colour} {s.total}"
                               for s in state.scores)
            ended.append(f"finished after {moves} more moves by {len(seats)} bot(s): {totals}")
        return list(played)

    return play


def _annotate(args: argparse.Namespace) -> int:
    from ora_api.cli.records import _fold
    from ora_api.jsonrpc.rpc import RpcError
    from ora_api.methods.notes import store_annotation
    from ora_api.service import open_service

    game_id = _game_id(args.game_id)
    _fold(args.store, game_id, list)  # an unknown or tampered game: one line, nothing written
    svc = open_service(args.store)
    try:
        svc.bot_runner.close()  # an annotation sets no bot thinking here
        done = store_annotation(svc, game_id, args.move, args.text, None)
    except RpcError as e:
        raise CommandError(str((e.data or {}).get("detail", e.message))) from None
    finally:
        svc.close()
    print(f"move {done.move}: ; {done.text} (version {done.version})")
    return 0
