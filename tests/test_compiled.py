"""The compiled core (ora_core/compiled.py, scripts/build_core.py): used where it can be built,
never when stale or refused, and the same program as the pure Python, event for event."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ora_core import compiled

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str, **env: str) -> str:
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, env={**os.environ, **env}, timeout=600, check=True)
    return run.stdout


def test_this_run_uses_the_compiled_core_wherever_it_can_be_built() -> None:
    """./test.sh builds the core where a C compiler is, so the suite runs against it; with
    ORA_PURE=1, or with no compiler, it runs the pure Python and says why."""
    status = compiled.status()
    if os.environ.get("ORA_PURE", "") not in ("", "0"):
        assert status == "pure: ORA_PURE is set"
    elif compiled.compiler_missing() is None:
        assert compiled.is_compiled(), status
        for name in compiled.MODULES:
            module = sys.modules.get(name) or __import__(name, fromlist=["_"])
            assert module.__file__ is not None and module.__file__.endswith(".so"), name
    else:
        assert status.startswith("pure: no compiled core"), status


def test_ora_pure_runs_the_sources() -> None:
    out = _run("import ora_rules.decide as d; from ora_core import compiled; "
               "print(compiled.status()); print(d.__file__)", ORA_PURE="1")
    assert out.splitlines() == ["pure: ORA_PURE is set", str(ROOT / "ora_rules" / "decide.py")]


def test_a_build_older_than_its_sources_is_not_used(tmp_path: Path) -> None:
    """A copy of the packages with one compiled module's source edited after the build: the
    finder refuses the whole build (compiled modules call each other directly)."""
    if not compiled.is_compiled():
        pytest.skip("needs a built compiled core (./test.sh builds one where it can)")
    for package in ("ora_core", "ora_rules"):
        subprocess.run(["cp", "-r", str(ROOT / package), str(tmp_path / package)], check=True)
    build = compiled.build_dir()
    (tmp_path / ".compiled").mkdir()
    subprocess.run(["cp", "-r", str(build), str(tmp_path / ".compiled" / build.name)],
                   check=True)
    code = ("import ora_rules.draft as d; from ora_core import compiled; "
            "print(compiled.status()); print(d.__file__)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path)},
                         check=True)
    assert run.stdout.splitlines()[0].startswith("compiled:")
    with (tmp_path / "ora_rules" / "draft.py").open("a") as source:
        source.write("\n# edited after the build\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(tmp_path)},
                         check=True)
    assert run.stdout.splitlines() == [
        "pure: the compiled core is older than the sources (scripts/build_core.py)",
        str(tmp_path / "ora_rules" / "draft.py")]


def test_the_compiled_and_the_pure_build_give_byte_identical_events() -> None:
    """Every golden trial replayed and four bot games played in both builds: the same events,
    encoded as the store writes them, and the same legal moves at every position."""
    if not compiled.is_compiled():
        pytest.skip("needs a built compiled core (./test.sh builds one where it can)")
    code = "from tests.build_events import main; main()"
    pure = json.loads(_run(code, ORA_PURE="1"))
    built = json.loads(_run(code))
    assert pure["build"] == "pure: ORA_PURE is set"
    assert built["build"].startswith("compiled:")
    assert len(pure["games"]) == 22
    assert built["games"] == pure["games"]
