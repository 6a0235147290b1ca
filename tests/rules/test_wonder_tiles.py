"""Each Liesborn wonder tile known in full, valued in a constructed position (rules.md §17,
R-LIES-6, R-LIES-7, R-LIES-8, R-LIES-9; AMB-28).

The position is built from events: seat 0 holds the tile dark-blue side up (``WonderTaken``),
owns the buildings and landscapes named and holds exactly the goods named. The tile's points are
read from the final score breakdown (``Score.wonders``) as ``score`` computes it at the end of a
game, in the 4-player game (the printed left value) and, for the three tiles with a reduced
value, in the long two-player game and the solo game as well.
"""

from __future__ import annotations

import pytest

from ora_core.events import LandscapeAdded, SettlementBuilt, WonderTaken
from ora_core.state import Score, State, WonderScore
from ora_core.values import Coord
from ora_rules import landscape
from ora_rules.scoring import score
from tests.support import apply, liesborn_state, place, rules, set_goods

#: Empty plains spaces of seat 0's heartland (R-SETUP-5).
FREE: tuple[Coord, ...] = ((3, 0), (3, 1))
#: The mode of each configuration: 4-player, long two-player, solo.
MODES = {"4": (4, "long"), "2L": (2, "long"), "1": (1, "long"), "2": (2, "short"),
         "3s": (3, "short")}


def position(mode: str, tile: str, buildings: tuple[str, ...] = (), landscapes: int = 0,
             **held: int) -> State:
    """Seat 0 holds ``tile`` dark-blue, owns ``buildings`` (on the free heartland spaces, then
    on bought districts) and ``landscapes`` bought landscapes besides, and holds ``held``."""
    players, length = MODES[mode]
    state = liesborn_state(players, "france", length)
    state = apply(state, [WonderTaken(seat=0, tile=tile, dark=True)])
    state = buy(state, landscapes)
    spaces = [*FREE, *((c, r) for (c, r), s in sorted(state.players[0].landscape.items())
                       if s.card is None and c in range(5) and r not in (0, 1))]
    for building, coord in zip(buildings, spaces, strict=False):
        state = place(state, 0, building, coord)
    return set_goods(state, 0, **held)


def buy(state: State, n: int) -> State:
    """``n`` landscapes bought by seat 0: districts first (up to 4), then coast and mountain
    plots alternately (R-BUY-3, R-BUY-4)."""
    events = []
    player = state.players[0]
    for i in range(n):
        if i < 4:
            row = landscape.district_rows(player)[i % 2]
            spaces = landscape.district_spaces(rules(), "PLAINS", row)
            events.append(LandscapeAdded(seat=0, kind="district", side="PLAINS", row=row,
                                         spaces=spaces))
        else:
            side = "COAST" if i % 2 == 0 else "MOUNTAIN"
            row = landscape.plot_rows(player, side)[0]
            events.append(LandscapeAdded(seat=0, kind="plot", side=side, row=row,
                                         spaces=landscape.plot_spaces(rules(), side, row)))
        state = apply(state, events[-1:])
        player = state.players[0]
    return state


def scored(state: State) -> Score:
    return score(state, rules())[0]


def tile_points(state: State) -> WonderScore:
    (points,) = scored(state).wonders
    return points


def test_lw01_building_materials() -> None:
    """+1 per clay, wood, stone and straw in the printed costs; coins are no material; ½ in 2L
    and solo, the total rounded down (AMB-28 f)."""
    # Cloister Church: 5 clay 3 stone; Inn: 2 wood 2 straw; Palace: 25 coins (no material).
    state = position("4", "LW-01", ("F24", "F20", "F27"))
    assert tile_points(state) == WonderScore(tile="LW-01", dark=True, points=12, count=12)
    assert tile_points(position("4", "LW-01")).points == 0  # start buildings cost nothing
    # Cloister Church + Bakery (2 clay 1 straw): 11 materials, 5.5 rounded down.
    for mode in ("2L", "1"):
        assert tile_points(position(mode, "LW-01", ("F24", "F05"))).points == 5
        assert tile_points(position(mode, "LW-01", ("F24", "F20"))).points == 6
    assert tile_points(position("2", "LW-01", ("F24", "F05"))).points == 11


def test_lw02_landscapes() -> None:
    """45 - 3 per landscape, the heartland included; -1.5 in 2L and solo."""
    assert tile_points(position("4", "LW-02")) == WonderScore("LW-02", True, 42, 1)
    state = position("4", "LW-02", landscapes=5)  # 4 districts and a coast plot
    assert tile_points(state) == WonderScore("LW-02", True, 45 - 18, 6)
    assert tile_points(position("3s", "LW-02", landscapes=2)).points == 45 - 9
    for mode in ("2L", "1"):
        assert tile_points(position(mode, "LW-02")).points == 43  # 43.5 rounded down
        assert tile_points(position(mode, "LW-02", landscapes=3)).points == 45 - 6
        assert tile_points(position(mode, "LW-02", landscapes=6)).points == 34  # 34.5


