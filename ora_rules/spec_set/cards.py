"""The goods, buildings and settlements of a spec set (``goods.toml``, ``buildings/``,
``settlements/``)."""

from __future__ import annotations

from pathlib import Path

from ora_core.values import Good, Variant
from ora_rules.spec_set.fields import (
    ALL_GOODS,
    COST_KEYS,
    STAGES,
    EffectParser,
    Fields,
    Problems,
    at_least,
    one_of,
    read_toml,
)
from ora_rules.spec_set.model import MODE_CODES, BuildingSpec, GoodSpec, SettlementSpec


def load_goods(directory: Path, problems: Problems) -> dict[Good, GoodSpec]:
    path = directory / "goods.toml"
    data = read_toml(path, problems) or {}
    result: dict[Good, GoodSpec] = {}
    for name, table in data.items():
        good = ALL_GOODS.get(name)
        if good is None or not isinstance(table, dict):
            problems.add(str(path), name, "unknown good")
            continue
        f = Fields(table, str(path), problems, f"{name}.")
        reverse = f.get("reverse", str, None, check=lambda v: None if v in ALL_GOODS
                        else f"unknown good {v!r}")
        variant = f.get("variant", str, None, check=one_of("france", "ireland"))
        result[good] = GoodSpec(
            good=good,
            food=f.get("food", (int, float), 0) or 0,
            energy=f.get("energy", (int, float), 0) or 0,
            coins=f.get("coins", int, 0) or 0,
            points=f.get("points", int, 0) or 0,
            reverse=ALL_GOODS[reverse] if reverse else None,
            variant=Variant(variant) if variant else None,
            basic=bool(f.get("basic", bool, False)),
        )
    for good in Good:
        if good not in result:
            problems.add(str(path), good.value, "missing")
    return result


def load_building(path: Path, problems: Problems, effect_parser: EffectParser | None
                   ) -> BuildingSpec | None:
    data = read_toml(path, problems)
    if data is None:
        return None
    p = str(path)
    f = Fields(data, p, problems)
    modes = f.get("modes", list, check=lambda v: None if set(v) <= set(MODE_CODES)
                  else f"unknown mode codes {sorted(set(v) - set(MODE_CODES))}")
    optional = f.get("optional_modes", list, [], check=lambda v: None if set(v) <= set(MODE_CODES)
                     else "unknown mode codes")
    cost = f.goods("cost", allowed=COST_KEYS)
    effect = None
    if "effect" in data and effect_parser is not None:
        effect = effect_parser(data["effect"], p, "effect", problems.add)
    spec = BuildingSpec(
        id=f.get("id", str),
        name=f.get("name", str),
        kind=f.get("kind", str, check=one_of("building", "start_building")),
        variant=f.get("variant", str, check=one_of("both", "france", "ireland")),
        card=f.get("card", int, check=at_least(0)),
        stage=f.get("stage", str, check=one_of(*STAGES)),
        symbol=f.get("symbol", str, check=one_of("all", "3+", "4")),
        modes=frozenset(modes or ()),
        cost=cost or {},
        terrain=f.terrain("terrain") or frozenset(),
        economic=f.get("economic", int),
        dwelling=f.get("dwelling", int),
        cloister=f.get("cloister", bool),
        wheel=tuple(f.get("wheel", list, [])),
        rules=tuple(f.get("rules", list, check=lambda v: None if v else "expected a rule id")
                    or ()),
        questions=tuple(f.get("questions", list, [])),
        text=(f.get("text", str) or "").strip(),
        path=p,
        neutral_start=bool(f.get("neutral_start", bool, False)),
        optional_modes=frozenset(optional or ()),
        crossed_out=tuple(f.get("crossed_out", list, [])),
        work_contract_price=f.get("work_contract_price", int, 0) or 0,
        effect=effect,
    )
    if spec.id and not path.name.startswith(spec.id + "-"):
        problems.add(p, "id", f"{spec.id!r} does not match the file name")
    return spec


def load_settlement(path: Path, problems: Problems) -> SettlementSpec | None:
    data = read_toml(path, problems)
    if data is None:
        return None
    p = str(path)
    f = Fields(data, p, problems)
    return SettlementSpec(
        id=f.get("id", str),
        name=f.get("name", str),
        stage=f.get("stage", str, check=one_of("start", "A", "B", "C", "D")),
        food=f.get("food", int, check=at_least(0)),
        energy=f.get("energy", int, check=at_least(0)),
        terrain=f.terrain("terrain") or frozenset(),
        economic=f.get("economic", int),
        dwelling=f.get("dwelling", int),
        text=(f.get("text", str) or "").strip(),
        path=p,
    )
