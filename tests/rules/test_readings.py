"""Readings of rulebook ambiguities as configuration (specs/readings.toml, docs/ambiguities.md):
each option is tested against the rule it reads (AMB-02, AMB-05, AMB-09, AMB-E3), the rulebook
option is the default, and a game at the defaults is stored exactly as before readings existed."""

from __future__ import annotations

import pytest

from ora_core.codec import event_to_dict
from ora_core.errors import InvalidConfig
from ora_core.evolve import fold
from ora_core.state import Readings, State
from ora_core.values import Indicator
from ora_rules.decide import start
from ora_rules.game import Game
from ora_rules.readings import describe, resolve, set_name
from ora_rules.setup import make_config
from tests.modes.common import FRONT, refused, run, to
from tests.support import rules, set_goods

R = rules()
KENNERSPIEL = resolve(R, "kennerspiel")


def game(players: int, length: str = "long", readings: Readings | None = None,
         variant: str = "france") -> State:
    config = make_config(players, variant, length, 0, colours=("R", "G", "B", "W")[:players],
                         readings=readings)
    return fold(start(config, R))


def test_the_defaults_are_the_rulebook_readings_and_are_not_stored() -> None:
    assert resolve(R, None) == Readings() == resolve(R, "rulebook")
    assert set_name(R, Readings()) == "rulebook" and describe(Readings()) == ""
    started = event_to_dict(start(make_config(4, "france", "long", 3), R)[0])
    assert "readings" not in started["config"]  # old streams and golden games stay byte-identical
    stored = event_to_dict(start(make_config(4, "france", "long", 3, readings=KENNERSPIEL), R)[0])
    assert stored["config"]["readings"] == {"landscape_purchases": "per_slot",
                                            "wheel_entry": "before_rotation",
                                            "building_sets": "by_players",
                                            "prior_bonus_after_purchase": "kept",
                                            "occupied_own_building": "replaces",
                                            "removed_joker": "joker_only_uses"}


def test_a_set_name_or_overrides_choose_the_readings() -> None:
    assert set_name(R, KENNERSPIEL) == "kennerspiel-0.21"  # "kennerspiel" is its alias
    assert resolve(R, {"wheel_entry": "before_rotation"}) == Readings(
        wheel_entry="before_rotation")
    assert describe(resolve(R, "weblabora")).startswith(
        "landscape_purchases=per_slot building_sets=long_two_player printing_office=")
    g = Game.new(R, 4, seed=5, readings="kennerspiel")
    assert g.state.config.readings == KENNERSPIEL
    assert make_config(2, "france", "long", 1, readings="kennerspiel").readings == KENNERSPIEL
    assert make_config(2, "france", "long", 1, readings={"building_sets": "by_players"},
                       rules=R).readings == Readings(building_sets="by_players")


@pytest.mark.parametrize(("choice", "words"), [
    ("chess", "unknown set 'chess'"),
    ({"rounds": "many"}, "unknown ambiguity 'rounds'"),
    ({"wheel_entry": "never"}, "wheel_entry (AMB-02) is one of after_rotation, before_rotation"),
])
def test_unknown_readings_are_refused_by_name(choice: str | dict[str, str], words: str) -> None:
    with pytest.raises(InvalidConfig, match=words.replace("(", r"\(").replace(")", r"\)")):
        resolve(R, choice)


def test_every_reading_names_its_ambiguity_rule_and_the_rulebook_default() -> None:
    spec = R.readings
    assert {name: (a.amb, a.rule) for name, a in spec.ambiguities.items()} == {
        "landscape_purchases": ("AMB-05", "R-BUY-2"),
        "wheel_entry": ("AMB-02", "R-WHEEL-7"),
        "building_sets": ("AMB-09", "R-SETUP-2"),
        "prior_bonus_after_purchase": ("AMB-E3", "R-BUILD-7"),
        "occupied_own_building": ("", "R-CLG-4"),
        "removed_joker": ("", "R-SOLO-6"),
        # engines' departures (no AMB: the rulebook is clear), or open card questions
        "printing_office": ("", "cards.md F38"),
        "foreign_use": ("", "R-WC-4"),
        "short_bonus_round": ("", "R-BONUS-1"),
        "goods_scoring": ("AMB-18", "R-SCORE-2"),
        "card_values": ("cards.md Q2, Q3", "cards.md I23, I24"),
        "bulwark_cost": ("cards.md Q4", "cards.md I37"),
        "priory_target": ("", "cards.md G01"),
        "district_position": ("", "R-GEO-3"),
        "solo_end": ("AMB-14", "R-SOLO-9"),
        "build_space": ("", "R-BUILD-5"),
        "festival_reward": ("", "cards.md I38"),
        "carpentry": ("", "cards.md F10"),
        "main_actions": ("", "R-ACT-1"),
        "bathhouse": ("", "cards.md F23"),
        "two_player_end": ("AMB-12", "R-END-2"),
        "coin_tiles": ("", "R-FREE-1"),
    }
    for name, ambiguity in spec.ambiguities.items():
        for label, option in ambiguity.options.items():
            assert option.text, (name, label)
            # what the rulebook does instead is said for every departing option
            assert bool(option.instead) is (label != ambiguity.default), (name, label)
    assert set(spec.sets) == {"rulebook", "kennerspiel-0.21", "weblabora"}
    assert spec.aliases["kennerspiel"] == "kennerspiel-0.21"
    assert spec.sources == {"kennerspiel": "kennerspiel-0.21", "weblabora": "weblabora"}
    # A departure is no ambiguity of the rulebooks: no AMB id, and its kind says so.
    assert {name for name, a in spec.ambiguities.items() if a.kind == "departure"} == {
        name for name, a in spec.ambiguities.items() if not a.amb}


