"""The Liesborn wonder tiles as data: ``specs/wonders/`` and ``specs/expansions/liesborn.toml``
(rules.md §17, R-LIES-1, R-LIES-2, R-LIES-5, R-LIES-7, R-LIES-9, R-LIES-10; AMB-28): loaded,
validated with file and field, described and listed in the glossary."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ora_core.values import Good
from ora_rules.specs import load_rules
from ora_rules.views.glossary import describe_condition, wonder_glossary
from tests.spec_editing import edit, spec_problems
from tests.spec_editing import spec_copy as spec_copy  # the fixture

ROOT = Path(__file__).resolve().parent.parent

#: R-LIES-9, the table of the known tiles: base, variable value, reduced value.
TABLE = {
    "LW-01": (0, 1, 0.5), "LW-02": (45, -3, -1.5), "LW-03": (60, -2, -1),
    "LW-04": (12, 3, None), "LW-05": (20, 2, None), "LW-06": (20, 2, None),
    "LW-07": (20, 4, None), "LW-08": (20, 1, None), "LW-09": (18, 1, None),
    "LW-10": (18, 1, None), "LW-11": (20, 2, None), "LW-12": (12, 2, None),
    "LW-13": (20, 2, None), "LW-14": (25, 1, None),
}


def test_r_lies_9_the_known_tiles_match_the_table() -> None:
    wonders = load_rules().wonders
    for tile, (base, value, reduced) in TABLE.items():
        spec = wonders[tile]
        assert spec.condition is not None, tile
        assert (spec.base, spec.condition.value, spec.condition.reduced) == (base, value, reduced)
    # R-LIES-6: four tiles have a negative variable value; two of them are known (R-LIES-10).
    assert sorted(t for t, s in wonders.items() if s.condition and s.condition.value < 0) == [
        "LW-02", "LW-03"]
    # R-LIES-7: three tiles have a reduced value.
    assert sorted(t for t, s in wonders.items()
                  if s.condition and s.condition.reduced is not None) == ["LW-01", "LW-02",
                                                                            "LW-03"]
    assert wonders["LW-13"].condition is not None
    assert wonders["LW-13"].condition.of == (Good.LIVESTOCK, Good.GRAIN)


def test_r_lies_10_five_tiles_with_only_a_base_seven_without_a_spec() -> None:
    rules = load_rules()
    partial = {t: s.base for t, s in rules.wonders.items() if not s.known}
    assert sorted(partial.values()) == sorted([0, 42, 15, 15, 5])
    assert all(rules.wonders[t].status == "partial" for t in partial)
    assert rules.liesborn is not None
    assert len(rules.liesborn.tile_ids()) == 26  # R-LIES-1
    assert len([t for t in rules.liesborn.tile_ids() if t not in rules.wonders]) == 7


def test_r_lies_1_2_5_7_the_expansions_numbers() -> None:
    expansion = load_rules().liesborn
    assert expansion is not None
    assert expansion.tiles == 26
    assert dict(expansion.display) == {1: 3, 2: 5, 3: 7, 4: 9}
    assert expansion.light_points == 20
    assert expansion.reduced_modes == {"2L", "1"}
    assert set(expansion.tile_sets) == {"all", "known"}


def test_a_bad_tile_is_reported_with_file_and_field(spec_copy: Path) -> None:
    path = spec_copy / "wonders" / "LW-07-meat.toml"
    edit(path, 'per = "goods"', 'per = "sheep"')
    edit(spec_copy / "wonders" / "LW-09-clay.toml", 'of = ["clay"]', 'of = ["peat"]')
    edit(spec_copy / "wonders" / "LW-13-livestock-and-grain.toml", 'of = ["livestock", "grain"]',
          'of = ["livestock"]')
    problems = spec_problems(spec_copy)
    assert any("LW-07-meat.toml: variable.per: expected one of" in p for p in problems)
    assert any("LW-09-clay.toml: variable.of: 'peat' is not a building material" in p
               for p in problems)
    assert any("LW-13-livestock-and-grain.toml: variable.of: a combination is of exactly two"
               in p for p in problems)


def test_a_partial_tile_with_a_value_and_a_tile_beyond_the_set(spec_copy: Path) -> None:
    path = spec_copy / "wonders" / "LW-15-illegible-1.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[variable]\nvalue = 1\n"
                    'per = "landscape"\n', encoding="utf-8")
    edit(spec_copy / "expansions" / "liesborn.toml", "tiles = 26", "tiles = 18")
    edit(spec_copy / "expansions" / "liesborn.toml", 'default_tile_set = "all"',
          'default_tile_set = "most"')
    problems = spec_problems(spec_copy)
    assert any("LW-15-illegible-1.toml: variable: a partial tile has no legible" in p
               for p in problems)
    assert any("LW-19-illegible-5.toml: id: LW-19 is beyond the 18 tiles" in p for p in problems)
    assert any("liesborn.toml: default_tile_set: expected one of the tile_sets" in p
               for p in problems)


def test_a_display_larger_than_the_known_tiles_is_refused(spec_copy: Path) -> None:
    edit(spec_copy / "expansions" / "liesborn.toml", "4 = 9", "4 = 15")
    assert any("display: a display of 15 needs as many tiles known in full; 14 are" in p
               for p in spec_problems(spec_copy))


def test_the_committed_wonder_glossary_is_current() -> None:
    """docs/wonders.md is generated: regenerate with `./run.sh specs glossary --write`."""
    committed = (ROOT / "docs" / "wonders.md").read_text(encoding="utf-8")
    assert committed == wonder_glossary(load_rules()) + "\n"


def test_each_description_says_the_tiles_numbers() -> None:
    for tile, (_, value, reduced) in TABLE.items():
        text = describe_condition(load_rules().wonders[tile])
        assert text.startswith(f"{value:+g} per "), text
        assert (reduced is not None) == ("long two-player" in text), text


def test_ora_specs_describe_a_tile() -> None:
    done = subprocess.run([sys.executable, "-m", "ora_api.cli", "specs", "describe", "LW-02"],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("### LW-02 Landscapes")
    assert "Base 45 · -3 per landscape you own, the heartland included (-1.5 in" in done.stdout
