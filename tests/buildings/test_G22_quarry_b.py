"""G22 Quarry (B) (cards.md §3 G22): 1. take stone equal to the stone indicator's value and
move it to 0, or take stone at the joker's value and move the joker to 0; before the stone
indicator enters (in solo it never enters) only the joker can produce stone; 2. short 3/4-player
game: every player also takes 1 stone (R-WHEEL-6, R-WHEEL-8, R-JOKER-1..3, R-SHORT-2, R-SHORT-4)."""

from __future__ import annotations

from ora_core.values import Good, Indicator, Terrain
from tests.buildings.common import USER, command, owned, params_offered, refusal, use, value
from tests.buildings.late_wheel import LateWheelTests
from tests.support import goods, rules


class TestQuarryB(LateWheelTests):
    building = "G22"
    indicator = Indicator.STONE
    terrain = Terrain.MOUNTAIN
    good = "stone"

    def test_solo_stone_never_enters_only_the_joker(self) -> None:
        """R-SOLO-2: in solo the stone indicator is never on the wheel."""
        state = owned("G22", players=1)
        assert state.config.mode == "1" and self.indicator not in state.wheel.positions
        assert refusal(state, command("G22")).reason == "indicator_not_in_play"
        assert params_offered(state, "G22") == {("-",), ("Jo",)}
        joker = value(state, Indicator.JOKER)
        assert goods(use(state, "G22", "Jo"), USER) == {"stone": joker}

    def test_bought_for_five_coins(self) -> None:
        assert rules().building("G22").cost == {Good.COIN: 5}
