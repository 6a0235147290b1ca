"""``ora mcp`` answers malformed messages or closes, never hangs (issue 22, finding 9): deep
nesting, an id that is an object, an overlong line; the server goes on answering after each.

One server answers every test of the module, one after the other (starting ``ora mcp`` takes
two seconds of imports): each test checks that it still answers after its malformed message,
so the server also shows it goes on after all the others before."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import orjson
import pytest

INIT = {"jsonrpc": "2.0", "id": 99, "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {},
    "clientInfo": {"name": "probe", "version": "1"}}}


class Mcp:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "ora_api.cli", "mcp"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.replies: queue.Queue[Any] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.replies.put(orjson.loads(line))

    def send(self, raw: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(raw)
        self.proc.stdin.flush()

    def reply(self, timeout: float = 20) -> Any:
        try:
            return self.replies.get(timeout=timeout)
        except queue.Empty:
            pytest.fail("the MCP server did not answer (a hang)")

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()


DEEP = b"[" * 500 + b"]" * 500
CASES = [
    pytest.param(b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":' + DEEP + b"}}\n",
                 -32600, id="nested-500-deep"),
    pytest.param(b'{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}\n', -32600, id="object-id"),
    pytest.param(b"{not json\n", -32700, id="not-json"),
    pytest.param(b"[1,2]\n", -32600, id="batch"),
    pytest.param(b'{"jsonrpc":"2.0","id":3}\n', -32600, id="no-method"),
]


@pytest.fixture(scope="module")
def mcp() -> Iterator[Mcp]:
    server = Mcp()
    yield server
    server.close()


@pytest.mark.parametrize(("line", "code"), CASES)
def test_a_malformed_message_is_answered_and_the_server_goes_on(mcp: Mcp, line: bytes, code: int
                                                                ) -> None:
    mcp.send(line)
    answer = mcp.reply()
    assert answer["error"]["code"] == code
    mcp.send(orjson.dumps(INIT) + b"\n")
    assert mcp.reply()["id"] == 99


def test_an_overlong_line_is_answered_at_once_and_skipped(mcp: Mcp) -> None:
    mcp.send(b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"' + b"a" * (3 << 20))
    answer = mcp.reply()  # before the line ends: the client learns at once
    assert answer["error"]["code"] == -32600 and "too_large" in str(answer)
    mcp.send(b"a" * (2 << 20) + b'"}}\n')
    mcp.send(orjson.dumps(INIT) + b"\n")
    assert mcp.reply()["id"] == 99
