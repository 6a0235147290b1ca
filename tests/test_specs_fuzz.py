"""``ora specs fuzz``: a building spec checked by the invariant catalogue over random games that
build and use it (ora_rules.testing.fuzz, docs/verification.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ora_api.cli import main
from ora_rules.records import read_record
from ora_rules.testing.fuzz import fuzz, rules_with

ROOT = Path(__file__).resolve().parent.parent
BAKERY = ROOT / "specs" / "buildings" / "F05-bakery.toml"


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """The Bakery with a planted bug: selling bread gives whiskey, an Ireland good (R-GOODS-1)."""
    path = tmp_path / "F05-bakery.toml"
    text = BAKERY.read_text(encoding="utf-8")
    assert "gain = { coin = 4 }" in text
    path.write_text(text.replace("gain = { coin = 4 }", "gain = { whiskey = 1 }"),
                    encoding="utf-8")
    return path


def test_a_planted_bug_is_found_and_shown_as_a_record_that_replays_to_it(planted: Path) -> None:
    report = fuzz(planted, games=10)
    finding = report.finding
    assert finding is not None
    assert finding.rule == "R-GOODS-1"
    assert "holds whiskey, a good of ireland, in a france game" in finding.detail
    assert finding.command.split()[1] == "F05"  # the Bakery's use that sold bread for whiskey
    # The record holds the moves up to the failing one; with the planted spec it replays there.
    _, rules = rules_with(planted)
    imported = read_record(finding.record, rules)
    assert imported.stop is None
    assert len(imported.commands) == finding.move_number
    assert imported.commands[-1] == finding.command


def test_the_committed_spec_passes_and_is_built_and_used(tmp_path: Path) -> None:
    copy = tmp_path / BAKERY.name
    shutil.copy(BAKERY, copy)
    report = fuzz(copy, games=2)
    assert report.finding is None
    assert report.builds >= 1 and report.uses >= 1


def test_the_cli_prints_the_rule_and_the_record_and_exits_1(
        planted: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["specs", "fuzz", str(planted), "--games", "10"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("F05: [R-GOODS-1] seat ")
    assert '[Game "ora"]' in out and '[Variant "france"]' in out


def test_a_broken_spec_is_reported_like_specs_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "F05-bakery.toml"
    broken.write_text(BAKERY.read_text(encoding="utf-8").replace(
        "cost = { clay = 2, straw = 1 }", "cost = { clay = -2, straw = 1 }"), encoding="utf-8")
    assert main(["specs", "fuzz", str(broken), "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert "F05-bakery.toml: cost.clay" in err and "problem(s)" in err


def test_a_missing_file_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["specs", "fuzz", "no/such/spec.toml"]) == 2
    assert capsys.readouterr().err == "ora: no spec file no/such/spec.toml\n"
