"""The lobby: seats and invitations, names, visibility, spectators and game.list (issue #11)."""

from __future__ import annotations

import random
import sqlite3
import uuid
from pathlib import Path
from typing import Any

import orjson
import pytest

from ora_api.cli import main
from ora_api.service import GameService, open_service
from ora_api.table.lobby import digest
from ora_api.tools.selfplay import open_store, play_game
from ora_core.chain import GENESIS_HASH, chain_hash
from ora_rules.bots import make_bot
from ora_rules.decide import start
from ora_rules.setup import make_config
from tests.api.conftest import HttpServer, Local, RpcFailed, new_game, play
from tests.core.test_store import needs_pg, store_url
from tests.support import rules

CONFIG = {"players": 3, "variant": "france", "length": "long", "seed": 11}
READS = ["game.state", "game.events", "game.legal_moves", "game.complete", "game.score",
         "game.subscribe"]


def _refused(client: Any, method: str, params: dict[str, Any]) -> RpcFailed:
    with pytest.raises(RpcFailed) as e:
        client.call(method, params)
    return e.value


def test_create_gives_the_creator_a_token_open_seats_an_invitation_and_bots_nothing(
        local: Local) -> None:
    created = local.call("game.create", {"config": CONFIG, "seats": [
        {"name": "Ann"}, {}, {"bot": "greedy", "name": "Gus"}]})
    ann, open_, bot = created["seats"]
    assert (ann["name"], bool(ann["token"]), ann["invite"]) == ("Ann", True, None)
    assert (open_["name"], open_["token"], bool(open_["invite"])) == (None, None, True)
    assert (bot["name"], bot["bot"], bot["token"], bot["invite"]) == ("Gus", "greedy", None, None)
    game_id = created["game_id"]
    state = local.call("game.state", {"game_id": game_id, "token": ann["token"]})
    assert [(p["name"], p["bot"]) for p in state["players"]] == [
        ("Ann", None), (None, None), ("Gus", "greedy")]
    events = local.call("game.events", {"game_id": game_id, "token": ann["token"]})["events"]
    assert [e["data"] for e in events if e["type"] == "seat_taken"] == [
        {"seat": 0, "name": "Ann"}, {"seat": 2, "name": "Gus", "bot": "greedy"}]
    assert created["version"] == state["version"] == len(events)


def test_an_invitation_takes_its_seat_once_and_nobody_gets_another_seats_token(
        local: Local) -> None:
    created = local.call("game.create", {"config": CONFIG, "name": "Ann"})
    game_id, seats = created["game_id"], created["seats"]
    invite = seats[1]["invite"]
    e = _refused(local, "game.move", {"game_id": game_id, "token": invite, "move": "COMMIT"})
    assert e.data["code"] == "bad_token"  # an invitation is not a token
    joined = local.call("game.join", {"invite": invite, "name": "  Bob "})
    assert (joined["game_id"], joined["seat"], joined["colour"]) == (
        game_id, 1, seats[1]["colour"])
    assert joined["token"] not in (seats[0]["token"], invite)
    again = _refused(local, "game.join", {"invite": invite, "name": "Eve"})
    assert (again.code, again.data["code"], again.data["reason"]) == (
        -32020, "bad_invite", "invite_used")
    assert "token" not in again.data and joined["token"] not in str(again.error)
    unknown = _refused(local, "game.join", {"invite": "x" * 43, "name": "Eve"})
    assert unknown.data["reason"] == "unknown_invite"
    state = local.call("game.state", {"game_id": game_id, "token": joined["token"]})
    assert [p["name"] for p in state["players"]] == ["Ann", "Bob", None]
    assert state["version"] == joined["version"]
    # the joined seat plays with its own token, and only its own
    tokens = {0: seats[0]["token"], 1: joined["token"],
              2: local.call("game.join", {"invite": seats[2]["invite"], "name": "Cy"})["token"]}
    assert play(local, game_id, tokens, random.Random(3), max_moves=12) == 12
    legal = local.call("game.legal_moves", {"game_id": game_id, "token": tokens[0]})
    other = next(s for s in tokens if s != legal["seat"])
    e = _refused(local, "game.move", {"game_id": game_id, "token": tokens[other],
                                      "move": legal["moves"][0]})
    assert e.data["code"] == "not_your_turn"


