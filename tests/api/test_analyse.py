"""``game.analyse``, ``GET /games/{id}/analysis.svg``, ``ora analyse`` and ``ora render
--analysis`` (docs/analysis.md): the analysis of a stored game through the cache beside it, and
refusals that name the bad parameter."""

from __future__ import annotations

import asyncio
import random
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest

from ora_api.cli import main
from ora_api.service import open_service
from ora_rules.analysis import estimate
from ora_rules.analysis.estimate import METHOD, code_digest, method
from ora_rules.bots.value import DATA
from tests.api.conftest import Local, RpcFailed, new_game, play
from tests.core.test_store import needs_pg, store_url
from tests.support import rules

PEOPLE = Path(__file__).resolve().parents[1] / "data" / "records" / "weblabora" / "Game27378.txt"
NS = "{http://www.w3.org/2000/svg}"


def played_game(local: Local, moves: int = 6, visibility: str = "public"
                ) -> tuple[str, dict[int, str]]:
    game_id, tokens = new_game(local, players=3, seed=11, visibility=visibility)
    assert play(local, game_id, tokens, random.Random(2), max_moves=moves) == moves
    return game_id, tokens


def test_game_analyse_answers_each_decision_and_reads_the_cache_the_second_time(
        local: Local) -> None:
    game_id, tokens = played_game(local)
    params = {"game_id": game_id, "bot": "medium", "budget": "15"}
    first = local.call("game.analyse", params)
    assert (first["moves"], first["first"], first["last"]) == (6, 1, 6)
    assert first["complete"] and first["cached"] == 0 and first["reproducible"]
    assert [d["number"] for d in first["decisions"]] == list(range(1, 7))
    assert first["seats"] == [0, 1, 2] and all(len(d["after"]) == 3
                                               for d in first["decisions"])
    assert first["decisions"][0]["before"] == first["start"]
    again = local.call("game.analyse", params)
    assert again["cached"] == 6 and again["decisions"] == first["decisions"]
    for seat in first["summary"]:
        mine = [d for d in first["decisions"] if d["seat"] == seat["seat"] and d["best"]]
        assert seat["judged"] == len(mine)
        assert seat["disagreements"] == sum(d["best"] != d["played"] for d in mine)
    # A game in progress analysed again after more moves reuses its earlier decisions.
    legal = local.call("game.legal_moves", {"game_id": game_id})
    local.call("game.move", {"game_id": game_id, "move": legal["moves"][0],
                             "expected_version": legal["version"],
                             "token": tokens[legal["seat"]]})
    later = local.call("game.analyse", params)
    assert later["cached"] == 6 and later["moves"] == 7
    assert later["decisions"][:6] == first["decisions"]


@pytest.mark.parametrize("backend", ["memory", "sqlite", pytest.param("postgres", marks=needs_pg)])
@pytest.mark.parametrize("stale_method", [None, METHOD, f"{METHOD}:0123456789abcdef"],
                         ids=["method 1", "before the digest", "another bot or model"])
def test_a_row_of_another_estimate_method_is_analysed_again(backend: str, stale_method: object,
                                                            tmp_path: Path) -> None:
    """A cached decision stays true while the estimate's method does: a row written before the
    learned evaluation valued cut rollouts (method 1, no method in the row), one stamped with
    the bare number before the bots' digest joined it, and one whose bots or models have since
    changed (another digest) are analysed again, and the new row replaces it (an upsert, on
    every backend)."""
    service = open_service(store_url(backend, tmp_path), rules=rules())
    try:
        local = Local(service)
        game_id, _ = played_game(local)
        params = {"game_id": game_id, "bot": "medium", "budget": "15"}
        first = local.call("game.analyse", params)
        with service.lobby.transaction(commit=True) as c:  # one row as another method wrote it
            c.execute("SELECT version, decision FROM ora_analyses WHERE game_id = ?",
                      (game_id,))
            rows = [(int(r["version"]), orjson.loads(r["decision"])) for r in c.fetchall()]
            assert len(rows) == 6 and all(data.pop("method") == method() for _, data in rows)
            stale = {**rows[0][1], "after": [0.0, 0.0, 0.0]}
            if stale_method is not None:
                stale["method"] = stale_method
            c.execute("UPDATE ora_analyses SET decision = ? WHERE game_id = ? AND version = ?",
                      (orjson.dumps(stale).decode(), game_id, rows[0][0]))
        again = local.call("game.analyse", params)
        assert again["cached"] == 5 and again["decisions"] == first["decisions"]
        third = local.call("game.analyse", params)
        assert third["cached"] == 6 and third["decisions"] == first["decisions"]
    finally:
        service.close()


