"""The engine's reading on display cards no one can ever build (docs/ambiguities.md, AMB-E1).

R-END-2 / R-END-3 end the two-player games once few enough buildings are left after phase D.
A cloister card with no legal space in any landscape, when no landscape is left to buy, can never
leave the display; counted as "left", it would keep the game from ever ending. Such cards are not
counted.
"""

from __future__ import annotations

import pytest

from ora_api.tools.selfplay import play_game
from ora_rules.flow import can_ever_be_built
from tests.support import new_state, rules


@pytest.mark.parametrize(("length", "seed"), [("long", 23), ("long", 37), ("short", 5)])
def test_R_END_2_3_games_whose_last_cards_can_never_be_built_still_end(length: str,
                                                                       seed: int) -> None:
    result = play_game(rules(), 2, "france", length, seed)
    assert result.finished
    assert "D" in result.settlement_phases


def test_a_card_is_buildable_while_a_landscape_can_still_be_bought() -> None:
    state = new_state(2)
    assert state.district_prices
    assert all(can_ever_be_built(state, rules(), b) for b in state.display)
