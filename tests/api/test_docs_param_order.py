"""docs/api.md lists each method's params in the order the server takes them by position
(issue 22, finding 12: game.state and game.export were listed in another order)."""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from ora_api.api import API

DOCS = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def _without_groups(text: str) -> str:
    """The text with every (...), {...} and [...] taken out, innermost first."""
    while True:
        shorter = re.sub(r"\([^()]*\)|\{[^{}]*\}|\[[^\[\]]*\]", "", text)
        if shorter == text:
            return text
        text = shorter


def _documented() -> dict[str, list[str]]:
    found = {}
    for line in DOCS.read_text().splitlines():
        row = re.match(r"\| `([a-z_]+\.[a-z_]+)` \| ([^|]*) \|", line)
        if row is None or row.group(1) not in API.methods:
            continue
        params = re.sub(r"`", "", _without_groups(row.group(2)))
        names = re.findall(r"(?:^|,|\bor)\s*([a-z_]+)\??", params)
        found[row.group(1)] = names
    return found


def test_every_documented_param_list_is_in_the_servers_order() -> None:
    documented = _documented()
    assert {"game.state", "game.export", "game.move"} <= documented.keys()
    wrong = {}
    for name, names in documented.items():
        fields = [a.name for a in attrs.fields(API.methods[name].params)]
        unknown = [n for n in names if n not in fields]
        if unknown or [f for f in fields if f in names] != names:
            wrong[name] = (names, fields)
    assert not wrong, wrong
