"""The set-up scripts as a new user meets them (issue 26): ``./test.sh`` installs Debian's Chromium
as root with two lines of output and without upgrading anything else."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _tool(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text("#!/usr/bin/env bash\n" + body)
    path.chmod(path.stat().st_mode | stat.S_IEXEC)


def test_chromium_is_installed_quietly_and_upgrades_nothing_else(tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    calls = tmp_path / "apt-calls"
    _tool(bin_dir, "id", 'echo 0\n')  # as root
    # apt-get as chatty as the real one (about 580 lines for chromium and its libraries).
    _tool(bin_dir, "apt-get", f'echo "$@" >> {calls}\n'
                              '[ "$1" = update ] && exit 0\n'
                              'for i in $(seq 1 290); do echo "Setting up lib$i ..."; '
                              'echo "Unpacking lib$i ..."; done\n')
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "TMPDIR": str(tmp_path),
           "ORA_CHROMIUM": str(tmp_path / "no-chromium-here")}
    done = subprocess.run(["bash", "-c", f"source {ROOT / 'scripts' / 'browser.sh'}"],
                          env=env, capture_output=True, text=True, check=True)
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 2, done.stderr
    assert "290 packages set up" in lines[1]
    install = [c for c in calls.read_text().splitlines() if "install" in c.split()]
    assert install and "--no-upgrade" in install[0].split()
    assert "chromium" in install[0].split()
    assert (tmp_path / "ora-apt-chromium.log").read_text().count("Setting up") == 290


def test_nothing_happens_when_chromium_is_there(tmp_path: Path) -> None:
    present = tmp_path / "chromium"
    present.write_text("")
    present.chmod(0o755)
    env = {**os.environ, "ORA_CHROMIUM": str(present)}
    done = subprocess.run(["bash", "-c", f"source {ROOT / 'scripts' / 'browser.sh'}"],
                          env=env, capture_output=True, text=True, check=True)
    assert done.stdout == done.stderr == ""


def _readme_commands() -> list[str]:
    """The README's set-up block: its two commands, comments cut."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Set-up and use", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line.split("#", 1)[0].strip() for line in block.splitlines() if line.strip()]


def test_ci_runs_both_readme_commands_the_main_job_first() -> None:
    # Issue 33: CI calls exactly the README's test command, and starts its main command on the
    # clean clone before the tests (to its first JSON-RPC answer).
    main_job, tests = _readme_commands()
    assert (main_job, tests) == ("./run.sh", "./test.sh")
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    served = next(i for i, line in enumerate(lines)
                  if main_job in line.split() and line.endswith("&"))  # in the background
    tested = lines.index(tests)
    assert served < tested
    assert '"method": "game.list"' in "\n".join(lines[served:tested])


def _pytest_args(tmp_path: Path, *args: str) -> list[str]:
    """The arguments ``./test.sh ARGS`` hands to pytest: the script run with a stand-in venv."""
    for part in ("test.sh", "scripts/bootstrap.sh", "scripts/browser.sh"):
        (tmp_path / part).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / part).write_text((ROOT / part).read_text())
    (tmp_path / ".venv" / "bin").mkdir(parents=True, exist_ok=True)
    _tool(tmp_path / ".venv" / "bin", "python", 'printf "%s\\n" "$@"\n')  # prints its args
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "requirements").mkdir(exist_ok=True)
    (tmp_path / "requirements" / "constraints.txt").write_text(
        (ROOT / "requirements" / "constraints.txt").read_text())
    stamp = subprocess.run(["bash", "-c", "cat pyproject.toml requirements/constraints.txt | "
                            "sha256sum | cut -d' ' -f1"], cwd=tmp_path, capture_output=True,
                           text=True, check=True).stdout.strip()
    (tmp_path / ".venv" / ".stamp").write_text(f"{stamp} test\n")
    # no apt here, and no compiled core built by the stand-in python
    env = {**os.environ, "ORA_CHROMIUM": "/bin/sh", "ORA_TEST_POSTGRES": "0", "ORA_PURE": "1"}
    env.pop("ORA_TEST_WORKERS", None)
    done = subprocess.run(["bash", str(tmp_path / "test.sh"), *args], cwd=tmp_path, env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def test_the_tests_run_in_parallel_unless_asked_otherwise(tmp_path: Path) -> None:
    assert _pytest_args(tmp_path, "-m", "not slow") == [
        "-m", "pytest", "-n", "auto", "-m", "not slow"]
    assert _pytest_args(tmp_path, "-n", "0", "tests/x.py") == ["-m", "pytest", "-n", "0",
                                                               "tests/x.py"]
    assert _pytest_args(tmp_path, "-p", "no:xdist") == ["-m", "pytest", "-p", "no:xdist"]
