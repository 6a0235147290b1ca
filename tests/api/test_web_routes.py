"""The web client's files served by ``ora serve`` (``ora_api.web``): /, /ora.js and /static."""

from __future__ import annotations

from tests.api.conftest import HttpServer


def test_the_page_the_client_module_and_the_static_files(http_server: HttpServer) -> None:
    client = http_server.client
    base = f"http://127.0.0.1:{http_server.port}"
    page = client.get(f"{base}/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/app.js">' in page.text
    for path in ("/ora.js", "/static/app.js", "/static/board.js"):
        script = client.get(base + path)
        assert script.status_code == 200, path
        assert script.headers["content-type"].startswith("text/javascript"), path
        assert script.headers["cache-control"] == "no-cache"
    assert "export class Ora" in client.get(f"{base}/ora.js").text
    assert client.get(f"{base}/static/style.css").headers["content-type"].startswith("text/css")
    assert client.get(f"{base}/static/missing.js").status_code == 404
    assert client.get(f"{base}/static/%2e%2e/__init__.py").status_code == 404
    assert client.post(f"{base}/", content=b"{}").status_code == 405
    # the API beside them is unchanged
    assert http_server.call("game.list")["games"] == []
