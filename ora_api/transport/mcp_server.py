"""``ora mcp``: the API as a Model Context Protocol server over stdio (docs/mcp.md).

The tools are generated from the JSON-RPC method registry (``API``), not written by hand: one
tool per method (``game.move`` -> ``game_move``), its input schema the method's OpenRPC param
schemas, its description the method's summary and doc. Push-only methods (subscriptions) are
left out: MCP tools answer once. A call goes through the same ``Dispatcher`` as ``ora serve``,
so params are checked as strictly and errors carry the same ``data`` (code, reason, rule,
detail); a failed call is a tool result with ``isError`` and that error, so an agent can read
why and try again.

The service runs in this process on a store (memory by default); its ``BotRunner`` plays the
bot seats of ``game.create``. A call that creates, joins or moves waits until a seat without a
bot decides: an agent's ``game_move`` comes back when it is its turn again.
"""

from __future__ import annotations

import re
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from typing import Any
from uuid import UUID

import orjson
from attrs import frozen

from ora_api.api import API
from ora_api.jsonrpc.openrpc import document
from ora_api.jsonrpc.rpc import Dispatcher, Registry, Session
from ora_api.service import GameService
from ora_api.table.bot_seats import deciding_bot

_REF = "#/components/schemas/"


@frozen
class ToolSpec:
    """One MCP tool made from one registry method."""

    name: str
    method: str
    description: str
    input_schema: dict[str, Any]


def tool_name(method: str) -> str:
    """``game.move`` -> ``game_move`` (MCP tool names allow ``[A-Za-z0-9_-]``)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", method)


def _refs(schema: Any) -> Iterator[str]:
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith(_REF):
            yield ref[len(_REF):]
        for value in schema.values():
            yield from _refs(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _refs(value)


def _local(schema: Any) -> Any:
    """The schema with OpenRPC's component references pointing into ``$defs``."""
    if isinstance(schema, dict):
        return {k: (v.replace(_REF, "#/$defs/") if k == "$ref" and isinstance(v, str)
                    else _local(v)) for k, v in schema.items()}
    if isinstance(schema, list):
        return [_local(v) for v in schema]
    return schema


def tool_specs(registry: Registry = API) -> list[ToolSpec]:
    """The tools of every method of ``registry`` but the push-only ones and ``rpc.discover``."""
    doc = document(registry)
    components: Mapping[str, Any] = doc["components"]["schemas"]
    specs = []
    for entry in doc["methods"]:
        method = registry.methods[entry["name"]]
        if method.push or method.name == "rpc.discover":
            continue
        properties: dict[str, Any] = {}
        for param in entry["params"]:
            schema = dict(param["schema"])
            if "description" in param:
                schema["description"] = param["description"]
            properties[param["name"]] = schema
        input_schema: dict[str, Any] = {
            "type": "object", "properties": properties,
            "required": [p["name"] for p in entry["params"] if p["required"]],
            "additionalProperties": False,
        }
        needed: list[str] = []
        todo = list(_refs(properties))
        while todo:  # the components the params reach, transitively
            name = todo.pop()
            if name not in needed:
                needed.append(name)
                todo.extend(_refs(components[name]))
        if needed:
            input_schema["$defs"] = {n: components[n] for n in sorted(needed)}
        description = entry["summary"]
        if entry.get("description"):
            description += "\n\n" + entry["description"]
        specs.append(ToolSpec(tool_name(method.name), method.name, description,
                              _local(input_schema)))
    return specs


class ToolRunner:
    """Calls the registry's methods by tool name on a service and plays its bot seats."""

    def __init__(self, service: GameService, registry: Registry = API) -> None:
        self.service = service
        self.specs = {s.name: s for s in tool_specs(registry)}
        self.dispatcher = Dispatcher(registry, service)
        self.session = Session()
        self._calls = 0

    def call(self, name: str, arguments: Mapping[str, Any]) -> tuple[bool, Any]:
        """``(ok, result)``: the method's result, or (False, the JSON-RPC error object)."""
        spec = self.specs.get(name)
        if spec is None:
            return False, {"code": -32601, "message": "Method not found",
                           "data": {"code": "method_not_found", "reason": "unknown_tool",
                                    "rule": None, "detail": f"no tool {name!r}"}}
        self._calls += 1
        request = {"jsonrpc": "2.0", "id": self._calls, "method": spec.method,
                   "params": dict(arguments)}
        reply = self.dispatcher.handle(orjson.dumps(request), self.session)
        assert reply is not None  # a request with an id is always answered
        answer = orjson.loads(reply)
        if "error" in answer:
            return False, answer["error"]
        result = answer["result"]
        if spec.method in ("game.create", "game.join", "game.move", "game.replace_seat",
                           "game.replace_answer"):  # then a bot may decide: wait for it
            game_id = arguments.get("game_id") or result.get("game_id")
            token = arguments.get("token") or result.get("token") or next(
                (s["token"] for s in result.get("seats", ()) if s.get("token")), None)
            if isinstance(game_id, str) and isinstance(token, str):
                self.wait_for_bots(UUID(game_id), token)
        return True, result

    def wait_for_bots(self, game_id: UUID, token: str, timeout: float = 300.0) -> None:
        """Wait while a bot seat decides: the service's ``BotRunner`` plays bot seats on its
        own thread, and the agent's call should answer when a seat without a bot decides (or
        the game is over). ``token``, a seat's token of the game, reads a private game."""
        appended = threading.Event()

        def sink(_: UUID, __: object) -> None:
            appended.set()

        service = self.service
        service.subscribe(game_id, sink, token)
        deadline = time.monotonic() + timeout
        try:
            while (deciding_bot(service.current(game_id, token)) is not None
                   and time.monotonic() < deadline):
                appended.wait(0.5)  # bounded: a bot that fails to choose does not hang us
                appended.clear()
        finally:
            service.unsubscribe(game_id, sink)


def result_text(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_INDENT_2).decode()


async def serve_stdio(service: GameService) -> None:
    """Serve MCP on stdin/stdout until the client closes it."""
    import anyio
    import mcp_types as types
    from mcp.server.lowlevel import Server
    from mcp.server.stdio import stdio_server

    from ora_api.jsonrpc.openrpc import API_VERSION
    from ora_api.transport.mcp_guard import GuardedStdio

    runner = ToolRunner(service)
    tools = [types.Tool(name=s.name, description=s.description, input_schema=s.input_schema)
             for s in runner.specs.values()]

    async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
        ok, value = await anyio.to_thread.run_sync(
            runner.call, params.name, dict(params.arguments or {}))
        content: list[types.ContentBlock] = [types.TextContent(text=result_text(value))]
        structured = value if isinstance(value, dict) else {"result": value}
        return types.CallToolResult(content=content, structured_content=structured,
                                    is_error=not ok)

    server: Server[Any] = Server(
        "ora", version=API_VERSION,
        instructions="Ora et Labora. game_create a game (seats: your name, bots for the "
                     "others), then read game_view / game_moves, play game_move with your "
                     "token; bot seats move by themselves. game_explain scores, rules_lookup "
                     "cites rules (R-...), rules_catalog lists cards.",
        on_list_tools=list_tools, on_call_tool=call_tool)
    stdio: Any = GuardedStdio(sys.stdin.buffer, sys.stdout.buffer)  # (ora_api.transport.mcp_guard)
    async with stdio_server(stdio, stdio) as (read, write):
        await server.run(read, write, server.create_initialization_options())