def test_the_estimate_s_method_follows_the_bots_code_and_models(tmp_path: Path) -> None:
    """The method's digest reads the bots' code and shipped models: a copy of the files gives
    the shipped method, the copy with one model trained again (its file changed) another."""
    bots = tmp_path / "ora_rules" / "bots"
    shutil.copytree(DATA.parent, bots, ignore=shutil.ignore_patterns("__pycache__"))
    analysis = tmp_path / "ora_rules" / "analysis"
    shutil.copytree(Path(estimate.__file__).parent, analysis,
                    ignore=shutil.ignore_patterns("__pycache__"))
    assert method() == f"{METHOD}:{code_digest(bots, analysis)}"
    model_file = bots / "data" / "value_solo.json"
    model_file.write_text(model_file.read_text() + "\n")
    assert f"{METHOD}:{code_digest(bots, analysis)}" != method()


def test_a_limited_call_is_resumed_by_the_next(local: Local) -> None:
    game_id, _ = played_game(local)
    params = {"game_id": game_id, "bot": "medium", "budget": "15", "limit": 2}
    assert local.call("game.analyse", {**params, "limit": 0})["decisions"] == []
    part = local.call("game.analyse", params)
    assert not part["complete"] and len(part["decisions"]) == 2
    read = local.call("game.analyse", {**params, "limit": 0})  # only the cache: nothing new
    assert read["decisions"] == part["decisions"] and read["cached"] == 2
    more = local.call("game.analyse", params)
    assert more["cached"] == 2 and len(more["decisions"]) == 4
    whole = local.call("game.analyse", {**params, "limit": 40})
    fresh_id, _ = played_game(local)  # the same seed and moves: the same analysis
    fresh = local.call("game.analyse", {**params, "game_id": fresh_id, "limit": 40})
    assert whole["complete"] and whole["decisions"] == fresh["decisions"]


@pytest.mark.parametrize(("params", "path"), [
    ({"budget": "lots"}, "budget"), ({"budget": "9000"}, "budget"),
    ({"budget": "5s"}, "budget"), ({"bot": "nobody"}, "bot"), ({"first": 50}, "first"),
    ({"last": 50}, "last"), ({"limit": -1}, "limit"), ({"limit": 501}, "limit")])
def test_bad_params_are_refused_naming_the_field(local: Local, params: dict[str, Any],
                                                 path: str) -> None:
    game_id, _ = played_game(local, moves=2)
    with pytest.raises(RpcFailed) as e:
        local.call("game.analyse", {"game_id": game_id, "budget": "5", **params})
    assert e.value.error["data"]["path"] == path, e.value.error


def test_a_private_game_needs_a_token_and_discover_lists_the_method(local: Local) -> None:
    game_id, tokens = played_game(local, moves=2, visibility="private")
    with pytest.raises(RpcFailed) as e:
        local.call("game.analyse", {"game_id": game_id, "budget": "5"})
    assert e.value.error["data"]["code"] == "bad_token"
    done = local.call("game.analyse", {"game_id": game_id, "budget": "5", "bot": "medium",
                                       "token": tokens[1]})
    assert len(done["decisions"]) == 2
    methods = {m["name"] for m in local.call("rpc.discover")["methods"]}
    assert "game.analyse" in methods


