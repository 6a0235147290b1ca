"""Shared helpers for tests: the real specs, new games, and positions built from events.

Positions are set up with *events* (facts) applied by the real fold, never by mutating state, so a
test position is always one the engine could represent; the command under test then goes through
``decide`` exactly as in play.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import ora_core.compiled
from ora_core.events import (
    BuildingBuilt,
    ClergyPlaced,
    FlowChanged,
    GameEvent,
    GoodsGained,
    GoodsPaid,
    IndicatorEntered,
)
from ora_core.evolve import evolve, fold, replace
from ora_core.native import Record
from ora_core.state import Flow, State, Turn
from ora_core.values import Coord, Good, Indicator
from ora_rules import landscape
from ora_rules.bots import make_bot
from ora_rules.decide import decide, execute, start
from ora_rules.moves import MoveSet
from ora_rules.neutral import neutral_placements
from ora_rules.records import Imported, read_record
from ora_rules.setup import make_config
from ora_rules.specs import Rules, load_rules


@cache
def rules() -> Rules:
    return load_rules()


#: The test data: the records of other engines in records/ and records_more/.
DATA = Path(__file__).resolve().parent / "data"


@cache
def read_test_record(path: str, source: str, readings: str | None = None) -> Imported:
    """``read_record`` of the record ``DATA / path`` with ``rules()``, read once a test process.

    The long records take seconds to read (the whole game, and a strict read that stops reads
    on under each reading set to name one that plays further), and several modules read the
    same records under the same readings. An ``Imported`` is frozen, so they share it."""
    return read_record((DATA / path).read_text(encoding="utf-8"), rules(), source, readings)


def new_state(players: int = 4, variant: str = "france", length: str = "long",
              seed: int = 0) -> State:
    """A new game at the first decision (round 1, seat 0's first action slot)."""
    config = make_config(players, variant, length, seed, colours=("R", "G", "B", "W")[:players])
    return fold(start(config, rules()))


def solo_game_at(variant: str, seed: int, round_: int) -> State:
    """A solo game played by ``medium`` up to ``round_`` (R-SOLO-1: 31 rounds in all)."""
    r = rules()
    state = fold(start(make_config(1, variant, "long", seed), r))
    bot, rng = make_bot("medium", r), random.Random(seed)
    while state.round < round_:
        state = execute(state, bot(state, MoveSet(state, r), rng), r).state
    return state


def promises_to_the_end(state: State, bot: Any) -> tuple[State, list[int]]:
    """``bot`` (a solo planner: ``bot.score`` is its plan's promised score) plays ``state`` to
    the end: the final state and the promise after each decision."""
    r = rules()
    rng = random.Random(3)
    promised = []
    while not state.finished:
        state = execute(state, bot(state, MoveSet(state, r), rng), r).state
        promised.append(bot.score)
    return state, promised


def liesborn_state(players: int = 4, variant: str = "france", length: str = "long",
                   seed: int = 0, wonder_tiles: str | None = None) -> State:
    """``new_state`` with the Liesborn wonders (R-LIES-1, R-LIES-2)."""
    config = make_config(players, variant, length, seed, colours=("R", "G", "B", "W")[:players],
                         liesborn=True, wonder_tiles=wonder_tiles)
    return fold(start(config, rules()))


def mound(seat: int) -> str:
    """The Clay Mound of ``seat`` (heartland building L01, R-SETUP-5); seats are R G B W."""
    return f"L{'RGBW'[seat]}1"


def farmyard(seat: int) -> str:
    """The Farmyard of ``seat`` (L02)."""
    return f"L{'RGBW'[seat]}2"


def office(seat: int) -> str:
    """The Cloister Office of ``seat`` (L03, a cloister building)."""
    return f"L{'RGBW'[seat]}3"


def apply(state: State, events: Iterable[GameEvent]) -> State:
    for event in events:
        state = evolve(state, event)
    return state


def set_goods(state: State, seat: int, **goods: int) -> State:
    """Replace ``seat``'s goods with exactly ``goods`` (names of ``Good`` values)."""
    player = state.players[seat]
    events: list[GameEvent] = []
    if player.goods:
        events.append(GoodsPaid(seat=seat, goods=dict(player.goods)))
    wanted = {Good(name): n for name, n in goods.items() if n}
    if wanted:
        events.append(GoodsGained(seat=seat, goods=wanted))
    return apply(state, events)


def without_settlements(state: State, seat: int = 0) -> State:
    """The same position with no settlement cards in ``seat``'s hand."""
    players = list(state.players)
    players[seat] = replace(players[seat], settlements=())
    return replace(state, players=tuple(players))


def place(state: State, seat: int, building: str, coord: Coord) -> State:
    """``building`` stands on ``coord`` of ``seat``'s landscape (taken from wherever it was)."""
    return apply(state, [BuildingBuilt(seat=seat, building=building, coord=coord)])


def occupy(state: State, seat: int, clergy: int, building: str) -> State:
    return apply(state, [ClergyPlaced(seat=seat, clergy=clergy, building=building)])


def enter(state: State, indicator: Indicator) -> State:
    return apply(state, [IndicatorEntered(indicator=indicator)])


def slot(state: State, seat: int, kind: str = "action", **turn: object) -> State:
    """The game now waits for ``seat``'s action slot (or ``kind`` turn) in this round."""
    flow = Flow(turn=Turn(kind=kind, seat=seat, **turn),  # type: ignore[arg-type]
                queue=state.flow.queue, round_purchases=state.flow.round_purchases)
    return apply(state, [FlowChanged(flow=flow)])


def step(state: State, command: str, *, seat: int | None = None
         ) -> tuple[State, list[GameEvent]]:
    """One command through ``decide``: the state after it and its events."""
    events = decide(state, command, rules(), seat=seat)
    return apply(state, events), events


def play(state: State, *commands: str) -> State:
    """Apply commands through ``decide`` (the public path)."""
    for command in commands:
        state = apply(state, decide(state, command, rules()))
    return state


def events_of(state: State, command: str) -> list[GameEvent]:
    return decide(state, command, rules())


def goods(state: State, seat: int) -> dict[str, int]:
    return {g.value: n for g, n in state.players[seat].goods.items() if n}




def simple_move(state: State) -> str:
    """A legal move that needs no goods: fell / cut a card (the bare action once none is left,
    R-FELL-5), settle nothing, the prior on the own Clay Mound in the bonus round, the neutral
    buildings on the first legal spaces (R-SOLO-10), no neutral prior; then end the turn."""
    turn = state.flow.turn
    if turn.kind == "neutral":
        placements = neutral_placements(state, rules())
        if placements:
            building, (col, row) = placements[0]
            return f"BUILD {building} {col} {row}"
        return "COMMIT"
    if turn.kind in ("settlement", "neutral_prior") or turn.main_done:
        return "COMMIT"
    if turn.kind == "bonus":
        return f"PRIOR {mound(turn.seat)}"
    player = state.players[turn.seat]
    forests = landscape.forests(player)
    if forests:
        return "FELL_TREES {} {}".format(*forests[0])
    moors = landscape.moors(player)
    if moors:
        return "CUT_PEAT {} {}".format(*moors[0])
    return "FELL_TREES"


def drive(state: State, until: Callable[[State], bool],
          policy: Callable[[State], str | None] | None = None,
          log: list[tuple[State, str, list[GameEvent]]] | None = None) -> State:
    """Play ``policy`` (falling back to ``simple_move``) through ``decide`` until ``until(state)``
    holds; ``log`` receives (state before, command, events) for every command."""
    for _ in range(5000):
        if until(state):
            return state
        if state.finished:
            raise AssertionError("the game ended before the wanted position")
        command = (policy(state) if policy else None) or simple_move(state)
        new, events = step(state, command)
        if log is not None:
            log.append((state, command, events))
        state = new
    raise AssertionError("position not reached")


def assert_read_only(records: Iterable[Record]) -> None:
    """Compiled, a native record's ``Final`` fields are read-only (pure, mypy refuses the
    assignment); in both builds ``__slots__`` refuses a field the class does not have."""
    compiled = ora_core.compiled.status().startswith("compiled")
    for record in records:
        if compiled and record.FIELDS:
            name = record.FIELDS[0][0]
            with pytest.raises(AttributeError, match="not writable"):
                setattr(record, name, getattr(record, name))
        with pytest.raises(AttributeError):
            record.colour = "red"  # type: ignore[attr-defined]


def term_worth(state: State, seat: int, monkeypatch: pytest.MonkeyPatch, weight: str) -> float:
    """What one term of the strategic evaluation adds for ``seat``: the value less the value
    with the term's ``weight`` (a module constant of ``ora_rules.bots.strategy``) set to 0."""
    from ora_rules.bots import strategy

    with_term = strategy.strategic_value(state, seat, rules())
    monkeypatch.setattr(strategy, weight, 0.0)
    strategy.forget()
    without = strategy.strategic_value(state, seat, rules())
    monkeypatch.undo()
    strategy.forget()
    return with_term - without
