"""The ``ora`` commands that read a stored game: ``list``, ``log``, ``render``, ``explain``,
``diff`` and ``moves`` (the words and pictures are the rules floor's, ``ora_rules.views``)."""

from __future__ import annotations

import argparse
import sys
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import orjson

from ora_api.cli.analyse import add_analysis_arguments
from ora_rules.specs import load_rules

#: What ``ora explain`` says of the solo game's neutral player, whom it lists after the seats.
NOTE = ("the neutral player is not scored (R-SCORE-8); its buildings' points, for comparing "
        "with an engine that scores it (weblabora)")
#: More games than any store holds, and within a database's 64-bit integers (``ora list``).
MANY = 2**62

if TYPE_CHECKING:
    from ora_core.events import GameEvent
    from ora_core.state import State


def add_game_commands(sub: Any, default_store: Callable[[], str]) -> None:
    """Add ``list``, ``log``, ``render``, ``explain``, ``diff`` and ``moves`` to the ``ora``
    subparsers."""
    list_p = sub.add_parser("list", help="the stored games: id, config, version, moves, "
                                         "finished, scores (a page at a time)")
    list_p.add_argument("--store", default=default_store())
    list_p.add_argument("--limit", type=int, default=50, help="games per page (default 50)")
    list_p.add_argument("--cursor", default=None,
                        help="where the previous page ended (printed on stderr)")
    list_p.add_argument("--json", action="store_true", help="one JSON line per game")
    list_p.set_defaults(func=_list)

    log_p = sub.add_parser("log", help="a stored game in words, one sentence per move")
    log_p.add_argument("game_id")
    log_p.add_argument("--from", dest="first", type=int, default=1, metavar="N",
                       help="the first move (counted from 1)")
    log_p.add_argument("--to", dest="last", type=int, default=None, metavar="M",
                       help="the last move (default: the game's last)")
    log_p.add_argument("--json", action="store_true", help="one JSON line per move")
    log_p.add_argument("--locale", default="en", help="en, el or ru (default en)")
    log_p.add_argument("--store", default=default_store())
    log_p.set_defaults(func=_log)

    render = sub.add_parser("render", help="a stored game as an SVG picture on stdout")
    render.add_argument("game_id")
    where = render.add_mutually_exclusive_group()
    where.add_argument("--move", type=int, default=None,
                       help="the game after its N-th move (0: before the first)")
    where.add_argument("--version", type=int, default=None, help="the game at a version")
    render.add_argument("--seat", type=int, default=None, help="only this seat's landscape")
    render.add_argument("--locale", default="en", help="en, el or ru (default en)")
    render.add_argument("--token", default=None,
                        help="not needed: the local store is the operator's, so every "
                             "command reads private games too (docs/records.md)")
    render.add_argument("--store", default=default_store())
    render.add_argument("--analysis", action="store_true",
                        help="the graph of the game's analysis instead (docs/analysis.md), "
                             "with the flags of ora analyse")
    add_analysis_arguments(render)
    render.set_defaults(func=_render)

    explain_p = sub.add_parser("explain", help="a stored game's score line by line")
    explain_p.add_argument("game_id")
    explain_p.add_argument("--seat", type=int, default=None, help="only this seat")
    explain_p.add_argument("--move", dest="at", type=int, default=None, metavar="N",
                           help="after move N (0: the set-up); default: now")
    explain_p.add_argument("--json", action="store_true", help="one JSON line per seat")
    explain_p.add_argument("--store", default=default_store())
    explain_p.set_defaults(func=_explain)

    diff_p = sub.add_parser("diff", help="what changed between the states after two moves")
    diff_p.add_argument("game_id")
    diff_p.add_argument("a", type=int, help="move A (0: the set-up)")
    diff_p.add_argument("b", type=int, help="move B")
    diff_p.add_argument("--json", action="store_true")
    diff_p.add_argument("--store", default=default_store())
    diff_p.set_defaults(func=_diff)

    moves_p = sub.add_parser("moves", help="a stored game's legal moves now, as a tree")
    moves_p.add_argument("game_id")
    moves_p.add_argument("path", nargs="*", help="open VERB, or VERB TARGET (its moves)")
    moves_p.add_argument("--limit", type=int, default=50, help="moves shown per target (50)")
    moves_p.add_argument("--json", action="store_true")
    moves_p.add_argument("--store", default=default_store())
    moves_p.set_defaults(func=_moves)