def _slot_purchases(readings: Readings | None) -> State:
    """Round 1 of mode 4: the start player buys in his first slot, the round comes back to him."""
    state = to(game(4, readings=readings), 1)
    for seat in range(4):
        state = set_goods(state, seat, coin=40)
    state = run(state, "BUY_DISTRICT 2 PLAINS")
    refused(state, "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-2")  # same slot: both readings
    state = run(state, "FELL_TREES 2 0", "COMMIT")
    for _ in range(3):
        state = run(state, "FELL_TREES 2 0", "COMMIT")
    assert (state.round, state.flow.turn.seat) == (1, 0)
    return state


def test_AMB_05_R_BUY_2_rulebook_one_purchase_per_round() -> None:
    refused(_slot_purchases(None), "BUY_PLOT 0 COAST", "landscape_limit", "R-BUY-2")


def test_AMB_05_R_BUY_2_per_slot_reading_a_second_purchase_in_the_second_slot() -> None:
    state = run(_slot_purchases(Readings(landscape_purchases="per_slot")), "BUY_PLOT 0 COAST")
    assert (-1, 0) in state.players[0].landscape


@pytest.mark.parametrize(("readings", "round_", "indicator", "shown"), [
    (None, 8, Indicator.GRAPES, 0),                                 # R-WHEEL-7: at 0 in round 8
    (Readings(wheel_entry="before_rotation"), 8, Indicator.GRAPES, FRONT[1]),
    (None, 13, Indicator.STONE, 0),
    (Readings(wheel_entry="before_rotation"), 13, Indicator.STONE, FRONT[1]),
])
def test_AMB_02_R_WHEEL_7_entry_before_or_after_the_rotation(
        readings: Readings | None, round_: int, indicator: Indicator, shown: int) -> None:
    state = game(4, readings=readings)
    before = to(state, round_ - 1)
    assert indicator not in before.wheel.positions
    state = to(before, round_)
    assert state.wheel.value(indicator) == shown


def test_AMB_02_before_rotation_in_mode_3_grapes_come_one_round_later() -> None:
    state = to(game(3, readings=Readings(wheel_entry="before_rotation")), 8)
    assert Indicator.GRAPES not in state.wheel.positions  # not at 0 during round 8
    assert to(state, 9).wheel.value(Indicator.GRAPES) == FRONT[1]  # as the rulebook from then on


@pytest.mark.parametrize(("players", "length", "rulebook_has", "by_players_has"), [
    (3, "short", False, True),   # R-SETUP-2: short 3p deals the 2-player set (no Priory)
    (2, "long", True, False),    # long 2p: all but the crossed-out-2 cards (the Priory too)
])
def test_AMB_09_R_SETUP_2_building_sets(players: int, length: str, rulebook_has: bool,
                                        by_players_has: bool) -> None:
    assert ("G01" in game(players, length).display) is rulebook_has
    kennerspiel = game(players, length, Readings(building_sets="by_players"))
    assert ("G01" in kennerspiel.display) is by_players_has


def test_AMB_09_weblabora_deals_the_long_two_player_set_in_the_normal_game() -> None:
    weblabora = game(2, "short", Readings(building_sets="long_two_player"))
    assert weblabora.display == game(2, "long").display != game(2, "short").display


def _built_then_bought(readings: Readings | None) -> State:
    state = set_goods(to(game(4, readings=readings), 1), 0, wood=1, clay=1, coin=10)
    return run(state, "BUILD G01 3 1", "BUY_DISTRICT 2 PLAINS")


def test_AMB_E3_R_BUILD_7_a_purchase_ends_the_prior_build_bonus() -> None:
    refused(_built_then_bought(None), "PRIOR G01 -", "main_action_taken", "R-ACT-1")


def test_AMB_E3_R_BUILD_7_kept_reading_the_prior_still_goes_onto_the_new_building() -> None:
    state = run(_built_then_bought(Readings(prior_bonus_after_purchase="kept")), "PRIOR G01 -")
    assert state.players[0].clergy[0] == "G01"
