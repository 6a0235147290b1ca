"""Security headers on every page and picture (issue 22, finding 10): a strict CSP (no inline
script), no framing by other sites (clickjacking a seat's page), nosniff, a referrer policy;
and the web client stays within the CSP (no inline script, style element or handler; the
browser tests in tests/web run with the CSP on)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from ora_api.api import API
from ora_api.jsonrpc.rpc import Dispatcher
from ora_api.service import open_service
from ora_api.transport.server import create_app
from tests.support import rules

STATIC = Path(__file__).resolve().parents[2] / "ora_api" / "web" / "static"


@pytest.fixture(scope="module")
def client() -> object:
    service = open_service("memory", rules=rules())
    with TestClient(create_app(Dispatcher(API, service)), base_url="http://localhost") as c:
        game_id = c.post("/rpc", json={"jsonrpc": "2.0", "id": 1, "method": "game.create",
                                       "params": {"config": {"players": 2, "variant": "france",
                                                             "length": "short"},
                                                  "visibility": "public"}}).json()[
            "result"]["game_id"]
        c.game_id = game_id  # type: ignore[attr-defined]
        yield c
    service.close()


def _paths(client: object) -> list[str]:
    game_id = client.game_id  # type: ignore[attr-defined]
    return ["/", "/ora.js", "/static/app.js", "/static/style.css", f"/games/{game_id}.svg",
            "/games/00000000-0000-4000-8000-000000000000.svg", "/nowhere"]


def test_every_page_and_picture_has_the_security_headers(client: TestClient) -> None:
    for path in _paths(client):
        response = client.get(path)
        h = response.headers
        csp = h.get("content-security-policy", "")
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp, path
        policy = dict(d.strip().split(" ", 1) for d in csp.split(";"))
        assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'", path
        # only style attributes may be inline (the web client places landscape spaces so)
        assert [d for d, v in policy.items() if "unsafe" in v] == ["style-src-attr"], path
        assert h.get("x-content-type-options") == "nosniff", path
        assert h.get("x-frame-options") == "DENY", path
        assert h.get("referrer-policy") == "no-referrer", path


def test_rpc_replies_have_them_too(client: TestClient) -> None:
    response = client.post("/rpc", json={"jsonrpc": "2.0", "id": 1, "method": "rpc.discover"})
    assert response.headers.get("x-content-type-options") == "nosniff"
    assert "frame-ancestors 'none'" in response.headers.get("content-security-policy", "")


def test_the_web_client_has_no_inline_script_style_or_handler() -> None:
    for page in STATIC.glob("*.html"):
        html = page.read_text()
        scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", html, re.S)
        assert all("src=" in attrs and not body.strip() for attrs, body in scripts), page
        assert not re.search(r"\son[a-z]+\s*=", html), page
        assert not re.search(r"<style\b", html), page
    for script in STATIC.glob("*.js"):
        code = script.read_text()
        assert not re.search(r"\beval\(|new Function\(", code), script
