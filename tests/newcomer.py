"""The environments a newcomer has (issue 33): a fresh virtual environment with exactly what
``./run.sh`` installs (the ``api`` extra, from this checkout, as scripts/bootstrap.sh does it), or
with the package alone (``pip install ora``, a wheel, no extra). Neither sees this test
environment's packages: pytest, hypothesis and the other test tools are not in them.

pip takes the pinned versions (requirements/constraints.txt) from its cache, which ``./test.sh``
has just filled; a cold cache downloads them from the package index.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONSTRAINTS = ROOT / "requirements" / "constraints.txt"


def _venv(where: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, timeout=120)
    return where / "bin"


def _pip_install(bin_dir: Path, *requirements: str) -> None:
    done = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q",
                           "--disable-pip-version-check", "-c", str(CONSTRAINTS), *requirements],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]


def run_sh_venv(where: Path) -> Path:
    """A venv as ``./run.sh`` sets it up: this checkout, editable, with the ``api`` extra (and
    the checkout's compiled core, where ``./run.sh`` or ``./test.sh`` built one). Its ``bin``
    folder."""
    bin_dir = _venv(where)
    _pip_install(bin_dir, "-e", f"{ROOT}[api]")
    return bin_dir


def bare_venv(where: Path) -> Path:
    """A venv with the package as ``pip install ora`` gives it: the wheel built from this
    checkout and its own dependencies, no extra. Its ``bin`` folder."""
    dist = where / "dist"
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir",
                    str(dist), str(ROOT)], check=True, capture_output=True, timeout=300)
    (wheel,) = dist.glob("ora-*.whl")
    bin_dir = _venv(where / "venv")
    _pip_install(bin_dir, str(wheel))
    return bin_dir


def lacks(bin_dir: Path, module: str) -> bool:
    """Whether ``module`` cannot be imported in that venv."""
    return subprocess.run([str(bin_dir / "python"), "-c", f"import {module}"],
                          capture_output=True, timeout=60).returncode != 0
