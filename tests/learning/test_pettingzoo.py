"""The PettingZoo AEC environment (docs/learning.md): PettingZoo's own API and seed tests."""

from __future__ import annotations

import numpy as np
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from ora_rules.learning import encoding
from ora_rules.learning.pettingzoo import env


def test_the_api_test_passes() -> None:
    api_test(env(players=2, max_rounds=2), num_cycles=200)


def test_the_seed_test_passes() -> None:
    seed_test(lambda: env(players=3, length="short", max_commands=12), num_cycles=100)


def test_the_mask_offers_the_tokens_of_legal_commands_and_the_game_ends_with_rewards() -> None:
    made = env(players=1, max_commands=4)
    made.reset(seed=3)
    agent = made.agent_selection
    assert agent == "player_0"
    steps = 0
    while not (made.terminations[agent] or made.truncations[agent]):
        obs = made.observe(agent)
        assert obs["observation"].shape == (encoding.OBSERVATION_SIZE,)
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        made.step(int(legal[0]))
        steps += 1
    assert steps >= 4
    assert made.truncations[agent]
    session = made.unwrapped.session
    assert len(session.commands) == 4
    assert made.rewards[agent] == session.totals()[0] / 100  # solo: the provisional total
