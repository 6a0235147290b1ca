"""A server exposed in public (docs/api.md, "Running it in public"), against real server
processes on 127.0.0.1: cross-site requests and DNS rebinding, CORS, the bounded costs of one
client (bytes waiting, reply size, deadlines, connections) and a clean shutdown."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import orjson
import pytest
from websockets.sync.client import connect
from websockets.typing import Origin

from ora_api.transport import server as transport_server
from tests.api.conftest import ROOT, HttpServer, server_env, unwrap
from tests.api.support_net import (
    handshake,
    open_socket,
    read_until_closed,
    rss_bytes,
    text_frame,
)

ALLOWED = "https://play.example.org"
LIST = b'{"jsonrpc":"2.0","id":1,"method":"game.list"}'
CREATE = orjson.dumps({"jsonrpc": "2.0", "id": 1, "method": "game.create", "params": {
    "config": {"players": 3, "variant": "france", "length": "long", "seed": 1}}})


@pytest.fixture(scope="module")
def public(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    """A server with one allowed cross origin and one extra host name."""
    tmp = tmp_path_factory.mktemp("public")
    server = HttpServer("memory", tmp, "--allow-origin", ALLOWED, "--allow-host",
                        "ora.example.org")
    yield server
    server.stop()


def _games(server: HttpServer) -> int:
    return len(server.call("game.list")["games"])


def _post(server: HttpServer, body: bytes, **headers: str) -> Any:
    return server.client.post(server.url, content=body, headers={
        "content-type": "application/json", **headers})


# --- cross-site requests ------------------------------------------------------------------------


def test_a_cross_site_page_cannot_create_games_with_a_simple_request(public: HttpServer
                                                                       ) -> None:
    before = _games(public)
    for content_type in ("text/plain", "application/x-www-form-urlencoded", ""):
        reply = public.client.post(public.url, content=CREATE, headers={
            "content-type": content_type, "origin": "http://evil.example"})
        assert reply.status_code in (403, 415)
    reply = public.client.post(public.url, content=CREATE, headers={"content-type":
                                                                     "text/plain"})
    assert reply.status_code == 415
    assert reply.json()["error"]["data"]["reason"] == "unsupported_media_type"
    assert _games(public) == before
    assert _post(public, LIST, **{"content-type": "application/json; charset=utf-8"}
                 ).status_code == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "https://play.example.org.evil",
                                    "http://play.example.org"])
def test_requests_from_other_origins_are_refused_unrun(public: HttpServer, origin: str) -> None:
    before = _games(public)
    reply = _post(public, CREATE, origin=origin)
    assert reply.status_code == 403
    assert reply.json()["error"]["data"]["reason"] == "origin_not_allowed"
    assert _games(public) == before


def test_dns_rebinding_names_are_refused(public: HttpServer) -> None:
    before = _games(public)
    reply = _post(public, CREATE, host="evil.example:8765")
    assert reply.status_code == 421
    assert reply.json()["error"]["data"]["reason"] == "host_not_allowed"
    # ... even when the page's origin is that same (rebound) name
    reply = _post(public, CREATE, host="evil.example", origin="http://evil.example")
    assert reply.status_code == 421
    assert _games(public) == before
    for host in ("localhost:1234", "127.0.0.1", "[::1]:80", "ORA.example.org"):
        assert _post(public, LIST, host=host).status_code == 200, host


def test_the_servers_own_pages_and_allowed_origins_are_answered(public: HttpServer) -> None:
    own = _post(public, LIST, origin=f"http://127.0.0.1:{public.port}")
    assert own.status_code == 200 and "access-control-allow-origin" not in own.headers
    proxied = _post(public, LIST, host="ora.example.org", origin="https://ora.example.org")
    assert proxied.status_code == 200
    cross = _post(public, LIST, origin=ALLOWED)
    assert cross.status_code == 200 and "games" in cross.json()["result"]
    assert cross.headers["access-control-allow-origin"] == ALLOWED
    assert cross.headers["vary"] == "Origin"


def test_the_cors_preflight(public: HttpServer) -> None:
    ok = public.client.options(public.url, headers={
        "origin": ALLOWED, "access-control-request-method": "POST",
        "access-control-request-headers": "content-type"})
    assert ok.status_code == 204
    assert ok.headers["access-control-allow-origin"] == ALLOWED
    assert ok.headers["access-control-allow-methods"] == "POST"
    assert ok.headers["access-control-allow-headers"] == "content-type"
    assert int(ok.headers["access-control-max-age"]) > 0
    refused = public.client.options(public.url, headers={
        "origin": "http://evil.example", "access-control-request-method": "POST"})
    assert refused.status_code == 403
    assert "access-control-allow-origin" not in refused.headers
    plain = public.client.options(public.url)
    assert plain.status_code == 204 and plain.headers["allow"] == "POST, OPTIONS"


@pytest.mark.parametrize(("headers", "status"), [
    ({}, 101),
    ({"Origin": ALLOWED}, 101),
    ({"Origin": "self"}, 101),
    ({"Origin": "http://evil.example"}, 403),
    ({"Origin": "null"}, 403),
    ({"Host": "evil.example"}, 421),
])
def test_websocket_upgrades_check_origin_and_host(public: HttpServer, headers: dict[str, str],
                                                  status: int) -> None:
    if headers.get("Origin") == "self":
        headers = {"Origin": f"http://127.0.0.1:{public.port}"}
    got, response, sock = handshake(public.port, headers)
    if status != 101:
        response += read_until_closed(sock, 5)[0]
        reason = b"origin_not_allowed" if status == 403 else b"host_not_allowed"
        assert reason in response
    sock.close()
    assert got == status, response


def test_a_websocket_from_an_allowed_origin_works(public: HttpServer) -> None:
    with connect(public.ws_url, origin=Origin(ALLOWED)) as ws:
        ws.send(LIST.decode())
        assert "games" in unwrap(orjson.loads(ws.recv(timeout=10)))


# --- bounded costs ------------------------------------------------------------------------------


def test_a_websocket_client_that_reads_nothing_costs_a_bounded_memory(tmp_path: Path) -> None:
    """Frames of 100 rpc.discover each (2.4 MB of replies per frame), written without reading
    a byte: the server stops reading the client, its memory stays put, and the client is
    disconnected once it has left a reply unread for --send-timeout."""
    server = HttpServer("memory", tmp_path, "--send-timeout", "2")
    try:
        batch = orjson.dumps([{"jsonrpc": "2.0", "id": i, "method": "rpc.discover"}
                              for i in range(100)])
        frame = text_frame(batch)
        base = rss_bytes(server.proc.pid)
        status, _, sock = handshake(server.port, {})
        assert status == 101
        sock.setblocking(False)
        sent = peak = 0
        started = time.monotonic()
        pending = frame
        closed = False
        while time.monotonic() - started < 2.5:  # the server has long read what it will
            try:
                if sent < 300 and not closed:
                    pending = pending[sock.send(pending):]
            except BlockingIOError:
                pass
            except (ConnectionResetError, BrokenPipeError):
                closed = True  # the send timeout (2 s) has passed
            if not pending:
                sent, pending = sent + 1, frame
            time.sleep(0.01)
            peak = max(peak, rss_bytes(server.proc.pid))
        growth = peak - base  # 18 MB here; 673 MB when every frame was read and answered
        assert growth < 64 << 20, f"the server grew by {growth >> 20} MB"
        # A reply waits unread: after the send timeout the server drops the client.
        closed = closed or read_until_closed(sock, 10)[1]
        assert closed
        assert "games" in server.call("game.list")  # the server serves others
    finally:
        server.stop()
    assert "disconnecting WebSocket client" in server.stderr
    assert "Traceback" not in server.stderr


def test_half_headers_and_stalled_bodies_are_cut_off(tmp_path: Path) -> None:
    server = HttpServer("memory", tmp_path, "--header-timeout", "1", "--body-timeout", "1",
                        "--log-level", "info")
    try:
        silent = [open_socket(server.port) for _ in range(20)]
        half = [open_socket(server.port) for _ in range(100)]
        for sock in half:
            sock.sendall(b"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty")
        stalled = open_socket(server.port)
        stalled.sendall(b"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                        b"application/json\r\nContent-Length: 100\r\n\r\n{\"jsonrpc\"")
        assert "games" in server.call("game.list")  # others are served meanwhile
        start = time.monotonic()
        for sock in silent + half:
            data, closed = read_until_closed(sock, 5)
            assert closed and data == b""
            sock.close()
        answer, closed = read_until_closed(stalled, 5)
        assert closed and answer.startswith(b"HTTP/1.1 408 ")
        assert b"body_timeout" in answer
        assert time.monotonic() - start < 5
        # A client that goes away mid-body: one line in the log, no traceback.
        gone = open_socket(server.port)
        gone.sendall(b"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                     b"application/json\r\nContent-Length: 100\r\n\r\n{\"js")
        time.sleep(0.3)
        gone.close()
        time.sleep(0.3)
        assert "games" in server.call("game.list")
    finally:
        server.stop()
    assert server.stderr.count("disconnected before its request body was complete") == 1
    assert "Traceback" not in server.stderr


def test_request_heads_are_bounded_and_pipelined_requests_answered(public: HttpServer
                                                                   ) -> None:
    """The HTTP parser (httptools, issue 34) keeps h11's bound on a request head: over 16 KiB,
    whole or trickled, it is 400 and the connection is closed; a head just under it, sent in
    pieces, and requests sent back to back on one connection are answered."""
    def post(extra: bytes = b"", close: bool = False) -> bytes:
        return (b"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + extra + (b"Connection: close\r\n" if close else b"")
                + b"Content-Length: %d\r\n\r\n" % len(LIST) + LIST)

    whole = open_socket(public.port)
    whole.sendall(post(b"X-Long: " + b"a" * (17 << 10) + b"\r\n"))
    answer, closed = read_until_closed(whole, 5)
    assert closed and answer.startswith(b"HTTP/1.1 400 ")
    trickled = open_socket(public.port)
    trickled.sendall(b"POST /rpc HTTP/1.1\r\nX-Long: ")
    for _ in range(40):  # one header line that never ends, 1 KiB at a time
        try:
            trickled.sendall(b"a" * 1024)
        except (BrokenPipeError, ConnectionResetError):
            break
        time.sleep(0.01)
    answer, closed = read_until_closed(trickled, 5)
    assert closed and answer.startswith(b"HTTP/1.1 400 ")
    pieces = open_socket(public.port)
    request = post(b"X-Long: " + b"a" * (15 << 10) + b"\r\n", close=True)
    for i in range(0, len(request), 1000):
        pieces.sendall(request[i:i + 1000])
        time.sleep(0.005)
    answer, closed = read_until_closed(pieces, 5)
    assert closed and answer.startswith(b"HTTP/1.1 200 ") and b'"games"' in answer
    pipelined = open_socket(public.port)
    pipelined.sendall(post() + post(b"X-Long: " + b"a" * 8000 + b"\r\n") + post(close=True))
    answer, closed = read_until_closed(pipelined, 5)
    assert closed and answer.count(b"HTTP/1.1 200 ") == 3
    assert "games" in public.call("game.list")  # still serving


def test_connections_beyond_the_limit_get_503(tmp_path: Path) -> None:
    server = HttpServer("memory", tmp_path, "--max-connections", "8")
    try:
        server.client.close()  # its keep-alive connection would count
        held = [open_socket(server.port) for _ in range(8)]
        time.sleep(0.2)
        extra = open_socket(server.port)
        answer, closed = read_until_closed(extra, 5)
        assert closed and answer.startswith(b"HTTP/1.1 503 ")
        assert b"server_busy" in answer
        for sock in held:
            sock.close()
        time.sleep(0.3)
        sock = open_socket(server.port)
        sock.sendall(b"POST /rpc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
                     b"\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(LIST) + LIST)
        answer, _ = read_until_closed(sock, 5)
        assert answer.startswith(b"HTTP/1.1 200 ")
    finally:
        server.stop()


def test_a_batch_of_long_replies_is_cut_at_the_reply_budget(tmp_path: Path) -> None:
    server = HttpServer("memory", tmp_path, "--max-reply-bytes", "300000")
    try:
        batch = orjson.dumps([{"jsonrpc": "2.0", "id": i, "method": "rpc.discover"}
                              for i in range(100)])
        reply = _post(server, batch)
        assert len(reply.content) <= 300_000 + 100 * 400  # + a short refusal per request left
        answers = reply.json()
        assert [a["id"] for a in answers] == list(range(100))
        done = [a for a in answers if "result" in a]
        assert 1 <= len(done) < 100
        assert all(a["error"]["code"] == -32099 and a["error"]["data"]["code"] ==
                   "reply_too_large" for a in answers[len(done):])
    finally:
        server.stop()


# --- operations ---------------------------------------------------------------------------------


def test_sigterm_shuts_down_gracefully_and_closes_the_store(tmp_path: Path) -> None:
    store = tmp_path / "games.sqlite3"
    server = HttpServer(f"sqlite:{store}", tmp_path)
    server.call("game.create", {"config": {"players": 2, "variant": "france",
                                           "length": "long"}})
    server.client.close()
    server.proc.send_signal(signal.SIGTERM)
    assert server.proc.wait(15) == 0
    server.stop()
    assert "Traceback" not in server.stderr
    assert store.exists() and not Path(f"{store}-wal").exists()  # closed: checkpointed


def test_serve_http_without_the_server_extra_says_which_extra(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['uvicorn'] = None; from ora_api.cli import main; "
            "sys.exit(main(['serve', '--http', '127.0.0.1:0', '--store', 'memory']))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=server_env(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "uvicorn" in lines[0] and "ora[api]" in lines[0], done.stderr


def _must_not_serve(*args: object, **kwargs: object) -> None:
    raise AssertionError("the server started to serve despite the option")


@pytest.mark.parametrize("address", ["127.0.0.1:65536", "127.0.0.1:99999999999999999999",
                                     "127.0.0.1:", ":8765"])
def test_an_address_without_a_port_is_one_line_and_exit_2(
        address: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A port past 65535 was an internal error (OverflowError) from the socket layer."""
    monkeypatch.setattr(transport_server, "serve_http", _must_not_serve)
    assert transport_server.main(["--http", address, "--store", "memory"]) == 2
    assert capsys.readouterr().err == (f"ora serve: --http expects HOST:PORT (a port "
                                       f"0..65535), got {address!r}\n")


