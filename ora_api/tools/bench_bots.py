"""``ora bench --api --bots``: bot seats on a real server (issue 22; docs/performance.md).

Starts one ``ora serve --http 127.0.0.1:0`` (a fresh SQLite file, ``--bot-thinkers``), creates
``--slow-games`` games whose two seats are ``--slow-bot`` (default ``mcts:1000ms``: a budget of
one second a move) and, once every slow game has moved (the thinkers' processes start on first
use), one game where a person (the bench, over HTTP) plays seat 0 against a ``random`` bot.
For ``--seconds`` the person moves and waits for its turn (``game.wait_turn``); the **delay**
of the cheap bot is the time from the person's acknowledged move to its turn coming back,
counted when the bot moved in between. Reported: bot moves per second (all games), the slow
bots' moves per second against what the thinkers can give (thinkers / budget), and the cheap
bot's delay (p50, max) in milliseconds and in slow budgets: with bots served fairly across
games it waits at most for the slow moves already thinking (about one budget in the worst
case), where first come first served made it wait for one move of every slow game."""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from ora_api.tools.bench_api import Connection, start_worker


def budget_seconds(bot: str) -> float:
    """The time budget of a bot name such as ``mcts:1000ms`` (ValueError otherwise)."""
    budget = bot.partition(":")[2]
    if not (budget.endswith("ms") and budget[:-2].isdigit()):
        raise ValueError(f"--slow-bot takes a bot with a time budget (mcts:1000ms), not {bot!r}")
    return int(budget[:-2]) / 1000


def measure_bots(*, seconds: float, slow_games: int = 3, slow_bot: str = "mcts:1000ms",
                 thinkers: int = 1, server_cwd: Path | None = None,
                 progress: Callable[[str], None] = lambda _: None) -> dict[str, Any]:
    budget = budget_seconds(slow_bot)
    with tempfile.TemporaryDirectory(prefix="ora-bench-bots-") as tmp:
        folder = Path(tmp)
        worker = start_worker(f"sqlite:{folder / 'bench.sqlite3'}", folder, 0, [
            "--bot-thinkers", str(thinkers), "--bot-max-seconds", str(max(2.0, budget))],
            cwd=server_cwd)
        try:
            conn = Connection(worker.port, websocket=False)
            config = {"players": 2, "variant": "france", "length": "long"}
            for i in range(slow_games):
                conn.call("game.create", {"config": {**config, "seed": 100 + i},
                                          "seats": [{"bot": slow_bot}, {"bot": slow_bot}],
                                          "visibility": "public"})
            deadline = time.monotonic() + 120  # the thinkers' processes start on first use
            while time.monotonic() < deadline and not all(
                    g["moves"] for g in conn.call("game.list", {"limit": 500})["games"]):
                time.sleep(0.2)
            created = conn.call("game.create", {"config": {**config, "seed": 7},
                                                "seats": [{"name": "Bench"}, {"bot": "random"}],
                                                "visibility": "public"})
            game_id, token = created["game_id"], created["seats"][0]["token"]
            progress(f"{slow_games} game(s) of two {slow_bot} and one of a person against "
                     f"random, {thinkers} thinker(s), {seconds:g} s")
            rng = random.Random(1)
            delays: list[float] = []
            person_moves = 0
            t0 = time.monotonic()
            while time.monotonic() - t0 < seconds:
                turn = conn.call("game.wait_turn", {"game_id": game_id, "token": token,
                                                    "timeout": 60})
                if turn["finished"]:
                    break
                legal = conn.call("game.legal_moves", {"game_id": game_id, "token": token})
                moved = conn.call("game.move", {
                    "game_id": game_id, "token": token, "move": rng.choice(legal["moves"]),
                    "expected_version": legal["version"]})
                acked = time.monotonic()
                person_moves += 1
                back = conn.call("game.wait_turn", {"game_id": game_id, "token": token,
                                                    "timeout": 60})
                if back["version"] > moved["version"]:  # the bot moved in between
                    delays.append(time.monotonic() - acked)
            elapsed = time.monotonic() - t0
            games = conn.call("game.list", {"limit": 500})["games"]
            conn.close()
        finally:
            worker.proc.terminate()
            worker.proc.wait(30)
    moves = {g["game_id"]: g["moves"] for g in games}
    cheap_bot_moves = moves.pop(game_id) - person_moves
    slow_moves = sum(moves.values())
    delays.sort()
    p50 = delays[len(delays) // 2] if delays else 0.0
    worst = delays[-1] if delays else 0.0
    return {
        "seconds": elapsed, "thinkers": thinkers, "slow_games": slow_games,
        "slow_bot": slow_bot, "budget_s": budget,
        "bot_moves": slow_moves + cheap_bot_moves,
        "bot_moves_per_s": (slow_moves + cheap_bot_moves) / elapsed,
        "slow_moves": slow_moves, "slow_moves_per_s": slow_moves / elapsed,
        # what the thinkers can give slow bots: thinkers / budget moves a second
        "slow_share_of_thinkers": slow_moves / elapsed * budget / thinkers,
        "person_moves": person_moves, "cheap_bot_replies": len(delays),
        "cheap_delay_p50_ms": p50 * 1e3, "cheap_delay_max_ms": worst * 1e3,
        "cheap_delay_p50_budgets": p50 / budget, "cheap_delay_max_budgets": worst / budget,
    }


def print_bots(result: dict[str, Any]) -> None:
    print(f"bot seats: {result['slow_games']} game(s) of two {result['slow_bot']}, one person "
          f"against random, {result['thinkers']} thinker(s), {result['seconds']:.1f} s")
    print(f"  bot moves: {result['bot_moves']} ({result['bot_moves_per_s']:.1f}/s); slow: "
          f"{result['slow_moves']} ({result['slow_moves_per_s']:.2f}/s, "
          f"{result['slow_share_of_thinkers']:.2f} of what the thinkers give)")
    print(f"  the cheap bot's delay after the person's move ({result['cheap_bot_replies']} "
          f"replies): p50 {result['cheap_delay_p50_ms']:.0f} ms "
          f"({result['cheap_delay_p50_budgets']:.2f} slow budgets), max "
          f"{result['cheap_delay_max_ms']:.0f} ms ({result['cheap_delay_max_budgets']:.2f})")


def run_bench_bots(args: argparse.Namespace) -> int:
    """``ora bench --api --bots``: the exit code."""
    def progress(line: str) -> None:
        print(f"ora bench --api --bots: {line}", file=sys.stderr, flush=True)

    if args.bot_thinkers < 1 or args.slow_games < 0:
        print("ora bench: --bot-thinkers must be at least 1, --slow-games at least 0",
              file=sys.stderr)
        return 2
    try:
        result = measure_bots(seconds=args.seconds, slow_games=args.slow_games,
                              slow_bot=args.slow_bot, thinkers=args.bot_thinkers,
                              progress=progress)
    except (RuntimeError, ValueError) as e:
        print(f"ora bench: {e}", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode() + "\n")
    else:
        print_bots(result)
    return 0
