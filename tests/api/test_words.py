"""The game in words over the API and the command line: game.log / ``ora log`` (issue #10)."""

from __future__ import annotations

import random
import re
import uuid
from pathlib import Path

import orjson
import pytest

from ora_api.cli import main
from ora_api.tools.selfplay import open_store, play_game
from ora_core.evolve import fold
from ora_rules.bots import make_bot
from ora_rules.decide import start
from ora_rules.moves import legal_moves
from ora_rules.setup import make_config
from ora_rules.views.narrate import narrate_game
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


def test_game_explain_sums_to_game_score(local: Local) -> None:
    game_id, tokens = new_game(local, players=4, seed=3, length="short")
    play(local, game_id, tokens, random.Random(5), max_moves=60)
    explained = local.call("game.explain", {"game_id": game_id})
    scores = local.call("game.score", {"game_id": game_id})["scores"]
    assert [e["total"] for e in explained["seats"]] == [s["total"] for s in scores]
    for e in explained["seats"]:
        assert sum(line["points"] for line in e["goods"]) == e["goods_points"]
        assert sum(line["points"] for line in e["economic"]) == e["economic_points"]
        assert [s["points"] for s in e["settlements"]] == e["settlement_points"]
    (one,) = local.call("game.explain", {"game_id": game_id, "seat": 2, "move": 0})["seats"]
    assert one["seat"] == 2 and one["settlements"] == []
    with pytest.raises(RpcFailed) as failed:
        local.call("game.explain", {"game_id": game_id, "move": 10_000})
    assert failed.value.code == -32602 and failed.value.data["path"] == "move"


def test_game_moves_is_the_tree_of_game_legal_moves(local: Local) -> None:
    game_id, tokens = new_game(local, players=3, seed=4)
    play(local, game_id, tokens, random.Random(2), max_moves=25)
    legal = local.call("game.legal_moves", {"game_id": game_id})["moves"]
    root = local.call("game.moves", {"game_id": game_id})
    assert root["count"] == len(legal)
    found = []
    for verb in root["verbs"]:
        opened = local.call("game.moves", {"game_id": game_id, "path": [verb["verb"]]})
        (node,) = [v for v in opened["verbs"] if v["verb"] == verb["verb"]]
        for target in node["targets"]:
            leaf = local.call("game.moves", {"game_id": game_id,
                                             "path": [verb["verb"], target["target"]]})
            (v,) = [x for x in leaf["verbs"] if x["verb"] == verb["verb"]]
            (t,) = [x for x in v["targets"] if x["target"] == target["target"]]
            found += [m["move"] for m in t["moves"]]
            assert all(m["text"].endswith(".") for m in t["moves"])
    assert sorted(found) == sorted(legal)
    with pytest.raises(RpcFailed) as failed:
        local.call("game.moves", {"game_id": game_id, "path": ["NOPE"]})
    assert failed.value.data["path"] == "path"
    tokens_lr = local.call("game.complete", {"game_id": game_id, "prefix": "", "partial": "CO"})
    assert tokens_lr["tokens"] and all(t.startswith("CO") for t in tokens_lr["tokens"])


def test_game_diff_between_two_moves(local: Local) -> None:
    game_id, tokens = new_game(local, players=3, seed=4)
    play(local, game_id, tokens, random.Random(2), max_moves=12)
    d = local.call("game.diff", {"game_id": game_id, "from_move": 0, "to_move": 12})
    assert d["text"] and d["version_after"] == d["version"]
    assert d["text"] == [c["text"] for c in d["game"]] + [t for s in d["seats"]
                                                         for t in s["text"]]
    same = local.call("game.diff", {"game_id": game_id, "from_move": 5, "to_move": 5})
    assert same["game"] == [] and same["seats"] == []
    with pytest.raises(RpcFailed) as failed:
        local.call("game.diff", {"game_id": game_id, "from_move": 0, "to_move": 13})
    assert failed.value.data["path"] == "to_move"
    assert failed.value.data["detail"] == "to_move 13: the game has 12 move(s) (0 is the set-up)"
    with pytest.raises(RpcFailed) as failed:
        local.call("game.diff", {"game_id": game_id, "from_move": -2, "to_move": 3})
    assert failed.value.data["path"] == "from_move"
    assert failed.value.data["reason"] == "out_of_range"


