"""The MCP server's stdio, bounded (issue 22, finding 9; docs/mcp.md).

The SDK's reader hands a message it cannot validate to the session as an exception, which
answers nothing: a client waits forever. So each line is checked here first, and a malformed one
is answered with a JSON-RPC error (id null unless the message had a usable one) and never
reaches the SDK:

- longer than ``MAX_LINE`` bytes: -32600 ``too_large`` as soon as the limit is passed, and the
  rest of the line is skipped without being kept (memory stays bounded);
- not JSON: -32700; nested deeper than ``MAX_DEPTH``: -32600 ``too_deep``;
- not one request, notification or response object (a batch, a scalar, an id that is neither
  a string, an integer nor null, no method and no result): -32600.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any, BinaryIO

import orjson

#: The longest line read, in bytes (as ``ora serve --stdio``'s default message limit).
MAX_LINE = 1 << 20
#: The deepest nesting of arrays and objects in a message.
MAX_DEPTH = 64


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level > MAX_DEPTH:
                return level
            stack += [(v, level + 1) for v in (item.values() if isinstance(item, dict) else item)]
    return deepest


def _error(code: int, reason: str, detail: str, request_id: Any = None) -> bytes:
    return orjson.dumps({"jsonrpc": "2.0", "id": request_id, "error": {
        "code": code, "message": "Parse error" if code == -32700 else "Invalid Request",
        "data": {"reason": reason, "detail": detail}}}) + b"\n"


def refusal(line: bytes) -> bytes | None:
    """The error reply to a malformed message, or None: the SDK may have it."""
    try:
        message = orjson.loads(line)
    except orjson.JSONDecodeError as e:
        return _error(-32700, "parse_error", f"not JSON: {str(e)[:200]}")
    if _depth(message) > MAX_DEPTH:
        return _error(-32600, "too_deep", f"nested deeper than {MAX_DEPTH} levels")
    if not isinstance(message, dict):
        return _error(-32600, "invalid_request", "a message is one JSON object (no batches)")
    request_id = message.get("id")
    if not (request_id is None or isinstance(request_id, str)
            or (isinstance(request_id, int) and not isinstance(request_id, bool))):
        return _error(-32600, "bad_id", "id must be a string, an integer or null")
    if message.get("jsonrpc") != "2.0":
        return _error(-32600, "invalid_request", '"jsonrpc" must be "2.0"', request_id)
    method = message.get("method")
    if (method is None and not ("result" in message or "error" in message)) \
            or (method is not None and not isinstance(method, str)):
        return _error(-32600, "invalid_request", '"method" must be a string', request_id)
    if method is not None and not isinstance(message.get("params", {}), dict):
        return _error(-32600, "invalid_request", '"params" must be an object', request_id)
    return None


class GuardedStdio:
    """Stdin as the SDK reads it (``async for line``), well-formed lines only, and stdout as
    it writes it; both written from the event loop only, so replies never interleave."""

    def __init__(self, inp: BinaryIO, out: BinaryIO) -> None:
        self._in = inp
        self._out = out

    async def write(self, text: str) -> None:
        self._out.write(text.encode())

    async def flush(self) -> None:
        self._out.flush()

    def _reply(self, message: bytes) -> None:
        self._out.write(message)
        self._out.flush()

    def __aiter__(self) -> AsyncIterator[str]:
        return self._lines()

    async def _lines(self) -> AsyncIterator[str]:
        import anyio

        while True:
            line = await anyio.to_thread.run_sync(self._in.readline, MAX_LINE + 1)
            if not line:
                return
            if len(line) > MAX_LINE:
                self._reply(_error(-32600, "too_large",
                                   f"a message has at most {MAX_LINE} bytes"))
                if not line.endswith(b"\n"):
                    await anyio.to_thread.run_sync(self._skip_line)
                continue
            if not line.strip():
                continue
            if (error := refusal(line)) is not None:
                self._reply(error)
                continue
            yield line.decode("utf-8", "replace")

    def _skip_line(self) -> None:
        while (chunk := self._in.readline(1 << 16)) and not chunk.endswith(b"\n"):
            pass