def test_lw02_a_total_may_be_negative() -> None:
    """AMB-28 (g): a negative total is not floored at 0 (16 landscapes: 45 - 48)."""
    state = position("4", "LW-02", landscapes=15)
    assert tile_points(state) == WonderScore("LW-02", True, -3, 16)
    assert scored(state).goods == -3


def test_lw03_buildings() -> None:
    """60 - 2 per building, the three start buildings included; settlements, forests and moors
    are no buildings; -1 in 2L and solo."""
    state = position("4", "LW-03", ("G01", "F05"))
    state = apply(state, [SettlementBuilt(seat=0, settlement="S01", coord=(1, 0))])
    assert tile_points(state) == WonderScore("LW-03", True, 50, 5)
    for mode in ("2L", "1"):
        assert tile_points(position(mode, "LW-03", ("G01", "F05"))).points == 55


def test_lw04_cloister_buildings() -> None:
    """12 + 3 per cloister building, the Cloister Office included (AMB-28 d)."""
    assert tile_points(position("4", "LW-04")) == WonderScore("LW-04", True, 15, 1)
    # Priory and Cloister Church are cloister buildings, the Bakery is not.
    state = position("4", "LW-04", ("G01", "F24", "F05"), landscapes=1)
    assert tile_points(state) == WonderScore("LW-04", True, 21, 3)
    assert tile_points(position("2L", "LW-04", ("G01",))).points == 18  # no reduced value


@pytest.mark.parametrize("tile", ["LW-05", "LW-11"])
def test_lw05_and_lw11_straw(tile: str) -> None:
    """20 + 2 per straw in the printed costs (the seed shows this tile twice, AMB-28 h)."""
    # Inn: 2 straw; Bakery: 1 straw; Cloister Church: none.
    state = position("4", tile, ("F20", "F05", "F24"))
    assert tile_points(state) == WonderScore(tile, True, 26, 3)
    assert tile_points(position("1", tile, ("F20",))).points == 24


def test_lw06_per_five_coins() -> None:
    """20 + 2 per 5 coins held (AMB-28 e: after the exchanges of wine and whiskey that give
    the most points in all)."""
    assert tile_points(position("4", "LW-06", coin=14)) == WonderScore("LW-06", True, 24, 2)
    # 9 coins and 1 wine: exchanging the wine makes 10 coins: 4 coin points + 24 beats
    # 2 coin points + 1 for the wine + 22.
    state = position("4", "LW-06", coin=9, wine=1)
    assert tile_points(state) == WonderScore("LW-06", True, 24, 2)
    assert scored(state).goods == 4 + 24


def test_lw07_meat() -> None:
    assert tile_points(position("4", "LW-07", meat=3, livestock=2)) == WonderScore(
        "LW-07", True, 32, 3)
    assert tile_points(position("2L", "LW-07", meat=1)).points == 24


def test_lw08_whiskey_and_ceramic() -> None:
    """20 + 1 per barrel / jug icon, read as whiskey and ceramic (AMB-28 b)."""
    state = position("4", "LW-08", whiskey=2, ceramic=3, wine=4)
    assert tile_points(state) == WonderScore("LW-08", True, 25, 5)
    # Keeping the whiskey is worth more than its 2 coins each: 2 + 9 + 4 + 25.
    assert scored(state).goods == 2 + 3 * 3 + 4 + 25


def test_lw09_clay() -> None:
    state = position("4", "LW-09", ("F24", "F05", "F20"))
    assert tile_points(state) == WonderScore("LW-09", True, 25, 7)


def test_lw10_wood() -> None:
    state = position("4", "LW-10", ("F20", "F10", "F24"))
    assert tile_points(state) == WonderScore("LW-10", True, 22, 4)


def test_lw12_stone() -> None:
    state = position("4", "LW-12", ("F24", "F08"))
    assert tile_points(state) == WonderScore("LW-12", True, 12 + 2 * 5, 5)


def test_lw13_livestock_and_grain() -> None:
    """20 + 2 per combination: the smaller of the two counts."""
    assert tile_points(position("4", "LW-13", livestock=5, grain=2)) == WonderScore(
        "LW-13", True, 24, 2)
    assert tile_points(position("4", "LW-13", livestock=5)).points == 20


def test_lw14_book_and_ceramic() -> None:
    state = position("4", "LW-14", book=3, ceramic=1)
    assert tile_points(state) == WonderScore("LW-14", True, 26, 1)
    assert scored(state).goods == 3 * 2 + 3 + 26


def test_every_known_tile_is_tested_here() -> None:
    """R-LIES-9: the 14 known tiles, each with a test of its own above."""
    known = sorted(t for t, spec in rules().wonders.items() if spec.known)
    assert known == [f"LW-{n:02d}" for n in range(1, 15)]
    tested = {name[7:9] for name in globals() if name.startswith("test_lw")}
    tested |= {"11"}  # shares test_lw05_and_lw11_straw
    assert {t[3:] for t in known} <= tested
