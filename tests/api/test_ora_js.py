"""ora.js (docs/api.md): the Node example of docs/api.md plays a whole game with the module the
server serves at /ora.js, in node (20 or later)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.api.conftest import HttpServer

ROOT = Path(__file__).resolve().parents[2]


def example() -> str:
    text = (ROOT / "docs" / "api.md").read_text()
    found = re.search(r"<!-- play\.mjs -->\n```js\n(.*?)```", text, re.S)
    assert found, "docs/api.md lost its play.mjs example"
    return found.group(1)


def test_the_node_example_plays_a_whole_game_with_ora_js(http_server: HttpServer,
                                                        tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("node is missing (the ora.js example needs Node 20 or later)")
        pytest.skip("node is missing (the ora.js example needs Node 20 or later)")
    base = f"http://127.0.0.1:{http_server.port}"
    (tmp_path / "ora.mjs").write_bytes(http_server.client.get(f"{base}/ora.js").content)
    (tmp_path / "play.mjs").write_text(example())
    done = subprocess.run([node, "--experimental-websocket", "--no-warnings", "play.mjs", base],
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    line = re.fullmatch(r"game (\S+): (\d+) moves; totals (\d+) : (\d+); winners ([\d, ]+)\n",
                        done.stdout)
    assert line, done.stdout
    game_id = line.group(1)
    score = http_server.call("game.score", {"game_id": game_id})
    assert score["final"] is True
    assert [s["total"] for s in score["scores"]] == [int(line.group(3)), int(line.group(4))]
    events = http_server.call("game.events", {"game_id": game_id})["events"]
    seats = [e["data"]["seat"] for e in events if e["type"] == "move_played"]
    assert seats.count(0) == int(line.group(2)) and seats.count(1) > 0  # the bot played too
