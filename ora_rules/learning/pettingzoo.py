"""Ora et Labora as a PettingZoo AEC environment (docs/learning.md), made as PettingZoo's own
classic environments are: ``env(players=2, variant="france", length="long", liesborn=False,
max_rounds=None)``.

Agents ``player_0`` .. ``player_{n-1}``. An action is one token of the stable encoding
(``ora_rules.learning.encoding``): the agent to move spells its command token by token, ``END``
last. The observation is a dict: ``observation``, the fixed-shape vector of
``encoding.observe`` from the agent's seat, and ``action_mask``, the tokens that continue a
legal command (all zero for an agent not to move). ``infos[agent]["spelling"]`` is the command
text spelt so far. Rewards come at the end: the game's returns (``session.Session.returns``).
``reset(seed=S)`` sets the game up with seed ``S``; ``max_rounds`` truncates a game after that
many rounds (turns with two players), ``max_commands`` after that many commands.

Needs the ``learning`` extra (``pettingzoo``, ``gymnasium``, ``numpy``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ora_rules.learning import encoding
from ora_rules.learning.session import Session


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's usual wrappers (illegal tokens end the game with a
    penalty; order of calls enforced)."""
    made = wrappers.TerminateIllegalWrapper(raw_env(**kwargs), illegal_reward=-1)
    made = wrappers.AssertOutOfBoundsWrapper(made)
    return wrappers.OrderEnforcingWrapper(made)


class raw_env(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "ora_et_labora_v0",
                "is_parallelizable": False}

    def __init__(self, players: int = 2, variant: str = "france", length: str = "long",
                 liesborn: bool = False, max_rounds: int | None = None,
                 max_commands: int | None = None, seed: int = 0,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.settings = (players, variant, length, liesborn, max_rounds, max_commands)
        self.seed_default = seed
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = self.possible_agents[:]
        observation = spaces.Box(low=-1000.0, high=1000.0, shape=(encoding.OBSERVATION_SIZE,),
                                 dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(encoding.NUM_ACTIONS,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": observation,
                                                   "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(encoding.NUM_ACTIONS)
                              for a in self.possible_agents}
        self.session = self._new_session(seed)

    def _new_session(self, seed: int) -> Session:
        players, variant, length, liesborn, max_rounds, max_commands = self.settings
        return Session(players, variant, length, seed, liesborn=liesborn, max_rounds=max_rounds,
                       max_commands=max_commands)

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(encoding.NUM_ACTIONS, np.int8)
        if agent == self.agent_selection:
            mask[self.session.legal_tokens()] = 1
        return {"observation": np.asarray(self.session.observe(seat), np.float32),
                "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.session = self._new_session(self.seed_default if seed is None else seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {"spelling": ""} for a in self.agents}
        self.agent_selection = self.possible_agents[self.session.to_move]

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.session.choose(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.session.over:
            for a, value in zip(self.possible_agents, self.session.returns(), strict=True):
                self.rewards[a] = value
            ended = self.session.state.finished
            self.terminations = dict.fromkeys(self.agents, ended)
            self.truncations = dict.fromkeys(self.agents, not ended)
        else:
            self.agent_selection = self.possible_agents[self.session.to_move]
        spelt = encoding.unspell(self.session.prefix)
        self.infos = {a: {"spelling": spelt if a == self.agent_selection else ""}
                      for a in self.agents}
        self._accumulate_rewards()

    def render(self) -> str | None:
        return self.session.text() if self.render_mode == "ansi" else None

    def close(self) -> None:
        pass
