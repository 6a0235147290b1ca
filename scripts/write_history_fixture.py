"""Write a fixture store of today's events (tests/data/history/, docs/architecture.md).

    .venv/bin/python scripts/write_history_fixture.py NAME

writes ``NAME.sqlite3`` (a server's store: events and lobby tables), ``NAME.ora`` (the record of
its first game) and ``NAME.json`` (what each game must fold to) under tests/data/history/. Run
it once, with a new NAME, whenever an event type is added or changes version; never overwrite a
committed fixture: tests/core/test_history.py replays every one of them forever after.
"""

from __future__ import annotations

import random
import sqlite3
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson

from ora_api.jsonrpc.rpc import Session
from ora_api.methods.forks import fork_game
from ora_api.methods.notes import AnnotateParams, game_annotate
from ora_api.methods.seats import (
    ReplaceAnswerParams,
    ReplaceSeatParams,
    game_replace_answer,
    game_replace_seat,
)
from ora_api.methods.undo import (
    UndoAnswerParams,
    UndoRequestParams,
    game_undo_answer,
    game_undo_request,
)
from ora_api.service import GameService, SeatPlan
from ora_api.table.clocks import FakeClock
from ora_core.codec import EventJsonCodec
from ora_core.events import MovePlayed
from ora_core.state import TimeControl
from ora_core.store import EventStore
from ora_core.upcasting import EVENT_VERSIONS
from ora_rules.records import write_record
from ora_rules.specs import load_rules
from ora_rules.version import RULES_VERSION

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "history"

ROOT = Path(__file__).resolve().parents[1]

#: (players, variant, length, seed, liesborn, moves: a golden game's file to replay its
#: commands, or how many random moves to play, None = to the end; the profile). The first has a
#: clock (its time moved by a fake clock, a seat's time running out, seats handed to a bot: the
#: table's events), the second is the golden Liesborn game that takes a wonder tile
#: (tests/modes/games.py): every event type of the rulebook occurs; the last is played under the
#: weblabora profile, whose option ``coin_tiles`` counts coin pieces (``coin_pieces_counted``).
GAMES: tuple[tuple[int, str, str, int, bool, str | int | None, str | None], ...] = (
    (3, "france", "long", 11, False, 40, None),
    (3, "france", "short", 38, True, "3-france-short-liesborn.txt", None),
    (2, "france", "short", 24, False, 60, None),
    (3, "france", "short", 5, False, None, "weblabora"))
#: The first game's clock: 3 minutes, 5 s a move; a seat out of time passes.
CLOCK = TimeControl(kind="fischer", initial=180, increment=5, on_timeout="pass")


def _golden(name: str) -> list[str]:
    text = (ROOT / "tests" / "golden" / name).read_text()
    return [line.split(" | ")[1] for line in text.splitlines()
            if line[:4].isdigit() and " | " in line]


def _take_backs(svc: GameService, game_id: UUID, tokens: dict[int, str]) -> None:
    """A take-back refused, one that lapses and one accepted (ora_rules/undo.py), through the
    API's own methods."""
    for answer in (False, None, True):
        moves = sum(e.tag == "move_played" for e in svc.store.events(game_id))
        game_undo_request(svc, Session(), UndoRequestParams(
            game_id=game_id, token=tokens[0], to_move=moves - 2))
        if answer is None:  # anyone's move lapses it
            state, legal = svc.legal_moves(game_id)
            svc.move(game_id, tokens[state.flow.turn.decider], legal[0])
        else:
            game_undo_answer(svc, Session(), UndoAnswerParams(
                game_id=game_id, token=tokens[1], accept=answer))


def _replacements(svc: GameService, game_id: UUID, tokens: dict[int, str]) -> None:
    """A seat handed to a bot asked and refused, then asked and accepted (ora_rules/seats.py):
    the seat handed over is one that does not decide now, so no bot moves while writing."""
    state = svc.current(game_id)
    seat = next(s for s in range(3) if s != state.flow.turn.decider)
    asks = 1 if seat != 1 else 2  # a joined seat asks (seat 0, the creator, needs no consent)
    answers = 3 - seat - asks
    for accept in (False, True):
        game_replace_seat(svc, Session(), ReplaceSeatParams(
            game_id=game_id, token=tokens[asks], seat=seat, bot="random"))
        game_replace_answer(svc, Session(), ReplaceAnswerParams(
            game_id=game_id, token=tokens[answers], accept=accept))


