"""Clocks (issue 24; docs/api.md "Clocks", rules CLOCK-1 .. CLOCK-3 of ora_rules/clocks.py):
the time a decision took in its event, the clocks in game.view, and a seat's time running out
noticed by the sweep and by the next request. A fake clock moves time: no sleeps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from ora_api.cli import main
from ora_api.service import GameService
from ora_api.table.clocks import FakeClock
from ora_core.codec import EventJsonCodec
from ora_core.events import MovePlayed
from ora_core.store import EventStore
from ora_rules.records.ora_format import read_ora
from tests.api.conftest import Local, RpcFailed, all_events
from tests.support import rules


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed(clock: FakeClock) -> Iterator[Local]:
    svc = GameService(EventStore(EventJsonCodec(), "memory"), rules(), clock=clock)
    yield Local(svc)
    svc.close()


def _game(client: Any, clock: dict[str, Any] | None, players: int = 2, seed: int = 5,
          bots: int = 0) -> tuple[str, dict[int, str]]:
    config: dict[str, Any] = {"players": players, "variant": "france", "length": "long",
                              "seed": seed}
    if clock is not None:
        config["clock"] = clock
    seats = [{"name": f"P{s}"} for s in range(players - bots)] + \
        [{"bot": "random"} for _ in range(bots)]
    created = client.call("game.create", {"config": config, "seats": seats,
                                          "visibility": "public"})
    return created["game_id"], {s["seat"]: s["token"] for s in created["seats"] if s["token"]}


def _move(client: Any, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    legal = client.call("game.legal_moves", {"game_id": game_id})
    done: dict[str, Any] = client.call("game.move", {
        "game_id": game_id, "token": tokens[legal["seat"]], "move": legal["moves"][-1]})
    return done


def _played(client: Any, game_id: str) -> list[dict[str, Any]]:
    return [e["data"] for e in all_events(client, game_id) if e["type"] == "move_played"]


def test_a_move_stores_the_time_it_took_and_the_time_left(timed: Local,
                                                          clock: FakeClock) -> None:
    """CLOCK-1 (Fischer): 60 s, 5 s a move; 12 s thought leaves 53 s."""
    game_id, tokens = _game(timed, {"initial": 60, "increment": 5})
    view = timed.call("game.view", {"game_id": game_id})["clock"]
    assert view["left"] == [60000, 60000] and view["running"] == 0
    clock.advance(12)
    view = timed.call("game.view", {"game_id": game_id})["clock"]
    assert view["left"] == [48000, 60000]  # the running seat's time counts down
    _move(timed, game_id, tokens)
    assert _played(timed, game_id)[-1]["took"] == 12000
    assert _played(timed, game_id)[-1]["left"] == 53000
    assert timed.call("game.view", {"game_id": game_id})["clock"]["left"][0] == 53000
    log = timed.call("game.log", {"game_id": game_id})["moves"]
    assert log[0]["took"] == 12000


def test_a_game_without_a_clock_stores_no_time(timed: Local, clock: FakeClock) -> None:
    game_id, tokens = _game(timed, None)
    clock.advance(30)
    _move(timed, game_id, tokens)
    assert all("took" not in m and "left" not in m for m in _played(timed, game_id))
    assert timed.call("game.view", {"game_id": game_id})["clock"] is None
    started = all_events(timed, game_id)[0]["data"]["config"]
    assert "clock" not in started  # absent, not null: the bytes of a game without a clock


def test_a_deadline_gives_each_decision_its_own_time(timed: Local, clock: FakeClock) -> None:
    """CLOCK-1 (deadline): a correspondence day a move; the time left is reset each time."""
    game_id, tokens = _game(timed, {"correspondence": 1})
    clock.advance(3600)
    _move(timed, game_id, tokens)
    assert _played(timed, game_id)[-1] == {**_played(timed, game_id)[-1], "took": 3600000,
                                           "left": 86400000}


def test_lose_on_time_ends_the_game_noticed_by_the_sweep(timed: Local,
                                                          clock: FakeClock) -> None:
    """CLOCK-3 lose: the sweep notices; the game ends (R-END-1), the other seat wins."""
    game_id, tokens = _game(timed, {"initial": 60, "on_timeout": "lose"})
    clock.advance(59.9)
    assert timed.service.timers.sweep() == 0
    clock.advance(0.2)
    assert timed.service.timers.sweep() == 1
    types = [e["type"] for e in all_events(timed, game_id)]
    assert types[-3:] == ["clock_expired", "flow_changed", "game_ended"]
    view = timed.call("game.view", {"game_id": game_id})
    assert view["final"] is True and view["winners"] == [1]
    assert view["clock"]["timed_out"] == [0] and view["clock"]["running"] is None
    with pytest.raises(RpcFailed) as over:
        timed.call("game.move", {"game_id": game_id, "token": tokens[0], "move": "COMMIT"})
    assert over.value.data["rule"] == "R-END-1"
    assert timed.call("game.list", {})["games"][0]["winners"] == [1]  # the summary too


def test_pass_is_noticed_on_the_next_request_and_decides_by_default(timed: Local,
                                                                   clock: FakeClock) -> None:
    """CLOCK-3 pass, seen by the next request (no sweep): the rules' default is played for
    the seat (R-ACT-3: felling trees is always possible), its time is 0 plus the increment."""
    game_id, _ = _game(timed, {"initial": 30, "increment": 10, "on_timeout": "pass"})
    clock.advance(45)
    before = timed.call("game.view", {"game_id": game_id})  # the read applies the timeout
    events = all_events(timed, game_id)
    types = [e["type"] for e in events]
    assert "clock_expired" in types
    expired = types.index("clock_expired")
    assert events[expired]["data"] == {"seat": 0, "took": 45000}
    default = events[expired + 1]["data"]
    assert default["seat"] == 0 and default["move"].split()[0] in ("FELL_TREES", "CUT_PEAT")
    assert default["took"] == 0 and default["left"] == 10000
    assert before["clock"]["timed_out"] == [0]
    assert not before["final"]


def test_bot_takes_the_seat_when_its_time_runs_out(timed: Local, clock: FakeClock) -> None:
    """CLOCK-3 bot: SeatReplaced (reason timeout); the seat's token no longer moves."""
    game_id, tokens = _game(timed, {"deadline": 20, "on_timeout": "bot", "bot": "random"})
    clock.advance(21)
    with pytest.raises(RpcFailed) as late:  # the move's request notices the timeout first
        timed.call("game.move", {"game_id": game_id, "token": tokens[0],
                                 "move": "FELL_TREES 1 0"})
    assert late.value.data["reason"] == "time_ran_out" and late.value.data["rule"] == "CLOCK-3"
    with pytest.raises(RpcFailed) as refused:  # a bot plays the seat now
        timed.call("game.move", {"game_id": game_id, "token": tokens[0],
                                 "move": "FELL_TREES 1 0"})
    assert refused.value.error["message"] == "Bad token"
    replaced = [e["data"] for e in all_events(timed, game_id) if e["type"] == "seat_replaced"]
    assert replaced == [{"seat": 0, "bot": "random", "reason": "timeout"}]
    assert timed.service.current(UUID(game_id)).players[0].bot == "random"


