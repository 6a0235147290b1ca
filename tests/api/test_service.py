"""The game methods in process: moves and their refusals, reads, subscriptions, the store."""

from __future__ import annotations

import contextlib
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import attrs
import orjson
import pytest

from ora_api import service as service_module
from ora_api.jsonrpc.rpc import Session, notification
from ora_api.methods import subscriptions
from ora_api.service import GameService, open_service
from ora_core.state import Readings
from tests.api.conftest import Local, RpcFailed, all_events, new_game, pick, play, verify_chain
from tests.support import rules


def _refused(local: Local, params: dict[str, Any]) -> RpcFailed:
    with pytest.raises(RpcFailed) as e:
        local.call("game.move", params)
    return e.value


def _snapshot(local: Local, game_id: str) -> tuple[int, list[dict[str, Any]]]:
    events = local.call("game.events", {"game_id": game_id})
    return events["version"], events["events"]


def test_create_deals_the_creators_token_and_invitations_and_never_shows_them_again(
        local: Local) -> None:
    created = local.call("game.create", {"config": {"players": 4, "variant": "ireland",
                                                    "length": "short", "seed": 3},
                                         "visibility": "public"})
    assert [s["seat"] for s in created["seats"]] == [0, 1, 2, 3]
    creator, *others = created["seats"]
    assert creator["name"] == "Player 1" and creator["invite"] is None
    assert all(s["token"] is None and s["name"] is None for s in others)
    secrets = {creator["token"], *(s["invite"] for s in others)}
    assert len(secrets) == 4 and all(len(t) >= 40 for t in secrets)
    game_id = created["game_id"]
    state = local.call("game.state", {"game_id": game_id})
    assert [p["colour"] for p in state["players"]] == [s["colour"] for s in created["seats"]]
    shown = str([local.call("game.state", {"game_id": game_id}),
                 local.call("game.events", {"game_id": game_id}),
                 local.call("game.list"), local.call("game.score", {"game_id": game_id})])
    assert not any(t in shown for t in secrets)


def test_refused_moves_append_nothing(local: Local) -> None:
    game_id, tokens = new_game(local)
    legal = local.call("game.legal_moves", {"game_id": game_id})
    seat, version = legal["seat"], legal["version"]
    other = (seat + 1) % 3
    move = next(m for m in legal["moves"] if m != "COMMIT")
    before = _snapshot(local, game_id)
    cases = [
        ({"token": "nope", "move": move}, -32006, "bad_token"),
        ({"token": tokens[seat] + "x", "move": move}, -32006, "bad_token"),
        ({"token": tokens[seat], "move": move, "expected_version": version - 1},
         -32001, "version_conflict"),
        ({"token": tokens[seat], "move": move, "expected_version": version + 1},
         -32001, "version_conflict"),
        ({"token": tokens[other], "move": move}, -32005, "not_your_turn"),
        ({"token": tokens[seat], "move": "COMMIT"}, -32002, "illegal_move"),
        ({"token": tokens[seat], "move": "BUILD G01 0 0"}, -32002, "illegal_move"),
        ({"token": tokens[seat], "move": "DANCE"}, -32003, "invalid_move"),
        ({"token": tokens[seat], "move": ""}, -32003, "invalid_move"),
    ]
    for params, code, name in cases:
        e = _refused(local, {"game_id": game_id, **params})
        assert (e.code, e.data["code"]) == (code, name), params
        assert set(e.data) >= {"code", "reason", "rule", "detail"}
    e = _refused(local, {"game_id": game_id, "token": tokens[seat], "move": "COMMIT"})
    assert e.data["reason"] == "main_action_missing" and e.data["rule"] == "R-ACT-1"
    e = _refused(local, {"game_id": game_id, "token": tokens[other], "move": move})
    assert e.data["rule"] == "R-ROUND-3"
    assert _snapshot(local, game_id) == before
    # the right token at the right version is accepted
    done = local.call("game.move", {"game_id": game_id, "token": tokens[seat], "move": move,
                                    "expected_version": version})
    assert done["version"] == version + len(done["events"])
    assert done["events"][0]["type"] == "move_played"
    assert done["events"][0]["data"] == {"seat": seat, "move": move}


