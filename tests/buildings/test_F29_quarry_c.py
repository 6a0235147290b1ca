"""F29 Quarry (C) (cards.md §3 F29): 1. take stone equal to the stone indicator's value and
move it to 0, or take stone at the joker's value and move the joker to 0; before the stone
indicator enters only the joker can produce stone; 2. short 3/4-player game: every player
also takes 1 stone (R-WHEEL-6, R-WHEEL-8, R-JOKER-1..3, R-SHORT-2, R-SHORT-4)."""

from __future__ import annotations

from ora_core.values import Indicator, Terrain
from tests.buildings.late_wheel import LateWheelTests
from tests.support import rules


class TestQuarryC(LateWheelTests):
    building = "F29"
    indicator = Indicator.STONE
    terrain = Terrain.MOUNTAIN
    good = "stone"

    def test_modes(self) -> None:
        """Symbol 3+, crossed-out 1 and 2; optional in the France short 4-player game (AMB-09)."""
        spec = rules().building("F29")
        assert spec.modes == {"3", "4", "4s"} and spec.optional_modes == {"4s"}
