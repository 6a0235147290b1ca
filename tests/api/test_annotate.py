"""``game.annotate`` and ``ora annotate`` (issue 35; docs/api.md "Annotations"): a seat's player
comments on a move; game.log, game.export and the subscription carry it, the rules state does
not change, and a bad annotation is a typed error that stores nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ora_api.cli import main
from ora_api.tools.selfplay import open_store, play_game
from tests.api.conftest import Local, RpcFailed, new_game, play
from tests.support import rules


def test_a_seat_annotates_moves_and_the_log_and_record_carry_it(local: Local) -> None:
    game_id, tokens = new_game(local, players=3, seed=8, visibility="private")
    play(local, game_id, tokens, random.Random(8), max_moves=6)
    read = {"game_id": game_id, "token": tokens[2]}
    before = local.call("game.view", read)
    done = local.call("game.annotate", {**read, "text": "  the Farmyard, again  "})
    assert done == {"version": before["version"] + 1, "move": 6, "text": "the Farmyard, again"}
    local.call("game.annotate", {**read, "move": 2, "text": "a bold start"})
    local.call("game.annotate", {**read, "move": 0, "text": "a friendly game"})
    after = local.call("game.view", read)
    assert {**after, "version": 0} == {**before, "version": 0}  # no rules state changed
    log = local.call("game.log", read)
    assert log["notes"] == ["a friendly game"]
    assert {m["number"]: m["notes"] for m in log["moves"] if m["notes"]} == {
        2: ["a bold start"], 6: ["the Farmyard, again"]}
    record = local.call("game.export", read)["record"]
    assert "; the Farmyard, again\n;@2 a bold start\n;@0 a friendly game\n" in record
    assert local.call("game.verify", read)["ok"] is True
    legal = local.call("game.legal_moves", read)  # the game plays on at the new version
    assert legal["version"] == after["version"]
    assert play(local, game_id, tokens, random.Random(1), max_moves=2) == 2


def test_a_bad_annotation_is_a_typed_error_and_stores_nothing(local: Local) -> None:
    game_id, tokens = new_game(local, players=2, seed=3)
    play(local, game_id, tokens, random.Random(3), max_moves=3)
    version = local.call("game.view", {"game_id": game_id})["version"]
    cases: list[tuple[dict[str, object], int, str]] = [
             ({"move": 4, "text": "later"}, -32033, "no_such_move"),
             ({"text": "two\nlines"}, -32033, "bad_text"),
             ({"text": " "}, -32033, "bad_text")]
    for params, code, reason in cases:
        with pytest.raises(RpcFailed) as info:
            local.call("game.annotate", {"game_id": game_id, "token": tokens[0], **params})
        assert info.value.code == code and info.value.data["reason"] == reason
    with pytest.raises(RpcFailed) as info:  # a spectator's or a stranger's token annotates not
        local.call("game.annotate", {"game_id": game_id, "token": "x" * 43, "text": "hi"})
    assert info.value.code == -32006
    assert local.call("game.view", {"game_id": game_id})["version"] == version


def test_ora_annotate_and_ora_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    with open_store(url) as store:
        game = play_game(rules(), 3, "france", "short", 4, store=store).game_id
    assert main(["annotate", game, "a long think", "--move", "3", "--store", url]) == 0
    assert capsys.readouterr().out.startswith("move 3: ; a long think (version ")
    assert main(["log", game, "--from", "3", "--to", "3", "--store", url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("3. ") and out[-1] == "   ; a long think"
    assert main(["annotate", game, "x", "--move", "100000", "--store", url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "move 100000" in err
    assert main(["annotate", game, "line\nbreak", "--store", url]) == 2
    assert main(["verify", game, "--store", url]) == 0
