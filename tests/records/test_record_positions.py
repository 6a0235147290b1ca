"""Where a record stops, and where its moves are, named the same way everywhere (issue 37):
the record's line and our move (``line N, move M``), our moves counted as the audit,
``ora show --move`` and ``ora log`` count them; and a stop inside a use that a redirect grants
names the line that fails and why."""

from __future__ import annotations

from pathlib import Path

import pytest

from ora_api.cli import main
from ora_rules.records import read_record
from ora_rules.records.audit import audit, with_lines
from ora_rules.records.importing import moves_played
from ora_rules.specs import load_rules
from tests.support import DATA, read_test_record

#: A file of tests/data (``read_test_record``).
E504_RECORD = "records_more/kennerspiel/game-e504cc4e.txt"
E504 = DATA / E504_RECORD


def test_a_strict_stop_and_the_audit_name_the_same_line_and_move() -> None:
    """R-SOLO-6: the solo game's Shipping Company use that takes from the removed joker is
    kennerspiel's departure; the strict import stops at it, the audit of the game read as
    recorded lists it, and both give it the same line and the same move."""
    rules = load_rules()
    text = E504.read_text(encoding="utf-8")
    strict = read_test_record(E504_RECORD, "kennerspiel")
    stop = strict.stop
    assert stop is not None and stop.rule == "R-WHEEL-8"
    assert stop.move_number == moves_played(strict.events) + 1
    recorded = read_test_record(E504_RECORD, "kennerspiel", "kennerspiel-0.21")
    found = with_lines(audit(recorded.events, rules), recorded.lines)
    joker = next(d for d in found.departures if d.rule == "R-SOLO-6")
    assert (joker.line, joker.move_number) == (stop.line, stop.move_number)
    assert text.splitlines()[stop.line - 1] == stop.source == "USE F33 WnCo"
    # the record's lines and ours part (inserted COMMITs, merged uses): both are named
    assert len(recorded.lines) == moves_played(recorded.events)
    assert stop.line != stop.move_number


def test_the_command_line_names_line_and_move_in_the_stop_the_notes_and_the_audit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = f"sqlite:{tmp_path / 'games.sqlite3'}"
    assert main(["import", "--from", "kennerspiel", "--store", store, str(E504)]) == 2
    out, err = capsys.readouterr()
    assert f"{E504}: line 136, move 141 'USE F33 WnCo' cannot be played" in err
    assert "note: line 9, move 7 'WORK_CONTRACT G13 Pn' inserted" in out
    assert main(["audit", str(E504), "--from", "kennerspiel", "--as-recorded"]) == 0
    out = capsys.readouterr().out
    assert "  line 136, move 141 'PRIOR F33 JoWn Co': removed_joker=joker_only_uses" in out
    assert "stopped at line 147, move 151 'BUILD F27 0 1'" in out


def test_a_use_granted_by_a_redirect_that_pays_goods_not_held_is_the_line_named() -> None:
    """R-GOODS-4: the Cloister Garden (F09) grants a use of the Cloister Church (F24) on the
    next line; with the wine turned into coins first, that use's 2 wine are not there, and
    the stop names that line and the wine, not the Cloister Garden's line."""
    lines = E504.read_text(encoding="utf-8").splitlines()
    assert lines[116:118] == ["USE F09", "USE F24 BrBrWnWn"]
    text = "\n".join([*lines[:116], "CONVERT WnWnWnWn", *lines[116:]])
    stop = read_record(text, load_rules(), "kennerspiel").stop
    assert stop is not None
    assert (stop.line, stop.source, stop.reason, stop.rule) == (
        119, "USE F24 BrBrWnWn", "cannot_afford", "R-GOODS-4")
    assert stop.detail == "USE F24 BrBrWnWn pays 2 wine but the player has 0"
