"""F14 Grapevine (A) (cards.md §3 F14): 1. take grapes equal to the grapes indicator's value and
move it to 0, or take grapes at the joker's value and move the joker to 0; before the grapes
indicator enters only the joker can produce grapes; 2. short 3/4-player game: every player
also takes 1 grapes (R-WHEEL-6, R-WHEEL-8, R-JOKER-1..3, R-SHORT-2, R-SHORT-4)."""

from __future__ import annotations

from ora_core.values import Indicator, Terrain
from tests.buildings.late_wheel import LateWheelTests
from tests.support import rules


class TestGrapevineA(LateWheelTests):
    building = "F14"
    indicator = Indicator.GRAPES
    terrain = Terrain.HILLSIDE
    good = "grapes"

    def test_not_in_the_solo_game(self) -> None:
        """Crossed-out 1: the France Grapevine A is not used in solo."""
        assert "1" not in rules().building("F14").modes
