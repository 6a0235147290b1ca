"""The web client's files served by ``ora serve`` (``ora_api.web``): /, /ora.js and /static."""

from __future__ import annotations

from pathlib import Path

from tests.api.conftest import HttpServer


def test_the_page_the_client_module_and_the_static_files(fresh_http_server: HttpServer
                                                         ) -> None:
    http_server = fresh_http_server  # its store holds no game (checked at the end)
    client = http_server.client
    base = f"http://127.0.0.1:{http_server.port}"
    page = client.get(f"{base}/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/app.js">' in page.text
    # a strict Content-Security-Policy: no inline script or style (issue 23)
    assert "script-src 'self';" in page.headers["content-security-policy"]
    assert "style-src 'self';" in page.headers["content-security-policy"]
    assert "<style" not in page.text and " style=" not in page.text
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


def test_the_page_draws_terrain_and_wheel_in_the_colours_of_ora_render() -> None:
    """The page and ``ora render`` share one style (issue 23): the same terrain, forest, moor
    and wheel colours."""
    from ora_api.web import STATIC
    from ora_rules.views import svg

    board = (STATIC / "board.js").read_text()
    wheel = (STATIC / "wheel.js").read_text()
    for terrain, colour in svg.TERRAIN_FILL.items():
        assert f'{terrain}: "{colour}"' in board, terrain
    assert f'FOREST_FILL = "{svg.FOREST_FILL}"' in board
    assert f'MOOR_FILL = "{svg.MOOR_FILL}"' in board
    drawing = Path(svg.__file__).read_text()
    for colour in ("#e9dcbc", "#f4ecd8", "#8a7a5a", "#6a4a1a"):
        assert colour in wheel and colour in drawing, colour