def _annotations(svc: GameService, game_id: UUID, tokens: dict[int, str]) -> None:
    """Annotations of the game itself, of the last move and of an earlier one
    (ora_rules/annotations.py), through the API's own method."""
    for move, text in ((0, "a quiet opening"), (None, "the last move so far"), (3, "looking back")):
        game_annotate(svc, Session(), AnnotateParams(game_id=game_id, token=tokens[1],
                                                     move=move, text=text))


def _folds_to(svc: GameService, game_id: UUID) -> dict[str, Any]:
    """What a stored game must fold to forever after."""
    stored = svc.store.events(game_id)
    events = [s.event for s in stored]
    final = svc.current(game_id)
    return {"game_id": str(game_id), "version": len(stored), "head": stored[-1].hash,
            "moves": sum(isinstance(e, MovePlayed) for e in events),
            "scores": [s.total for s in final.scores] if final.scores else None,
            "winners": list(final.winners), "types": dict(Counter(s.tag for s in stored))}


def main(name: str) -> None:
    path = OUT / f"{name}.sqlite3"
    if path.exists():
        raise SystemExit(f"{path} exists: a committed fixture is never rewritten")
    clock = FakeClock()
    svc = GameService(EventStore(EventJsonCodec(), f"sqlite:{path}"), load_rules(),
                      clock=clock)
    expected: list[dict[str, Any]] = []
    forks: list[UUID] = []
    try:
        for players, variant, length, seed, liesborn, limit, readings in GAMES:
            # The clocked game's creator takes seat 0; the others join by invitation, so a
            # seat handed to a bot needs their consent.
            plans = [SeatPlan(name=f"P{i}") if expected or not i else SeatPlan()
                     for i in range(players)]
            created = svc.create(players, variant, length, seed, liesborn=liesborn,
                                 readings=readings, seats=plans, visibility="public",
                                 clock=None if expected else CLOCK)
            game_id, tokens = created.game_id, dict(created.tokens)
            for seat, invite in sorted(created.invites.items()):
                tokens[seat] = svc.join(invite, f"P{seat}")[2]
            rng = random.Random(seed)
            script = _golden(limit) if isinstance(limit, str) else None
            count = limit if isinstance(limit, int) else None
            played = 0
            while script is not None or count is None or played < count:
                state, moves = svc.legal_moves(game_id)
                if not moves or state.finished or state.flow.turn.kind == "over":
                    break
                if script is not None:
                    move = script[played]
                elif "COMMIT" in moves and rng.random() < 0.5:
                    move = "COMMIT"
                else:
                    move = rng.choice(moves)
                if not expected:  # the clocked game (only its time moves)
                    clock.advance(rng.choice((2, 9, 30, 200)))  # 200 s: out of time
                    if svc.timers.sweep():
                        continue
                svc.move(game_id, tokens[state.flow.turn.decider], move)
                played += 1
            if not expected:
                _replacements(svc, game_id, tokens)
            elif not isinstance(limit, str) and players > 1 and readings is None:
                _take_backs(svc, game_id, tokens)
                _annotations(svc, game_id, tokens)
                forks.append(game_id)
            expected.append(_folds_to(svc, game_id))
            if len(expected) == 1:
                (OUT / f"{name}.ora").write_text(
                    write_record([s.event for s in svc.store.events(game_id)]))
        for source in forks:  # a fork (its provenance in the set-up's config), played on
            events = [s.event for s in svc.store.events(source)]
            fork = fork_game(svc, source, events, 30, [SeatPlan(name="F0"), SeatPlan(name="F1")],
                             "public")
            fork_tokens = {s.seat: s.token for s in fork.seats if s.token}
            for _ in range(4):
                state, moves = svc.legal_moves(fork.game_id)
                svc.move(fork.game_id, fork_tokens[state.flow.turn.decider], moves[0])
            expected.append(_folds_to(svc, fork.game_id))
    finally:
        svc.close()
    with sqlite3.connect(path) as db:  # the smallest file to commit
        db.execute("VACUUM")
    (OUT / f"{name}.json").write_bytes(orjson.dumps(
        {"rules_version": RULES_VERSION, "event_versions": EVENT_VERSIONS, "games": expected},
        option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS) + b"\n")


if __name__ == "__main__":
    main(sys.argv[1])
