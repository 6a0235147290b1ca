"""F31 Grapevine (C) (cards.md §3 F31): 1. take grapes equal to the grapes indicator's value and
move it to 0, or take grapes at the joker's value and move the joker to 0; before the grapes
indicator enters only the joker can produce grapes; 2. short 3/4-player game: every player
also takes 1 grapes (R-WHEEL-6, R-WHEEL-8, R-JOKER-1..3, R-SHORT-2, R-SHORT-4)."""

from __future__ import annotations

from ora_core.values import Indicator, Terrain
from tests.buildings.late_wheel import LateWheelTests
from tests.support import rules


class TestGrapevineC(LateWheelTests):
    building = "F31"
    indicator = Indicator.GRAPES
    terrain = Terrain.HILLSIDE
    good = "grapes"

    def test_used_only_in_the_normal_four_player_game(self) -> None:
        """Symbol 4, crossed-out 1 and 2: F31 appears only in mode 4, so its step 2 (the
        short-game bonus) never arises in play; the shared tests show the effect it has."""
        assert rules().building("F31").modes == {"4"}
