"""Names need a visible character; store URLs are plain paths (issue 22, finding 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ora_api.service import open_service
from ora_core.codec import EventJsonCodec
from ora_core.errors import BadStoreUrl
from ora_core.store import EventStore
from tests.api.conftest import Local, RpcFailed


@pytest.mark.parametrize("name", [
    "\u3164",              # Hangul filler (a "letter" that shows nothing)
    "\u2800\u2800",        # Braille blanks
    "\u0301\u0308",        # combining marks alone
    "\u115f\u1160\uffa0",  # the other Hangul fillers
])
def test_an_invisible_name_is_refused(local: Local, name: str) -> None:
    with pytest.raises(RpcFailed) as refused:
        local.call("game.create", {
            "config": {"players": 2, "variant": "france", "length": "short"},
            "seats": [{"name": name}, {}]})
    assert refused.value.error["data"]["reason"] == "invalid_name"
    assert refused.value.error["data"]["path"] == "seats[0].name"


@pytest.mark.parametrize("name", ["Ann", "é", "7", "李", "\u3164Bo", "-"])
def test_names_with_a_visible_character_are_taken(local: Local, name: str) -> None:
    created = local.call("game.create", {
        "config": {"players": 2, "variant": "france", "length": "short"},
        "seats": [{"name": name}, {}]})
    assert created["seats"][0]["name"] == name


@pytest.mark.parametrize("url", ["sqlite:file:x.sqlite3?mode=rwc", "sqlite:FILE:x",
                                 "sqlite::memory:", "sqlite:file::memory:?cache=shared"])
def test_a_sqlite_url_that_is_not_a_plain_path_is_refused(url: str, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BadStoreUrl, match="plain path"):
        EventStore(EventJsonCodec(), url)
    with pytest.raises(Exception, match="plain path"):
        open_service(url)
    assert list(tmp_path.iterdir()) == []  # no file made under an unexpected name
