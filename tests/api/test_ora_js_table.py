"""ora.js's helpers for the table (docs/api.md "ora.js"): a game created with a clock, the
clocks read with ``clockLeft``, and seats handed to bots with ``replaceSeat`` and
``replaceAnswer`` (SEAT-1, SEAT-3 of ora_rules/seats.py), run in node."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import orjson

from tests.api.conftest import HttpServer

SCRIPT = """
import { Ora, clockLeft } from "./ora.mjs";

const ora = new Ora(process.argv[2], { WebSocket: null });
const game = await ora.call("game.create", {
  config: { players: 3, variant: "france", length: "long", seed: 4,
            clock: { initial: 600, increment: 5, on_timeout: "bot", bot: "random" } },
  seats: [{ name: "Ann" }, {}, {}], visibility: "public" });
const gameId = game.game_id;
const bo = await ora.join(game.seats[1].invite, "Bo");
const cy = await ora.join(game.seats[2].invite, "Cy");
const view = await ora.call("game.view", { game_id: gameId });
const running = view.clock.running;
const clocks = {
  running,
  left: [0, 1, 2].map((seat) => clockLeft(view, seat)),
  later: clockLeft(view, running, 1500),
  other: clockLeft(view, (running + 1) % 3, 1500),
};
// Bo asks that Cy's seat go to a bot: Ann is asked and refuses; then Cy hands it over himself.
const asked = await ora.replaceSeat(gameId, bo.token, 2, "random");
const refused = await ora.replaceAnswer(gameId, game.seats[0].token, false);
const own = await ora.replaceSeat(gameId, cy.token, 2, "random");
const plain = await ora.call("game.create", {
  config: { players: 2, variant: "france", length: "long", seed: 4 }, seats: [{}, {}],
  visibility: "public" });
const none = clockLeft(await ora.call("game.view", { game_id: plain.game_id }), 0);
console.log(JSON.stringify({ clocks, asked, refused, own, none }));
"""


def test_ora_js_reads_the_clocks_and_hands_a_seat_to_a_bot(http_server: HttpServer,
                                                           tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node is not None, "node is missing (ora.js needs Node 20 or later)"
    base = f"http://127.0.0.1:{http_server.port}"
    (tmp_path / "ora.mjs").write_bytes(http_server.client.get(f"{base}/ora.js").content)
    (tmp_path / "table.mjs").write_text(SCRIPT)
    done = subprocess.run([node, "--no-warnings", "table.mjs", base], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = orjson.loads(done.stdout)
    clocks = out["clocks"]
    assert all(0 < left <= 600_000 for left in clocks["left"])
    assert clocks["later"] == clocks["left"][clocks["running"]] - 1500  # the running one counts
    assert clocks["other"] == clocks["left"][(clocks["running"] + 1) % 3]  # the others wait
    assert out["none"] is None  # a game without a clock
    # SEAT-1: another player asks, the other person is asked; SEAT-3: one refusal ends it
    assert out["asked"]["replaced"] is False and out["asked"]["waiting"] == [0]
    assert out["refused"]["replaced"] is False and out["refused"]["waiting"] == []
    # SEAT-1: the seat's own player hands it over at once
    assert out["own"]["replaced"] is True
    assert [e["type"] for e in out["own"]["events"]] == ["seat_replaced"]
    assert out["own"]["events"][0]["data"] == {"seat": 2, "bot": "random",
                                                "reason": "own"}
