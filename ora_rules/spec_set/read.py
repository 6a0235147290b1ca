"""A whole spec set: every file read and checked, every problem reported at once
(``SpecError``, each as ``path: field: what``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol, TypeVar

from ora_core.errors import SpecError
from ora_core.state import Readings
from ora_rules.spec_set.board import load_landscape, load_mode
from ora_rules.spec_set.cards import load_building, load_goods, load_settlement
from ora_rules.spec_set.fields import EffectParser, Problems, read_toml
from ora_rules.spec_set.model import (
    MODE_CODES,
    Ambiguity,
    ModeSpec,
    ReadingOption,
    ReadingsSpec,
    Rules,
)
from ora_rules.spec_set.wonders import load_liesborn, load_wonder


def load_readings(path: Path, problems: Problems, modes: Mapping[str, ModeSpec]
                   ) -> ReadingsSpec:
    """``specs/readings.toml``: one table per ``Readings`` field, its options, the named sets."""
    data = read_toml(path, problems) or {}
    p = str(path)
    fields = {a.name: a.default for a in Readings.__attrs_attrs__}
    ambiguities: dict[str, Ambiguity] = {}
    for name, table in (data.get("ambiguities") or {}).items():
        if name not in fields:
            problems.add(p, f"ambiguities.{name}", "not a field of GameConfig.readings")
            continue
        options = {}
        for label, option in (table.get("options") or {}).items():
            bad_modes = sorted((set(option.get("entries", {})) | set(option.get("card_modes", {}))
                                | set(option.get("card_modes", {}).values())) - set(modes))
            if bad_modes:
                problems.add(p, f"ambiguities.{name}.options.{label}",
                             f"unknown mode codes {', '.join(bad_modes)}")
            options[label] = ReadingOption(
                text=str(option.get("text", "")), entries=option.get("entries", {}),
                card_modes=option.get("card_modes", {}), rule=str(option.get("rule", "")),
                instead=str(option.get("instead", "")), refusal=str(option.get("refusal", "")),
                buildings=option.get("buildings", {}), goods=option.get("goods", {}),
                modes=option.get("modes", {}), switches=frozenset(option.get("switches", ())),
                ones=frozenset(option.get("ones", ())))
        default = table.get("default")
        if default != fields[name] or default not in options:
            problems.add(p, f"ambiguities.{name}.default",
                         f"expected the rulebook option {fields[name]!r} among the options")
        if table.get("kind", "ambiguity") not in ("ambiguity", "departure"):
            problems.add(p, f"ambiguities.{name}.kind", "expected ambiguity or departure")
        ambiguities[name] = Ambiguity(amb=str(table.get("amb", "")),
                                      rule=str(table.get("rule", "")),
                                      default=str(default), options=options,
                                      kind=str(table.get("kind", "ambiguity")))
    for missing in sorted(set(fields) - set(ambiguities)):
        problems.add(p, f"ambiguities.{missing}", "missing: every reading needs its options")
    sets: dict[str, dict[str, str]] = {}
    for set_name, chosen in (data.get("sets") or {}).items():
        for name, label in chosen.items():
            if name not in ambiguities or label not in ambiguities[name].options:
                problems.add(p, f"sets.{set_name}.{name}", f"no option {label!r} of {name}")
        sets[set_name] = dict(chosen)
    aliases = {str(k): str(v) for k, v in (data.get("aliases") or {}).items()}
    for alias, target in aliases.items():
        if target not in sets or alias in sets:
            problems.add(p, f"aliases.{alias}", f"{target!r} is no profile, or {alias} is one")
    sources = {str(k): str(v) for k, v in (data.get("sources") or {}).items()}
    for source, target in sources.items():
        if target not in sets:
            problems.add(p, f"sources.{source}", f"{target!r} is no profile")
    return ReadingsSpec(ambiguities=ambiguities, sets=sets, aliases=aliases, sources=sources)


class IdentifiedSpec(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def path(self) -> str: ...


SpecT = TypeVar("SpecT", bound=IdentifiedSpec)


def load_folder(folder: Path, problems: Problems,
                 load: Callable[[Path], SpecT | None]) -> dict[str, SpecT]:
    """Every ``*.toml`` of ``folder`` by its id, in file-name order; an id given by two files
    is a problem (the later file's spec is kept)."""
    specs: dict[str, SpecT] = {}
    for path in sorted(folder.glob("*.toml")):
        spec = load(path)
        if spec is not None and spec.id:
            if spec.id in specs:
                problems.add(str(path), "id", f"{spec.id} is also in {specs[spec.id].path}")
            specs[spec.id] = spec
    return specs


def read_rules(root: Path, effect_parser: EffectParser | None,
               expected_ids: set[str] | None = None) -> Rules:
    """Read and check every spec under ``root``; raise ``SpecError`` listing all problems.

    ``effect_parser`` turns a building's ``effect`` table into its node (None: no effects
    parsed). ``expected_ids``: the building and settlement ids the set must cover exactly once
    (by default those listed in ``cards.toml``).
    """
    if not root.is_dir():  # one problem, not one for each file it lacks
        what = "a file" if root.exists() else "no such directory"
        raise SpecError([f"{root}: not a spec directory ({what})"])
    problems = Problems()
    goods = load_goods(root, problems)
    buildings = load_folder(root / "buildings", problems,
                             lambda path: load_building(path, problems, effect_parser))
    settlements = load_folder(root / "settlements", problems,
                               lambda path: load_settlement(path, problems))
    modes: dict[str, ModeSpec] = {}
    for path in sorted((root / "modes").glob("*.toml")):
        mode = load_mode(path, problems)
        if mode is not None and mode.code:
            modes[mode.code] = mode
    landscape = load_landscape(root, problems)
    wonders = load_folder(root / "wonders", problems, lambda path: load_wonder(path, problems))
    liesborn = load_liesborn(root / "expansions" / "liesborn.toml", wonders, problems)
    if wonders and liesborn is None:
        problems.add(str(root / "expansions"), "liesborn.toml",
                     "missing: the wonder tiles need the expansion's numbers")
    wheel_path = root / "wheel.toml"
    wheel_data = read_toml(wheel_path, problems) or {}
    wheel_values = {side: tuple(wheel_data.get(side, ())) for side in ("front", "back")}
    for side, values in wheel_values.items():
        if len(values) != 13 or list(values) != sorted(values):
            problems.add(str(wheel_path), side, "expected 13 non-decreasing values")
    if expected_ids is None:
        cards = read_toml(root / "cards.toml", problems) or {}
        expected_ids = set(cards.get("buildings", [])) | set(cards.get("settlements", []))
    if expected_ids:
        have = set(buildings) | set(settlements)
        for missing in sorted(expected_ids - have):
            problems.add(str(root), "buildings", f"no spec for card {missing}")
        for extra in sorted(have - expected_ids):
            problems.add(str(root), "buildings", f"spec {extra} is not a card of cards.csv")
    for code in MODE_CODES:
        if code not in modes:
            problems.add(str(root / "modes"), code, "missing mode spec")
    readings = load_readings(root / "readings.toml", problems, modes)
    if problems.items:
        raise SpecError(problems.items)
    return Rules(goods=goods, buildings=buildings, settlements=settlements, landscape=landscape,
                 modes=modes, wheel_values=wheel_values, directory=str(root), wonders=wonders,
                 liesborn=liesborn, readings=readings)
