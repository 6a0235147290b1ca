"""Which optional extra of the package brings a module that a command imports (issue 33).

``./run.sh`` installs the ``api`` extra only, and ``pip install ora`` none: a command that needs
more says in one line which extra to install, instead of a traceback.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

#: The directory above the package: a clone's source tree when ``ora`` runs from one (the
#: editable install of ``./run.sh``), where ``install_command`` finds pyproject.toml.
_CLONE = Path(__file__).resolve().parents[2]

#: The top-level module a missing import names, and the extra (pyproject.toml) that brings it.
EXTRA_OF: dict[str, str] = {
    "starlette": "api",
    "uvicorn": "api",
    "websockets": "api",
    "httptools": "api",
    "mcp": "mcp",
    "mcp_types": "mcp",
    "psycopg": "postgres",
    "psycopg_pool": "postgres",
    "hypothesis": "testing",
    "pytest": "testing",
    "numpy": "learning",
    "pyspiel": "learning",
    "open_spiel": "learning",
    "pettingzoo": "learning",
}


def missing_extra(error: ModuleNotFoundError, command: str) -> str | None:
    """The one line for a command that stopped on a module of an extra not installed, or None
    when the missing module is none of the extras' (then it is a bug of ours)."""
    module = (error.name or "").split(".")[0]
    extra = EXTRA_OF.get(module)
    if extra is None:
        return None
    return (f"ora {command} needs the '{extra}' extra ({module} is not installed): "
            f"{install_command(extra)}")


def install_command(extra: str) -> str:
    """How to add ``extra`` where this ``ora`` runs: in a clone, the clone's editable install
    with the pinned versions (``ora`` is not on PyPI, so ``pip install 'ora[...]'`` by name
    would find nothing there, or another project's package); else pip by the package's name."""
    constraints = _CLONE / "requirements" / "constraints.txt"
    if (_CLONE / "pyproject.toml").is_file() and constraints.is_file():
        return (f"{shlex.quote(sys.executable)} -m pip install -c {shlex.quote(str(constraints))}"
                f" -e {shlex.quote(f'{_CLONE}[{extra}]')}")
    return f"pip install 'ora[{extra}]'"
