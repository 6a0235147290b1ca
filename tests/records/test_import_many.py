"""``ora import`` of several record files: one line per file, exit 2 when any stops."""

from __future__ import annotations

from pathlib import Path

import pytest

from ora_api.cli import main

RECORDS = Path(__file__).resolve().parents[1] / "data" / "records" / "kennerspiel"


def test_several_files_give_a_line_each_and_the_stop_on_standard_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    plays = RECORDS / "control-solo.txt"
    stops = RECORDS / "game4aedf9e5.txt"  # a second purchase in a round (R-BUY-2) at line 51
    store = f"sqlite:{tmp_path / 'games.sqlite3'}"
    code = main(["import", "--from", "kennerspiel", "--store", store, str(plays), str(stops)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out.startswith(f"{plays}: ") and out.count("\n") == 1
    assert f"ora: {stops}: line 51, move 48" in err and "(R-BUY-2)" in err
    assert "nothing stored" in err
    assert main(["list", "--store", store]) == 0
    assert capsys.readouterr().out.count("\n") == 1  # only the game that played was stored
