"""The ``minimum`` / ``maximum`` / ``max_length`` metadata of params' fields (the OpenRPC schema
shows the same constraints), checked by the dispatcher once the params are structured."""

from __future__ import annotations

import typing
from typing import Any

import attrs

#: Per params class, its fields that have a constraint or may hold params of their own:
#: (name, minimum, maximum, max_length, whether its type names an attrs class).
_Constrained = tuple[tuple[str, Any, Any, Any, bool], ...]
_CONSTRAINED: dict[type, _Constrained] = {}


def violation(obj: Any, path: str = "") -> tuple[str, str, str] | None:
    """The first field of the params ``obj`` outside its constraints, as (path, detail,
    reason), or None."""
    for name, minimum, maximum, max_length, nested in _constrained_fields(type(obj)):
        value = getattr(obj, name)
        where = f"{path}.{name}" if path else name
        if nested and attrs.has(type(value)):
            if (found := violation(value, where)) is not None:
                return found
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            if minimum is not None and value < minimum:
                return where, f"{where} must be >= {minimum}", "out_of_range"
            if maximum is not None and value > maximum:
                return where, f"{where} must be <= {maximum}", "out_of_range"
        if isinstance(value, str) and max_length is not None and len(value) > max_length:
            return where, f"{where} is longer than {max_length} characters", "too_long"
    return None


def _constrained_fields(cls: type) -> _Constrained:
    """The fields ``violation`` reads, found once per class: reading every field's metadata
    on every call cost a third of structuring the params (issue 34)."""
    found = _CONSTRAINED.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _CONSTRAINED[cls] = tuple(
            (a.name, a.metadata.get("minimum"), a.metadata.get("maximum"),
             a.metadata.get("max_length"), _names_attrs_class(hints[a.name]))
            for a in attrs.fields(cls)
            if _names_attrs_class(hints[a.name])
            or {"minimum", "maximum", "max_length"} & a.metadata.keys())
    return found


def _names_attrs_class(tp: Any) -> bool:
    return (isinstance(tp, type) and attrs.has(tp)) or any(
        _names_attrs_class(arg) for arg in typing.get_args(tp))
