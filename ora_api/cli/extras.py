"""Which optional extra of the package brings a module that a command imports (issue 33).

``./run.sh`` installs the ``api`` extra only, and ``pip install ora`` none: a command that needs
more says in one line which extra to install, instead of a traceback.
"""

from __future__ import annotations

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
            f"pip install 'ora[{extra}]'")
