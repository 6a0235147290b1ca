"""Reading one spec file: typed access to its TOML tables, every problem collected at once."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ora_core.values import Good, Terrain

STAGES = ("heartland", "start", "A", "B", "C", "D")
COST_KEYS = {"wood": Good.WOOD, "clay": Good.CLAY, "stone": Good.STONE, "straw": Good.STRAW,
              "coin": Good.COIN}
MATERIALS = {"clay": Good.CLAY, "wood": Good.WOOD, "stone": Good.STONE, "straw": Good.STRAW}
WONDER_ID = re.compile(r"^LW-(\d\d)$")

#: (table, path, field, report) -> parsed effect; supplied by ``ora_rules.effects`` through
#: ``ora_rules.specs.load_rules`` (the spec set itself knows no effect node).
EffectParser = Callable[[Any, str, str, Callable[[str, str, str], None]], Any]


class Problems:
    """Collects problems as 'path: field: what' while reading many files."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, path: str, where: str, what: str) -> None:
        self.items.append(f"{path}: {where}: {what}")


def read_toml(path: Path, problems: Problems) -> dict[str, Any] | None:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as error:
        problems.add(str(path), "(file)", str(error))
        return None


class Fields:
    """Typed access to one TOML table, reporting each bad field once."""

    def __init__(self, data: Mapping[str, Any], path: str, problems: Problems, prefix: str = ""):
        self.data, self.path, self.problems, self.prefix = data, path, problems, prefix

    def _bad(self, key: str, what: str) -> None:
        self.problems.add(self.path, self.prefix + key, what)

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = ..., *,
            check: Callable[[Any], str | None] | None = None) -> Any:
        if key not in self.data:
            if default is ...:
                self._bad(key, "missing")
                return None
            return default
        value = self.data[key]
        if isinstance(value, bool) and kind in (int, float, (int, float)):
            self._bad(key, f"expected {kind_name(kind)}, got {value!r}")
            return None
        if not isinstance(value, kind):
            self._bad(key, f"expected {kind_name(kind)}, got {value!r}")
            return None
        if check is not None:
            message = check(value)
            if message:
                self._bad(key, message)
                return None
        return value

    def goods(self, key: str, default: Any = ..., *, allowed: Mapping[str, Good] | None = None
              ) -> dict[Good, int] | None:
        raw = self.get(key, dict, default)
        if raw is None:
            return None
        result: dict[Good, int] = {}
        for name, n in raw.items():
            good = (allowed or ALL_GOODS).get(name)
            if good is None:
                self._bad(f"{key}.{name}", "unknown good")
            elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
                self._bad(f"{key}.{name}", f"expected int >= 0, got {n!r}")
            elif n:
                result[good] = n
        return result

    def terrain(self, key: str) -> frozenset[Terrain] | None:
        raw = self.get(key, list)
        if raw is None:
            return None
        codes = {t.value: t for t in Terrain}
        bad = [c for c in raw if c not in codes]
        if bad or not raw:
            self._bad(key, f"expected terrain codes from W C P H M, got {raw!r}")
            return None
        return frozenset(codes[c] for c in raw)


ALL_GOODS = {g.value: g for g in Good}


def kind_name(kind: type | tuple[type, ...]) -> str:
    if isinstance(kind, tuple):
        return " or ".join(k.__name__ for k in kind)
    return kind.__name__


def one_of(*allowed: str) -> Callable[[Any], str | None]:
    return lambda v: None if v in allowed else f"expected one of {', '.join(allowed)}, got {v!r}"


def at_least(low: int) -> Callable[[Any], str | None]:
    return lambda v: None if v >= low else f"expected int >= {low}, got {v!r}"
