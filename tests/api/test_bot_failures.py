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
from ora_api.table import bot_seats
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


class _Recording(_Failing):
    """The runner's pool, recording each bot asked and the turn it was asked in."""

    def __init__(self, pool: Any) -> None:
        super().__init__(pool, "", RuntimeError, times=0)
        self.turns: list[tuple[tuple[int, int, str], str]] = []

    def choose(self, name: str, state: State, game: UUID | None = None) -> str:
        turn = state.flow.turn
        self.turns.append(((state.round, turn.seat, turn.kind), name))
        return super().choose(name, state, game)


def test_a_bot_that_does_not_end_its_turn_has_the_fallback_end_it(
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``MAX_TURN_MOVES`` moves of a seat in one turn the fallback plays the rest of it
    (here the bound is 1: every turn's later moves are the fallback's), said once a turn."""
    monkeypatch.setattr(bot_seats, "MAX_TURN_MOVES", 1)
    service = open_service("memory", rules=rules(), bots=BotLimits(thinkers=1))
    runner = service.bot_runner
    recording = _Recording(runner._thinkers)
    setattr(runner, "_thinkers", recording)  # noqa: B010 (not a BotPool)
    try:
        with caplog.at_level(logging.ERROR, logger="ora.api.bots"):
            local = Local(service)
            create(local, ["builder", "builder"], seed=7)
            wait_until(lambda: len(recording.turns) >= 40)
    finally:
        service.close()
    by_turn: dict[tuple[int, int, str], list[str]] = {}
    for turn, name in recording.turns:
        by_turn.setdefault(turn, []).append(name)
    for names in by_turn.values():
        assert names == ["builder"] + [FALLBACK] * (len(names) - 1)
    ended = sum(1 for names in by_turn.values() if len(names) > 1)
    assert ended >= 10
    # said once a turn (one more if the service closed between the saying and the asking)
    said = caplog.text.count(f"played 1 moves in one turn; {FALLBACK} ends it")
    assert ended <= said <= ended + 1
