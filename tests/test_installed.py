"""``ora[testing]`` used as another project uses it: built as a wheel and an sdist, the wheel
installed into a fresh virtual environment (not this checkout on the path), a property written
with the pytest plugin, and the worked examples of docs/verification.md, run by pytest in a
temporary project (issue 26: a package that others can depend on)."""

from __future__ import annotations

import re
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: A property as a user writes it: the plugin's fixture and profile, the package's strategies.
PROPERTY = '''\
from hypothesis import given
from ora_rules.moves import legal_moves
from ora_rules.testing import GAME_SETTINGS, check_position
from ora_rules.testing.strategies import positions


@GAME_SETTINGS
@given(state=positions())
def test_positions_keep_the_invariants_and_offer_moves(ora_rules, state):
    check_position(state, ora_rules)
    assert state.finished or legal_moves(state, ora_rules)
'''


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A temporary project with its own venv holding the package with the ``testing`` extra, as
    another project depends on it: a wheel and an sdist built from this checkout with
    ``python -m build`` (docs/verification.md), the wheel installed. The dependencies come from
    this environment through a ``.pth`` file (no network)."""
    home = tmp_path_factory.mktemp("project")
    dist = home / "dist"
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--wheel", "--no-isolation",
                    "--outdir", str(dist), str(ROOT)], check=True, capture_output=True)
    wheels, sdists = list(dist.glob("ora-*.whl")), list(dist.glob("ora-*.tar.gz"))
    assert len(wheels) == len(sdists) == 1, sorted(p.name for p in dist.iterdir())
    with tarfile.open(sdists[0]) as sdist:  # the sdist rebuilds the package: specs included
        assert any("/specs/buildings/" in name for name in sdist.getnames())
    venv = home / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; "
                              "print(sysconfig.get_paths()['purelib'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    Path(purelib, "ora-test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps",
                    "--no-build-isolation", "--disable-pip-version-check",
                    f"{wheels[0]}[testing]"], check=True, capture_output=True)
    return home, python


def _pytest(project: tuple[Path, Path], *args: str) -> subprocess.CompletedProcess[str]:
    home, python = project
    return subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                          cwd=home, capture_output=True, text=True, timeout=600)


def test_the_package_is_imported_from_the_install_not_from_this_checkout(
        project: tuple[Path, Path]) -> None:
    home, python = project
    where = subprocess.run([str(python), "-c", "import ora_rules.testing, ora_rules.specs as s; "
                            "print(ora_rules.testing.__file__); print(s.default_spec_dir())"],
                           cwd=home, check=True, capture_output=True, text=True).stdout
    assert str(home / "venv") in where.splitlines()[0]
    assert where.splitlines()[1].endswith("_specs")  # the specs inside the wheel


def test_a_ten_line_property_runs_with_the_plugin(project: tuple[Path, Path]) -> None:
    home, _ = project
    (home / "test_property.py").write_text(PROPERTY, encoding="utf-8")
    run = _pytest(project, "--ora-profile=ci", "test_property.py")
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"\b1 passed\b", run.stdout), run.stdout


def test_the_plugin_reports_a_broken_property(project: tuple[Path, Path]) -> None:
    home, _ = project
    # A wrong claim about every position: games do go past their first ten events.
    broken = PROPERTY.replace("check_position(state, ora_rules)", "assert state.version < 10")
    (home / "test_broken.py").write_text(broken, encoding="utf-8")
    run = _pytest(project, "--ora-profile=ci", "test_broken.py")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 failed" in run.stdout and re.search(r"assert \d+ < 10", run.stdout)
    # The fixture's rules print as one short line, not as the whole spec set.
    assert "ora_rules=<Rules from " in run.stdout and "GoodSpec(" not in run.stdout
    assert re.search(r"state=<State of \dp \w+ \w+ seed \d+ at version \d+", run.stdout)


def test_the_worked_examples_of_docs_verification_md_pass(project: tuple[Path, Path]) -> None:
    home, _ = project
    text = (ROOT / "docs" / "verification.md").read_text(encoding="utf-8")
    examples = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(examples) == 3
    for n, code in enumerate(examples, 1):
        (home / f"test_example_{n}.py").write_text(code, encoding="utf-8")
    run = _pytest(project, "--ora-profile=ci", *(f"test_example_{n}.py" for n in (1, 2, 3)))
    assert run.returncode == 0, run.stdout + run.stderr
    assert re.search(r"\b3 passed\b", run.stdout), run.stdout