def test_get_the_analysis_graph_over_http(local: Local) -> None:
    from ora_api.transport.server import create_app

    game_id, _ = played_game(local)
    app = create_app(local.dispatcher)

    async def get(path: str, **params: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as client:
            return await client.get(path, params=params)

    def fetch(path: str, **params: str) -> httpx.Response:
        return asyncio.run(get(path, **params))

    graph = fetch(f"/games/{game_id}/analysis.svg", bot="medium", budget="15")
    assert graph.status_code == 200 and graph.headers["content-type"].startswith("image/svg")
    points = [c for c in ET.fromstring(graph.text).iter(f"{NS}circle")
              if "point" in (c.get("class") or "")]
    assert sorted(int(c.get("data-move") or 0) for c in points) == list(range(1, 7))
    for bad in ({"budget": "x"}, {"seed": "-1"}, {"limit": "501"}):
        refused = fetch(f"/games/{game_id}/analysis.svg", **bad)
        assert refused.status_code == 400 and refused.text.count("\n") == 1, bad
    missing = fetch("/games/00000000-0000-0000-0000-000000000000/analysis.svg")
    assert missing.status_code == 404
    assert fetch("/games/nonsense/analysis.svg").status_code == 404


def test_ora_analyse_and_render_analysis_of_the_peoples_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = f"sqlite:{tmp_path / 'games.sqlite3'}"
    assert main(["import", "--from", "weblabora", "--as-recorded", "--store", store,
                 str(PEOPLE)]) == 0
    game_id = next(line for line in capsys.readouterr().out.splitlines()
                   if line.count("-") == 4 and " " not in line)
    flags = ["--bot", "medium", "--budget", "15", "--from", "209", "--store", store]
    assert main(["analyse", game_id, *flags]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("analysis by medium, budget 15, seed 0 (reproducible): moves "
                             "209..217 of 217")
    assert "final score at move 217: Red 519" in out
    assert any(line.startswith("the bot prefers another move at ") for line in out)
    assert main(["analyse", game_id, "--json", *flags]) == 0
    report = orjson.loads(capsys.readouterr().out)
    assert report["cached"] == 9 and report["decisions"][-1]["after"] == [519.0]
    assert main(["render", game_id, "--analysis", *flags]) == 0
    svg = capsys.readouterr().out
    assert ET.fromstring(svg).tag == f"{NS}svg" and svg.count('class="point') == 9
    for bad in (["--budget", "lots"], ["--bot", "nobody"], ["--from", "300"],
                ["--seed", str(2**64)]):  # the seed: was an OverflowError from SQLite
        assert main(["analyse", game_id, "--store", store, *bad]) == 2
        err = capsys.readouterr().err
        assert err.startswith("ora: ") and err.count("\n") == 1, err
    assert main(["analyse", "not-an-id", "--store", store]) == 2
    capsys.readouterr()


def test_ctrl_c_stops_ora_analyse_in_one_line_and_the_same_command_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ora_api.table.analyses import StoredAnalysis

    store = f"sqlite:{tmp_path / 'games.sqlite3'}"
    assert main(["import", "--from", "weblabora", "--as-recorded", "--store", store,
                 str(PEOPLE)]) == 0
    game_id = next(line for line in capsys.readouterr().out.splitlines()
                   if line.count("-") == 4 and " " not in line)
    flags = ["--bot", "medium", "--budget", "10", "--from", "212", "--store", store]
    put = StoredAnalysis.put

    def stopped_on_the_third(self: StoredAnalysis, decision: Any) -> None:
        put(self, decision)
        if len(self.decisions) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(StoredAnalysis, "put", stopped_on_the_third)
    assert main(["analyse", game_id, *flags]) == 130
    assert capsys.readouterr().err == ("ora: interrupted after 2 decisions, each stored: the "
                                       "same command resumes\n")
    monkeypatch.setattr(StoredAnalysis, "put", put)
    assert main(["analyse", game_id, "--json", *flags]) == 0
    resumed = orjson.loads(capsys.readouterr().out)
    assert resumed["cached"] == 3 and resumed["complete"] and len(resumed["decisions"]) == 6
    assert main(["analyse", game_id, "--store", f"sqlite:{tmp_path / 'none.sqlite3'}"]) == 2
