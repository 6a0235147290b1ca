"""Source engines' departures from clear rules as profile options (specs/readings.toml,
docs/records.md "Profiles"): under the rulebook each move is refused with the rule's reason,
under the option it plays as the engine plays it, and nothing else changes."""

from __future__ import annotations

import pytest

from ora_core.errors import IllegalCommand
from ora_core.events import IndicatorUsed, WheelRotated
from ora_core.evolve import fold
from ora_core.state import Readings, State
from ora_core.values import Indicator
from ora_rules.decide import decide, start
from ora_rules.moves import legal_moves
from ora_rules.readings import resolve
from ora_rules.setup import make_config
from tests.support import apply, goods, occupy, place, rules, set_goods, slot

R = rules()
REPLACES = Readings(occupied_own_building="replaces")
JOKER_USES = Readings(removed_joker="joker_only_uses")


def game(players: int, readings: Readings | None = None) -> State:
    config = make_config(players, "france", "long", 0, colours=("R", "G", "B", "W")[:players],
                         readings=readings)
    return fold(start(config, R))


def _occupied_clay_mound(readings: Readings | None) -> State:
    """Seat 0's lay brother stands on its own Clay Mound; seat 0 acts with one more free."""
    state = occupy(game(4, readings), 0, 1, "LR1")
    return slot(state, 0)


def test_rulebook_refuses_a_clergyman_on_an_occupied_own_building() -> None:
    """R-CLG-4: an occupied building receives no clergyman until its clergyman leaves."""
    with pytest.raises(IllegalCommand) as e:
        decide(_occupied_clay_mound(None), "USE LR1", R)
    assert (e.value.reason, e.value.rule) == ("building_occupied", "R-CLG-4")
    assert not any(m.startswith("USE LR1") for m in map(str, legal_moves(
        _occupied_clay_mound(None), R)))


def test_kennerspiel_places_it_over_the_one_there_which_stays_out_of_play() -> None:
    """Departure occupied_own_building=replaces (kennerspiel 0.21.1, game4aedf9e5 move 142):
    the new clergyman is placed; the replaced one is not freed, so the clergy return only when
    all are out (R-CLG-3), as in kennerspiel."""
    state = _occupied_clay_mound(REPLACES)
    assert any(str(m).startswith("USE LR1") for m in legal_moves(state, R))
    after = apply(state, decide(state, "USE LR1", R))
    assert after.players[0].clergy == (None, "LR1", "LR1")
    assert tuple(after.players[0].free_clergy()) == (0,)
    assert goods(after, 0).get("clay", 0) > goods(state, 0).get("clay", 0)


def test_kennerspiel_profile_has_both_departures() -> None:
    profile = resolve(R, "kennerspiel-0.21")
    assert resolve(R, "kennerspiel") == profile  # the alias
    assert (profile.occupied_own_building, profile.removed_joker) == ("replaces",
                                                                      "joker_only_uses")


def _shipping_without_joker(readings: Readings | None) -> State:
    """Solo: the Shipping Company (F33) built for seat 0, the joker removed at 10 (R-SOLO-6)."""
    state = game(1, readings)
    space = next(c for c, s in sorted(state.players[0].landscape.items()) if s.card is None)
    state = place(state, 0, "F33", space)  # where it stands does not matter to its use
    wheel = state.wheel
    for _ in range(len(wheel.values)):
        state = apply(state, [WheelRotated(removed=tuple(
            i for i, d in state.wheel.positions.items() if d == len(wheel.values) - 1))])
    assert Indicator.JOKER not in state.wheel.positions
    return set_goods(slot(state, 0), 0, wood=3)


def test_rulebook_refuses_the_shipping_company_on_a_removed_joker() -> None:
    """R-SOLO-6: the joker left the game at 10; R-WHEEL-8: no indicator, no production."""
    with pytest.raises(IllegalCommand) as e:
        decide(_shipping_without_joker(None), "USE F33 JoMt WoWoWo", R)
    assert e.value.reason == "indicator_not_in_play"


def test_kennerspiel_ships_from_a_removed_joker_at_zero_and_brings_it_back() -> None:
    """Departure removed_joker=joker_only_uses: 0 meat for the energy, the joker back at 0."""
    state = _shipping_without_joker(JOKER_USES)
    events = decide(state, "USE F33 JoMt WoWoWo", R)
    assert IndicatorUsed(indicator=Indicator.JOKER) in events
    after = apply(state, events)
    assert after.wheel.positions[Indicator.JOKER] == 0
    assert goods(after, 0).get("meat", 0) == 0 and goods(after, 0).get("wood", 0) == 0
