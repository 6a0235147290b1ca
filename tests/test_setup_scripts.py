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