def test_a_joined_seats_event_reaches_subscribers(local: Local, service: GameService) -> None:
    created = local.call("game.create", {"config": CONFIG, "name": "Ann",
                                         "visibility": "public"})
    watcher = Local(service)
    watcher.call("game.subscribe", {"game_id": created["game_id"]})
    local.call("game.join", {"invite": created["seats"][2]["invite"], "name": "Cy"})
    assert [(n["params"]["type"], n["params"]["data"]) for n in watcher.pushed] == [
        ("seat_taken", {"seat": 2, "name": "Cy"})]


@pytest.mark.parametrize(("params", "path", "reason"), [
    ({"seats": [{"name": "Ann"}, {}]}, "seats", "seat_count"),
    ({"seats": [{"name": "Ann"}, {}, {"bot": "nobody"}]}, "seats[2].bot", "unknown_bot"),
    ({"seats": [{"name": "   "}, {}, {}]}, "seats[0].name", "invalid_name"),
    ({"seats": [{"name": "A\nB"}, {}, {}]}, "seats[0].name", "invalid_name"),
    ({"seats": [{"name": "x" * 41}, {}, {}]}, "seats[0].name", "invalid_name"),
    ({"name": "Ann\u202e"}, "name", "invalid_name"),
    ({"name": "Ann", "seats": [{"name": "Ann"}, {}, {}]}, "name", "invalid_name"),
])
def test_bad_seats_and_names_are_invalid_params_and_create_nothing(
        local: Local, params: dict[str, Any], path: str, reason: str) -> None:
    e = _refused(local, "game.create", {"config": CONFIG, **params})
    assert (e.code, e.data["path"], e.data["reason"]) == (-32602, path, reason)
    e = _refused(local, "game.create", {"config": CONFIG, "visibility": "secret"})
    assert (e.code, e.data["path"]) == (-32602, "visibility")
    assert local.service.list_games(everything=True)[0] == []


def test_a_private_game_is_read_only_with_its_seats_or_spectators_tokens(local: Local) -> None:
    created = local.call("game.create", {"config": CONFIG, "seats": [
        {"name": "Ann"}, {}, {"bot": "random"}]})
    game_id, ann = created["game_id"], created["seats"][0]["token"]
    _, other_tokens = new_game(local, visibility="private")
    for method in READS:
        e = _refused(local, method, {"game_id": game_id})
        assert (e.code, e.data["reason"]) == (-32006, "token_required"), method
        e = _refused(local, method, {"game_id": game_id, "token": other_tokens[0]})
        assert (e.code, e.data["reason"]) == (-32006, "bad_token"), method
        local.call(method, {"game_id": game_id, "token": ann})
    spectator = local.call("game.spectate_token", {"game_id": game_id, "token": ann})["token"]
    second = local.call("game.spectate_token", {"game_id": game_id, "token": ann})["token"]
    assert len({spectator, second, ann}) == 3
    for method in READS:
        local.call(method, {"game_id": game_id, "token": spectator})
        local.call(method, {"game_id": game_id, "token": second})
    legal = local.call("game.legal_moves", {"game_id": game_id, "token": spectator})
    e = _refused(local, "game.move", {"game_id": game_id, "token": spectator,
                                      "move": legal["moves"][0]})
    assert e.data["code"] == "bad_token"  # a spectator cannot move
    for token in (spectator, "nope", other_tokens[0]):  # only a seat's token makes spectators
        e = _refused(local, "game.spectate_token", {"game_id": game_id, "token": token})
        assert e.data["code"] == "bad_token"
    # a public game: anyone reads, nobody needs a token
    public, _ = new_game(local, visibility="public")
    for method in READS:
        local.call(method, {"game_id": public})


