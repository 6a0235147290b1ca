"""The standards of the repository, checked with the tests so CI enforces them: ``ruff`` and
``mypy --strict`` pass over the packages, the scripts and the tests (pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600)


def test_ruff_passes() -> None:
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_passes() -> None:
    result = _run("mypy")  # strict, and the files, from [tool.mypy] in pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr
