"""Self-play (ora_api/tools/selfplay.py) and the ``ora`` command line: random games of 3 and 4
players in both variants all finish with score breakdowns that add up.

The games use ``play_game`` directly (the pure path, no store). At least 20 games per variant and
player count (the foundation issue's requirement); the ``thorough`` profile plays more.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import settings

from ora_api.tools.selfplay import SelfPlayResult, open_store, play_game
from ora_core.codec import state_from_dict
from ora_core.events import GameEnded
from ora_core.evolve import fold
from ora_rules.testing import strategies as gen

GAMES_PER_CONFIG = max(20, (settings.default or settings()).max_examples // 5)
PHASES = ["A", "B", "C", "D", "E"]
ROOT = Path(__file__).resolve().parent.parent


def check_result(result: SelfPlayResult, players: int) -> dict[str, Any]:
    """Everything a finished game's JSON must say; returns the JSON."""
    where = f"{result.players} players, {result.variant}, seed {result.seed}"
    data: dict[str, Any] = orjson.loads(orjson.dumps(result.to_json()))
    assert data["finished"] is True, f"{where}: not finished after {len(result.moves)} commands"
    assert data["rounds"] == 25, where
    assert data["settlement_phases"] == PHASES, where
    assert data["events"] > len(data["moves"]) > 0, where
    scores = data["scores"]
    assert [s["seat"] for s in scores] == list(range(players)), where
    for s in scores:
        assert s["goods"] + s["economic"] + s["settlements"] == s["total"], f"{where}: {s}"
    best = max(s["total"] for s in scores)
    assert data["winners"] == [s["seat"] for s in scores if s["total"] == best], (
        f"{where}: winners {data['winners']} for totals {[s['total'] for s in scores]}")
    known = set(gen.rules().buildings)
    assert set(data["buildings_built"]) <= known, where
    assert set(data["buildings_used"]) <= known, where
    assert data["buildings_built"] == sorted(set(data["buildings_built"])), where
    return data


@pytest.mark.parametrize("variant", ["france", "ireland"])
@pytest.mark.parametrize("players", [3, 4])
def test_random_games_finish_and_add_up(players: int, variant: str) -> None:
    began = time.process_time()
    built: set[str] = set()
    for seed in range(GAMES_PER_CONFIG):
        result = play_game(gen.rules(), players, variant, "long", seed)
        data = check_result(result, players)
        built.update(data["buildings_built"])
    took = time.process_time() - began
    print(f"{GAMES_PER_CONFIG} games, {players} players, {variant}: {took:.2f} s CPU")
    assert built, "random games built no building at all"


@pytest.mark.parametrize(("players", "variant", "seed"), [(3, "ireland", 5), (4, "france", 6)])
def test_the_json_matches_the_stored_game(players: int, variant: str, seed: int) -> None:
    """The summary says what the events say: the settlements entry is the sum of the
    per-settlement points of the final score, the winners those of ``GameEnded``."""
    with open_store("memory") as store:
        result = play_game(gen.rules(), players, variant, "long", seed, store=store)
        game_id = uuid.UUID(result.game_id)
        state = store.fold(game_id, fold)
        last = [r.event for r in store.events(game_id) if isinstance(r.event, GameEnded)]
    data = check_result(result, players)
    assert state.scores is not None and len(last) == 1
    assert data["scores"] == [
        {"seat": s.seat, "goods": s.goods, "economic": s.economic,
         "settlements": sum(s.settlements), "total": s.total} for s in state.scores]
    assert data["winners"] == list(last[0].winners)
    assert data["events"] == state.version
    assert data["rounds"] == state.round
    assert data["buildings_built"] == sorted(b for b in state.built if not b.startswith("L"))


# --- the command line ---------------------------------------------------------------------------


def ora(*args: str) -> str:
    """Run ``ora ARGS`` as a user would; its standard output."""
    script = shutil.which("ora", path=str(Path(sys.executable).parent))
    command = [script] if script else [sys.executable, "-m", "ora_api.cli"]
    done = subprocess.run([*command, *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=300)
    assert done.returncode == 0, f"ora {' '.join(args)} failed:\n{done.stderr}"
    return done.stdout


ISSUE_KEYS = {"game_id", "config", "seed", "finished", "rounds", "settlement_phases", "moves",
              "events", "scores", "winners", "buildings_built", "buildings_used"}


def test_cli_selfplay_json() -> None:
    lines = ora("selfplay", "--players", "3", "--games", "1", "--json").splitlines()
    assert len(lines) == 1
    data = orjson.loads(lines[0])
    assert set(data) >= ISSUE_KEYS
    assert data["config"] == {"players": 3, "variant": "france", "length": "long"}
    uuid.UUID(data["game_id"])
    assert isinstance(data["seed"], int)
    assert all(isinstance(m, str) for m in data["moves"])
    assert isinstance(data["events"], int)
    for s in data["scores"]:
        assert set(s) >= {"seat", "goods", "economic", "settlements", "total"}
        assert all(isinstance(v, int) for v in s.values())
    assert data["finished"] is True and data["rounds"] == 25
    assert data["settlement_phases"] == PHASES
    for s in data["scores"]:
        assert s["goods"] + s["economic"] + s["settlements"] == s["total"]
    assert data["winners"]


def test_cli_demo_then_show(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'demo' / 'ora.sqlite3'}"
    out = ora("demo", "--store", url)
    found = re.search(r"^game ([0-9a-f-]{36})\b", out, re.MULTILINE)
    assert found, f"no game id in the demo's output:\n{out}"
    game_id = found.group(1)

    at5 = orjson.loads(ora("show", game_id, "--store", url, "--at", "5", "--json"))
    state5 = state_from_dict(at5)
    assert state5.version == 5
    head = state_from_dict(orjson.loads(ora("show", game_id, "--store", url, "--json")))
    assert head.finished and head.round == 25
    with open_store(url) as store:
        gid = uuid.UUID(game_id)
        assert state5 == store.fold(gid, fold, version=5)
        assert head == store.fold(gid, fold)
        store.verify(gid)
