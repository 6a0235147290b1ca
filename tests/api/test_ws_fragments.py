"""A long reply goes to a WebSocket client as one text message in fragments of at most 64 KiB
(issue 22, finding 7; docs/api.md "Limits"): the server holds the reply's bytes once and writes
a fragment when the connection has room, instead of copying the whole reply into text, a frame
and a buffer. Read here frame by frame from a raw socket."""

from __future__ import annotations

import socket
import struct

import orjson

from ora_api.transport.connections import FRAGMENT
from tests.api.conftest import HttpServer
from tests.api.support_net import handshake, text_frame


def _frames(sock: socket.socket, head: bytes) -> list[tuple[bool, int, bytes]]:
    """The server's frames up to the end of the first message: (fin, opcode, payload)."""
    buffer = head

    def take(n: int) -> bytes:
        nonlocal buffer
        while len(buffer) < n:
            chunk = sock.recv(1 << 16)
            assert chunk, "the server closed the connection"
            buffer += chunk
        data, buffer = buffer[:n], buffer[n:]
        return data

    frames = []
    while True:
        b1, b2 = take(2)
        length = b2 & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", take(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", take(8))
        assert not b2 & 0x80  # a server's frames are not masked
        frames.append((bool(b1 & 0x80), b1 & 0x0F, take(length)))
        if frames[-1][0]:
            return frames


def test_a_long_reply_is_one_message_in_fragments(http_server: HttpServer) -> None:
    status, response, sock = handshake(http_server.port, {})
    assert status == 101
    request = {"jsonrpc": "2.0", "id": 1, "method": "rpc.discover"}
    sock.sendall(text_frame(orjson.dumps(request)))
    try:
        frames = _frames(sock, response.split(b"\r\n\r\n", 1)[1])
    finally:
        sock.close()
    message = b"".join(payload for _, _, payload in frames)
    assert len(message) > FRAGMENT and len(frames) >= 2  # rpc.discover: about 107 KB
    assert [opcode for _, opcode, _ in frames] == [1] + [0] * (len(frames) - 1)  # text, cont...
    assert [fin for fin, _, _ in frames] == [False] * (len(frames) - 1) + [True]
    assert all(len(payload) == FRAGMENT for _, _, payload in frames[:-1])
    assert orjson.loads(message)["result"]["openrpc"]
