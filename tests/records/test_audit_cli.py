"""``ora import --as-recorded`` and ``ora audit`` (docs/records.md "The audit"): a kennerspiel
record replays whole under its engine's profile, the import prints the departures it relied
on, and the audit of the stored game or of the file lists them again; strictly, the import
stops at the first move the rulebook forbids, naming its rule and the option that allows it."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from ora_api.cli import main

RECORD = Path(__file__).resolve().parents[1] / "data" / "records" / "kennerspiel" \
    / "game4aedf9e5.txt"


def test_import_as_recorded_prints_the_audit_and_audit_repeats_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = f"sqlite:{tmp_path / 'games.sqlite3'}"
    assert main(["import", "--from", "kennerspiel", "--store", store, str(RECORD)]) == 2
    err = capsys.readouterr().err
    assert "line 51, move 48 'BUY_PLOT -1 COAST'" in err and "landscape_limit (R-BUY-2)" in err
    assert "option landscape_purchases=per_slot" in err
    assert main(["import", "--from", "kennerspiel", "--as-recorded", "--store", store,
                 str(RECORD)]) == 0
    out = capsys.readouterr().out.splitlines()
    game_id = next(line for line in out if not line.startswith("note:"))
    audit = out[out.index(game_id) + 1:]
    assert audit[0] == "audit: profile kennerspiel-0.21: 6 of 262 moves rely on its options"
    assert any("line 144, move 137 'PRIOR G12 3 PtPtPtShShSh': occupied_own_building=replaces "
               "(departure, R-CLG-4)" in line and "refused: building_occupied" in line
               for line in audit)
    assert main(["audit", game_id, "--store", store]) == 0
    # the stored game has no record: the same audit without the record's lines
    assert capsys.readouterr().out.splitlines() == [
        re.sub(r"line \d+, (move \d+)", r"\1", line) for line in audit]
    assert main(["audit", str(RECORD), "--from", "kennerspiel", "--as-recorded",
                 "--json"]) == 0
    report = orjson.loads(capsys.readouterr().out)
    assert report["profile"] == "kennerspiel-0.21" and len(report["departures"]) == 6
    assert main(["verify", game_id, "--store", store]) == 0


def test_audit_of_a_file_read_strictly_names_its_stop(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(RECORD), "--from", "kennerspiel"]) == 0
    out = capsys.readouterr().out
    assert "profile rulebook: 47 moves, no departure" in out  # those before the stop
    assert "stopped at line 51, move 48 'BUY_PLOT -1 COAST'" in out
