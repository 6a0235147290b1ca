"""``ora bench --api``: real server processes under a short, bounded load (issue 15).

Nothing here is timed: the figures are the command's output (docs/performance.md); the tests
check that the load test plays real games, counts what it did and finds every acknowledged move
in the store afterwards."""

from __future__ import annotations

import os
import subprocess
import sys

import orjson
import pytest

from ora_api.tools.bench_api import measure
from ora_api.tools.bench_bots import measure_bots

PG_ENABLED = os.environ.get("ORA_TEST_POSTGRES") == "1"


def test_one_worker_on_sqlite_plays_and_loses_nothing() -> None:
    result = measure(clients=2, seconds=1.5, workers=1, store_url=None)
    assert result["moves"] > 0
    assert result["lost_moves"] == 0
    assert result["errors"] == {}
    assert {"game.create", "game.legal_moves", "game.move"} <= set(result["methods"])
    assert result["methods"]["game.move"]["n"] == result["moves"]
    (usage,) = result["workers_usage"]
    assert usage["rss_mib"] > 0
    # The server's CPU against the engine's on the same moves (issue 34).
    assert result["engine_ms_per_move"] > 0 and result["server_cpu_ms_per_move"] > 0
    assert result["server_cpu_to_engine"] == pytest.approx(
        result["server_cpu_ms_per_move"] / result["engine_ms_per_move"])


def test_the_command_prints_json() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "ora_api.cli", "bench", "--api", "--clients", "2", "--seconds",
         "1", "--workers", "2", "--json"], capture_output=True, check=True, timeout=120)
    result = orjson.loads(out.stdout)
    assert result["workers"] == 2 and len(result["workers_usage"]) == 2
    assert result["lost_moves"] == 0 and result["moves"] > 0
    assert b"checking that every acknowledged move is stored" in out.stderr


def test_bad_arguments_are_one_line_and_exit_2() -> None:
    out = subprocess.run([sys.executable, "-m", "ora_api.cli", "bench", "--api", "--clients",
                          "0"], capture_output=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.decode().count("\n") == 1


@pytest.mark.skipif(not PG_ENABLED, reason="PostgreSQL tests run only with ORA_TEST_POSTGRES=1")
def test_two_workers_on_postgres_lose_nothing() -> None:
    result = measure(clients=4, seconds=2, workers=2, store_url="postgres:")
    assert result["moves"] > 0
    assert result["lost_moves"] == 0
    assert result["errors"] == {}


def test_the_bot_seat_run_counts_bot_moves_and_the_cheap_bots_replies() -> None:
    """``ora bench --api --bots`` (issue 22): slow bots' games and a person against a cheap bot
    on a real server; the figures are the command's output, here only that they are counted."""
    result = measure_bots(seconds=3, slow_games=1, slow_bot="mcts:200ms")
    assert result["slow_moves"] >= 1 and result["person_moves"] >= 1
    assert result["bot_moves"] > result["slow_moves"] and result["bot_moves_per_s"] > 0
    assert result["cheap_bot_replies"] >= 1
    assert result["cheap_delay_max_ms"] >= result["cheap_delay_p50_ms"] > 0
    assert result["budget_s"] == 0.2


def test_the_bot_seat_run_refuses_a_slow_bot_without_a_time_budget() -> None:
    out = subprocess.run([sys.executable, "-m", "ora_api.cli", "bench", "--api", "--bots",
                          "--slow-bot", "greedy"], capture_output=True, timeout=60)
    assert out.returncode == 2
    assert b"--slow-bot takes a bot with a time budget" in out.stderr
