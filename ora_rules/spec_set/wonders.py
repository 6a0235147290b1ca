"""The Liesborn wonder tiles (``wonders/``) and the expansion's numbers
(``expansions/liesborn.toml``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ora_core.values import Good
from ora_rules.spec_set.fields import (
    ALL_GOODS,
    MATERIALS,
    WONDER_ID,
    Fields,
    Problems,
    at_least,
    one_of,
    read_toml,
)
from ora_rules.spec_set.model import (
    MODE_CODES,
    WONDER_COUNTS,
    LiesbornSpec,
    TileSet,
    WonderCondition,
    WonderSpec,
)


def load_condition(data: Any, path: str, problems: Problems) -> WonderCondition | None:
    if not isinstance(data, dict):
        problems.add(path, "variable", "expected a table")
        return None
    f = Fields(data, path, problems, "variable.")
    unknown = sorted(set(data) - {"value", "reduced", "per", "of", "each"})
    if unknown:
        problems.add(path, "variable", f"unknown key(s) {', '.join(unknown)}")
    value = f.get("value", (int, float))
    reduced = f.get("reduced", (int, float), None)
    per = f.get("per", str, check=one_of(*WONDER_COUNTS))
    each = f.get("each", int, 1, check=at_least(1))
    takes = WONDER_COUNTS.get(per) if per else None
    names = f.get("of", list, [] if takes is None else ...)
    of: list[Good] = []
    allowed = MATERIALS if takes == "materials" else ALL_GOODS
    for name in names or ():
        good = allowed.get(name) if isinstance(name, str) else None
        if good is None:
            kind = "a building material (clay, wood, stone, straw)" if takes == "materials" \
                else "a good"
            problems.add(path, "variable.of", f"{name!r} is not {kind}")
        else:
            of.append(good)
    if per and takes is None and names:
        problems.add(path, "variable.of", f"per = {per!r} counts no goods; leave out `of`")
    if takes == "two goods" and names is not None and len(names) != 2:
        problems.add(path, "variable.of", f"a combination is of exactly two goods, got {names!r}")
    if each != 1 and per != "goods":
        problems.add(path, "variable.each", "only per = \"goods\" counts per N")
    if value is None or per is None or each is None:
        return None
    return WonderCondition(value=value, per=per, of=tuple(of), each=each, reduced=reduced)


def load_wonder(path: Path, problems: Problems) -> WonderSpec | None:
    data = read_toml(path, problems)
    if data is None:
        return None
    p = str(path)
    f = Fields(data, p, problems)
    status = f.get("status", str, check=one_of("explained", "printed", "combination",
                                                  "partial"))
    condition = None
    if status == "partial":
        if "variable" in data:
            problems.add(p, "variable", "a partial tile has no legible variable value")
    elif status is not None:
        if "variable" not in data:
            problems.add(p, "variable", "missing (only a partial tile has none)")
        else:
            condition = load_condition(data["variable"], p, problems)
    spec = WonderSpec(
        id=f.get("id", str, check=lambda v: None if WONDER_ID.match(v) else
                 f"expected LW-nn, got {v!r}"),
        name=f.get("name", str),
        status=status,
        base=f.get("base", int),
        seed_line=f.get("seed_line", int, check=at_least(1)),
        rules=tuple(f.get("rules", list, check=lambda v: None if v else "expected a rule id")
                    or ()),
        text=(f.get("text", str) or "").strip(),
        path=p,
        condition=condition,
    )
    if spec.id and not path.name.startswith(spec.id + "-"):
        problems.add(p, "id", f"{spec.id!r} does not match the file name")
    return spec


def load_liesborn(path: Path, wonders: Mapping[str, WonderSpec], problems: Problems
                   ) -> LiesbornSpec | None:
    if not path.exists():
        return None
    data = read_toml(path, problems)
    if data is None:
        return None
    p = str(path)
    f = Fields(data, p, problems)
    display_raw = f.get("display", dict, {}) or {}
    display: dict[int, int] = {}
    for players in ("1", "2", "3", "4"):
        n = display_raw.get(players)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            problems.add(p, f"display.{players}", f"expected int >= 0, got {n!r}")
        else:
            display[int(players)] = n
    sets: dict[str, TileSet] = {}
    for name, table in (f.get("tile_sets", dict, {}) or {}).items():
        sub = Fields(table if isinstance(table, dict) else {}, p, problems,
                      f"tile_sets.{name}.")
        unknown = sub.get("unknown", str, check=one_of("light", "out"))
        sets[name] = TileSet(name=name, unknown=unknown, text=sub.get("text", str))
    default = f.get("default_tile_set", str, check=lambda v: None if v in sets
                    else f"expected one of the tile_sets {sorted(sets)}, got {v!r}")
    reduced = f.get("reduced_modes", list, [], check=lambda v: None if set(v) <= set(MODE_CODES)
                    else "unknown mode codes")
    f.get("rounding", str, "down", check=one_of("down"))
    spec = LiesbornSpec(
        name=f.get("name", str), tiles=f.get("tiles", int, check=at_least(1)),
        light_points=f.get("light_points", int), display=display,
        reduced_modes=frozenset(reduced or ()), tile_sets=sets, default_tile_set=default,
        path=p)
    if spec.tiles:
        for wonder in wonders.values():
            found = WONDER_ID.match(wonder.id or "")
            if found and not 1 <= int(found.group(1)) <= spec.tiles:
                problems.add(wonder.path, "id", f"{wonder.id} is beyond the {spec.tiles} tiles")
        known = sum(1 for w in wonders.values() if w.known)
        if display and max(display.values()) > known:
            problems.add(p, "display", f"a display of {max(display.values())} needs as many "
                         f"tiles known in full; {known} are")
    return spec
