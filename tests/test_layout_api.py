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
    assert "ora_api.jsonrpc.rpc" in edges["ora_api.service"]
    # inside a function: the command line opens the service only when a command needs it
    assert "ora_api.service" in edges["ora_api.cli.games"]


def test_circles_are_found() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_module_of_ora_api_imports_in_a_circle() -> None:
    assert circles(graph()) == []


#: The rooms of ``ora_api`` from the bottom up (issue 37; docs/architecture.md): a module
#: imports its own room and the rooms below it, never one above. ``ora_api`` is the modules at
#: the package's top (``api``: the method families joined).
ROOMS = ("ora_api.jsonrpc", "ora_api.games", "ora_api.table", "ora_api.service",
         "ora_api.methods", "ora_api", "ora_api.web", "ora_api.transport", "ora_api.tools",
         "ora_api.cli")


def room_of(module: str) -> str:
    """``ora_api.table.hot`` -> ``ora_api.table``; a module at the top -> ``ora_api``."""
    parts = module.split(".")
    package = ".".join(parts[:2])
    is_room = (PACKAGE / parts[1] / "__init__.py").exists() if len(parts) > 1 else False
    return package if is_room else "ora_api"


def upward_imports(edges: dict[str, set[str]]) -> list[str]:
    """Every import of a room above the importing module's, as ``module -> imported``."""
    level = {room: i for i, room in enumerate(ROOMS)}
    return sorted(f"{name} -> {target}" for name, targets in edges.items() if name != "ora_api"
                  for target in targets if target != "ora_api"
                  and level[room_of(target)] > level[room_of(name)])


def test_every_room_of_ora_api_has_its_floor() -> None:
    rooms = {room_of(name) for name in modules() if name != "ora_api"}
    assert rooms == set(ROOMS)


def test_upward_imports_are_found() -> None:
    assert upward_imports({"ora_api.table.hot": {"ora_api.transport.rpc"}}) == [
        "ora_api.table.hot -> ora_api.transport.rpc"]
    assert upward_imports({"ora_api.transport.server": {"ora_api.table.hot"}}) == []


def test_no_module_of_ora_api_imports_a_room_above_its_own() -> None:
    """Imports inside ``ora_api`` run one way, down ``ROOMS``: JSON-RPC knows no game, the table
    no service, the service no method, the methods no transport, the transports no command
    line."""
    assert upward_imports(graph()) == []


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
