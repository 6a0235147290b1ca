"""``game.fork`` and ``ora fork`` (issue 35; docs/api.md "Forks", docs/records.md "Forks"): a new
game from a stored game's position, its seats joined as a new game's are, played by people or
bots, verified and exported with its provenance."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ora_api.cli import main
from ora_api.tools.selfplay import open_store, play_game
from tests.api.conftest import Local, RpcFailed, new_game, play
from tests.support import rules


def test_a_fork_is_a_new_game_with_seats_like_game_create(local: Local) -> None:
    source, tokens = new_game(local, players=3, seed=4, visibility="private")
    play(local, source, tokens, random.Random(4), max_moves=14)
    before = local.call("game.state", {"game_id": source, "move": 10, "token": tokens[0]})
    fork = local.call("game.fork", {"game_id": source, "move": 10, "token": tokens[0],
                                    "seats": [{"name": "Ann"}, {}, {}]})
    assert fork["moves"] == 10 and fork["visibility"] == "private"
    assert fork["source"]["game_id"] == source and fork["source"]["move"] == 10
    assert fork["source"]["head"].startswith("sha256:")
    mine = fork["seats"][0]["token"]
    assert mine and fork["seats"][0]["invite"] is None
    invites = [s["invite"] for s in fork["seats"][1:]]
    assert all(invites)
    joined = {0: mine}
    for seat, invite in zip((1, 2), invites, strict=True):
        joined[seat] = local.call("game.join", {"invite": invite, "name": f"J{seat}"})["token"]
    after = local.call("game.state", {"game_id": fork["game_id"], "token": mine})
    assert after["round"] == before["round"]
    assert [p["goods"] for p in after["players"]] == \
        [p["goods"] for p in before["players"]]
    assert after["config"]["fork"]["move"] == 10
    assert play(local, fork["game_id"], joined, random.Random(1), max_moves=5) == 5
    assert local.call("game.verify", {"game_id": fork["game_id"], "token": mine})["ok"]
    record = local.call("game.export", {"game_id": fork["game_id"], "token": mine})["record"]
    assert f'[Fork "{source} 10 {fork["source"]["head"]}"]' in record
    assert '[Seated "0@10 1@10 2@10"]' in record  # the fork's players came at its position
    again = local.call("game.import", {"record": record})
    assert again["stop"] is None and again["version"] == local.call(
        "game.state", {"game_id": fork["game_id"], "token": mine})["version"]


def test_a_fork_is_refused_with_a_typed_error(local: Local) -> None:
    source, tokens = new_game(local, players=2, seed=2, visibility="private")
    play(local, source, tokens, random.Random(2), max_moves=4)
    with pytest.raises(RpcFailed) as info:  # a private source is read with a token
        local.call("game.fork", {"game_id": source, "move": 2})
    assert info.value.data["reason"] == "token_required"
    with pytest.raises(RpcFailed) as info:
        local.call("game.fork", {"game_id": source, "move": 9, "token": tokens[0]})
    assert info.value.code == -32032 and info.value.data["reason"] == "out_of_range"
    with pytest.raises(RpcFailed) as info:  # one plan per seat, as game.create's
        local.call("game.fork", {"game_id": source, "move": 2, "token": tokens[0],
                                 "seats": [{}]})
    assert info.value.data["reason"] == "seat_count"
    with pytest.raises(RpcFailed) as info:
        local.call("game.fork", {"game_id": source, "move": 2, "token": tokens[0],
                                 "seats": [{"bot": "nobody"}, {}]})
    assert info.value.data["reason"] == "unknown_bot"
    listed = local.call("game.list", {"tokens": [tokens[0]]})["games"]
    assert [g["game_id"] for g in listed] == [source]  # nothing was stored


def test_a_fork_before_a_round_starts_where_the_round_begins(local: Local) -> None:
    """``round``: the position before the round's first move (R-ROUND-2: its opening behind
    it); one of ``move`` and ``round``, never both or neither."""
    source, tokens = new_game(local, players=3, seed=5, visibility="public")
    play(local, source, tokens, random.Random(5), max_moves=40)
    events = local.call("game.events", {"game_id": source})["events"]
    rounds = [e["data"]["round"] for e in events if e["type"] == "round_began"]
    assert rounds[:2] == [1, 2]
    fork = local.call("game.fork", {"game_id": source, "round": 2})
    before = fork["source"]["move"]
    assert fork["moves"] == before > 0
    played = [e for e in events if e["type"] in ("move_played", "round_began")]
    kinds = [e["type"] for e in played]
    second = kinds.index("round_began", 1)  # round 2 begins after `before` moves ...
    assert kinds[:second].count("move_played") == before
    state = local.call("game.state", {"game_id": fork["game_id"],
                                      "token": fork["seats"][0]["token"]})
    assert state["round"] == 2  # ... and the fork stands in it
    for params, path in (({"move": 3, "round": 2}, "move"), ({}, "move")):
        with pytest.raises(RpcFailed) as info:
            local.call("game.fork", {"game_id": source, **params})
        assert info.value.code == -32602 and info.value.data["path"] == path
    with pytest.raises(RpcFailed) as info:
        local.call("game.fork", {"game_id": source, "round": 40})
    assert info.value.code == -32032 and info.value.data["reason"] == "out_of_range"
    assert "round 40" in info.value.data["detail"]


def test_ora_fork_branches_a_position_and_bots_play_it_to_the_end(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    with open_store(url) as store:
        source = play_game(rules(), 3, "france", "short", 6, store=store).game_id
    assert main(["fork", source, "--move", "30", "--bots", "random", "--play",
                 "--store", url]) == 0
    lines = capsys.readouterr().out.splitlines()
    fork = lines[0]
    assert lines[1:4] == [f"  seat {n} ({c}): bot random" for n, c in
                          zip(range(3), _colours(url, fork), strict=True)]
    assert lines[4].startswith("finished after ")
    assert main(["verify", fork, "--store", url]) == 0
    assert main(["export", fork, "--store", url, "-o", str(tmp_path / "f.ora")]) == 0
    text = (tmp_path / "f.ora").read_text(encoding="utf-8")
    assert f'[Fork "{source} 30 sha256:' in text and "[Result " in text
    assert main(["verify", str(tmp_path / "f.ora")]) == 0
    capsys.readouterr()
    assert main(["fork", source, "--move", "9999", "--store", url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "move 9999" in err
    assert main(["fork", source, "--move", "3", "--bots", "random,,random", "--play",
                 "--store", url]) == 2
    assert "every seat must be a bot's" in capsys.readouterr().err
    assert main(["fork", source, "--move", "3", "--bots", "nobody", "--store", url]) == 2
    err = capsys.readouterr().err  # was an internal error (exit 70)
    assert err.startswith("ora: --bots: unknown bot 'nobody'; bots are easy,")
    assert err.count("\n") == 1
    assert main(["fork", source, "--round", "2", "--store", url]) == 0
    assert "the first of round 2" in capsys.readouterr().out
    assert main(["fork", source, "--round", "99", "--store", url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "round 99" in err
    missing = tmp_path / "none" / "ora.sqlite3"  # a mistyped store is not created
    assert main(["fork", source, "--move", "3", "--store", f"sqlite:{missing}"]) == 2
    assert not missing.parent.exists()


def _colours(url: str, game_id: str) -> list[str]:
    import uuid

    from ora_core.evolve import fold

    with open_store(url) as store:
        state = store.fold(uuid.UUID(game_id), fold)
    return [p.colour for p in state.players]


def test_the_servers_bots_play_a_forks_bot_seats_against_a_person(local: Local) -> None:
    from tests.api.test_bot_seats import wait_until

    source, tokens = new_game(local, players=2, seed=6)
    play(local, source, tokens, random.Random(6), max_moves=8)
    fork = local.call("game.fork", {"game_id": source, "move": 8, "visibility": "public",
                                    "seats": [{"name": "Ann"}, {"bot": "builder"}]})
    game_id, mine = fork["game_id"], {0: fork["seats"][0]["token"]}
    played = 0
    while played < 6:  # the person's turn comes back after the bot's moves
        wait_until(lambda: local.call("game.legal_moves", {"game_id": game_id})["seat"] == 0)
        legal = local.call("game.legal_moves", {"game_id": game_id})
        local.call("game.move", {"game_id": game_id, "token": mine[0],
                                 "move": legal["moves"][0], "expected_version": legal["version"]})
        played += 1
    events = local.call("game.events", {"game_id": game_id})["events"]
    after = [e["data"]["seat"] for e in events if e["type"] == "move_played"][8:]
    assert 1 in after and after.count(0) == played  # the bot moved in the fork, by itself