def _list(args: argparse.Namespace) -> int:
    """``ora list``: every stored game's summary (the lobby's table, no stream is folded)."""
    from ora_api.service import open_service
    from ora_core.errors import InvalidCommand

    if args.cursor is not None and not (args.cursor.isdigit() and int(args.cursor) < MANY):
        raise InvalidCommand(f"--cursor {args.cursor!r} is not a cursor of ora list")
    if args.limit < 1:
        raise InvalidCommand("--limit must be at least 1")
    service = open_service(args.store, check_writable=False)
    try:  # a limit past any store's games is all of them (and within the database's integers)
        listed, after = service.list_games(limit=min(args.limit, MANY),
                                           after=int(args.cursor or 0), everything=True)
    finally:
        service.close()
    for item in listed:
        g = item.summary
        row = {"game_id": str(g.game_id), "config": g.config, "visibility": g.visibility,
               "version": g.version, "moves": g.moves, "finished": g.status == "finished",
               "open_seats": g.open_seats, "names": [s.name for s in item.seats],
               "scores": g.scores["totals"] if g.scores else None}
        if args.json:
            sys.stdout.write(orjson.dumps(row).decode() + "\n")
            continue
        c = g.config
        state = "finished" if row["finished"] else f"playing, {g.open_seats} open seat(s)"
        scores = f"  scores {' '.join(map(str, g.scores['totals']))}" if g.scores else ""
        print(f"{g.game_id}  {c['players']}p {c['variant']} {c['length']} seed {c['seed']}  "
              f"{g.visibility}  v{g.version}  {g.moves} moves  {state}{scores}")
    if after is not None:
        print(f"more: ora list --cursor {after}", file=sys.stderr)
    return 0


def _stored_events(args: argparse.Namespace) -> list[GameEvent]:
    """The events of the stored game ``args.game_id`` in ``args.store``."""
    from ora_api.tools.selfplay import open_store
    from ora_core.errors import InvalidCommand

    try:
        game_id = uuid.UUID(args.game_id)
    except ValueError:
        raise InvalidCommand(f"{args.game_id!r} is not a game id") from None
    store = open_store(args.store)
    try:
        return store.fold(game_id, list)
    finally:
        store.close()


def _log(args: argparse.Namespace) -> int:
    """``ora log GAME``: one sentence per move, in ``--locale`` (ora_rules.views.narrate)."""
    from ora_rules.views.i18n import LOCALES
    from ora_rules.views.narrate import narrate_game

    if args.locale not in LOCALES:
        print(f"ora: --locale must be one of {', '.join(LOCALES)}", file=sys.stderr)
        return 2
    events = _stored_events(args)
    if args.first < 1 or (args.last is not None and args.last < args.first):
        print("ora: --from is at least 1 and --to at least --from", file=sys.stderr)
        return 2
    from ora_core.errors import InvalidCommand
    from ora_core.events import MovePlayed

    played = sum(isinstance(e, MovePlayed) for e in events)
    if args.first > max(played, 1):
        raise InvalidCommand(f"--from {args.first} is past the game's end: it has {played} "
                             "moves")
    moves = narrate_game(events, load_rules(), args.first, args.last, args.locale)
    from ora_rules.annotations import by_move

    before = by_move(events).get(0, []) if args.first == 1 else []  # on the game itself
    if args.json:
        for text in before:
            sys.stdout.write(orjson.dumps({"number": 0, "notes": [text]}).decode() + "\n")
        for m in moves:
            sys.stdout.write(orjson.dumps({"number": m.number, "version": m.version,
                                           "seat": m.seat, "move": m.move, "text": m.text,
                                           "then": list(m.then), "took": m.took,
                                           "notes": list(m.notes)}).decode() + "\n")
        return 0
    from ora_rules.views.table_words import duration

    for text in before:
        print(f"; {text}")
    for m in moves:  # a clocked game's moves say how long each seat thought
        print(f"{m.number}. {m.text}" + ("" if m.took is None else f" [{duration(m.took)}]"))
        for line in m.then:
            print(f"   {line}")
        for text in m.notes:  # the players' annotations (ora annotate, a record's ; text)
            print(f"   ; {text}")
    return 0


def _plain(value: object) -> bytes:
    """A rules value (attrs classes, enums, tuples) as one line of JSON."""
    import cattrs

    return orjson.dumps(cattrs.Converter().unstructure(value), option=orjson.OPT_NON_STR_KEYS)


def _state_after(events: list[GameEvent], move: int | None) -> State:
    from ora_core.evolve import fold
    from ora_rules.views.diff import positions_after

    if move is None:
        return fold(events)
    return positions_after(events, [move])[move]


