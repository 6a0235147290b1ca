"""The OpenSpiel game ``python_ora_et_labora`` (docs/learning.md): OpenSpiel's own random
simulation checks on every configuration."""

from __future__ import annotations

import itertools
from typing import Any

import pyspiel  # type: ignore[import-not-found]
import pytest

from ora_rules.learning import encoding
from ora_rules.learning import openspiel as ora_spiel

CONFIGURATIONS = [
    (players, variant, length, liesborn)
    for players, variant, length, liesborn in itertools.product(
        (1, 2, 3, 4), ("france", "ireland"), ("long", "short"), (False, True))
    if players > 1 or length == "long"  # the solo game has one length (R-SOLO)
]


def _game(players: int, variant: str, length: str, liesborn: bool, **more: int) -> Any:
    return pyspiel.load_game(ora_spiel.NAME, {"players": players, "variant": variant,
                                              "length": length, "liesborn": liesborn, **more})


@pytest.mark.parametrize(("players", "variant", "length", "liesborn"), CONFIGURATIONS)
def test_random_simulation_passes_on_every_configuration(
        players: int, variant: str, length: str, liesborn: bool) -> None:
    """pyspiel's random_sim_test (legal actions, clones, observations, returns) over the first
    commands of a game of each configuration."""
    game = _game(players, variant, length, liesborn, max_commands=6, seed=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_whole_first_turn_serializes_and_the_returns_are_zero_sum() -> None:
    game = _game(2, "france", "short", False, max_rounds=1, seed=5)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert sum(state.returns()) == 0
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert str(again) == str(state)


def test_a_command_is_spelt_token_by_token_and_clones_are_independent() -> None:
    game = _game(2, "france", "long", False)
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert game.num_distinct_actions() == encoding.NUM_ACTIONS
    twin = state.clone()
    for token in encoding.spell("CUT_PEAT 0 0"):
        assert token in state.legal_actions()
        state.apply_action(token)
    assert "CUT_PEAT 0 0" in state.session.commands
    assert twin.session.commands == []
    assert len(state.observation_tensor(0)) == encoding.OBSERVATION_SIZE
    assert state.information_state_string(0) != twin.information_state_string(0)