def test_a_bad_clock_is_refused_naming_its_field(timed: Local) -> None:
    for clock, path in (({"initial": 60, "deadline": 5}, "config.clock"),
                        ({"initial": 60, "on_timeout": "forfeit"}, "config.clock.on_timeout"),
                        ({"deadline": 60, "on_timeout": "bot", "bot": "nobody"},
                         "config.clock.bot")):
        with pytest.raises(RpcFailed) as bad:
            _game(timed, clock)
        assert bad.value.data["path"] == path, bad.value.data


def test_a_clocked_game_exports_its_times_and_replays_byte_for_byte(
        timed: Local, clock: FakeClock) -> None:
    """The record carries [Clock], each move's t=MS and the TIMEOUT line; reading it gives
    the same events (the head hash matches)."""
    game_id, tokens = _game(timed, {"initial": 40, "increment": 2, "on_timeout": "pass"},
                            players=3)
    for seconds in (3, 7, 50, 1, 2):
        clock.advance(seconds)
        if timed.service.timers.sweep():
            continue
        _move(timed, game_id, tokens)
    record = timed.call("game.export", {"game_id": game_id})["record"]
    assert '[Clock "fischer 40+2 pass"]' in record
    assert "TIMEOUT  #v" in record and " t=50000" in record and " t=3000" in record
    imported = read_ora(record, rules())
    assert imported.stop is None
    stored = timed.service.store.events(UUID(game_id))
    codec = EventJsonCodec()
    assert [codec.encode(e) for e in imported.events] == \
        [codec.encode(s.event) for s in stored]
    assert any(isinstance(e, MovePlayed) and e.took == 7000 for e in imported.events)
    verified = timed.call("game.verify", {"game_id": game_id})  # today's rules agree
    assert verified["ok"] is True and verified["difference"] is None