def _explain(args: argparse.Namespace) -> int:
    """``ora explain GAME``: the score line by line (ora_rules.views.explain)."""
    from ora_core.errors import InvalidCommand
    from ora_rules.views.explain import explain, explain_neutral, explanation_text

    state = _state_after(_stored_events(args), args.at)
    seats = [p.seat for p in state.players]
    if args.seat is not None and args.seat not in seats:
        raise InvalidCommand(f"--seat {args.seat}: the game's seats are "
                             f"{', '.join(map(str, seats))}")
    rules = load_rules()
    explained = explain(state, rules, args.seat)
    # solo: the neutral player's points as a note after the seats (not scored, R-SCORE-8)
    neutral = explain_neutral(state, rules)
    if neutral is not None and args.seat not in (None, neutral.seat):
        neutral = None
    if args.json:
        for e in explained:
            sys.stdout.write(_plain(e).decode() + "\n")
        if neutral is not None:
            sys.stdout.write(orjson.dumps({**orjson.loads(_plain(neutral)), "note": NOTE})
                             .decode() + "\n")
        return 0
    texts = [explanation_text(e) for e in explained]
    if neutral is not None:
        texts.append(f"note: {NOTE}\n{explanation_text(neutral)}")
    print("\n\n".join(texts))
    return 0


def _diff(args: argparse.Namespace) -> int:
    """``ora diff GAME A B``: what changed from the state after move A to the one after B."""
    from ora_rules.views.diff import diff, positions_after

    found = positions_after(_stored_events(args), [args.a, args.b])
    d = diff(found[args.a], found[args.b], load_rules())
    if args.json:
        sys.stdout.write(_plain(d).decode() + "\n")
        return 0
    print("\n".join(d.text) if d.text else "no difference")
    return 0


def _moves(args: argparse.Namespace) -> int:
    """``ora moves GAME [VERB [TARGET]]``: the legal moves now as a tree (ora_rules.move_tree)."""
    from ora_core.evolve import fold
    from ora_rules.move_tree import move_tree
    from ora_rules.views.narrate import seat_name

    state = fold(_stored_events(args))
    if state.finished and not args.json:  # whatever verb was asked for: nothing is legal now
        print("the game is over: no legal moves")
        return 0
    tree = move_tree(state, load_rules(), args.path if not state.finished else [],
                     limit=args.limit)
    if args.json:
        sys.stdout.write(_plain(tree).decode() + "\n")
        return 0
    if tree.seat is None:
        print("the game is over: no legal moves")
        return 0
    print(f"{seat_name(state, tree.seat)} decides: {tree.count} legal moves")
    for verb in tree.verbs:
        print(f"{verb.verb} ({verb.count}): {verb.text}")
        for target in verb.targets or ():
            if target.target:
                print(f"  {target.target} ({target.count}): {target.name}")
            for leaf in target.moves or ():
                print(f"    {leaf.move}  {leaf.text}")
            shown = len(target.moves or ())
            if target.moves is not None and shown < target.count:
                print(f"    ... {target.count - shown} more (--limit)")
    return 0


def _render(args: argparse.Namespace) -> int:
    """``ora render GAME``: the SVG picture, read from the local store like ``show`` and
    ``log`` (private games too: the store is the operator's)."""
    from ora_core.errors import InvalidCommand
    from ora_core.evolve import fold
    from ora_rules.views.i18n import LOCALES
    from ora_rules.views.svg import board_svg
    from ora_rules.views.view import view

    if args.locale not in LOCALES:
        raise InvalidCommand(f"--locale must be one of {', '.join(LOCALES)}")
    if args.analysis:
        from ora_api.cli.analyse import Interrupted, interrupted, run_analysis
        from ora_rules.analysis.plot import analysis_svg

        try:
            sys.stdout.write(analysis_svg(*run_analysis(args)))
        except Interrupted as e:
            return interrupted(e)
        return 0
    events = _stored_events(args)
    if args.version is not None and not 1 <= args.version <= len(events):
        raise InvalidCommand(f"--version {args.version}: the game has versions 1 .. "
                             f"{len(events)}")
    state = (fold(events[:args.version]) if args.version is not None
             else _state_after(events, args.move))
    board = view(state, load_rules(), locale=args.locale, game_id=uuid.UUID(args.game_id),
                 move=args.move)
    seats = [s.seat for s in board.seats]
    if args.seat is not None and args.seat not in seats:
        raise InvalidCommand(f"--seat {args.seat}: the game's seats are "
                             f"{', '.join(map(str, seats))}")
    sys.stdout.write(board_svg(board, seats=None if args.seat is None else [args.seat]))
    return 0
