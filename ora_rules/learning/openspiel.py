"""Ora et Labora as an OpenSpiel game (docs/learning.md): importing this module registers
``python_ora_et_labora``.

Parameters: ``players`` (1..4), ``variant`` (``france``/``ireland``), ``length``
(``long``/``short``), ``liesborn`` (bool), ``seed`` (the set-up's seed; the game has no chance
after it) and ``max_rounds`` (0: play to the rules' end; else stop after that many rounds, or
turns with two players, and score the provisional totals, as ``ora arena`` adjudicates) and
``max_commands`` (0: no limit; else stop likewise after that many commands: short games for
tests).

An action is one token of the stable encoding (``ora_rules.learning.encoding``): the player to
move spells its command token by token, ``END`` last, and only then does the game move on.
Returns: with two or more players, ``n / w - 1`` for each of the ``w`` winners and ``-1`` for
the others (zero-sum); solo, the final total / 100.

Needs the ``learning`` extra (``pip install ora[learning]``: ``open-spiel``, ``numpy``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.observation import (  # type: ignore[import-untyped]
    IIGObserverForPublicInfoGame,
)

from ora_rules.learning import encoding
from ora_rules.learning.session import Session

NAME = "python_ora_et_labora"
_DEFAULTS: dict[str, Any] = {"players": 2, "variant": "france", "length": "long",
                             "liesborn": False, "seed": 0, "max_rounds": 0,
                             "max_commands": 0}


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=NAME,
        long_name="Ora et Labora (ora rules engine)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS)


#: Registered as general-sum (solo); a game of two or more players says zero-sum.
_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
_ZERO_SUM = _game_type(pyspiel.GameType.Utility.ZERO_SUM)
#: An upper bound on the tokens of a game (the engine's own safety limit of commands, 30 tokens
#: a command at most in practice).
MAX_GAME_LENGTH = 1_000_000


class OraGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_DEFAULTS, **(params or {})}
        players = int(merged["players"])
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.NUM_ACTIONS, max_chance_outcomes=0,
            num_players=players, min_utility=-1.0 if players > 1 else -10.0,
            max_utility=float(players - 1) if players > 1 else 20.0,
            utility_sum=0.0 if players > 1 else None, max_game_length=MAX_GAME_LENGTH)
        super().__init__(_ZERO_SUM if players > 1 else _TYPE, info, params or {})
        self.settings = merged

    def new_initial_state(self) -> OraState:
        return OraState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info
                                    and not iig_obs_type.perfect_recall):
            return OraObserver(params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class OraState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: OraGame) -> None:
        super().__init__(game)
        s = game.settings
        self.session = Session(int(s["players"]), str(s["variant"]), str(s["length"]),
                               int(s["seed"]), liesborn=bool(s["liesborn"]),
                               max_rounds=int(s["max_rounds"]) or None,
                               max_commands=int(s["max_commands"]) or None)

    def current_player(self) -> int:
        if self.session.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.session.to_move

    def _legal_actions(self, player: int) -> list[int]:
        return self.session.legal_tokens()

    def _apply_action(self, action: int) -> None:
        self.session.choose(action)

    def _action_to_string(self, player: int, action: int) -> str:
        text = encoding.token_text(action)
        return {"": "END", " ": "SEP"}.get(text, text)

    def is_terminal(self) -> bool:
        return self.session.over

    def returns(self) -> list[float]:
        return self.session.returns()

    def __str__(self) -> str:
        return self.session.text()


class OraObserver:
    """The observation of ``encoding.observe`` as a tensor, and a short text."""

    def __init__(self, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        self.tensor = np.zeros(encoding.OBSERVATION_SIZE, np.float32)
        self.dict = {name: self.tensor[a:b] for name, (a, b) in encoding.LAYOUT.items()}

    def set_from(self, state: OraState, player: int) -> None:
        self.tensor[:] = state.session.observe(player)

    def string_from(self, state: OraState, player: int) -> str:
        return f"seat {player}\n{state.session.text()}"


pyspiel.register_game(_TYPE, OraGame)
