"""``first_difference``: where two big values (states, codec dicts) differ, in one short line.

pytest's own diff of two unequal states or JSON dicts of a whole game can take minutes and
gigabytes; ``assert not (d := first_difference(a, b)), d`` reports just the first path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """None when ``a == b``, else the path of the first difference and the two values there."""
    if a == b:
        return None
    where = path or "<top>"
    if type(a) is not type(b) and not (isinstance(a, Mapping) and isinstance(b, Mapping)):
        return f"{where}: {type(a).__name__} {_short(a)} != {type(b).__name__} {_short(b)}"
    if attrs.has(type(a)):
        for field in attrs.fields(type(a)):
            found = first_difference(getattr(a, field.name), getattr(b, field.name),
                                     f"{path}.{field.name}")
            if found:
                return found
    elif isinstance(a, Mapping):
        for key in a.keys() | b.keys():
            if key not in a or key not in b:
                return f"{where}[{key!r}]: only in {'the first' if key in a else 'the second'}"
            found = first_difference(a[key], b[key], f"{path}[{key!r}]")
            if found:
                return found
    elif isinstance(a, list | tuple):
        if len(a) != len(b):
            return f"{where}: length {len(a)} != {len(b)}: {_short(a)} != {_short(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
    return f"{where}: {_short(a)} != {_short(b)}"
