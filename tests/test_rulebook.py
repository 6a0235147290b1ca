"""The rules the engine cites are defined in the repository (specs/rules.toml, docs/rules.md)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ora_api.cli import main
from ora_core.errors import SpecError
from ora_rules.rulebook import UnknownRule, cited_ids, load_rulebook

ROOT = Path(__file__).resolve().parent.parent
#: Where rule ids are cited: the code, the specs, the tests, the docs and the README.
CITING = ("ora_core", "ora_rules", "ora_api", "specs", "tests", "docs", "scripts")
#: The generated rule pages themselves do not count as citations.
DEFINING = {ROOT / "specs" / "rules.toml", ROOT / "docs" / "rules.md"}


def _citing_files() -> list[Path]:
    files = [ROOT / "README.md"]
    for folder in CITING:
        files += [path for path in (ROOT / folder).rglob("*")
                  if path.is_file() and path.suffix in (".py", ".toml", ".md", ".json", ".txt")
                  and path not in DEFINING]
    return files


def test_every_cited_rule_id_is_defined() -> None:
    rulebook = load_rulebook(ROOT / "specs")
    missing = {
        rule_id: str(path.relative_to(ROOT))
        for path in _citing_files()
        for rule_id in cited_ids([path.read_text(encoding="utf-8", errors="replace")])
        if rule_id not in rulebook.rules
    }
    assert missing == {}, ("define these ids in specs/rules.toml, then regenerate docs/rules.md "
                           "with `ora rules --markdown -o docs/rules.md`")


def test_docs_rules_md_is_generated_from_the_specs() -> None:
    expected = load_rulebook(ROOT / "specs").markdown()
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == expected, (
        "regenerate: ora rules --markdown -o docs/rules.md")


def test_every_rule_of_the_reference_sections_has_a_statement_and_a_section() -> None:
    rulebook = load_rulebook(ROOT / "specs")
    assert {"R-BUY-2", "R-LIES-10", "AMB-05", "AMB-E3"} <= set(rulebook.rules)
    for rule in rulebook.rules.values():
        assert rule.text and rule.section, rule.id
    # Every numbered rule states where it comes from, in the text or as its source.
    unsourced = [r.id for r in rulebook.rules.values()
                 if r.id.startswith("R-") and not r.source
                 and not any(s in r.text for s in ("S00", "IMPL", "SETUP"))]
    assert unsourced == []


#: Ids that are not rules, built from parts so that this file cites none of them.
NOT_RULES = ("R-BUY-" + "99", "R-BUY-" + "77", "R-NOPE-" + "1")


def test_a_lookup_is_case_insensitive_and_an_unknown_id_suggests_close_ones() -> None:
    rulebook = load_rulebook(ROOT / "specs")
    assert rulebook.get("r-buy-2").id == "R-BUY-2"
    with pytest.raises(UnknownRule, match=rf"no rule '{NOT_RULES[0]}'; did you mean R-BUY-"):
        rulebook.get(NOT_RULES[0])


def test_broken_rule_specs_are_reported_with_file_and_entry(tmp_path: Path) -> None:
    shutil.copy(ROOT / "specs" / "rules.toml", tmp_path / "rules.toml")
    with (tmp_path / "rules.toml").open("a", encoding="utf-8") as handle:
        handle.write('\n[[rule]]\nid = "R-BUY-2"\ntext = "again"\n'
                     '\n[[rule]]\nid = "BUY-2"\ntext = "x"\n'
                     f'\n[[rule]]\nid = "{NOT_RULES[1]}"\ntext = ""\ncolour = "red"\n')
    with pytest.raises(SpecError) as caught:
        load_rulebook(tmp_path)
    problems = "\n".join(caught.value.problems)
    assert "R-BUY-2 is defined twice" in problems
    assert "expected a rule id like R-BUY-2, got 'BUY-2'" in problems
    assert f"{NOT_RULES[1]} has no statement" in problems
    assert "unknown fields ['colour']" in problems


def test_ora_rules_prints_a_rule_and_refuses_an_unknown_one_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "R-BUY-2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("R-BUY-2 (frequency)")
    assert "at most one landscape per round" in out
    assert "Source: S000 p.5" in out
    assert main(["rules", NOT_RULES[2]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"ora: no rule '{NOT_RULES[2]}'")


def test_cross_references_read_as_words() -> None:
    """Issue 26: `ora rules R-BUY-2` printed "(the Bulwark, the card facts (docs/buildings.md)
    I37)" and "card question Q18 (the `# Q18` note in the spec)": a reference names its card
    first and is never a parenthesis inside a parenthesis."""
    text = (ROOT / "specs" / "rules.toml").read_text(encoding="utf-8")
    assert not re.search(r"docs/buildings\.md\) [FGI]\d\d", text)
    assert "note in the spec)" not in text
    assert "(the card facts (docs/buildings.md) " not in text
