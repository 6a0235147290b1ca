"""The import graph of the product floors, read from the source (no import is run).

Every `import`/`from ... import` counts, at module level or inside a function or
`if TYPE_CHECKING:` block alike: hiding an import in a function does not cut a
circle. `from pkg import name` counts as an edge to `pkg.name` when that is a
module, else to `pkg` (its `__init__`). Importing `a.b.c` also runs `a` and
`a.b`, so those packages' `__init__` count as imported too.

`python scripts/import_graph.py` prints the strongly connected components (the
circles); tests/test_layout.py uses `cycles()`.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from pathlib import Path

FLOORS = ("ora_core", "ora_rules", "ora_api")


def modules(root: Path, floors: Iterable[str] = FLOORS) -> dict[str, Path]:
    """Module name -> file, for every .py under the floors (a package is its __init__)."""
    found: dict[str, Path] = {}
    for floor in floors:
        for path in sorted((root / floor).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _resolve(name: str, level: int, current: str, is_package: bool) -> str:
    if level == 0:
        return name
    base = current.split(".")
    if not is_package:
        base.pop()
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def _with_parents(name: str, known: dict[str, Path], current: str) -> list[str]:
    """`name` and the packages importing it runs, except `current`'s own ancestors (they
    are always initialised before `current` starts, so they close no circle)."""
    parts = name.split(".")
    chain = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    own = current.split(".")
    ancestors = {".".join(own[:i]) for i in range(1, len(own))}
    return [m for m in chain[:-1] if m in known and m not in ancestors] + (
        [name] if name in known else []
    )


def graph(root: Path, floors: Iterable[str] = FLOORS) -> dict[str, set[str]]:
    """Module -> the modules of the floors it imports (anywhere in its body)."""
    known = modules(root, floors)
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        is_package = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(node.module or "", node.level, name, is_package)
                subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in known]
                targets = subs
                if len(subs) < len(node.names):
                    # a name defined in `base` itself (its __init__ when a package)
                    targets = [*subs, base]
            for target in targets:
                for module in _with_parents(target, known, name):
                    if module != name:
                        edges[name].add(module)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))
    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found)


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    floors = sys.argv[1:] or FLOORS
    edges = graph(root, floors)
    for component in cycles(edges):
        members = set(component)
        print(f"circle of {len(component)}:")
        for module in component:
            inside = sorted(edges[module] & members)
            print(f"  {module} -> {', '.join(inside)}")


if __name__ == "__main__":
    main()
