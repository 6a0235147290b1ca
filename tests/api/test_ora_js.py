"""ora.js (docs/api.md): the Node example of docs/api.md plays a whole game with the module the
server serves at /ora.js, in node (20 or later)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import orjson
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


RECONNECT = """
import { Ora } from "./ora.mjs";

const statuses = [];
const ora = new Ora(process.argv[2], { minDelay: 50, onStatus: (s) => statuses.push(s) });
const until = async (check) => {
  for (let i = 0; i < 2000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error("timed out");
};
const game = await ora.post("game.create", {
  config: { players: 2, variant: "france", length: "long", seed: 4 },
  seats: [{ name: "A" }, { name: "B" }], visibility: "public" });
const gameId = game.game_id;
const tokens = game.seats.map((s) => s.token);
const play = async (n) => {
  for (let i = 0; i < n; i++) {
    const legal = await ora.post("game.legal_moves", { game_id: gameId });
    const move = legal.moves.includes("COMMIT") ? "COMMIT" : legal.moves[0];
    await ora.post("game.move", { game_id: gameId, token: tokens[legal.seat], move,
                                  expected_version: legal.version });
  }
};
const got = [];
ora.watch(gameId, (event) => got.push(event.version));
await until(() => ora.open);
await play(4);
ora.socket.close();      // the connection drops ...
await play(4);           // ... moves are made meanwhile ...
await until(() => ora.open);
await play(4);           // ... and after the reconnection
const head = (await ora.post("game.events", { game_id: gameId, limit: 1 })).version;
await until(() => got.length > 0 && got[got.length - 1] === head);
console.log(JSON.stringify({ got, head, statuses }));
ora.close();
"""


def test_ora_js_catches_up_after_a_lost_connection(http_server: HttpServer,
                                                   tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("node is missing (ora.js needs Node 20 or later)")
        pytest.skip("node is missing (ora.js needs Node 20 or later)")
    base = f"http://127.0.0.1:{http_server.port}"
    (tmp_path / "ora.mjs").write_bytes(http_server.client.get(f"{base}/ora.js").content)
    (tmp_path / "reconnect.mjs").write_text(RECONNECT)
    done = subprocess.run([node, "--experimental-websocket", "--no-warnings", "reconnect.mjs",
                           base], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = orjson.loads(done.stdout)
    # every event exactly once, in order, though some were stored while disconnected
    assert result["got"] == list(range(1, result["head"] + 1))
    assert result["statuses"][:3] == ["open", "closed", "open"]


def test_ora_js_says_once_that_it_polls_without_a_websocket(tmp_path: Path) -> None:
    """Node 20 without --experimental-websocket: a warning on the console, once per process
    (issue 26: the same game took six times longer, silently); ``{WebSocket: null}`` is quiet."""
    node = shutil.which("node")
    assert node is not None, "node is missing (ora.js needs Node 20 or later)"
    shutil.copy(ROOT / "ora_api" / "web" / "static" / "ora.js", tmp_path / "ora.mjs")
    (tmp_path / "two.mjs").write_text(
        'import { Ora } from "./ora.mjs";\n'
        'delete globalThis.WebSocket;\n'
        'const a = new Ora("http://127.0.0.1:9"), b = new Ora("http://127.0.0.1:9");\n'
        'console.log(a.WebSocket === undefined && b.WebSocket === undefined);\n')
    (tmp_path / "quiet.mjs").write_text(
        'import { Ora } from "./ora.mjs";\n'
        'new Ora("http://127.0.0.1:9", { WebSocket: null });\n')
    two = subprocess.run([node, "two.mjs"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=60)
    assert two.stdout.strip() == "true"
    assert two.stderr.count("ora.js: this runtime has no WebSocket") == 1, two.stderr
    quiet = subprocess.run([node, "quiet.mjs"], cwd=tmp_path, capture_output=True, text=True,
                           timeout=60)
    assert quiet.returncode == 0 and quiet.stderr == ""


HELPERS = """
import { Ora } from "./ora.mjs";

// A fetch that loses the reply of the next call of a method (the server did the work).
const lose = new Set();
const ids = [];
const losing = async (url, init) => {
  const sent = JSON.parse(init.body);
  if (sent.params?.request_id) ids.push([sent.method, sent.params.request_id]);
  const response = await fetch(url, init);
  if (lose.delete(sent.method)) {
    await response.text();
    throw new TypeError("fetch failed: the reply was lost");
  }
  return response;
};
const ora = new Ora(process.argv[2], { WebSocket: null, fetch: losing, minDelay: 10 });
const game = await ora.call("game.create", {
  config: { players: 2, variant: "france", length: "long", seed: 3 },
  seats: [{ name: "Ann" }, {}], visibility: "public" });
const gameId = game.game_id;
lose.add("game.join");
const joined = await ora.join(game.seats[1].invite, "Bo");
let again = null;
try { await ora.call("game.join", { invite: game.seats[1].invite, name: "Cy" }); }
catch (error) { again = error.data.reason; }
const tokens = { 0: game.seats[0].token, 1: joined.token };
const legalNow = () => ora.post("game.legal_moves", { game_id: gameId });
for (let i = 0; i < 4; i++) {
  const legal = await legalNow();
  lose.add("game.move");
  await ora.move(gameId, tokens[legal.seat], legal.moves[legal.moves.length - 1],
                 { expectedVersion: legal.version });
}
const decider = (await legalNow()).seat;
const other = 1 - decider;
const idle = await ora.waitTurn(gameId, tokens[other], { timeout: 0, once: true });
const waiting = ora.waitTurn(gameId, tokens[other], { timeout: 5 });
const legal = await legalNow();
await ora.move(gameId, tokens[decider], legal.moves[legal.moves.length - 1]);
const woke = await waiting;
const asked = await ora.undoRequest(gameId, tokens[0], 1);
const answered = await ora.undoAnswer(gameId, tokens[1], true);
const hook = await ora.notify(gameId, tokens[0], "http://127.0.0.1:9/hook");
const off = await ora.notify(gameId, tokens[0], null);
const noted = await ora.annotate(gameId, tokens[1], "after the take-back");
const forked = await ora.fork(gameId, 2, { seats: [{ name: "Di" }, {}] });
const roundOne = await ora.forkRound(gameId, 1);
console.log(JSON.stringify({ gameId, joined, again, idle, woke, other, asked, answered,
                             secret: hook.secret, off: off.secret, ids, noted, forked,
                             roundOne }));
"""


def test_ora_js_helpers_retry_with_one_request_id_and_take_back(http_server: HttpServer,
                                                                tmp_path: Path) -> None:
    """ora.move and ora.join make a request id (crypto.randomUUID) and, when the reply is
    lost, send the same call again with it: the move is played once, the join gives the same
    seat (issue 22); undoRequest / undoAnswer take a move back (UNDO-1, UNDO-4); waitTurn
    wakes when the turn passes; notify registers and removes a webhook."""
    node = shutil.which("node")
    assert node is not None, "node is missing (ora.js needs Node 20 or later)"
    base = f"http://127.0.0.1:{http_server.port}"
    (tmp_path / "ora.mjs").write_bytes(http_server.client.get(f"{base}/ora.js").content)
    (tmp_path / "helpers.mjs").write_text(HELPERS)
    done = subprocess.run([node, "helpers.mjs", base], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = orjson.loads(done.stdout)
    events = http_server.call("game.events", {"game_id": out["gameId"]})["events"]
    types = [e["type"] for e in events]
    # four moves whose replies were lost, each stored once, then the fifth
    assert types.count("move_played") == 5
    assert out["joined"]["seat"] == 1 and out["again"] == "invite_used"
    assert [e["data"]["name"] for e in events if e["type"] == "seat_taken"] == ["Ann", "Bo"]
    sent: dict[str, list[str]] = {}
    for method, request_id in out["ids"]:
        assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
                            request_id)
        sent.setdefault(method, []).append(request_id)
    # each lost call went twice with one id; the move after them once
    assert len(sent["game.join"]) == 2 and len(set(sent["game.join"])) == 1
    moves = sent["game.move"]
    assert len(moves) == 9 and len(set(moves)) == 5
    assert all(moves[2 * i] == moves[2 * i + 1] for i in range(4))
    assert out["idle"]["your_turn"] is False
    assert out["woke"]["your_turn"] is True and out["woke"]["seat"] == out["other"]
    assert out["asked"]["waiting"] == [1] and out["asked"]["restored"] is False
    assert out["answered"]["restored"] is True
    assert types[-4:] == ["undo_requested", "undo_answered", "position_restored",
                          "move_annotated"]
    assert isinstance(out["secret"], str) and len(out["secret"]) >= 16 and out["off"] is None
    assert out["noted"] == {"version": len(events), "move": 5, "text": "after the take-back"}
    forked = out["forked"]  # ora.fork and ora.annotate: docs/api.md "Forks", "Annotations"
    assert forked["source"]["game_id"] == out["gameId"] and forked["source"]["move"] == 2
    assert forked["moves"] == 2 and forked["seats"][0]["token"] and forked["seats"][1]["invite"]
    assert out["roundOne"]["source"]["move"] == 0  # ora.forkRound: round 1 begins at the set-up


LOST_ON_THE_SOCKET = """
import { Ora } from "./ora.mjs";

const ora = new Ora(process.argv[2], { minDelay: 20 });
const until = async (check) => {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error("timed out");
};
const game = await ora.post("game.create", {
  config: { players: 2, variant: "france", length: "long", seed: 5 },
  seats: [{ name: "A" }, { name: "B" }], visibility: "public" });
ora.watch(game.game_id, () => {});
await until(() => ora.open);
// Every game.move sent, on any socket or over HTTP: the first socket send drops the
// connection right after the move went out, so its answer is lost.
const sent = [];
let dropped = false;
const proto = globalThis.WebSocket.prototype;
const send = proto.send;
proto.send = function (data) {
  const message = JSON.parse(data);
  send.call(this, data);
  if (message.method !== "game.move") return;
  sent.push(message.params.request_id);
  if (!dropped) { dropped = true; this.close(); }
};
const legal = await ora.post("game.legal_moves", { game_id: game.game_id });
const origin = ora.post.bind(ora);
ora.post = (method, params) => {
  if (method === "game.move") sent.push(params.request_id);
  return origin(method, params);
};
const moved = await ora.move(game.game_id, game.seats[legal.seat].token, legal.moves[0],
                             { expectedVersion: legal.version });
console.log(JSON.stringify({ gameId: game.game_id, sent, version: moved.version }));
ora.close();
"""


def test_ora_move_sent_again_after_the_socket_dropped_is_played_once(
        http_server: HttpServer, tmp_path: Path) -> None:
    """The reply of a move sent on the WebSocket is lost with the connection: ora.move sends
    it again (over HTTP while the socket reconnects, or on the new socket: whichever comes
    first) with the same request id, and the game has the move once (docs/api.md "Safe
    retries")."""
    node = shutil.which("node")
    assert node is not None, "node is missing (ora.js needs Node 20 or later)"
    base = f"http://127.0.0.1:{http_server.port}"
    (tmp_path / "ora.mjs").write_bytes(http_server.client.get(f"{base}/ora.js").content)
    (tmp_path / "lost.mjs").write_text(LOST_ON_THE_SOCKET)
    done = subprocess.run([node, "--experimental-websocket", "--no-warnings", "lost.mjs", base],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = orjson.loads(done.stdout)
    assert len(out["sent"]) == 2 and out["sent"][0] == out["sent"][1]  # lost, then again
    events = http_server.call("game.events", {"game_id": out["gameId"]})["events"]
    assert [e["type"] for e in events].count("move_played") == 1
    assert out["version"] == events[-1]["version"]