def test_game_list_shows_public_games_and_the_callers_own_a_page_at_a_time(
        local: Local) -> None:
    public = [new_game(local, seed=s, visibility="public")[0] for s in range(5)]
    private, tokens = new_game(local, seed=9, visibility="private")
    invited = local.call("game.create", {"config": CONFIG, "name": "Ann",
                                         "visibility": "public"})
    spectator = local.call("game.spectate_token", {"game_id": private,
                                                   "token": tokens[1]})["token"]

    def ids(**params: Any) -> list[str]:
        seen, cursor = [], None
        while True:
            page = local.call("game.list", {**params, "cursor": cursor, "limit": 2})
            assert len(page["games"]) <= 2
            seen += [g["game_id"] for g in page["games"]]
            cursor = page["next_cursor"]
            if cursor is None:
                return seen

    assert ids() == [*public, invited["game_id"]]  # in creation order, the private one hidden
    assert ids(tokens=[tokens[2]]) == [*public, private, invited["game_id"]]
    assert ids(tokens=[spectator]) == [*public, private, invited["game_id"]]
    assert ids(open_seats=True) == [invited["game_id"]]
    assert ids(open_seats=False, tokens=["nope"]) == public
    assert ids(finished=True) == []
    mine = local.call("game.list", {"tokens": [tokens[0], tokens[2], spectator]})["games"]
    assert [(g["game_id"], g["yours"]) for g in mine if g["yours"]] == [(private, [0, 2])]
    listed = local.call("game.list", {"open_seats": True})["games"][0]
    assert [(s["name"], s["open"]) for s in listed["seats"]] == [
        ("Ann", False), (None, True), (None, True)]
    assert listed["open_seats"] == 2 and listed["visibility"] == "public"
    local.call("game.join", {"invite": invited["seats"][1]["invite"], "name": "Bob"})
    listed = local.call("game.list", {"open_seats": True})["games"][0]
    assert listed["open_seats"] == 1 and listed["seats"][1] == {
        "seat": 1, "name": "Bob", "bot": None, "open": False}
    for bad in ({"cursor": "abc"}, {"limit": 0}, {"limit": 501}, {"tokens": ["t"] * 101}):
        assert _refused(local, "game.list", bad).code == -32602


def test_game_list_follows_moves_and_the_end_of_a_game(local: Local) -> None:
    game_id, tokens = new_game(local, players=3, seed=4, length="short")
    play(local, game_id, tokens, random.Random(5), max_moves=7)
    state = local.call("game.state", {"game_id": game_id})
    summary = local.call("game.list")["games"][0]
    assert (summary["version"], summary["moves"], summary["status"], summary["scores"]) == (
        state["version"], 7, "playing", None)
    moves = 7 + play(local, game_id, tokens, random.Random(5))
    state = local.call("game.state", {"game_id": game_id})
    summary = local.call("game.list", {"finished": True})["games"][0]
    assert (summary["version"], summary["moves"], summary["status"]) == (
        state["version"], moves, "finished")
    assert summary["scores"] == [s["total"] for s in state["scores"]]
    assert summary["winners"] == local.call("game.score", {"game_id": game_id})["winners"]


