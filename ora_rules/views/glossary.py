"""The building glossary, generated from the specs (``ora specs glossary`` → docs/buildings.md)."""

from __future__ import annotations

from ora_rules.specs import BuildingSpec, Rules, WonderSpec

_TERRAIN = {"W": "water", "C": "coast", "P": "plains", "H": "hillside", "M": "mountain"}
_ORDER = {"heartland": 0, "start": 1, "A": 2, "B": 3, "C": 4, "D": 5}


def _cost(spec: BuildingSpec) -> str:
    return ", ".join(f"{n} {g.value}" for g, n in spec.cost.items()) or "—"


def describe_function(spec: BuildingSpec) -> str:
    """A building's effect as the engine reads it, in English (a message id: a locale's
    catalogue translates the whole sentence, ``rules.catalog``'s ``function``)."""
    return spec.effect.describe() if spec.effect is not None else "no function"


def describe_building(spec: BuildingSpec) -> str:
    """One building in Markdown: its facts, its function in words and as its effect reads."""
    terrain = "/".join(_TERRAIN[t.value] for t in sorted(spec.terrain, key=lambda t: "WCPHM"
                                                         .index(t.value)))
    effect = describe_function(spec)
    lines = [
        f"### {spec.id} {spec.name}",
        "",
        f"{spec.variant.capitalize()} · stage {spec.stage} · cost {_cost(spec)} · {terrain} · "
        f"economic {spec.economic} · dwelling {spec.dwelling}"
        f"{' · cloister' if spec.cloister else ''} · modes {' '.join(sorted(spec.modes))}",
        "",
        spec.text,
        "",
        f"*Effect:* {effect}.",
        "",
        f"*Rules:* {', '.join(spec.rules)}"
        + (f" · *open questions:* {', '.join(str(q) for q in spec.questions)}"
           if spec.questions else ""),
    ]
    return "\n".join(lines)


def glossary(rules: Rules) -> str:
    specs = sorted(rules.buildings.values(), key=lambda b: (_ORDER[b.stage], b.card, b.id))
    parts = ["# Buildings", "",
             "Generated from `specs/buildings/` by `ora specs glossary --write`; do not edit by "
             "hand.",
             "Each entry gives the card's facts, its function in words and its effect as the "
             "engine reads it (docs/specs.md).", ""]
    for spec in specs:
        parts += [describe_building(spec), ""]
    return "\n".join(parts)


# --- the Liesborn wonder tiles (rules.md §17) ---------------------------------------------------

_COUNT_WORDS = {
    "built_material": "per {of} in the printed costs of the buildings in your landscape",
    "landscape": "per landscape you own, the heartland included",
    "building": "per building in your landscape, the start buildings included",
    "cloister_building": "per cloister building, the Cloister Office included",
    "goods": "per {each}{of} you hold at the end",
    "combination": "per combination of {of} you hold at the end (the smaller count)",
}


def _number(value: float) -> str:
    """``+2``, ``-1.5``, ``+½`` (as the seed writes them)."""
    return ("+" if value > 0 else "-") + "½" if abs(value) == 0.5 else f"{value:+g}"


def _listing(names: list[str], last: str) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


def describe_condition(spec: WonderSpec) -> str:
    """A tile's variable value in words, from its vocabulary (docs/specs.md)."""
    c = spec.condition
    if c is None:
        return "not legible (R-LIES-10): the tile is only ever light-blue"
    of = _listing([g.value for g in c.of], "and" if c.per == "combination" else "or") \
        if c.of else ""
    if c.each > 1:
        of += "s"  # per 5 coins
    words = _COUNT_WORDS[c.per].format(of=of,
                                       each=f"{c.each} " if c.each > 1 else "")
    reduced = f" ({_number(c.reduced)} in the long two-player and the solo game)" \
        if c.reduced is not None else ""
    return f"{_number(c.value)} {words}{reduced}"


def describe_wonder(spec: WonderSpec) -> str:
    """One wonder tile in Markdown: base, variable value, status, source and rules."""
    return "\n".join([
        f"### {spec.id} {spec.name}",
        "",
        f"Base {spec.base} · {describe_condition(spec)} · {spec.status} · seed line "
        f"{spec.seed_line}",
        "",
        spec.text,
        "",
        f"*Rules:* {', '.join(spec.rules)}",
    ])


def wonder_glossary(rules: Rules) -> str:
    """docs/wonders.md: the Liesborn expansion's numbers and every tile with a spec."""
    parts = ["# Wonder tiles (Die kleinen Wunder der Abtei Liesborn)", "",
             "Generated from `specs/wonders/` and `specs/expansions/liesborn.toml` by "
             "`ora specs glossary --write`; do not edit by hand. rules.md §17 (R-LIES-1..10) and "
             "docs/ambiguities.md (AMB-28) give the readings.", ""]
    expansion = rules.liesborn
    if expansion is not None:
        display = ", ".join(f"{n} with {p} player{'s' if p > 1 else ''}"
                            for p, n in sorted(expansion.display.items()))
        missing = [t for t in expansion.tile_ids() if t not in rules.wonders]
        parts += [
            f"{expansion.tiles} tiles; the display holds {display} (R-LIES-2); a light-blue "
            f"tile is worth {expansion.light_points} points (R-LIES-5); reduced values apply in "
            f"modes {', '.join(sorted(expansion.reduced_modes))} (R-LIES-7).", "",
            "Tile sets (`wonder_tiles`, AMB-28 a):", "",
            *(f"- `{s.name}`{' (default)' if s.name == expansion.default_tile_set else ''}: "
              f"{s.text}" for s in expansion.tile_sets.values()), "",
            f"Not shown in the seed at all, so without a spec: {', '.join(missing)}.", ""]
    for spec in sorted(rules.wonders.values(), key=lambda w: w.id):
        parts += [describe_wonder(spec), ""]
    return "\n".join(parts)
