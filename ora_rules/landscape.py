"""Landscape geometry (R-GEO-1..10): adjacency, districts and plots, free spaces."""

from __future__ import annotations

from collections.abc import Mapping

from ora_core.errors import IllegalCommand
from ora_core.events import SpaceSetup
from ora_core.state import PlayerState, Space
from ora_core.values import FOREST, MOOR, Coord, Terrain
from ora_rules.spec_set.model import Rules

BAND = range(0, 5)
HILL_COL, MOUNTAIN_COL = 5, 6
COAST_COL, WATER_COL = -1, -2


def neighbours(coord: Coord, landscape: Mapping[Coord, Space]) -> list[Coord]:
    """Orthogonal neighbours that exist (R-GEO-8).

    The mountain space is stored at its plot's upper row and spans both rows: it touches exactly
    the two hillside spaces of its plot, and each of them touches it.
    """
    col, row = coord
    if col == MOUNTAIN_COL:
        candidates = [(HILL_COL, row), (HILL_COL, row + 1)]
    elif col == HILL_COL:
        candidates = [(4, row), (HILL_COL, row - 1), (HILL_COL, row + 1),
                      (MOUNTAIN_COL, row), (MOUNTAIN_COL, row - 1)]
    else:
        candidates = [(col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1)]
    return [c for c in candidates if c in landscape]


def band_rows(player: PlayerState) -> list[int]:
    return sorted({row for (col, row) in player.landscape if col == 0})


def is_empty(space: Space) -> bool:
    """R-BUILD-5: no building, settlement, forest or moor."""
    return space.card is None


def cards_of(player: PlayerState, card: str) -> list[Coord]:
    return sorted(c for c, s in player.landscape.items() if s.card == card)


def forests(player: PlayerState) -> list[Coord]:
    return cards_of(player, FOREST)


def moors(player: PlayerState) -> list[Coord]:
    return cards_of(player, MOOR)


def district_rows(player: PlayerState) -> tuple[int, int]:
    """The two rows where a district may go: above the top and below the bottom band row."""
    rows = band_rows(player)
    return rows[0] - 1, rows[-1] + 1


def district_spaces(rules: Rules, side: str, row: int) -> tuple[SpaceSetup, ...]:
    return tuple(SpaceSetup(coord=(s.at[0], row), terrain=s.terrain, card=s.card)
                 for s in rules.landscape.districts[side])


def plot_spaces(rules: Rules, side: str, row: int) -> tuple[SpaceSetup, ...]:
    return tuple(SpaceSetup(coord=(s.at[0], row + s.at[1]), terrain=s.terrain, card=s.card)
                 for s in rules.landscape.plots[side])


def check_district(player: PlayerState, row: int) -> None:
    if row not in district_rows(player):
        top, bottom = district_rows(player)
        raise IllegalCommand("bad_landscape_position", "R-GEO-3",
                             f"a district goes in row {top} or {bottom}, not {row}")


def plot_rows(player: PlayerState, side: str) -> list[int]:
    """Rows ``r`` where a plot of ``side`` may be placed (R-GEO-6, R-GEO-7)."""
    inner = COAST_COL if side == "COAST" else HILL_COL
    band = set(band_rows(player))
    taken = {row for (col, row) in player.landscape if col == inner}
    rows = []
    low = min(band | taken) - 2
    high = max(band | taken) + 1
    for r in range(low, high + 1):
        if r in taken or r + 1 in taken:
            continue
        touches_band = r in band or r + 1 in band
        chained = r - 1 in taken or r + 2 in taken
        if touches_band or chained:
            rows.append(r)
    return rows


def check_plot(player: PlayerState, side: str, row: int) -> None:
    if row not in plot_rows(player, side):
        raise IllegalCommand("bad_landscape_position", "R-GEO-7",
                             f"a {side.lower()} plot cannot go at row {row}: it must touch the "
                             "heartland or a district, or a plot of its kind above or below, "
                             "without overlapping")


def cloister_neighbour(player: PlayerState, coord: Coord, is_cloister: set[str]) -> bool:
    return any(player.landscape[n].card in is_cloister
               for n in neighbours(coord, player.landscape))


TERRAIN_NAMES = {t: t.name.lower() for t in Terrain}


def landscape_count(player: PlayerState) -> int:
    """The landscapes a player owns, the heartland included (Liesborn LW-02): the heartland,
    one district per band row beyond its two, one coast plot per two coast rows, one mountain
    plot per mountain space (stored at its plot's upper row, R-GEO-5)."""
    rows = band_rows(player)
    coast = sum(1 for (col, _) in player.landscape if col == COAST_COL)
    mountains = sum(1 for (col, _) in player.landscape if col == MOUNTAIN_COL)
    return 1 + (len(rows) - 2) + coast // 2 + mountains
