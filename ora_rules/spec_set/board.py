"""The board of a spec set: the landscape (``landscape.toml``) and the modes (``modes/``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ora_core.values import Stage, Terrain
from ora_rules.spec_set.fields import Fields, Problems, at_least, one_of, read_toml
from ora_rules.spec_set.model import MODE_CODES, LandscapeSpec, ModeSpec, SpaceSpec


def space(raw: Any, path: str, where: str, problems: Problems) -> SpaceSpec | None:
    if not isinstance(raw, dict):
        problems.add(path, where, "expected a table")
        return None
    f = Fields(raw, path, problems, where + ".")
    at = f.get("at", list, [0, 0])
    terrain = f.get("terrain", str, check=one_of(*(t.value for t in Terrain)))
    card = f.get("card", str, None)
    if at is None or terrain is None:
        return None
    return SpaceSpec(at=(int(at[0]), int(at[1])), terrain=Terrain(terrain), card=card)


def spaces(raw: Any, path: str, where: str, problems: Problems) -> tuple[SpaceSpec, ...]:
    if not isinstance(raw, list):
        problems.add(path, where, "expected a list")
        return ()
    found = (space(s, path, f"{where}[{i}]", problems) for i, s in enumerate(raw))
    return tuple(s for s in found if s is not None)


def load_landscape(directory: Path, problems: Problems) -> LandscapeSpec:
    path = directory / "landscape.toml"
    p = str(path)
    data = read_toml(path, problems) or {}
    heartland = data.get("heartland", {})
    neutral = data.get("neutral", {})
    districts = {
        side: tuple(
            SpaceSpec(at=(col, 0), terrain=s.terrain, card=s.card)
            for col, s in enumerate(spaces(t.get("columns"), p, f"districts.{side}.columns",
                                            problems))
        )
        for side, t in data.get("districts", {}).items()
    }
    plots = {side: spaces(t.get("spaces"), p, f"plots.{side}.spaces", problems)
             for side, t in data.get("plots", {}).items()}
    prices = data.get("prices", {})
    return LandscapeSpec(
        heartland=spaces(heartland.get("spaces"), p, "heartland.spaces", problems),
        short_game_cleared=frozenset(tuple(c) for c in heartland.get("short_game_cleared", [])),
        neutral_cleared=frozenset(tuple(c) for c in neutral.get("cleared", [])),
        builders_market_at=tuple(neutral.get("builders_market", (0, 0))),
        districts=districts,
        plots=plots,
        district_prices=tuple(prices.get("districts", ())),
        plot_prices=tuple(prices.get("plots", ())),
    )


def load_mode(path: Path, problems: Problems) -> ModeSpec | None:
    data = read_toml(path, problems)
    if data is None:
        return None
    p = str(path)
    f = Fields(data, p, problems)
    settlements_raw = f.get("settlements", dict, {}) or {}
    settlements = {}
    for stage, n in settlements_raw.items():
        if stage not in ("A", "B", "C", "D") or not isinstance(n, int) or n < 1:
            problems.add(p, f"settlements.{stage}", f"expected a stage A-D with a round, got {n!r}")
        else:
            settlements[Stage(stage)] = n
    round_goods = []
    for i, table in enumerate(f.get("round_goods", list, []) or []):
        sub = Fields({"goods": table}, p, problems, f"round_goods[{i}].")
        round_goods.append(sub.goods("goods") or {})
    return ModeSpec(
        code=f.get("code", str, check=one_of(*MODE_CODES)),
        name=f.get("name", str),
        players=f.get("players", int, check=lambda v: None if 1 <= v <= 4 else "expected 1..4"),
        length=f.get("length", str, check=one_of("long", "short")),
        wheel=f.get("wheel", str, check=one_of("front", "back")),
        clergy=f.get("clergy", int, check=at_least(1)),
        heartland=f.get("heartland", str, check=one_of("full", "short")),
        start_goods=f.goods("start_goods") or {},
        reversed_prices=f.get("reversed_prices", bool, False),
        unit=f.get("unit", str, check=one_of("round", "turn")),
        start_seat=f.get("start_seat", str, check=one_of("rotate", "fixed")),
        slots=tuple(f.get("slots", list) or ()),
        settlements=settlements,
        rounds=f.get("rounds", int, check=at_least(0)),
        bonus_round=f.get("bonus_round", bool),
        end=f.get("end", str, check=one_of("fixed", "display", "solo")),
        path=p,
        grapes=f.get("grapes", int, None),
        stone=f.get("stone", int, None),
        wheel_bonus=f.get("wheel_bonus", bool, False),
        round_goods=tuple(round_goods),
        final_display=f.get("final_display", int, 0),
        final_turn=f.get("final_turn", bool, False),
        neutral=f.get("neutral", bool, False),
        wheel_removes_at_end=f.get("wheel_removes_at_end", bool, False),
        goal=f.get("goal", int, 0),
    )