def test_unknown_game(local: Local) -> None:
    missing = "00000000-0000-4000-8000-000000000000"
    for method, params in [
        ("game.state", {"game_id": missing}),
        ("game.move", {"game_id": missing, "token": "t", "move": "COMMIT"}),
        ("game.legal_moves", {"game_id": missing}),
        ("game.complete", {"game_id": missing}),
        ("game.events", {"game_id": missing}),
        ("game.score", {"game_id": missing}),
        ("game.subscribe", {"game_id": missing}),
    ]:
        with pytest.raises(RpcFailed) as e:
            local.call(method, params)
        assert (e.value.code, e.value.data["code"]) == (-32004, "unknown_game"), method


def test_a_whole_game_in_process(local: Local) -> None:
    game_id, tokens = new_game(local, players=4, seed=11, length="short")
    subscribed = local.call("game.subscribe", {"game_id": game_id})
    assert subscribed["version"] == local.call("game.state", {"game_id": game_id})["version"]
    assert local.call("game.score", {"game_id": game_id})["final"] is False
    play(local, game_id, tokens, random.Random(5))
    state = local.call("game.state", {"game_id": game_id})
    assert state["status"] == "finished" and state["flow"]["turn"]["decider"] is None
    assert len(state["scores"]) == 4
    final = local.call("game.score", {"game_id": game_id})
    assert final["final"] is True and final["scores"] == state["scores"]
    best = max(s["total"] for s in final["scores"])
    assert final["winners"] == [s["seat"] for s in final["scores"] if s["total"] == best]
    events = all_events(local, game_id)
    verify_chain(events)
    assert "game_ended" in [e["type"] for e in events[-3:]]
    pushed = [m["params"] for m in local.pushed]
    assert all(m["method"] == "game.event" for m in local.pushed)
    assert [p["version"] for p in pushed] == list(range(subscribed["version"] + 1,
                                                        state["version"] + 1))
    by_version = {e["version"]: e for e in events}
    for p in pushed:
        e = by_version[p["version"]]
        assert (p["type"], p["data"], p["hash"], p["prev_hash"]) == (
            e["type"], e["data"], e["hash"], e["prev_hash"])
        assert p["game_id"] == game_id
    assert local.call("game.legal_moves", {"game_id": game_id})["moves"] == []
    with pytest.raises(RpcFailed) as err:
        local.call("game.move", {"game_id": game_id, "token": tokens[0], "move": "COMMIT"})
    assert err.value.data["reason"] == "game_over"
    listed = local.call("game.list")["games"]
    assert [(g["game_id"], g["status"], g["version"]) for g in listed] == [
        (game_id, "finished", state["version"])]


def test_state_at_any_version_and_events_paging(local: Local) -> None:
    game_id, tokens = new_game(local)
    play(local, game_id, tokens, random.Random(1), max_moves=30)
    head = local.call("game.state", {"game_id": game_id})
    events = all_events(local, game_id)
    assert len(events) == head["version"]
    page = local.call("game.events", {"game_id": game_id, "from_version": 5, "limit": 3})
    assert page["version"] == head["version"]
    assert page["events"] == events[4:7]
    assert local.call("game.events", {"game_id": game_id,
                                      "from_version": head["version"] + 1})["events"] == []
    first = local.call("game.state", {"game_id": game_id, "version": 1})
    assert first["version"] == 1 and first["round"] == 0
    middle = local.call("game.state", {"game_id": game_id, "version": head["version"] - 3})
    assert middle["version"] == head["version"] - 3
    assert local.call("game.state", {"game_id": game_id, "version": head["version"]}) == head


