"""Every command of the README's command table, and every `ora` / `./run.sh` command of the
shell examples in docs/, runs as written, in a copy of the repository, against a game the
README's own `./run.sh demo` stored. `./run.sh` stands for the `ora` of a fresh venv with exactly
what `./run.sh` installs (the `api` extra, tests/newcomer.py; issue 33): the commands a newcomer
reads must run without the test tools. The set-up part of run.sh is what CI exercises (.ci/run
starts `./run.sh` on its clean clone)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import orjson
import pytest

from tests.newcomer import run_sh_venv

ROOT = Path(__file__).resolve().parent.parent
#: Commands not run here, and where they are run instead.
ELSEWHERE = {
    "arena": "tests/test_bots.py and the arena's tests play its games",
    "bench": "minutes of measuring; tests/test_bench*.py run its parts",
    "serve": "a server that runs until stopped: tests/api start real ones",
    "mcp": "a server on stdio: tests/api/test_mcp.py talks to it with the SDK's client",
    "train-eval": "minutes of self-play, and the 'learning' extra: tests/bots/test_train_eval.py "
                  "runs a trial and the one line said without numpy",
    "train-book": "most of an hour of solo games: tests/bots/test_books.py runs a chain of "
                  "small ones and the command line around a stand-in",
}
#: The docs' SVG example makes its own store in /tmp; tests/api/test_svg.py reruns it.
OWN_STORE = "sqlite:/tmp/example.sqlite3"




def readme_commands() -> list[str]:
    """The table's commands: each backticked `./run.sh ...`, and the `sub ...` forms after a
    slash that continue it (`export ... / import game.ora / verify GAME_ID`)."""
    commands: list[str] = []
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        match = re.match(r"\| (`\./run\.sh [^|]*?) \|", line)
        if match is None:
            continue
        for part in re.findall(r"`([^`]+)`", match.group(1)):
            commands.append(part if part.startswith("./run.sh") else f"./run.sh {part}")
    return commands


def docs_commands() -> list[str]:
    """The `ora ...` and `./run.sh ...` lines of the shell examples in docs/, comments cut."""
    commands: list[str] = []
    for path in sorted((ROOT / "docs").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for block in re.findall(r"```(?:sh|bash)\n(.*?)```", text, flags=re.S):
            for line in block.splitlines():
                command = re.sub(r"\s+#.*$", "", line).strip()
                if command.startswith("ora "):
                    command = "./run.sh " + command[4:]
                if command.startswith("./run.sh "):
                    commands.append(command)
    return commands


def test_the_table_is_found() -> None:
    commands = readme_commands()
    assert "./run.sh demo" in commands and "./run.sh rules R-BUY-2" in commands
    assert len(commands) >= 15


def unique(commands: list[str]) -> list[str]:
    """The commands in order, each once: the docs repeat some (`trial check`) that cost minutes."""
    return list(dict.fromkeys(commands))


@pytest.fixture(scope="module")
def ora(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``ora`` that ``./run.sh`` runs: a fresh venv with the ``api`` extra only."""
    return run_sh_venv(tmp_path_factory.mktemp("run_sh") / "venv") / "ora"


@pytest.mark.parametrize("source", ["README.md", "docs"])
def test_every_command_runs_as_written(ora: Path, source: str, tmp_path: Path) -> None:
    """The README's table and the docs' examples, each in a copy of the repository of its own
    (two tests, so that the parallel suite runs them at once)."""
    tracked = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    for name in tracked:
        if (ROOT / name).is_file():
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tmp_path / name)
    env = {**os.environ, "ORA_DATA": str(tmp_path / "data")}

    def run(command: str) -> subprocess.CompletedProcess[str]:
        shell = command.replace("./run.sh", str(ora), 1)
        return subprocess.run(["bash", "-c", shell], cwd=tmp_path, env=env, text=True,
                              capture_output=True, stdin=subprocess.DEVNULL, timeout=300)

    assert run("./run.sh demo").returncode == 0
    listed = run("./run.sh list --json")
    finished = orjson.loads(listed.stdout.splitlines()[0])["game_id"]
    playing = _game_in_progress(run, finished, tmp_path)
    failures = []
    # The docs' example of a house rule names its own copy of a spec.
    (tmp_path / "my-cards").mkdir()
    shutil.copy(ROOT / "specs" / "buildings" / "F05-bakery.toml", tmp_path / "my-cards")
    commands = unique(readme_commands() if source == "README.md" else docs_commands())
    for command in commands:
        verb = command.split()[1]
        if verb in ELSEWHERE or OWN_STORE in command:
            continue
        # `moves` shows what can be played now: a game in progress; the rest the finished game.
        game_id = playing if verb == "moves" else finished
        done = run(command.replace("GAME_ID", game_id))
        if done.returncode != 0:
            failures.append(f"{command}: exit {done.returncode}: {done.stderr.strip()[-300:]}")
    assert failures == []
    # The glossary command rewrote the committed glossary with what the specs say: no change.
    assert (tmp_path / "docs" / "buildings.md").read_bytes() == \
        (ROOT / "docs" / "buildings.md").read_bytes()


def _game_in_progress(run: Callable[[str], subprocess.CompletedProcess[str]], game_id: str,
                      where: Path) -> str:
    """The first three moves of a stored game, imported as a game of their own."""
    assert run(f"./run.sh export {game_id} -o full.ora").returncode == 0
    lines = (where / "full.ora").read_text(encoding="utf-8").splitlines()
    header = [line for line in lines if line.startswith("[")
              and not line.startswith(("[Result", "[Head"))]
    moves = [line for line in lines if line and not line.startswith(("[", "#"))][:3]
    (where / "opening.ora").write_text("\n".join(header + moves) + "\n", encoding="utf-8")
    imported = run("./run.sh import opening.ora --json")
    assert imported.returncode == 0, imported.stderr
    game: str = orjson.loads(imported.stdout)["game_id"]
    return game
