"""The ``special`` node kind: a spec's ``special = "name"`` picks one of the named special effects
(:mod:`ora_rules.effects.special`), and the helpers they share to read their modifiers."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ora_rules.effects.core import (
    SPECIALS,
    Effect,
    Report,
    UseContext,
    node_kind,
)

BUILDING_ID = re.compile(r"^(?:[GFI]\d\d|L[RGBWY][123])$")
INT = re.compile(r"^-?\d+$")
TILE_ID = re.compile(r"^LW-\d\d$")


def card_rule(ctx: UseContext) -> str:
    """The reference of a card-specific constraint: the building's section of cards.md §3."""
    return f"cards.md {ctx.building}"


# --- the `special` node kind ------------------------------------------------------------------


@node_kind("special")
def _parse_special(raw: Any, table: Mapping[str, Any], where: str, report: Report
                   ) -> Effect | None:
    if not isinstance(raw, str) or raw not in SPECIALS:
        report(where, f"unknown special effect {raw!r}; specials are "
                      f"{', '.join(sorted(SPECIALS))}")
        return None
    return SPECIALS[raw](table, where, report)


def check_modifiers(table: Mapping[str, Any], where: str, report: Report, allowed: set[str]
                    ) -> bool:
    """Report modifiers a special does not read (a typo would otherwise be silently ignored)."""
    extra = sorted(k for k in table if k != "special" and k not in allowed)
    if extra:
        base = where.rsplit(".", 1)[0]
        report(base, f"special {table['special']!r} takes no {', '.join(extra)}"
                     f"{'; it reads ' + ', '.join(sorted(allowed)) if allowed else ''}")
        return False
    return True


def flag(table: Mapping[str, Any], key: str, where: str, report: Report) -> bool | None:
    value = table.get(key, False)
    if not isinstance(value, bool):
        report(f"{where.rsplit('.', 1)[0]}.{key}", f"expected true or false, got {value!r}")
        return None
    return value
