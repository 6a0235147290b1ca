"""Bot seats as a bounded resource (issue 22, finding 1; docs/api.md "Running it in public"):
a server-wide maximum time per move, bots thinking in worker processes, SIGTERM not delayed by a
thinking bot."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from ora_api.service import open_service
from ora_api.table.bot_pool import BotLimits
from tests.api.conftest import HttpServer, Local, RpcFailed
from tests.support import rules


def _create(client: Local | HttpServer, bots: list[str], seed: int = 5) -> dict[str, object]:
    result: dict[str, object] = client.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "long", "seed": seed},
        "seats": [{"bot": b} for b in bots], "visibility": "public"})
    return result


@pytest.mark.parametrize("bot", ["mcts:3600000ms", "uct:2001ms", "mcts:100000000",
                                 "greedy:5000"])
def test_create_refuses_a_bot_above_the_servers_budget(bot: str) -> None:
    service = open_service("memory", rules=rules(), bots=BotLimits(max_seconds=2))
    try:
        with pytest.raises(RpcFailed) as refused:
            _create(Local(service), [bot, "random"])
        data = refused.value.error["data"]
        assert refused.value.error["code"] == -32602
        assert (data["reason"], data["path"], data["bot_max_seconds"]) == (
            "bot_budget_too_large", "seats[0].bot", 2)
        assert service.list_games()[0] == []  # nothing stored
    finally:
        service.close()


def test_a_bot_within_the_budget_is_accepted() -> None:
    service = open_service("memory", rules=rules(), bots=BotLimits(max_seconds=2))
    try:
        created = _create(Local(service), ["mcts:2000ms", "random"])
        assert created["version"]
    finally:
        service.close()


def _descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (the bot workers are the forkserver's children)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            found += [int(child), *_descendants(int(child))]
    return found


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def test_a_thinking_bot_uses_a_worker_process_and_sigterm_stops_it(tmp_path: Path) -> None:
    server = HttpServer(f"sqlite:{tmp_path / 'ora.sqlite3'}", tmp_path,
                        "--bot-max-seconds", "120", "--bot-thinkers", "1")
    try:
        _create(server, ["mcts:120000ms", "mcts:120000ms"])
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # the worker process starts and thinks
            busy = [c for c in _descendants(server.proc.pid) if _cpu_ticks(c) > 100]
            if busy:
                break
            time.sleep(0.2)
        assert busy, "no worker process thinks"
        own = _cpu_ticks(server.proc.pid)
        time.sleep(2)
        assert _cpu_ticks(server.proc.pid) - own < 100  # the server's own process is idle
        started = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(15) == 0
        assert time.monotonic() - started < 8  # uvicorn's grace period is 5 s
        for child in busy:
            assert not Path(f"/proc/{child}").exists() or \
                Path(f"/proc/{child}/stat").read_text().split(") ")[1][0] == "Z"
    finally:
        server.stop(kill=True)
