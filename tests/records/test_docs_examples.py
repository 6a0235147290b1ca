"""The record examples of docs/records.md read as the comment before each says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ora_rules.records import RecordError, read_record
from tests.support import rules

DOC = Path(__file__).resolve().parents[2] / "docs" / "records.md"
_EXAMPLE = re.compile(r"<!-- record-example: (\w+)((?: \w+=[\w-]+)*) -->\n```\n(.*?)```", re.S)


def examples() -> list[tuple[str, dict[str, str], str]]:
    found = [(m[1], dict(p.split("=") for p in m[2].split()), m[3])
             for m in _EXAMPLE.finditer(DOC.read_text(encoding="utf-8"))]
    assert len(found) >= 5, "docs/records.md lost its examples"
    return found


@pytest.mark.parametrize(("kind", "expect", "text"), examples())
def test_a_docs_example_reads_as_documented(kind: str, expect: dict[str, str],
                                            text: str) -> None:
    if kind == "error":
        with pytest.raises(RecordError) as info:
            read_record(text, rules())
        assert info.value.line == int(expect["line"])
        if "version" in expect:
            assert info.value.version == int(expect["version"])
        return
    imported = read_record(text, rules())
    if kind == "ok":
        assert imported.stop is None
        assert len(imported.commands) == int(expect["moves"])
        assert len(imported.events) == int(expect["version"])
    else:
        assert kind == "stop" and imported.stop is not None
        stop = imported.stop
        assert (stop.move_number, stop.line, stop.reason, stop.rule) == (
            int(expect["move"]), int(expect["line"]), expect["reason"], expect["rule"])
        assert len(imported.commands) == stop.move_number - 1
