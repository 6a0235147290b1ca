"""Issue 36, eleventh pass (docs/bots.md): the strategic evaluation values the goods a wonder
building within reach asks for (R-COMP-9: a wonder is a goods tile of 30 points, R-SCORE-2),
and at a table of four it counts the display's promise at a smaller share."""

from __future__ import annotations

import attrs
import pytest

from ora_core.evolve import replace
from ora_core.state import State
from ora_core.values import Good
from ora_rules.bots import strategy
from ora_rules.bots.strategy import (
    WONDER_CONTRACT,
    WONDER_OWNED,
    WONDER_SHARE,
    strategic_terms,
    strategic_value,
)
from ora_rules.bots.wonder_paths import wonder_paths
from tests.support import new_state, place, rules, set_goods

WONDER_POINTS = 30  # R-SCORE-2


def _wonders_worth(state: State, seat: int) -> float:
    """What the wonder term adds for ``seat``: the value less the value with no wonder left in
    the supply (R-COMP-9: then no wonder building yields anything)."""
    r = rules()
    return strategic_value(state, seat, r) - strategic_value(replace(state, wonders_left=0),
                                                             seat, r)


def test_every_wonder_building_and_what_its_use_asks_for_are_read_from_the_specs() -> None:
    """R-COMP-9, R-GOODS-4: the Chamber of Wonders asks 13 goods of different kinds, the
    Sacristy a book, a ceramic, an ornament and a reliquary, the Round Tower 5 coins, a
    whiskey and goods of 14 points."""
    paths = {path.building: path for path in wonder_paths(rules())}
    assert sorted(paths) == ["F25", "G34", "I35"]
    assert (paths["F25"].kinds, paths["F25"].pay, paths["F25"].points) == (13, {}, 0)
    assert paths["G34"].pay == {Good.BOOK: 1, Good.CERAMIC: 1, Good.ORNAMENT: 1,
                                Good.RELIQUARY: 1}
    assert (paths["G34"].kinds, paths["G34"].points) == (0, 0)
    assert paths["I35"].pay == {Good.COIN: 5, Good.WHISKEY: 1}
    assert (paths["I35"].kinds, paths["I35"].points) == (0, 14)


def _ireland_with_sacristy(owner: int) -> State:
    """Round 1 of a four-player Ireland game (no wonder building on the display yet), the
    Sacristy standing in ``owner``'s landscape."""
    state = new_state(4, "ireland")
    assert not {"F25", "G34", "I35"} & set(state.display)
    return place(state, owner, "G34", (3, 0))


def test_the_goods_a_players_own_sacristy_asks_for_count_by_the_share_held() -> None:
    """Two of the Sacristy's four goods held: half of ``WONDER_SHARE`` of a wonder's points
    (round 1: nothing has faded yet); none held: nothing."""
    state = _ireland_with_sacristy(owner=0)
    assert _wonders_worth(set_goods(state, 0, wood=2), 0) == 0
    held = set_goods(state, 0, book=1, ceramic=1, wood=2)
    assert _wonders_worth(held, 0) == pytest.approx(
        WONDER_SHARE * WONDER_POINTS * WONDER_OWNED * 2 / 4)


def test_another_players_sacristy_counts_as_reached_by_a_work_contract() -> None:
    """R-WC: a building another player owns is used through a work contract, so its asks
    count at the smaller reach ``WONDER_CONTRACT``."""
    state = set_goods(_ireland_with_sacristy(owner=1), 0, book=1, ceramic=1, ornament=1,
                      reliquary=1)
    assert _wonders_worth(state, 0) == pytest.approx(
        WONDER_SHARE * WONDER_POINTS * WONDER_CONTRACT)


def test_the_chamber_of_wonders_counts_the_kinds_of_goods_held() -> None:
    """R-GOODS-4: 13 different kinds; a wonder held is not one of them (open question 21)."""
    state = place(new_state(4, "france"), 0, "F25", (3, 0))
    six = set_goods(state, 0, wood=3, clay=1, peat=1, grain=1, livestock=1, coin=1, wonder=1)
    assert _wonders_worth(six, 0) == pytest.approx(WONDER_SHARE * WONDER_POINTS * 6 / 13)


def test_the_round_tower_counts_its_goods_and_its_points_apart() -> None:
    """R-GOODS-2: the 5 coins and the whiskey are all held; the reliquary (8) and the ornament
    (4) are 12 of the 14 points, and the whiskey paid otherwise does not count again."""
    state = place(new_state(4, "ireland"), 0, "I35", (3, 0))
    held = set_goods(state, 0, coin=5, whiskey=2, reliquary=1, ornament=1)
    assert _wonders_worth(held, 0) == pytest.approx(
        WONDER_SHARE * WONDER_POINTS * (1 + 12 / 14) / 2)


def test_at_a_table_of_four_the_display_counts_at_the_smaller_share(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Three rivals build from the same display: the display's promise at four is the one
    counted elsewhere with ``FOUR_OPPORTUNITY`` for ``OPPORTUNITY``."""
    r = rules()
    four = new_state(4, "france")
    elsewhere = replace(four, config=attrs.evolve(four.config, mode="3"))
    at_four = strategic_terms(four, 0, r).display
    assert strategic_terms(elsewhere, 0, r).display > at_four
    monkeypatch.setattr(strategy, "OPPORTUNITY", strategy.FOUR_OPPORTUNITY)
    assert strategic_terms(elsewhere, 0, r).display == pytest.approx(at_four)
