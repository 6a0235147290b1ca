"""The invariant catalogue's shared ground: ``InvariantBroken``, ``fail`` and the helpers that
re-derive from the rules text what the checks need (adjacency, bands, goods), independently of
the engine's own helpers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ora_core.events import (
    GameEvent,
)
from ora_core.evolve import evolve
from ora_core.state import PlayerState, Space, State
from ora_core.values import FOREST, MOOR, Coord, Good, Stage
from ora_rules.specs import ModeSpec, Rules

BAND_COLUMNS = range(0, 5)  # R-GEO-1
COAST_COL, WATER_COL, HILL_COL, MOUNTAIN_COL = -1, -2, 5, 6
ALL_COLUMNS = range(-2, 7)
OFFICE_AT: Coord = (4, 1)  # R-SETUP-5: the Cloister Office starts at column 4, row 1
WONDERS = 8  # R-COMP-9, R-SETUP-12
START_SETTLEMENTS = ("S01", "S02", "S03", "S04")  # R-SETUP-9
STAGE_SETTLEMENT = {Stage.A: "S05", Stage.B: "S06", Stage.C: "S07", Stage.D: "S08"}  # R-SET-2
WATER_DWELLING = 3  # R-SCORE-4


class InvariantBroken(AssertionError):
    """An invariant of the catalogue does not hold; ``rule`` names the rule it checks."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.detail = message


def fail(rule: str, message: str) -> InvariantBroken:
    return InvariantBroken(rule, message)


def mode_of(state: State, rules: Rules) -> ModeSpec:
    return rules.modes[state.config.mode]


def spec_id(card: str) -> str:
    """``LR3`` -> ``L03`` (heartland building instances share one spec)."""
    return f"L0{card[2]}" if card.startswith("L") and card[1].isalpha() and card[1] != "0" \
        and card not in (FOREST, MOOR) else card


def is_building(card: str | None) -> bool:
    return card is not None and card not in (FOREST, MOOR) and not card.startswith("S")


def is_settlement(card: str | None) -> bool:
    return card is not None and card.startswith("S")


def is_cloister(card: str | None, rules: Rules) -> bool:
    return is_building(card) and rules.building(card).cloister  # type: ignore[arg-type]


def adjacent(coord: Coord, landscape: Mapping[Coord, Space]) -> list[Coord]:
    """Orthogonal neighbours that exist, per R-GEO-8 (written independently of the engine).

    The mountain space is stored at its plot's upper row and spans two rows: it touches exactly
    the two hillside spaces of its own plot, and each of those touches it (the mountain stored
    at the same row, or at the row above for the plot's lower hillside space).
    """
    col, row = coord
    if col == MOUNTAIN_COL:
        candidates = [(HILL_COL, row), (HILL_COL, row + 1)]
    else:
        candidates = [(col, row - 1), (col, row + 1)]
        if col - 1 >= WATER_COL:
            candidates.append((col - 1, row))
        if col + 1 < MOUNTAIN_COL:
            candidates.append((col + 1, row))
        if col == HILL_COL:
            candidates += [(MOUNTAIN_COL, row), (MOUNTAIN_COL, row - 1)]
    return [c for c in candidates if c in landscape]


def band_rows(player: PlayerState) -> list[int]:
    return sorted({row for (col, row) in player.landscape if col in BAND_COLUMNS})


def goods_of(player: PlayerState) -> dict[Good, int]:
    return {g: n for g, n in player.goods.items() if n}


def add_goods(goods: dict[Good, int], delta: Mapping[Good, int], sign: int) -> None:
    for good, n in delta.items():
        goods[good] = goods.get(good, 0) + sign * n
        if not goods[good]:
            del goods[good]


def states_along(before: State, events: Sequence[GameEvent]) -> list[State]:
    """The state before each event and after the last: ``len(events) + 1`` states."""
    states = [before]
    for event in events:
        states.append(evolve(states[-1], event))
    return states


def in_bonus_round(state: State, rules: Rules) -> bool:
    mode = mode_of(state, rules)
    return mode.bonus_round and state.round > mode.rounds


def neutral_seat(state: State) -> int | None:
    last = state.players[-1]
    return last.seat if last.neutral else None