def test_events_come_in_pages_of_bounded_size(local: Local, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    """A long stream is answered one page at a time (a count and a size bound); next_version
    chains the pages, and is null once the page holds what was asked."""
    game_id, tokens = new_game(local)
    play(local, game_id, tokens, random.Random(3), max_moves=40)
    whole = local.call("game.events", {"game_id": game_id})
    assert whole["next_version"] is None and len(whole["events"]) == whole["version"]
    monkeypatch.setattr(service_module, "EVENTS_PAGE_BYTES", 4000)
    first = local.call("game.events", {"game_id": game_id})
    assert 1 <= len(first["events"]) < whole["version"]
    assert first["next_version"] == first["events"][-1]["version"] + 1
    assert len(orjson.dumps(first["events"])) < 4000 + 2000  # one event may cross the bound
    assert all_events(local, game_id) == whole["events"]
    limited = local.call("game.events", {"game_id": game_id, "from_version": 3, "limit": 2})
    assert [e["version"] for e in limited["events"]] == [3, 4]
    assert limited["next_version"] is None
    monkeypatch.setattr(service_module, "EVENTS_PAGE", 5)
    capped = local.call("game.events", {"game_id": game_id, "limit": 50})
    assert len(capped["events"]) == 5 and capped["next_version"] == 6


def test_legal_moves_for_another_seat_are_empty(local: Local) -> None:
    game_id, _ = new_game(local)
    legal = local.call("game.legal_moves", {"game_id": game_id})
    assert legal["moves"]
    mine = local.call("game.legal_moves", {"game_id": game_id, "seat": legal["seat"]})
    assert mine == legal
    other = local.call("game.legal_moves", {"game_id": game_id, "seat": legal["seat"] + 1})
    assert other["moves"] == [] and other["seat"] == legal["seat"]


def test_complete_over_the_api(local: Local) -> None:
    game_id, _ = new_game(local)
    moves = local.call("game.legal_moves", {"game_id": game_id})["moves"]
    verbs = local.call("game.complete", {"game_id": game_id, "prefix": ""})["tokens"]
    assert verbs == list(dict.fromkeys(m.split()[0] for m in moves))
    use = next(m for m in moves if m.startswith("USE ")).split()
    after = local.call("game.complete", {"game_id": game_id, "prefix": " ".join(use[:2])})
    assert after["tokens"] and all(t == "" or " ".join([*use[:2], t]) in " ".join(moves)
                                   for t in after["tokens"])
    assert local.call("game.complete", {"game_id": game_id, "prefix": "DANCE"})["tokens"] == []


def test_subscriptions_need_a_push_transport(service: GameService) -> None:
    http_like = Local(service, push=False)
    game_id, _ = new_game(http_like)
    with pytest.raises(RpcFailed) as e:
        http_like.call("game.subscribe", {"game_id": game_id})
    assert (e.value.code, e.value.data["code"]) == (-32007, "push_unavailable")


def test_unsubscribe_and_close_stop_notifications(service: GameService) -> None:
    watcher, player = Local(service), Local(service)
    game_id, tokens = new_game(player)
    first = watcher.call("game.subscribe", {"game_id": game_id})["version"]
    assert watcher.call("game.subscribe", {"game_id": game_id})["version"] == first  # idempotent
    play(player, game_id, tokens, random.Random(2), max_moves=1)
    count = len(watcher.pushed)
    assert count > 0
    assert watcher.call("game.unsubscribe", {"game_id": game_id})["subscribed"] is True
    assert watcher.call("game.unsubscribe", {"game_id": game_id})["subscribed"] is False
    play(player, game_id, tokens, random.Random(2), max_moves=1)
    assert len(watcher.pushed) == count
    watcher.call("game.subscribe", {"game_id": game_id})
    watcher.session.close()
    play(player, game_id, tokens, random.Random(3), max_moves=1)
    assert len(watcher.pushed) == count


def test_spectators_get_one_encoding_of_each_event(service: GameService,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Each event's game.event is encoded once for all of a game's subscribers, whatever
    their number: they all get the same bytes, and what they get is the stored event."""
    encoded: list[bytes] = []

    def counting(method: str, params: Any) -> bytes:
        encoded.append(notification(method, params))
        return encoded[-1]

    monkeypatch.setattr(subscriptions, "notification", counting)
    player = Local(service)
    game_id, tokens = new_game(player)
    received: list[list[bytes]] = [[] for _ in range(5)]
    watchers = [Local(service) for _ in received]
    for watcher, got in zip(watchers, received, strict=True):
        watcher.session = Session(got.append)
        watcher.call("game.subscribe", {"game_id": game_id})
    play(player, game_id, tokens, random.Random(4), max_moves=6)
    events = all_events(player, game_id)
    later = [e for e in events if e["version"] > events[-1]["version"] - len(encoded)]
    assert len(encoded) == len(later) > 6 and all(got == encoded for got in received)
    assert [orjson.loads(m)["params"]["data"] for m in encoded] == [e["data"] for e in later]


def _race(local: Local, params: list[dict[str, Any]]) -> list[str]:
    """Send the moves at once from as many threads; each one's outcome."""
    results: list[str] = []
    barrier = threading.Barrier(len(params))

    def go(p: dict[str, Any]) -> None:
        barrier.wait()
        try:
            local.call("game.move", p)
            results.append("ok")
        except RpcFailed as e:
            results.append(e.data["code"])

    threads = [threading.Thread(target=go, args=(p,)) for p in params]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_racing_moves_in_threads_exactly_one_is_stored(local: Local) -> None:
    game_id, tokens = new_game(local)
    for _ in range(10):
        legal = local.call("game.legal_moves", {"game_id": game_id})
        moves = [m for m in legal["moves"] if m != "COMMIT"] or legal["moves"]
        results = _race(local, [
            {"game_id": game_id, "token": tokens[legal["seat"]], "move": moves[i % len(moves)],
             "expected_version": legal["version"]} for i in range(4)])
        assert sorted(results) == ["ok"] + ["version_conflict"] * 3
        verify_chain(all_events(local, game_id))


@attrs.define
class Behind:
    """Two services on one file; ``b`` folded the game, then ``a`` played ``move`` for
    ``seat``: ``b``'s cache is one move behind (``legal`` is what ``b`` answered before)."""

    b_service: GameService
    a: Local
    b: Local
    game_id: str
    tokens: dict[int, str]
    legal: dict[str, Any]
    seat: int
    move: str


@contextlib.contextmanager
def b_behind_a(tmp_path: Path) -> Iterator[Behind]:
    url = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    one, two = open_service(url, rules=rules()), open_service(url, rules=rules())
    try:
        a, b = Local(one), Local(two)
        game_id, tokens = new_game(a)
        legal = b.call("game.legal_moves", {"game_id": game_id})  # b folds the game too
        seat, move = legal["seat"], pick(legal["moves"], random.Random(0))
        a.call("game.move", {"game_id": game_id, "token": tokens[seat], "move": move})
        yield Behind(two, a, b, game_id, tokens, legal, seat, move)
        play(b, game_id, tokens, random.Random(1), max_moves=2)  # and b moves on from there
        assert a.call("game.state", {"game_id": game_id}) == b.call("game.state",
                                                                    {"game_id": game_id})
        verify_chain(all_events(b, game_id))
    finally:
        one.close()
        two.close()


def test_a_second_service_on_the_same_file_never_answers_from_a_stale_cache(
        tmp_path: Path) -> None:
    with b_behind_a(tmp_path) as g:
        # b checks the stream's head before answering from its cache: it sees a's move
        assert g.b.call("game.state", {"game_id": g.game_id}) == g.a.call(
            "game.state", {"game_id": g.game_id})
        with pytest.raises(RpcFailed) as e:  # a move decided against the old version
            g.b.call("game.move", {"game_id": g.game_id, "token": g.tokens[g.seat],
                                   "move": g.move, "expected_version": g.legal["version"]})
        assert e.value.data["code"] == "version_conflict"


def test_a_move_at_the_cached_version_another_service_passed_is_refused_and_stores_nothing(
        tmp_path: Path) -> None:
    # Issue 34: a move whose expected version is the hot state's is decided without reading
    # the stream's head first; the append finds the other service's event and refuses it.
    with b_behind_a(tmp_path) as g:
        stored = all_events(g.a, g.game_id)
        heads_read: list[UUID] = []
        read_head = g.b_service.store.version

        def counted(game_id: UUID) -> int:
            heads_read.append(game_id)
            return read_head(game_id)

        g.b_service.store.version = counted  # type: ignore[method-assign]
        with pytest.raises(RpcFailed) as e:
            g.b.call("game.move", {"game_id": g.game_id, "token": g.tokens[g.seat],
                                   "move": g.move, "expected_version": g.legal["version"]})
        assert e.value.data["code"] == "version_conflict"
        assert heads_read == []  # refused by the append, not by a read before it
        assert all_events(g.a, g.game_id) == stored  # nothing of b's was stored
        g.b_service.store.version = read_head  # type: ignore[method-assign]


def test_tokens_survive_a_restart_and_are_stored_as_digests(tmp_path: Path) -> None:
    path = tmp_path / "ora.sqlite3"
    first = open_service(f"sqlite:{path}", rules=rules())
    game_id, tokens = new_game(Local(first))
    first.close()
    raw = path.read_bytes() + (tmp_path / "ora.sqlite3-wal").read_bytes() \
        if (tmp_path / "ora.sqlite3-wal").exists() else path.read_bytes()
    assert not any(t.encode() in raw for t in tokens.values())
    second = open_service(f"sqlite:{path}", rules=rules())
    try:
        local = Local(second)
        assert play(local, game_id, tokens, random.Random(4), max_moves=3) == 3
    finally:
        second.close()


def test_game_list_of_a_fresh_server_reads_the_store(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    first = open_service(url, rules=rules())
    a = Local(first)
    done, tokens = new_game(a, players=3, seed=4, length="short")
    play(a, done, tokens, random.Random(1))
    new_game(a, players=2, seed=5)
    expected = a.call("game.list")["games"]
    first.close()
    second = open_service(url, rules=rules(), cache_size=1)
    try:
        b = Local(second)
        assert b.call("game.list")["games"] == expected  # cold: nothing folded yet
        assert [g["status"] for g in expected] == ["finished", "playing"]
        assert b.call("game.list")["games"] == expected  # from the summaries kept
    finally:
        second.close()


def test_a_small_hot_cache_evicts_and_refolds(tmp_path: Path) -> None:
    service = open_service(f"sqlite:{tmp_path / 'ora.sqlite3'}", rules=rules(), cache_size=1)
    try:
        local = Local(service)
        games = [new_game(local, seed=s) for s in (1, 2)]
        rng = random.Random(0)
        for _ in range(10):
            for game_id, tokens in games:
                play(local, game_id, tokens, rng, max_moves=1)
        for game_id, _ in games:
            verify_chain(all_events(local, game_id))
            cached = local.call("game.state", {"game_id": game_id})
            service._evict(UUID(game_id))
            assert local.call("game.state", {"game_id": game_id}) == cached
    finally:
        service.close()


def test_create_takes_the_readings_and_the_state_shows_them(local: Local) -> None:
    """AMB-05 / AMB-02 / AMB-09 / AMB-E3: a set name or per-ambiguity options; bad names refused."""
    created = local.call("game.create", {"config": {"players": 4, "variant": "france",
                                                    "length": "long", "seed": 3,
                                                    "readings": "kennerspiel"},
                                         "visibility": "public"})
    state = local.call("game.state", {"game_id": created["game_id"]})
    assert state["config"]["readings"]["landscape_purchases"] == "per_slot"
    created = local.call("game.create", {"config": {
        "players": 3, "variant": "france", "length": "long",
        "readings": {"wheel_entry": "before_rotation"}}, "visibility": "public"})
    readings = local.call("game.state", {"game_id": created["game_id"]})["config"]["readings"]
    assert readings["wheel_entry"] == "before_rotation"  # the others at the rulebook's
    assert {k: v for k, v in readings.items() if k != "wheel_entry"} == {
        k: v for k, v in attrs.asdict(Readings()).items() if k != "wheel_entry"}
    with pytest.raises(RpcFailed) as e:
        local.call("game.create", {"config": {"players": 3, "variant": "france",
                                              "length": "long", "readings": "chess"}})
    assert "unknown set 'chess'" in str(e.value.error)
