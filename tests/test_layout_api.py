"""The layout of ``ora_api`` (issue 20): no module imports in a circle, no product module is over
600 lines, and the rooms hold what their names say (docs/architecture.md).

The import graph is read from the source (``ast``), every import counted: at the top, inside a
function or under ``TYPE_CHECKING`` (hiding an import in a function does not cut a circle).
Importing ``a.b.c`` runs the packages ``a`` and ``a.b`` first, so it depends on them too.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ora_api"
MAX_LINES = 600


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imported(tree: ast.AST, here: str, known: set[str]) -> set[str]:
    """The ``ora_api`` modules a module's imports name (a name imported from a package is the
    submodule when there is one)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the module's package
                base = here.split(".")[:len(here.split(".")) - node.level]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found.add(source)
            found.update(f"{source}.{a.name}" for a in node.names)
    edges: set[str] = set()
    for name in found:
        if name in known:
            edges.add(name)
            parts = name.split(".")
            for i in range(1, len(parts)):  # the packages an import runs first
                parent = ".".join(parts[:i])
                if parent in known and not here.startswith(parent + ".") and parent != here:
                    edges.add(parent)
    edges.discard(here)
    return edges


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imported(ast.parse(path.read_text(encoding="utf-8")), name, known)
            for name, path in mods.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_graph_sees_the_imports_it_must_see() -> None:
    edges = graph()
    assert "ora_api.service" in edges["ora_api.methods.play"]
    assert "ora_api.transport.rpc" in edges["ora_api.service"]
    # inside a function: the command line opens the service only when a command needs it
    assert "ora_api.service" in edges["ora_api.cli.games"]


def test_circles_are_found() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_ora_api_imports_in_a_circle() -> None:
    assert circles(graph()) == []


def test_the_lower_rooms_never_import_the_upper_ones() -> None:
    """The service and the methods know no transport but JSON-RPC itself, no command line and
    no tool; the transports know no command line."""
    edges = graph()
    for name, targets in edges.items():
        if name.startswith(("ora_api.methods", "ora_api.service", "ora_api.lobby")):
            upper = {t for t in targets if t.startswith(("ora_api.cli", "ora_api.tools"))
                     or (t.startswith("ora_api.transport") and t not in
                         ("ora_api.transport", "ora_api.transport.rpc",
                          "ora_api.transport.openrpc"))}
            assert not upper, f"{name} imports {sorted(upper)}"
        if name.startswith("ora_api.transport"):
            assert not {t for t in targets if t.startswith("ora_api.cli")}, name


def test_no_product_module_of_ora_api_is_over_600_lines() -> None:
    long = {name: n for name, path in modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}


def test_docs_architecture_names_every_room_of_ora_api() -> None:
    """docs/architecture.md draws one line per room: every package of ``ora_api`` is there."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rooms = sorted(f"`{p.parent.relative_to(ROOT).as_posix()}/`"
                   for p in PACKAGE.rglob("__init__.py"))
    assert "`ora_api/methods/`" in rooms and "`ora_api/web/`" in rooms
    assert [room for room in rooms if f"| {room} |" not in text] == []
