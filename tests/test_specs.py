"""Spec loading and validation (design §4; issue 3 item 4): every problem, with file and field."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ora_api.cli import main
from ora_core.errors import SpecError
from ora_rules.specs import load_rules
from ora_rules.views.glossary import glossary
from tests.spec_editing import edit, spec_problems
from tests.spec_editing import spec_copy as spec_copy  # the fixture

ROOT = Path(__file__).resolve().parent.parent
#: The card facts of the rules reference, kept in the repository (tests/data/README.md).
SHARED_CARDS = ROOT / "tests" / "data" / "cards.csv"


def test_the_committed_specs_load_and_cover_every_card() -> None:
    rules = load_rules()
    assert len(rules.buildings) == 70
    assert len(rules.settlements) == 8
    assert set(rules.modes) == {"1", "2", "2L", "3", "4", "3s", "4s"}


def test_cards_toml_lists_exactly_the_cards_of_cards_csv() -> None:
    import csv
    import tomllib

    rows = list(csv.DictReader(SHARED_CARDS.open(encoding="utf-8")))
    expected = {r["id"] for r in rows if r["kind"] in ("building", "start_building",
                                                      "settlement")}
    cards = tomllib.loads((ROOT / "specs" / "cards.toml").read_text(encoding="utf-8"))
    assert set(cards["buildings"]) | set(cards["settlements"]) == expected


def test_a_negative_cost_is_reported_with_file_and_field(spec_copy: Path) -> None:
    path = spec_copy / "buildings" / "G01-priory.toml"
    edit(path, "cost = { wood = 1, clay = 1 }", "cost = { wood = -4, clay = 1 }")
    problems = spec_problems(spec_copy)
    assert any(p.startswith(str(path)) and "cost.wood" in p and "-4" in p for p in problems)


def test_an_unknown_good_is_reported(spec_copy: Path) -> None:
    path = spec_copy / "buildings" / "G12-stone-merchant.toml"
    edit(path, "cost = { wood = 1 }", "cost = { gold = 1 }")
    assert any(str(path) in p and "cost.gold" in p and "unknown good" in p
               for p in spec_problems(spec_copy))


def test_an_unknown_effect_kind_is_reported(spec_copy: Path) -> None:
    path = spec_copy / "buildings" / "L01-clay-mound.toml"
    edit(path, 'wheel = ["clay"]\n', 'teleport = ["clay"]\n')
    assert any(str(path) in p and "effect" in p and "teleport" in p
               for p in spec_problems(spec_copy))


def test_a_malformed_effect_is_reported(spec_copy: Path) -> None:
    path = spec_copy / "buildings" / "L01-clay-mound.toml"
    edit(path, 'wheel = ["clay"]\n', 'wheel = ["gold"]\n')
    assert any(str(path) in p and "effect.wheel" in p for p in spec_problems(spec_copy))


def test_a_missing_card_and_a_duplicate_are_reported_together(spec_copy: Path) -> None:
    (spec_copy / "buildings" / "G12-stone-merchant.toml").unlink()
    shutil.copy(spec_copy / "buildings" / "G01-priory.toml",
                spec_copy / "buildings" / "G01-priory-again.toml")
    problems = spec_problems(spec_copy)
    assert any("no spec for card G12" in p for p in problems)
    assert any("G01-priory-again.toml" in p and "G01 is also in" in p for p in problems)


def test_every_problem_is_reported_at_once(spec_copy: Path) -> None:
    edit(spec_copy / "buildings" / "G01-priory.toml", "economic = 4", 'economic = "four"')
    edit(spec_copy / "settlements" / "S01-shanty-town.toml", "food = 1", "food = -1")
    edit(spec_copy / "modes" / "4.toml", 'wheel = "front"', 'wheel = "sideways"')
    problems = spec_problems(spec_copy)
    assert any("G01-priory.toml: economic" in p for p in problems)
    assert any("S01-shanty-town.toml: food" in p for p in problems)
    assert any("4.toml: wheel" in p and "sideways" in p for p in problems)


def test_ora_specs_check_exits_nonzero_with_the_list(spec_copy: Path) -> None:
    edit(spec_copy / "buildings" / "G01-priory.toml", "dwelling = 3", "dwelling = 3.5")
    result = subprocess.run([sys.executable, "-m", "ora_api.cli", "specs", "check", "--dir",
                             str(spec_copy)], capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert "G01-priory.toml: dwelling" in result.stderr
    ok = subprocess.run([sys.executable, "-m", "ora_api.cli", "specs", "check"],
                        capture_output=True, text=True, check=False)
    assert ok.returncode == 0, ok.stderr


@pytest.mark.parametrize("kind", ["no such directory", "a file"])
def test_a_path_that_is_no_spec_directory_is_one_problem(tmp_path: Path, kind: str,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """Not one problem for each file the directory lacks (59), and one line on a command."""
    path = tmp_path / "specs"
    if kind == "a file":
        path.write_text("")
    with pytest.raises(SpecError) as refused:
        load_rules(path)
    assert refused.value.problems == [f"{path}: not a spec directory ({kind})"]
    assert main(["specs", "describe", "G01", "--dir", str(path)]) == 2
    assert capsys.readouterr().err == f"ora: invalid specs: {path}: not a spec directory ({kind})\n"


def test_the_committed_glossary_is_current() -> None:
    """docs/buildings.md is generated: regenerate with `./run.sh specs glossary --write`."""
    committed = (ROOT / "docs" / "buildings.md").read_text(encoding="utf-8")
    assert committed == glossary(load_rules()) + "\n"
