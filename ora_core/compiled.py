"""The compiled core: the engine's hot modules built with mypyc, used in place of their sources.

The Python sources stay the source of truth. ``scripts/build_core.py`` (run by ``./run.sh`` and
``./test.sh`` where a C compiler exists) compiles the modules of :data:`MODULES` from the same
``--strict``-typed code into a folder of its own under ``.compiled/<interpreter>/`` and names it
in ``manifest.json`` there, with the sources' hashes; a process keeps the build it started with
even when a later build replaces the manifest. At start-up (``ora_core/__init__.py``)
:func:`install` puts a finder in front of the import system that loads those extension
modules, and only when every source still has the hash it was built from: an edited source,
another interpreter, ``ORA_PURE=1`` or a missing build all run the pure Python, whole (compiled
modules call each other directly, so the build is used all or nothing). :func:`status` says
which build runs and why.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

#: The modules compiled: the model's fold, the rules' hot path (a command, the legal moves, the
#: effects, the flow, the score) and the planner's evaluation (``hard``'s positions valued). mypyc
#: makes no native class of an attrs class, so the model's classes made at every event are native
#: records instead (``ora_core.native``): the state and the wheel (``ora_core.state``), the turn
#: and the flow, a player and a space, the commonest events (``ora_core.command_events``), the
#: effect nodes, the commands (``ora_rules.notation``). The codec writes the model's with hooks of
#: its own. The attrs classes read rarely stay Python (``ora_core.config``, ``ora_core.parts``,
#: ``ora_core.events``): compiled, their fields' types read as ``type``, which the codec (cattrs)
#: cannot structure.
MODULES: tuple[str, ...] = (
    "ora_core.values",
    "ora_core.native",
    "ora_core.turn",
    "ora_core.player",
    "ora_core.state",
    "ora_core.command_events",
    "ora_core.evolve",
    "ora_core.table",
    "ora_core.takeback",
    "ora_rules.decide",
    "ora_rules.draft",
    "ora_rules.flow",
    "ora_rules.notation",
    "ora_rules.move_items",
    "ora_rules.payment",
    "ora_rules.uses",
    "ora_rules.landscape",
    "ora_rules.readings",
    "ora_rules.verbs",
    "ora_rules.coin_pieces",
    "ora_rules.clocks",
    "ora_rules.undo",
    "ora_rules.neutral",
    "ora_rules.tokens",
    "ora_rules.scoring",
    "ora_rules.effects.core",
    "ora_rules.effects.goods_nodes",
    "ora_rules.effects.nodes",
    "ora_rules.effects.redirects",
    "ora_rules.effects.special",
    "ora_rules.effects.special_board",
    "ora_rules.effects.special_node",
    "ora_rules.effects.special_points",
    "ora_rules.bots.wheel_streams",
    "ora_rules.bots.strategy",
    "ora_rules.bots.planner",
)

#: The folder of the packages' sources (the repository, for the editable install ``./run.sh``
#: makes); builds live in ``.compiled/<interpreter tag>/`` under it.
SOURCE_ROOT = Path(__file__).resolve().parent.parent
MANIFEST = "manifest.json"


def interpreter_tag() -> str:
    """The extension suffix's tag (``cpython-311-x86_64-linux-gnu``): a build is for one."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    return suffix.strip(".").removesuffix(".so").removesuffix(".pyd") or "unknown"


def build_dir(root: Path = SOURCE_ROOT) -> Path:
    return root / ".compiled" / interpreter_tag()


def source_path(module: str, root: Path = SOURCE_ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_hashes(modules: Sequence[str] = MODULES, root: Path = SOURCE_ROOT) -> dict[str, str]:
    """Each module's source, hashed (SHA-256 of its bytes): what a build must match."""
    return {m: hashlib.sha256(source_path(m, root).read_bytes()).hexdigest() for m in modules}


def compiler_missing() -> str | None:
    """Why no extension can be compiled here, or None."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.is_file():
        return f"no Python headers ({include})"
    for needed in ("mypyc", "setuptools"):
        if importlib.util.find_spec(needed) is None:
            return f"{needed} is not installed (pip install 'ora[compile]')"
    return None


class _CompiledFinder:
    """Finds the modules of a build: each compiled module, and mypyc's shared library that
    they import by its top-level name."""

    def __init__(self, folder: Path, files: dict[str, str]) -> None:
        self.folder = folder
        self.files = files

    def find_spec(self, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        file = self.files.get(name)
        if file is None:
            return None
        location = str(self.folder / file)
        loader = importlib.machinery.ExtensionFileLoader(name, location)
        return importlib.util.spec_from_file_location(name, location, loader=loader)


_status = "pure: not started"


def install() -> bool:
    """Use the build if it matches the sources (module doc); True when it is used."""
    global _status
    if any(isinstance(f, _CompiledFinder) for f in sys.meta_path):
        return True
    if os.environ.get("ORA_PURE", "") not in ("", "0"):
        _status = "pure: ORA_PURE is set"
        return False
    folder = build_dir()
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
    except (OSError, ValueError):
        _status = "pure: no compiled core is built (scripts/build_core.py)"
        return False
    try:
        current = source_hashes(tuple(manifest["sources"]))
    except OSError:
        current = {}
    if manifest.get("sources") != current or sorted(manifest["sources"]) != sorted(MODULES):
        _status = "pure: the compiled core is older than the sources (scripts/build_core.py)"
        return False
    files: dict[str, str] = manifest["files"]
    build = folder / manifest["folder"]  # each build in a folder of its own (build_core.py)
    if not all((build / f).is_file() for f in files.values()):
        _status = "pure: the compiled core's build is incomplete (scripts/build_core.py)"
        return False
    already = [m for m in MODULES if m in sys.modules]
    if already:  # imported as Python before the finder: mixing the two is not allowed
        _status = f"pure: {already[0]} was imported before the compiled core"
        return False
    sys.meta_path.insert(0, _CompiledFinder(build, files))
    _status = f"compiled: mypyc {manifest.get('mypy', '?')}, {build}"
    return True


def status() -> str:
    """Which build runs, and why: ``compiled: ...`` or ``pure: <reason>``."""
    return _status


def is_compiled() -> bool:
    return _status.startswith("compiled")
