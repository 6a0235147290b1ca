"""A newcomer's first commands (issue 33), in an environment with exactly what ``./run.sh``
installs, and the package used as a library with no extra at all.

The suite itself runs with the ``test`` extra, so it could not see that ``ora --help`` imported
hypothesis: these tests run ``ora`` from venvs that lack it (tests/newcomer.py). The README's
command table runs in such a venv too (tests/test_docs_commands.py).
"""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
from pathlib import Path

import orjson
import pytest

from ora_api.cli.extras import EXTRA_OF
from tests.newcomer import ROOT, bare_venv, lacks, run_sh_venv

#: The modules that need an extra beyond ``api``, by the extra (pyproject.toml): the toolkit's
#: hypothesis strategies, profiles and pytest plugin, and the learning surface.
NEEDS_MORE = {
    "ora_rules.testing.plugin": "testing",
    "ora_rules.testing.profiles": "testing",
    "ora_rules.testing.strategies": "testing",
    "ora_rules.learning.openspiel": "learning",
    "ora_rules.learning.pettingzoo": "learning",
}


@pytest.fixture(scope="module")
def run_sh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return run_sh_venv(tmp_path_factory.mktemp("run_sh") / "venv")


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bare_venv(tmp_path_factory.mktemp("bare"))


def _ora(bin_dir: Path, *args: str, cwd: Path, stdin: str | None = None
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(bin_dir / "ora"), *args], cwd=cwd, input=stdin, text=True,
                          capture_output=True, timeout=300)


def test_the_run_sh_environment_has_no_test_tools(run_sh: Path) -> None:
    assert lacks(run_sh, "hypothesis") and lacks(run_sh, "pytest")
    assert not lacks(run_sh, "starlette")


def test_help_prints_every_command(run_sh: Path, tmp_path: Path) -> None:
    done = _ora(run_sh, "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    for command in ("serve", "demo", "trial", "import", "audit", "specs", "bench", "arena"):
        assert command in done.stdout
    assert done.stderr == ""


def test_every_module_but_those_of_other_extras_imports(run_sh: Path, tmp_path: Path) -> None:
    script = """
import importlib, pkgutil, orjson, sys
import ora_api, ora_core, ora_rules
failed = {}
for package in (ora_core, ora_rules, ora_api):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        if info.name.endswith("__main__"):
            continue
        try:
            importlib.import_module(info.name)
        except ModuleNotFoundError as error:
            failed[info.name] = (error.name or "").split(".")[0]
sys.stdout.write(orjson.dumps(failed).decode())
"""
    done = subprocess.run([str(run_sh / "python"), "-c", script], cwd=tmp_path, text=True,
                          capture_output=True, timeout=300)
    assert done.returncode == 0, done.stderr
    failed: dict[str, str] = orjson.loads(done.stdout)
    assert {name: EXTRA_OF.get(missing) for name, missing in failed.items()} == NEEDS_MORE


def test_the_demo_plays_a_game_into_a_new_store(run_sh: Path, tmp_path: Path) -> None:
    store = f"sqlite:{tmp_path / 'games.sqlite3'}"
    done = _ora(run_sh, "demo", "--store", store, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "1 game(s)" in done.stdout
    listed = _ora(run_sh, "list", "--json", "--store", store, cwd=tmp_path)
    assert orjson.loads(listed.stdout.splitlines()[0])["finished"] is True


def test_the_server_answers_its_first_request_over_http(run_sh: Path, tmp_path: Path) -> None:
    import httpx

    server = subprocess.Popen([str(run_sh / "ora"), "serve", "--http", "127.0.0.1:0", "--store",
                               f"sqlite:{tmp_path / 'ora.sqlite3'}"], cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr is not None
        seen = []
        for line in server.stderr:  # the server announces its port once it listens
            seen.append(line)
            if line.startswith("ora: JSON-RPC on http://"):
                url = line.split()[3]  # "ora: JSON-RPC on http://HOST:PORT/rpc and ..."
                break
        else:
            raise AssertionError("the server did not start: " + "".join(seen))
        request = {"jsonrpc": "2.0", "id": 1, "method": "game.create",
                   "params": {"config": {"players": 3, "variant": "france", "length": "long"},
                              "name": "Ann"}}
        reply = httpx.post(url, json=request, timeout=30).json()
        assert reply["id"] == 1 and "game_id" in reply["result"], reply
    finally:
        server.terminate()
        server.wait(30)


def test_the_server_answers_its_first_request_on_stdio(run_sh: Path, tmp_path: Path) -> None:
    request = orjson.dumps({"jsonrpc": "2.0", "id": 7, "method": "game.list"}).decode()
    done = _ora(run_sh, "serve", "--stdio", "--store", "memory", cwd=tmp_path,
                stdin=request + "\n")
    assert done.returncode == 0, done.stderr
    reply = orjson.loads(done.stdout.splitlines()[0])
    assert reply["id"] == 7 and "result" in reply, reply


def test_a_command_of_another_extra_names_it_in_one_line(run_sh: Path, tmp_path: Path) -> None:
    done = _ora(run_sh, "mcp", "--store", "memory", cwd=tmp_path)
    assert done.returncode == 2
    # A clone's venv: the clone's own editable install with the pinned versions (ora is not on
    # PyPI, so `pip install 'ora[mcp]'` by name would not find it).
    assert done.stderr.strip().splitlines() == [
        "ora: ora mcp needs the 'mcp' extra (mcp is not installed): "
        f"{run_sh / 'python'} -m pip install -c {ROOT / 'requirements/constraints.txt'} "
        f"-e '{ROOT}[mcp]'"]


def test_bots_play_an_arena_without_the_test_tools(run_sh: Path, tmp_path: Path) -> None:
    done = _ora(run_sh, "arena", "--players", "3", "--bots", "greedy,random", "--games", "2",
                "--length", "short", "--jobs", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "greedy" in done.stdout and "random" in done.stdout


def test_the_package_alone_runs_the_readme_as_a_library(bare: Path, tmp_path: Path) -> None:
    assert lacks(bare, "starlette") and lacks(bare, "hypothesis")
    script = (f"import doctest, sys; r = doctest.testfile({str(ROOT / 'README.md')!r}, "
              "module_relative=False, optionflags=doctest.ELLIPSIS | "
              "doctest.NORMALIZE_WHITESPACE); print(r.attempted, r.failed); sys.exit(r.failed)")
    done = subprocess.run([str(bare / "python"), "-c", script], cwd=tmp_path, text=True,
                          capture_output=True, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    attempted, failed = map(int, done.stdout.split()[-2:])
    assert attempted > 5 and failed == 0


def test_the_package_alone_says_the_http_server_needs_the_api_extra(bare: Path,
                                                               tmp_path: Path) -> None:
    done = _ora(bare, "serve", "--http", "127.0.0.1:0", "--store", "memory", cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    line, = done.stderr.strip().splitlines()
    assert "the 'api' extra" in line and "pip install 'ora[api]'" in line


def test_this_environment_knows_every_module_of_needs_more() -> None:
    # The list above names real modules (a rename would leave the test asserting nothing).
    names = {info.name for package in ("ora_rules.testing", "ora_rules.learning")
             for info in pkgutil.iter_modules(importlib.import_module(package).__path__,
                                              package + ".")}
    assert set(NEEDS_MORE) <= names

