"""Issue 36, twenty-sixth pass (docs/bots.md): solo, the building materials held count in the
strategic evaluation for the buildings still to come (R-BUILD-2: buildings are paid in wood,
clay, straw and stone), up to a stock of each kind; the display's term alone sees only the few
buildings on offer, and the bot sold its materials for coins."""

from __future__ import annotations

import pytest

from ora_core.state import State
from ora_core.values import Good
from ora_rules.bots.strategy import (
    SHORT_PRICE,
    STOCK_CAP,
    STOCK_GOODS,
    STOCK_WEIGHT,
    stock_value,
)
from tests.support import new_state, set_goods, term_worth


def _stock_worth(state: State, monkeypatch: pytest.MonkeyPatch) -> float:
    """What the stock term adds for seat 0."""
    return term_worth(state, 0, monkeypatch, "STOCK_WEIGHT")


def test_solo_each_building_material_held_counts_at_a_share_of_its_price(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Round 1 of a solo game (nothing faded): 3 wood, 2 clay, 1 stone, 4 straw."""
    assert STOCK_WEIGHT > 0 and set(STOCK_GOODS) == {Good.WOOD, Good.CLAY, Good.STONE,
                                                    Good.STRAW}
    state = set_goods(new_state(1, "ireland"), 0, wood=3, clay=2, stone=1, straw=4)
    expected = STOCK_WEIGHT * (3 * SHORT_PRICE[Good.WOOD] + 2 * SHORT_PRICE[Good.CLAY]
                               + SHORT_PRICE[Good.STONE] + 4 * SHORT_PRICE[Good.STRAW])
    assert stock_value(state, state.players[0]) == pytest.approx(expected)
    assert _stock_worth(state, monkeypatch) == pytest.approx(expected)


def test_a_stock_beyond_the_cap_adds_nothing_more() -> None:
    at_cap = set_goods(new_state(1, "france"), 0, wood=0, clay=STOCK_CAP, stone=0, straw=0)
    beyond = set_goods(at_cap, 0, clay=STOCK_CAP + 5)
    assert stock_value(beyond, beyond.players[0]) == stock_value(at_cap, at_cap.players[0]) > 0


def test_at_a_table_the_stock_counts_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """At four the others build from the same display, and the term lost points there."""
    state = set_goods(new_state(4, "france"), 0, wood=5, clay=5, stone=2, straw=3)
    assert stock_value(state, state.players[0]) == 0
    assert _stock_worth(state, monkeypatch) == 0
