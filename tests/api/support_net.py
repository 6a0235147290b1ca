"""Raw-socket clients for the tests of a server exposed in public: half requests, WebSocket
handshakes with chosen headers, frames written without reading. 127.0.0.1 only."""

from __future__ import annotations

import base64
import os
import socket
import struct
import time
from pathlib import Path


def open_socket(port: int, timeout: float = 5, rcvbuf: int | None = None) -> socket.socket:
    """A connection to the server; ``rcvbuf`` shrinks the receive buffer (before connecting,
    so that little of what a client does not read hides in the kernel)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(timeout)
    sock.connect(("127.0.0.1", port))
    return sock


def read_until_closed(sock: socket.socket, timeout: float) -> tuple[bytes, bool]:
    """Everything the server sends until it closes (True) or ``timeout`` passes (False)."""
    data = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = sock.recv(1 << 16)
        except TimeoutError:
            return data, False
        except ConnectionResetError:
            return data, True
        if not chunk:
            return data, True
        data += chunk
    return data, False


def handshake(port: int, headers: dict[str, str], path: str = "/ws",
              rcvbuf: int | None = None) -> tuple[int, bytes, socket.socket]:
    """A WebSocket upgrade with these extra headers (``Host`` replaces the default): the
    status, the response head and body read so far, and the socket."""
    sock = open_socket(port, rcvbuf=rcvbuf)
    fields = {"Host": f"127.0.0.1:{port}", "Upgrade": "websocket", "Connection": "Upgrade",
              "Sec-WebSocket-Key": base64.b64encode(os.urandom(16)).decode(),
              "Sec-WebSocket-Version": "13", **headers}
    request = f"GET {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in fields.items())
    sock.sendall(request.encode() + b"\r\n")
    response = b""
    while b"\r\n\r\n" not in response:
        chunk = sock.recv(4096)
        if not chunk:
            break
        response += chunk
    status = int(response.split(b" ", 2)[1]) if response.startswith(b"HTTP/1.1 ") else 0
    return status, response, sock


def text_frame(payload: bytes) -> bytes:
    """A masked client text frame (the mask key is random, as clients must)."""
    key = os.urandom(4)
    n = len(payload)
    if n < 126:
        head = struct.pack("!BB", 0x81, 0x80 | n)
    elif n < 1 << 16:
        head = struct.pack("!BBH", 0x81, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
    masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    return head + key + masked


def rss_bytes(pid: int) -> int:
    """The resident set size of a process (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmRSS")
