"""``ora mcp``: the MCP server, driven by the official SDK's own client over stdio.

The tools come from the JSON-RPC registry; an agent (a seeded chooser here) plays a seat of a
complete game against bots through them.

The SDK is imported by the tests that use it: every run collects this module, the quick tier
too (which leaves its tests out), and importing the SDK costs a second of CPU.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import orjson

from ora_api.api import API
from ora_api.transport.mcp_server import tool_specs


def test_the_tools_are_the_registry_methods_but_push_only_ones() -> None:
    names = {s.method for s in tool_specs()}
    expected = {m.name for m in API.methods.values() if not m.push} - {"rpc.discover"}
    assert names == expected
    assert "game.subscribe" not in names
    move = next(s for s in tool_specs() if s.name == "game_move")
    assert move.input_schema["required"] == ["game_id", "token", "move"]
    create = next(s for s in tool_specs() if s.name == "game_create")
    # OpenRPC's component references point into the tool schema's own $defs.
    assert "GameConfigParams" in create.input_schema["$defs"]
    assert "#/components/" not in orjson.dumps(create.input_schema).decode()


def _structured(result: Any) -> Any:
    assert result.content and result.content[0].type == "text"
    return orjson.loads(result.content[0].text)


async def _play_a_game() -> None:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "ora_api.cli", "mcp"])
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = {t.name: t for t in (await session.list_tools()).tools}
        assert {"game_create", "game_move", "game_view", "game_moves", "game_explain",
                "rules_lookup", "rules_catalog", "game_log"} <= set(tools)
        assert "game_subscribe" not in tools

        created = _structured(await session.call_tool("game_create", {
            "config": {"players": 3, "variant": "france", "length": "short", "seed": 3},
            "seats": [{"name": "agent"}, {"bot": "greedy"}, {"bot": "random"}]}))
        game_id, token = created["game_id"], created["seats"][0]["token"]

        # A bad move is a tool error carrying the API's reason, and nothing changes.
        bad = await session.call_tool("game_move", {"game_id": game_id, "token": token,
                                                    "move": "FLY_AWAY"})
        assert bad.is_error
        assert _structured(bad)["data"]["code"] == "invalid_move"

        tree = _structured(await session.call_tool("game_moves", {"game_id": game_id,
                                                                  "token": token}))
        assert tree  # the moves grouped by verb
        rng = random.Random(1)
        moves = 0
        while True:
            legal = _structured(await session.call_tool(
                "game_legal_moves", {"game_id": game_id, "token": token}))
            if legal["seat"] is None:
                break
            assert legal["seat"] == 0  # the bots have played their turns already
            by_verb: dict[str, list[str]] = {}
            for move in legal["moves"]:
                by_verb.setdefault(move.split()[0], []).append(move)
            move = rng.choice(by_verb[rng.choice(sorted(by_verb))])
            played = await session.call_tool("game_move", {"game_id": game_id,
                                                            "token": token, "move": move})
            assert not played.is_error, played.content
            moves += 1
        assert moves > 20

        score = _structured(await session.call_tool("game_score", {"game_id": game_id,
                                                                   "token": token}))
        assert score["final"] is True and len(score["scores"]) == 3
        explained = await session.call_tool("game_explain", {"game_id": game_id,
                                                             "token": token})
        assert not explained.is_error
        view = await session.call_tool("game_view", {"game_id": game_id, "token": token})
        assert _structured(view)["game_id"] == game_id
        log = _structured(await session.call_tool("game_log", {"game_id": game_id,
                                                               "token": token}))
        assert log
        rule = _structured(await session.call_tool("rules_lookup", {"id": "R-BUY-2"}))
        assert "R-BUY-2" in orjson.dumps(rule).decode()


def test_an_agent_plays_a_complete_game_against_bots_over_stdio() -> None:
    anyio.run(_play_a_game)


def test_the_client_example_of_docs_mcp_md_runs_as_written(tmp_path: Path) -> None:
    """docs/mcp.md "A client in Python": the SDK's client plays a whole game for one seat."""
    root = Path(__file__).resolve().parents[2]
    code = re.search(r"```python\n(.*?)```", (root / "docs" / "mcp.md").read_text(), re.S)
    assert code is not None
    example = tmp_path / "agent.py"
    example.write_text(code.group(1).replace('".venv/bin/ora"', repr(str(root / ".venv/bin/ora"))))
    done = subprocess.run([sys.executable, str(example)], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    totals = orjson.loads(done.stdout)
    assert len(totals) == 3 and all(isinstance(total, int) for total in totals)


async def _take_back_and_wait(cwd: Path) -> None:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "ora_api.cli", "mcp"],
                                   cwd=str(cwd))
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = {t.name for t in (await session.list_tools()).tools}
        assert {"game_undo_request", "game_undo_answer", "game_wait_turn"} <= tools
        created = _structured(await session.call_tool("game_create", {
            "config": {"players": 2, "variant": "france", "length": "long", "seed": 6},
            "seats": [{"name": "agent"}, {"name": "friend"}]}))
        game_id = created["game_id"]
        tokens = [s["token"] for s in created["seats"]]
        for _ in range(3):
            legal = _structured(await session.call_tool(
                "game_legal_moves", {"game_id": game_id, "token": tokens[0]}))
            played = await session.call_tool("game_move", {
                "game_id": game_id, "token": tokens[legal["seat"]], "move": legal["moves"][-1]})
            assert not played.is_error, played.content
        decider = _structured(await session.call_tool(
            "game_legal_moves", {"game_id": game_id, "token": tokens[0]}))["seat"]
        turn = _structured(await session.call_tool("game_wait_turn", {
            "game_id": game_id, "token": tokens[decider], "timeout": 5}))
        assert turn["your_turn"] is True and turn["seat"] == decider
        idle = _structured(await session.call_tool("game_wait_turn", {
            "game_id": game_id, "token": tokens[1 - decider], "timeout": 0}))
        assert idle["your_turn"] is False
        # a move that is not on the line is a tool error naming the rule (UNDO-2)
        bad = await session.call_tool("game_undo_request", {
            "game_id": game_id, "token": tokens[0], "to_move": 3})
        assert bad.is_error and _structured(bad)["data"]["rule"] == "UNDO-2"
        asked = _structured(await session.call_tool("game_undo_request", {
            "game_id": game_id, "token": tokens[0], "to_move": 1}))
        assert asked["waiting"] == [1]
        answered = _structured(await session.call_tool("game_undo_answer", {
            "game_id": game_id, "token": tokens[1], "accept": True}))
        assert answered["restored"] is True
        assert [e["type"] for e in answered["events"]] == ["undo_answered", "position_restored"]
        log = _structured(await session.call_tool("game_log", {"game_id": game_id,
                                                               "token": tokens[0]}))
        said = " ".join(" ".join(m["then"]) for m in log["moves"])
        assert "accepts the take-back" in said


def test_an_agent_takes_a_move_back_and_waits_for_its_turn(tmp_path: Path) -> None:
    """game_undo_request / game_undo_answer (UNDO-2, UNDO-4) and game_wait_turn as MCP tools."""
    anyio.run(_take_back_and_wait, tmp_path)
