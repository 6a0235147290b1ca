"""The game in words over the API and the command line: game.log / ``ora log`` (issue #10)."""

from __future__ import annotations

import random
import uuid
from pathlib import Path

import orjson
import pytest

from ora_api.cli import main
from ora_api.selfplay import open_store, play_game
from ora_rules.bots import make_bot
from ora_rules.narrate import narrate_game
from tests.api.conftest import Local, RpcFailed, new_game, play
from tests.support import rules


def test_game_log_narrates_every_move_and_accepts_ranges(local: Local) -> None:
    game_id, tokens = new_game(local, players=3, seed=5, length="short")
    played = play(local, game_id, tokens, random.Random(3), max_moves=40)
    log = local.call("game.log", {"game_id": game_id})
    assert [m["number"] for m in log["moves"]] == list(range(1, played + 1))
    events = local.call("game.events", {"game_id": game_id})["events"]
    moves = [e for e in events if e["type"] == "move_played"]
    assert [m["move"] for m in log["moves"]] == [e["data"]["move"] for e in moves]
    assert [m["version"] for m in log["moves"]] == [e["version"] for e in moves]
    assert all(m["text"].endswith(".") for m in log["moves"])
    part = local.call("game.log", {"game_id": game_id, "from_move": 3, "to_move": 5})
    assert part["moves"] == log["moves"][2:5]
    assert local.call("game.log", {"game_id": game_id, "from_move": 999})["moves"] == []


def test_game_log_of_an_unknown_game(local: Local) -> None:
    with pytest.raises(RpcFailed) as failed:
        local.call("game.log", {"game_id": "00000000-0000-0000-0000-000000000000"})
    assert failed.value.code == -32004


def _stored_game(tmp_path: Path) -> tuple[str, str]:
    store_url = f"sqlite:{tmp_path / 'games.sqlite3'}"
    store = open_store(store_url)
    try:
        result = play_game(rules(), 4, "france", "long", 2, [make_bot("random", rules())], store)
    finally:
        store.close()
    return store_url, str(result.game_id)


def test_ora_log_prints_one_numbered_sentence_per_move(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    store_url, game_id = _stored_game(tmp_path)
    assert main(["log", game_id, "--store", store_url, "--from", "2", "--to", "4"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines()
             if not line.startswith("   ")]
    assert [line.split(".")[0] for line in lines] == ["2", "3", "4"]
    assert main(["log", game_id, "--store", store_url, "--json"]) == 0
    rows = [orjson.loads(line) for line in capsys.readouterr().out.splitlines()]
    store = open_store(store_url)
    try:
        events = store.fold(uuid.UUID(game_id), list)
    finally:
        store.close()
    expected = narrate_game(events, rules())
    assert [r["text"] for r in rows] == [n.text for n in expected]
    assert rows[-1]["then"][-1].startswith("The game ends")


def test_ora_log_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_url, game_id = _stored_game(tmp_path)
    assert main(["log", "not-a-game", "--store", store_url]) == 2
    assert main(["log", game_id, "--store", store_url, "--from", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("ora: ") for line in err)