def test_a_refused_address_says_nothing_of_a_store_and_creates_none(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """``ora serve`` said "creating a new store" before it refused the port; now it says so
    once its options are read, as it opens the store."""
    from ora_api.cli import main

    monkeypatch.setattr(transport_server, "serve_http", _must_not_serve)
    store = tmp_path / "new.sqlite3"
    assert main(["serve", "--http", "127.0.0.1:65536", "--store", f"sqlite:{store}"]) == 2
    err = capsys.readouterr().err
    assert "creating" not in err and err.startswith("ora serve: --http expects HOST:PORT")
    assert not store.exists()


@pytest.mark.parametrize("option", ["--max-connections=0", "--header-timeout=-1",
                                    "--allow-origin=evil.example", "--max-pending-bytes=10"])
def test_bad_limits_are_one_line_and_exit_2(option: str, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # In process, the main of ``python -m ora_api.transport.server`` (a process each cost half a
    # second of imports; the next test starts the real one); an option let through would serve.
    monkeypatch.setattr(transport_server, "serve_http", _must_not_serve)
    code = transport_server.main(["--http", "127.0.0.1:0", "--store", "memory", option])
    err = capsys.readouterr().err
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def test_an_address_in_use_is_one_line_and_exit_2(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "ora_api.transport.server", "--http",
                               f"127.0.0.1:{port}", "--store", "memory"], cwd=tmp_path,
                              env=server_env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"ora serve: cannot listen on 127.0.0.1:{port}: Address already in use"]
