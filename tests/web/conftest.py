"""The browser tests' fixtures: Debian's Chromium driven by Playwright, a real ``ora serve``.

Playwright uses the system Chromium (``/usr/bin/chromium``, installed by ``scripts/browser.sh``
from ``./test.sh``) and never downloads a browser. Without it the tests fail in CI (``CI=true``)
and are skipped elsewhere, saying why.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.conftest import HttpServer

CHROMIUM = Path("/usr/bin/chromium")
#: Flags for a quiet headless Chromium on a machine without a network (and as root).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--hide-scrollbars", "--font-render-hinting=none"]


def _missing(reason: str) -> None:
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"browser tests: {reason} (CI needs it: ./test.sh installs it as root)")
    pytest.skip(f"browser tests: {reason}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        _missing(f"{CHROMIUM} is missing; install Debian's chromium (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HttpServer]:
    tmp_path = tmp_path_factory.mktemp("web")
    server = HttpServer(f"sqlite:{tmp_path / 'ora.sqlite3'}", tmp_path)
    yield server
    server.stop()


@pytest.fixture
def base_url(web_server: HttpServer) -> str:
    return f"http://127.0.0.1:{web_server.port}"


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000},
                                  device_scale_factor=1, locale="en-GB", timezone_id="UTC")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(20_000)
    yield page
    context.close()
    assert not errors, f"errors in the page: {errors}"