def test_game_list_reads_no_event_stream(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    """The summaries are kept on append: listing folds nothing and scans no stream, so its cost
    does not grow with the number or the length of the stored games."""
    url = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    first = open_service(url, rules=rules())
    local = Local(first)
    games = [new_game(local, seed=s) for s in range(30)]
    for game_id, tokens in games[:3]:
        play(local, game_id, tokens, random.Random(1), max_moves=10)
    first.close()
    second = open_service(url, rules=rules())  # a fresh server: nothing in memory
    try:
        for name in ("fold", "events", "game_ids", "version"):
            monkeypatch.setattr(second.store, name, _forbidden)
        page = Local(second).call("game.list", {"limit": 500})
        assert [g["game_id"] for g in page["games"]] == [g for g, _ in games]
        assert [g["moves"] for g in page["games"][:4]] == [10, 10, 10, 0]
    finally:
        monkeypatch.undo()
        second.close()


def _forbidden(*args: object, **kwargs: object) -> None:
    raise AssertionError("game.list read an event stream")


def test_summaries_are_made_consistent_when_a_server_starts(tmp_path: Path) -> None:
    path = tmp_path / "ora.sqlite3"
    url = f"sqlite:{path}"
    store = open_store(url)  # a game stored without a server (ora selfplay): no seats
    played = play_game(rules(), 3, "france", "short", 5, [make_bot("random", rules())], store)
    store.close()
    first = open_service(url, rules=rules())
    local = Local(first)
    game_id, tokens = new_game(local, visibility="private")
    play(local, game_id, tokens, random.Random(2), max_moves=5)
    version = local.call("game.state", {"game_id": game_id, "token": tokens[1]})["version"]
    first.close()
    with sqlite3.connect(path) as db:  # as if a server had died between append and summary
        db.execute("UPDATE ora_games SET version = 5, moves = 0 WHERE game_id = ?", (game_id,))
    second = open_service(url, rules=rules())
    try:
        listed = Local(second).call("game.list", {"tokens": [tokens[0]]})["games"]
        selfplay, ours = listed
        assert (selfplay["game_id"], selfplay["visibility"], selfplay["status"]) == (
            str(played.game_id), "public", "finished")
        assert selfplay["moves"] == len(played.moves) and selfplay["open_seats"] == 0
        assert (ours["game_id"], ours["visibility"], ours["version"], ours["moves"]) == (
            game_id, "private", version, 5)
    finally:
        second.close()


def test_seats_names_and_visibility_over_a_real_server(fresh_http_server: HttpServer) -> None:
    http_server = fresh_http_server  # its store holds no other public game (game.list below)
    created = http_server.call("game.create", {"config": CONFIG, "seats": [
        {}, {"name": "Ann"}, {"bot": "greedy"}]})
    game_id = created["game_id"]
    ann = created["seats"][1]["token"]
    e = _refused(http_server, "game.state", {"game_id": game_id})
    assert e.data["reason"] == "token_required"
    joined = http_server.call("game.join", {"invite": created["seats"][0]["invite"],
                                            "name": "Zoë"})
    assert joined["seat"] == 0
    assert _refused(http_server, "game.join", {"invite": created["seats"][0]["invite"],
                                               "name": "Eve"}).data["reason"] == "invite_used"
    state = http_server.call("game.state", {"game_id": game_id, "token": joined["token"]})
    assert [(p["name"], p["bot"]) for p in state["players"]] == [
        ("Zoë", None), ("Ann", None), ("greedy", "greedy")]
    assert game_id not in str(http_server.call("game.list"))
    mine = http_server.call("game.list", {"tokens": [ann]})["games"]
    assert [(g["game_id"], g["yours"]) for g in mine] == [(game_id, [1])]


def test_ora_list_pages_through_the_stored_games(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Issue #10: ``ora list [--store]``: id, config, version, moves, finished, scores."""
    url = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    store = open_store(url)
    played = play_game(rules(), 3, "ireland", "short", 2, [make_bot("random", rules())], store)
    store.close()
    service = open_service(url, rules=rules())
    local = Local(service)
    game_id, _ = new_game(local, visibility="private")
    open_game = local.call("game.create", {"config": CONFIG, "name": "Ann"})["game_id"]
    service.close()

    assert main(["list", "--store", url, "--json", "--limit", "2"]) == 0
    out, err = capsys.readouterr()
    rows = [orjson.loads(line) for line in out.splitlines()]
    assert [r["game_id"] for r in rows] == [str(played.game_id), game_id]
    first = rows[0]
    assert (first["finished"], first["moves"], first["config"]["variant"]) == (
        True, len(played.moves), "ireland")
    assert first["scores"] == [s["total"] for s in played.scores]
    assert rows[1]["names"] == ["P0", "P1", "P2"] and rows[1]["scores"] is None
    cursor = err.split("--cursor ")[1].split()[0]
    assert main(["list", "--store", url, "--cursor", cursor]) == 0
    out, err = capsys.readouterr()
    assert out.startswith(open_game) and "playing, 2 open seat(s)" in out and not err
    assert main(["list", "--store", f"sqlite:{tmp_path / 'none.sqlite3'}"]) == 2
    assert main(["list", "--store", url, "--cursor", "x"]) == 2
    assert capsys.readouterr().err.count("\n") == 2  # one line each


@pytest.mark.parametrize("backend", ["memory", "sqlite", pytest.param("postgres", marks=needs_pg)])
def test_the_lobby_works_on_every_backend(backend: str, tmp_path: Path) -> None:
    """The same tables and statements on SQLite, PostgreSQL and the memory store's database:
    seats, a join, moves and the summaries written in the appends' transactions."""
    url = store_url(backend, tmp_path)
    service = open_service(url, rules=rules())
    try:
        local = Local(service)
        created = local.call("game.create", {"config": CONFIG, "name": "Ann",
                                             "visibility": "public"})
        game_id = created["game_id"]
        tokens = {0: created["seats"][0]["token"]}
        for seat, name in ((1, "Bob"), (2, "Cy")):
            tokens[seat] = local.call("game.join", {"invite": created["seats"][seat]["invite"],
                                                    "name": name})["token"]
        assert play(local, game_id, tokens, random.Random(6), max_moves=5) == 5
        state = local.call("game.state", {"game_id": game_id})
        listed = [g for g in local.call("game.list", {"limit": 500})["games"]
                  if g["game_id"] == game_id]
        assert [(g["version"], g["moves"], g["open_seats"]) for g in listed] == [
            (state["version"], 5, 0)]
    finally:
        service.close()


def test_the_solo_game_has_one_seat_and_the_neutral_player_none(local: Local) -> None:
    created = local.call("game.create", {"config": {"players": 1, "variant": "ireland",
                                                    "length": "long", "seed": 1},
                                         "name": "Solo"})
    assert [(s["seat"], s["name"]) for s in created["seats"]] == [(0, "Solo")]
    state = local.call("game.state", {"game_id": created["game_id"],
                                      "token": created["seats"][0]["token"]})
    assert [(p["name"], p["neutral"]) for p in state["players"]] == [
        ("Solo", False), (None, True)]
    e = _refused(local, "game.create", {"config": {"players": 1, "variant": "ireland",
                                                   "length": "long"},
                                        "seats": [{"name": "A"}, {"name": "B"}]})
    assert e.data["reason"] == "seat_count"


def test_tokens_of_a_server_before_the_lobby_still_play(tmp_path: Path) -> None:
    """A store written before the lobby kept its seats' digests in ora_seat_tokens: they are
    taken over, the game is summarised (private: it has seats) and its tokens still move."""
    path = tmp_path / "ora.sqlite3"
    store = open_store(f"sqlite:{path}")
    game_id = uuid.uuid4()
    store.append(game_id, 0, start(make_config(3, "france", "long", 3), rules()))
    store.close()
    tokens = {seat: f"old-token-{seat}" for seat in range(3)}
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE ora_seat_tokens (game_id TEXT NOT NULL, seat INTEGER NOT NULL, "
                   "token_sha256 TEXT NOT NULL, PRIMARY KEY (game_id, seat))")
        db.executemany("INSERT INTO ora_seat_tokens VALUES (?, ?, ?)",
                       [(str(game_id), s, digest(t)) for s, t in tokens.items()])
    service = open_service(f"sqlite:{path}", rules=rules())
    try:
        local = Local(service)
        assert local.call("game.list")["games"] == []  # private now
        listed = local.call("game.list", {"tokens": [tokens[1]]})["games"]
        assert [(g["game_id"], g["yours"], g["open_seats"]) for g in listed] == [
            (str(game_id), [1], 0)]
        assert play(local, str(game_id), tokens, random.Random(1), max_moves=4) == 4
    finally:
        service.close()


def test_a_game_that_cannot_be_read_does_not_stop_a_server(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "ora.sqlite3"
    first = open_service(f"sqlite:{path}", rules=rules())
    game_id, _ = new_game(Local(first))
    first.close()
    broken = uuid.uuid4()
    hash_ = chain_hash(GENESIS_HASH, "no_such_event", b"{}").encode()
    with sqlite3.connect(path) as db:  # a chained stream, but of no event of ours
        db.execute("INSERT INTO stored_events VALUES (?, 1, 'no_such_event', ?)",
                   (broken.hex, b'{"prev":"' + GENESIS_HASH.encode() + b'","hash":"' + hash_
                    + b'","event":{}}'))
    second = open_service(f"sqlite:{path}", rules=rules())
    try:
        listed = Local(second).call("game.list")["games"]
        assert [g["game_id"] for g in listed] == [game_id]
        assert f"game {broken} cannot be summarised" in caplog.text
    finally:
        second.close()
