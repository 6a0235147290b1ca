"""Bot seats (docs/api.md, docs/bots.md): game.create gives seats to bots that the server plays."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from ora_api.service import GameService, SeatPlan, open_service
from ora_api.table.bot_seats import deciding_bot
from tests.api.conftest import HttpServer, Local, pick, verify_chain
from tests.support import rules


def wait_until(check: Any, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def create(client: Any, bots: list[str | None], players: int = 2, seed: int = 5) -> Any:
    """A public game: a bot seat per name in ``bots``, a seat the creator takes per None."""
    return client.call("game.create", {
        "config": {"players": players, "variant": "france", "length": "long", "seed": seed},
        "seats": [{"name": f"P{i}"} if bot is None else {"bot": bot}
                  for i, bot in enumerate(bots)],
        "visibility": "public"})


def test_a_person_plays_a_whole_game_against_a_bot_seat(local: Local,
                                                        service: GameService) -> None:
    created = create(local, [None, "builder"])
    game_id = created["game_id"]
    assert [(s["seat"], s["bot"], s["token"] is None) for s in created["seats"]] == [
        (0, None, False), (1, "builder", True)]  # nobody holds a bot seat's token
    local.call("game.subscribe", {"game_id": game_id})
    token = created["seats"][0]["token"]
    rng = random.Random(3)
    mine = 0
    while True:  # the person's turn comes back after the bot's moves, without being asked
        wait_until(lambda: local.call("game.legal_moves", {"game_id": game_id})["seat"]
                   in (0, None))
        legal = local.call("game.legal_moves", {"game_id": game_id})
        if legal["seat"] is None:
            break
        local.call("game.move", {"game_id": game_id, "token": token,
                                 "move": pick(legal["moves"], rng),
                                 "expected_version": legal["version"]})
        mine += 1
        assert mine < 3000, "the game does not end"
    events = local.call("game.events", {"game_id": game_id})["events"]
    verify_chain(events)
    seats = {e["data"]["seat"] for e in events if e["type"] == "move_played"}
    assert seats == {0, 1}
    assert local.call("game.score", {"game_id": game_id})["final"] is True
    # every stored event was pushed to the subscriber, the bot's moves included
    wait_until(lambda: len(local.pushed) == len(events) - created["version"])
    assert [p["params"]["version"] for p in local.pushed] == list(
        range(created["version"] + 1, len(events) + 1))


def test_bots_only_games_play_to_the_end_by_themselves(local: Local) -> None:
    game_id = create(local, ["random", "random"], seed=11)["game_id"]
    wait_until(lambda: local.call("game.state", {"game_id": game_id})["status"] == "finished")
    events = local.call("game.events", {"game_id": game_id})["events"]
    verify_chain(events)


def test_bot_moves_are_reproducible_for_a_seed(service: GameService) -> None:
    local = Local(service)
    games = [create(local, ["random", "random"], seed=11)["game_id"] for _ in range(2)]
    for game_id in games:
        wait_until(lambda g=game_id: local.call("game.state", {"game_id": g})["status"]
                   == "finished")
    moves = [[e["data"]["move"] for e in local.call("game.events", {"game_id": g})["events"]
              if e["type"] == "move_played"] for g in games]
    assert moves[0] == moves[1]


def test_a_restarted_server_goes_on_playing_its_bot_seats(tmp_path: Path) -> None:
    store = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    server = HttpServer(store, tmp_path)
    try:
        created = create(server, [None, "builder"], seed=2)
        game_id = created["game_id"]
        token = created["seats"][0]["token"]
        legal = server.call("game.legal_moves", {"game_id": game_id})
        assert legal["seat"] == 0  # seat 0 starts with this seed
        server.call("game.move", {"game_id": game_id, "token": token,
                                  "move": legal["moves"][0]})
    finally:
        server.stop(kill=True)
    server = HttpServer(store, tmp_path)
    try:
        rng = random.Random(1)
        for _ in range(40):  # the bot answers each of the person's moves after the restart
            wait_until(lambda: server.call("game.legal_moves", {"game_id": game_id})["seat"]
                       in (0, None))
            legal = server.call("game.legal_moves", {"game_id": game_id})
            server.call("game.move", {"game_id": game_id, "token": token,
                                      "move": pick(legal["moves"], rng),
                                      "expected_version": legal["version"]})
        moves = [e["data"]["seat"] for e in server.call("game.events", {"game_id": game_id})[
            "events"] if e["type"] == "move_played"]
        assert moves.count(1) > 0 and moves.count(0) == 41
    finally:
        server.stop()


def test_deciding_bot_reads_the_deciding_seat() -> None:
    svc = open_service("memory", rules=rules())
    try:
        people = svc.create(2, "france", "long", 1, seats=[SeatPlan(name="A"),
                                                            SeatPlan(name="B")]).state
        assert deciding_bot(people) is None
        seat = people.flow.turn.decider
        plans = [SeatPlan(name="A"), SeatPlan(name="B")]
        plans[1 - seat] = SeatPlan(bot="random")
        waiting = svc.create(2, "france", "long", 1, seats=plans).state
        assert deciding_bot(waiting) is None  # the person starts; the bot waits its turn
        plans[seat] = SeatPlan(bot="greedy")
        assert deciding_bot(svc.create(2, "france", "long", 1, seats=plans).state) == (
            seat, "greedy")
    finally:
        svc.close()


def test_reads_go_on_while_a_bot_thinks(local: Local) -> None:
    created = local.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "long", "seed": 2},
        "seats": [{"bot": "mcts:1500ms"}, {"name": "P"}], "visibility": "public"})
    game_id = created["game_id"]
    # seat 0, the bot, decides first; while it thinks (1.5 s) the game answers at once, from
    # the position before its move: the bot holds no lock while it chooses.
    state = local.call("game.state", {"game_id": game_id})
    assert (state["flow"]["turn"]["decider"], state["version"]) == (0, created["version"])
    assert local.call("game.legal_moves", {"game_id": game_id})["seat"] == 0
    wait_until(lambda: local.call("game.state", {"game_id": game_id})["version"]
               > created["version"])
    events = local.call("game.events", {"game_id": game_id,
                                        "from_version": created["version"] + 1})["events"]
    assert events[0]["type"] == "move_played" and events[0]["data"]["seat"] == 0
