"""The building glossary, generated from the specs (``ora specs glossary`` → docs/buildings.md)."""

from __future__ import annotations

from ora_rules.specs import BuildingSpec, Rules

_TERRAIN = {"W": "water", "C": "coast", "P": "plains", "H": "hillside", "M": "mountain"}
_ORDER = {"heartland": 0, "start": 1, "A": 2, "B": 3, "C": 4, "D": 5}


def _cost(spec: BuildingSpec) -> str:
    return ", ".join(f"{n} {g.value}" for g, n in spec.cost.items()) or "—"


def describe_building(spec: BuildingSpec) -> str:
    """One building in Markdown: its facts, its function in words and as its effect reads."""
    terrain = "/".join(_TERRAIN[t.value] for t in sorted(spec.terrain, key=lambda t: "WCPHM"
                                                         .index(t.value)))
    effect = spec.effect.describe() if spec.effect is not None else "no function"
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
             "Generated from `specs/buildings/` by `ora specs glossary`; do not edit by hand.",
             "Each entry gives the card's facts, its function in words and its effect as the "
             "engine reads it (docs/specs.md).", ""]
    for spec in specs:
        parts += [describe_building(spec), ""]
    return "\n".join(parts)
