"""A bot that fails to choose does not leave its game waiting for ever
(``ora_api.table.bot_seats``): a bot that raises has ``FALLBACK`` move for it that once, and a
bot whose worker died (``BotLost``) is asked once more. The real worker processes think; only
the failures are put in between."""

from __future__ import annotations

import logging
from typing import Any
from uuid import UUID

import pytest

from ora_api.service import open_service
from ora_api.table.bot_pool import BotLimits, BotLost
from ora_api.table.bot_seats import FALLBACK
from ora_core.state import State
from tests.api.conftest import Local
from tests.api.test_bot_seats import create, wait_until
from tests.support import rules


class _Failing:
    """The runner's pool, with the bot ``name`` failing as ``failure`` says."""

    def __init__(self, pool: Any, name: str, failure: type[Exception], times: int) -> None:
        self.pool, self.name, self.failure, self.times = pool, name, failure, times
        self.asked: list[str] = []
        self.answers: list[str] = []

    def choose(self, name: str, state: State, game: UUID | None = None) -> str:
        self.asked.append(name)
        if name == self.name and self.times > 0:
            self.times -= 1
            raise self.failure(f"{name} failed on purpose")
        answer: str = self.pool.choose(name, state, game)
        self.answers.append(answer)
        return answer

    def close(self) -> None:
        self.pool.close()


def _moves(local: Local, game_id: str) -> list[tuple[int, str]]:
    return [(e["data"]["seat"], e["data"]["move"])
            for e in local.call("game.events", {"game_id": game_id})["events"]
            if e["type"] == "move_played"]


def _first_bot_move(failure: type[Exception], caplog: pytest.LogCaptureFixture
                    ) -> tuple[_Failing, list[tuple[int, str]]]:
    """A game whose first seat's bot (``builder``) fails once with ``failure``: who was asked,
    and the moves played once the seat has moved."""
    service = open_service("memory", rules=rules(), bots=BotLimits(thinkers=1))
    runner = service.bot_runner
    failing = _Failing(runner._thinkers, "builder", failure, times=1)
    setattr(runner, "_thinkers", failing)  # noqa: B010 (not a BotPool)
    try:
        with caplog.at_level(logging.ERROR, logger="ora.api.bots"):
            local = Local(service)
            game_id = create(local, ["builder", None], seed=7)["game_id"]
            wait_until(lambda: _moves(local, game_id))
        return failing, _moves(local, game_id)
    finally:
        service.close()


def test_a_bot_that_raises_has_the_fallback_move_for_it(caplog: pytest.LogCaptureFixture) -> None:
    failing, moves = _first_bot_move(RuntimeError, caplog)
    assert failing.asked[:2] == ["builder", FALLBACK]
    assert moves[0] == (0, failing.answers[0])  # the fallback's move
    assert f"{FALLBACK} moves for bot builder" in caplog.text
    assert "builder failed on purpose" in caplog.text


def test_a_bot_whose_worker_died_is_asked_once_more(caplog: pytest.LogCaptureFixture) -> None:
    failing, moves = _first_bot_move(BotLost, caplog)
    assert failing.asked[:2] == ["builder", "builder"]
    assert moves[0] == (0, failing.answers[0])
    assert FALLBACK not in failing.asked
    assert "builder failed on purpose" in caplog.text


def test_when_the_fallback_fails_too_the_game_waits_and_says_so(
        caplog: pytest.LogCaptureFixture) -> None:
    service = open_service("memory", rules=rules(), bots=BotLimits(thinkers=1))
    runner = service.bot_runner
    failing = _Failing(runner._thinkers, "builder", RuntimeError, times=1)
    failing.name = FALLBACK  # both fail: the bot, then the fallback
    setattr(runner, "_thinkers", _Failing(failing, "builder", RuntimeError, times=1))  # noqa: B010
    try:
        with caplog.at_level(logging.ERROR, logger="ora.api.bots"):
            local = Local(service)
            game_id = create(local, ["builder", None], seed=7)["game_id"]
            wait_until(lambda: "no bot move" in caplog.text)
        assert _moves(local, game_id) == []
        # the game is not stuck as thinking: the next change lets it wait for a bot again
        assert runner._thinking == set()
    finally:
        service.close()
