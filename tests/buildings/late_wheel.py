"""The shared tests of the late-entering wheel buildings: the Grapevines (grapes) and the
Quarries (stone). Their functions are one effect (cards.md §3 F14/F31, G22/F29): take the good at
its indicator's value or the joker's and reset that indicator; before the indicator enters only the
joker produces; the short game gives every player one more (R-WHEEL-6, R-WHEEL-7, R-WHEEL-8,
R-JOKER-1..3, R-SHORT-2, R-SHORT-4). Each building's own module subclasses ``LateWheelTests``."""

from __future__ import annotations

from typing import ClassVar

from ora_core.events import IndicatorUsed
from ora_core.state import State
from ora_core.values import Indicator, Terrain
from tests.buildings.common import (
    USER,
    assert_offered,
    built_now,
    by_contract,
    command,
    declined,
    others,
    owned,
    params_offered,
    refusal,
    rotate,
    use,
    value,
)
from tests.support import enter, events_of, goods, rules

JOKER = Indicator.JOKER


class LateWheelTests:
    building: ClassVar[str]
    indicator: ClassVar[Indicator]
    good: ClassVar[str]
    #: Grapevines: hillside only; Quarries: mountain only (R-BUILD-3).
    terrain: ClassVar[Terrain]

    def entered(self, state: State) -> State:
        """The indicator entered (R-WHEEL-7) and the wheel turned 3 times since: value 4."""
        return rotate(enter(state, self.indicator), 3)

    def test_step_1_before_entry_only_the_joker_produces(self) -> None:
        state = owned(self.building, wood=1)
        assert self.indicator not in state.wheel.positions
        assert refusal(state, command(self.building)).reason == "indicator_not_in_play"
        joker = value(state, JOKER)
        after = use(state, self.building, "Jo")
        assert goods(after, USER) == {"wood": 1, self.good: joker}
        assert after.wheel.positions[JOKER] == 0

    def test_step_1_own_indicator_after_entry(self) -> None:
        state = self.entered(owned(self.building))
        amount = value(state, self.indicator)
        assert amount == 4
        after = use(state, self.building)
        assert goods(after, USER) == {self.good: 4}
        assert after.wheel.positions[self.indicator] == 0
        assert after.wheel.positions[JOKER] == state.wheel.positions[JOKER]
        assert IndicatorUsed(indicator=self.indicator) in events_of(state, command(self.building))

    def test_step_1_joker_instead_leaves_the_own_indicator(self) -> None:
        state = self.entered(owned(self.building))
        after = use(state, self.building, "Jo")
        assert goods(after, USER) == {self.good: value(state, JOKER)}
        assert after.wheel.positions[JOKER] == 0
        assert after.wheel.positions[self.indicator] == state.wheel.positions[self.indicator]

    def test_step_1_indicator_at_zero_yields_nothing_but_is_used(self) -> None:
        state = enter(owned(self.building), self.indicator)
        assert value(state, self.indicator) == 0
        assert IndicatorUsed(indicator=self.indicator) in events_of(state, command(self.building))
        assert goods(use(state, self.building), USER) == {}

    def test_step_2_short_game_every_player_takes_one_more(self) -> None:
        state = owned(self.building, length="short")
        assert rules().modes[state.config.mode].wheel_bonus
        before = others(state)
        after = use(state, self.building, "Jo")
        assert goods(after, USER) == {self.good: value(state, JOKER) + 1}
        for seat, held in others(after).items():
            assert held == {**before[seat], self.good: before[seat].get(self.good, 0) + 1}

    def test_step_2_short_game_bonus_also_at_value_zero(self) -> None:
        state = enter(owned(self.building, length="short"), self.indicator)
        after = use(state, self.building)
        assert goods(after, USER) == {self.good: 1}

    def test_step_2_no_bonus_in_the_long_game(self) -> None:
        state = owned(self.building)
        before = others(state)
        assert others(use(state, self.building, "Jo")) == before

    def test_declining_moves_no_indicator(self) -> None:
        state = self.entered(owned(self.building, length="short"))
        declined(state, self.building)
        after = use(state, self.building, "-")
        assert after.wheel == state.wheel
        assert others(after) == others(state)

    def test_work_contract(self) -> None:
        state = by_contract(self.building)
        assert goods(use(state, self.building, "Jo"), USER) == {self.good: value(state, JOKER)}

    def test_prior_build_and_use(self) -> None:
        state = built_now(self.building)
        assert rules().building(self.building).terrain == {self.terrain}
        after = use(state, self.building, "Jo", prior=True)
        assert goods(after, USER) == {self.good: value(state, JOKER)}
        assert after.players[USER].clergy[0] == self.building

    def test_options(self) -> None:
        state = owned(self.building)
        assert params_offered(state, self.building) == {("-",), ("Jo",)}
        state = self.entered(state)
        assert params_offered(state, self.building) == {("-",), (), ("Jo",)}
        assert_offered(state, self.building, f"USE {self.building}", f"USE {self.building} Jo",
                          f"PRIOR {self.building} Jo")
