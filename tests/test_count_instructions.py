"""scripts/count_instructions.py, the instruction counter behind docs/performance.md: its
workloads are valid code and bad names are refused (the counting itself needs valgrind)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "count_instructions.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("count_instructions", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_workload_compiles() -> None:
    script = _script()
    assert set(script.WORKLOADS) == {"fold", "decode", "command", "game", "hard"}
    for name, code in script.WORKLOADS.items():
        compile(f"REPS = 0\n{code}", name, "exec")


def test_the_workloads_without_fixtures_run() -> None:
    """``game`` and ``hard`` need no fixture folder: their set-up runs as valgrind would run it
    (REPS = 0), here without valgrind."""
    script = _script()
    for name in ("game", "hard"):
        exec(compile(f"REPS = 0\n{script.WORKLOADS[name]}", name, "exec"), {})


def test_an_unknown_workload_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert _script().main(["fold", "nothing"]) == 2
    assert "unknown workload(s) ['nothing']" in capsys.readouterr().err