def test_ora_explain_and_ora_diff(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store_url, game_id = _stored_game(tmp_path)
    store = open_store(store_url)
    try:
        final = store.fold(uuid.UUID(game_id), fold)
    finally:
        store.close()
    assert final.scores is not None
    assert main(["explain", game_id, "--store", store_url, "--json"]) == 0
    rows = [orjson.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["score"]["total"] for r in rows] == [s.total for s in final.scores]
    assert main(["explain", game_id, "--store", store_url, "--seat", "1"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0].endswith(
        f"{final.scores[1].total} points = goods {final.scores[1].goods} + economic "
        f"{final.scores[1].economic} + settlements {sum(final.scores[1].settlements)}")
    assert main(["diff", game_id, "0", "4", "--store", store_url]) == 0
    assert capsys.readouterr().out.strip()
    assert main(["diff", game_id, "3", "3", "--store", store_url]) == 0
    assert capsys.readouterr().out.strip() == "no difference"
    assert main(["diff", game_id, "0", "99999", "--store", store_url]) == 2
    assert re.fullmatch(r"ora: move 99999: the game has \d+ move\(s\) \(0 is the set-up\)\n",
                        capsys.readouterr().err)
    for command in (["diff", game_id, "-1", "3"], ["explain", game_id, "--move", "-3"],
                    ["render", game_id, "--move", "-3"]):
        assert main([*command, "--store", store_url]) == 2
        assert capsys.readouterr().err.endswith(
            ": moves are numbered from 0 (the set-up)\n"), command


def test_a_private_game_in_words_needs_a_token(local: Local) -> None:
    game_id, tokens = new_game(local, visibility="private")
    calls = {"game.log": {}, "game.explain": {}, "game.moves": {},
             "game.diff": {"from_move": 0, "to_move": 0}}
    for method, extra in calls.items():
        with pytest.raises(RpcFailed) as failed:
            local.call(method, {"game_id": game_id, **extra})
        assert (failed.value.code, failed.value.data["reason"]) == (-32006, "token_required")
        local.call(method, {"game_id": game_id, "token": tokens[1], **extra})


def test_ora_moves_prints_the_tree_and_opens_a_path(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    store_url = f"sqlite:{tmp_path / 'games.sqlite3'}"
    store = open_store(store_url)
    try:
        result = play_game(rules(), 3, "france", "long", 1, [make_bot("random", rules())], store)
        game_id = uuid.uuid4()
        events = start(make_config(4, "france", "long", 1), rules())
        store.append(game_id, 0, events)
    finally:
        store.close()
    assert main(["moves", str(result.game_id), "--store", store_url]) == 0
    assert capsys.readouterr().out.strip() == "the game is over: no legal moves"
    state = fold(events)
    legal = [str(m) for m in legal_moves(state, rules())]
    assert main(["moves", str(game_id), "--store", store_url]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(f"decides: {len(legal)} legal moves")
    assert main(["moves", str(game_id), "USE", "--store", store_url, "--json"]) == 0
    tree = orjson.loads(capsys.readouterr().out)
    (use,) = [v for v in tree["verbs"] if v["verb"] == "USE"]
    farmyard = next(t for t in use["targets"] if t["name"].startswith("the Farmyard"))
    assert main(["moves", str(game_id), "USE", farmyard["target"], "--store", store_url]) == 0
    lines = capsys.readouterr().out.splitlines()
    shown = [line.strip().split("  ")[0] for line in lines if line.startswith("    USE ")]
    assert sorted(shown) == sorted(m for m in legal if m.startswith(f"USE {farmyard['target']}"))
    assert main(["moves", str(game_id), "NOPE", "--store", store_url]) == 2
    assert capsys.readouterr().err.startswith("ora: no legal move has the verb 'NOPE'")


def test_ora_log_speaks_greek_and_russian(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    store_url, game_id = _stored_game(tmp_path)
    assert main(["log", game_id, "--store", store_url, "--to", "3", "--locale", "el"]) == 0
    greek = capsys.readouterr().out
    assert main(["log", game_id, "--store", store_url, "--to", "3", "--locale", "ru"]) == 0
    russian = capsys.readouterr().out
    assert any("\u0370" <= c <= "\u03ff" for c in greek)  # Greek letters
    assert any("\u0400" <= c <= "\u04ff" for c in russian)  # Cyrillic letters
    assert main(["log", game_id, "--store", store_url, "--locale", "de"]) == 2
    assert capsys.readouterr().err.startswith("ora: --locale must be one of en, el, ru")


def test_game_log_in_a_locale(local: Local) -> None:
    game_id, tokens = new_game(local, players=3, seed=5, length="short")
    play(local, game_id, tokens, random.Random(3), max_moves=10)
    english = local.call("game.log", {"game_id": game_id})["moves"]
    greek = local.call("game.log", {"game_id": game_id, "locale": "el"})["moves"]
    assert [m["move"] for m in greek] == [m["move"] for m in english]
    assert all(g["text"] != e["text"] for g, e in zip(greek, english, strict=True))
    with pytest.raises(RpcFailed):
        local.call("game.log", {"game_id": game_id, "locale": "de"})


def test_the_take_back_is_told_in_the_locale(local: Local) -> None:
    """The take-back's sentences (UNDO-1..4, ora_rules.views.takeback_words) in Greek and
    Russian, as the log's own."""
    created = local.call("game.create", {
        "config": {"players": 3, "variant": "france", "length": "long", "seed": 5},
        "seats": [{"name": f"P{s}"} for s in range(3)], "visibility": "public"})
    game_id = created["game_id"]
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    play(local, game_id, tokens, random.Random(1), max_moves=4)
    local.call("game.undo_request", {"game_id": game_id, "token": tokens[0], "to_move": 2})
    for seat in (1, 2):
        local.call("game.undo_answer", {"game_id": game_id, "token": tokens[seat],
                                        "accept": True})
    said = {loc: " ".join(" ".join(m["then"]) for m in local.call(
        "game.log", {"game_id": game_id, "locale": loc})["moves"]) for loc in ("en", "el", "ru")}
    assert "asks to take the game back to after move 2" in said["en"]
    assert "ζητά να γυρίσει το παιχνίδι στη θέση μετά την κίνηση 2" in said["el"]  # noqa: RUF001
    assert "δέχεται την επιστροφή" in said["el"] and "αναιρούνται" in said["el"]
    assert "просит вернуть игру к позиции после хода 2" in said["ru"]
    assert "соглашается на возврат" in said["ru"] and "отменены" in said["ru"]