def test_ora_log_says_how_long_each_seat_thought(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``ora log`` of a clocked game prints each move's time: 125 s is "[2 min 05 s]"."""
    url = f"sqlite:{tmp_path / 'games.sqlite3'}"
    clock = FakeClock()
    svc = GameService(EventStore(EventJsonCodec(), url), rules(), clock=clock)
    try:
        client = Local(svc)
        game_id, tokens = _game(client, {"initial": 600})
        clock.advance(125)
        _move(client, game_id, tokens)
        clock.advance(12.3)
        _move(client, game_id, tokens)
    finally:
        svc.close()
    assert main(["log", game_id, "--store", url]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line[:1].isdigit()]
    assert lines[0].endswith(" [2 min 05 s]") and lines[1].endswith(" [12.3 s]")


def test_a_server_on_the_real_clock_runs_the_sweep_and_stops_it(service: GameService) -> None:
    """The sweep is a thread of the service on the system clock (a fake clock's service is
    swept by hand, as above); closing the service stops it."""
    thread = service.timers._thread
    assert thread is not None and thread.is_alive() and thread.daemon
    service.timers.close()
    assert not thread.is_alive()


def test_the_audit_of_a_clocked_game_is_the_audit_of_its_moves(timed: Local,
                                                               clock: FakeClock) -> None:
    """A game under a profile (weblabora) audits the same with a clock as without: the times
    and the table's lines are no departure from the rulebook (docs/records.md "The audit")."""
    games = []
    for with_clock in (False, True):
        config: dict[str, Any] = {"players": 2, "variant": "france", "length": "long",
                                  "seed": 12, "readings": "weblabora"}
        if with_clock:
            config["clock"] = {"initial": 600, "increment": 5}
        created = timed.call("game.create", {"config": config, "visibility": "public",
                                             "seats": [{"name": "A"}, {"name": "B"}]})
        games.append((created["game_id"], {s["seat"]: s["token"] for s in created["seats"]}))
    for n in range(40):
        clock.advance(3 + n % 7)
        for game_id, tokens in games:
            _move(timed, game_id, tokens)
    audits = [timed.call("game.audit", {"game_id": g})["departures"] for g, _ in games]
    assert audits[0] == audits[1]
    assert timed.call("game.verify", {"game_id": games[1][0]})["ok"] is True


def test_game_state_and_game_list_show_the_clock_it_was_created_with(timed: Local) -> None:
    """CLOCK-1: the clock chosen at creation in game.state's config and in game.list's
    entries, as in game.view; null for a game without one."""
    fischer, _ = _game(timed, {"initial": 60, "increment": 5, "on_timeout": "pass"})
    deadline, _ = _game(timed, {"deadline": 20, "on_timeout": "bot", "bot": "random"})
    plain, _ = _game(timed, None)
    expected = {
        fischer: {"kind": "fischer", "initial": 60, "increment": 5, "on_timeout": "pass",
                  "bot": "medium"},
        deadline: {"kind": "deadline", "initial": 20, "increment": 0, "on_timeout": "bot",
                   "bot": "random"},
        plain: None}
    for game_id, clock in expected.items():
        state = timed.call("game.state", {"game_id": game_id})
        assert state["config"]["clock"] == clock
    listed = {g["game_id"]: g["config"]["clock"]
              for g in timed.call("game.list", {})["games"]}
    assert listed == expected
    view = timed.call("game.view", {"game_id": fischer})["clock"]
    assert (view["kind"], view["initial"], view["increment"]) == ("fischer", 60, 5)
