"""The command line as new users meet it (issue 26): every mistake is one line and exit 2, a
command that only reads never creates a store, every local read treats private games alike."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from ora_api.cli import main
from ora_api.service import open_service
from tests.api.conftest import Local, new_game

ROOT = Path(__file__).resolve().parent.parent
Capture = pytest.CaptureFixture[str]


def one_line_error(capsys: Capture) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    """A stored finished 3-player short game: (store URL, game id)."""
    store = f"sqlite:{tmp_path_factory.mktemp('store') / 'games.sqlite3'}"
    assert main(["selfplay", "--players", "3", "--length", "short", "--store", store,
                 "--json"]) == 0
    return store, ""


def _finished_id(finished: tuple[str, str], capsys: Capture) -> str:
    capsys.readouterr()
    assert main(["list", "--json", "--store", finished[0]]) == 0
    return str(orjson.loads(capsys.readouterr().out.splitlines()[0])["game_id"])


def test_an_unknown_bot_is_one_line(capsys: Capture) -> None:
    assert main(["selfplay", "--bots", "foo"]) == 2
    assert "unknown bot 'foo'" in one_line_error(capsys)


def test_postgres_without_a_database_name_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: Capture) -> None:
    monkeypatch.delenv("POSTGRES_DBNAME", raising=False)
    assert main(["list", "--store", "postgres:"]) == 2
    assert "POSTGRES_DBNAME" in one_line_error(capsys)


@pytest.mark.parametrize("command", [["show", "00000000-0000-0000-0000-000000000000"],
                                     ["list"], ["log", "00000000-0000-0000-0000-000000000000"]])
def test_a_command_that_reads_never_creates_a_store(tmp_path: Path, command: list[str],
                                                    capsys: Capture) -> None:
    missing = tmp_path / "mistyped" / "x.sqlite3"
    assert main([*command, "--store", f"sqlite:{missing}"]) == 2
    assert f"no store at {missing}" in one_line_error(capsys)
    assert not (tmp_path / "mistyped").exists()


def test_a_command_that_writes_says_it_creates_the_store(tmp_path: Path, capsys: Capture) -> None:
    new = tmp_path / "new" / "x.sqlite3"
    assert main(["demo", "--store", f"sqlite:{new}"]) == 0
    assert f"creating a new store at {new}" in capsys.readouterr().err
    assert new.is_file()


def test_selfplay_in_memory_says_the_games_were_not_kept(capsys: Capture) -> None:
    assert main(["selfplay", "--players", "3", "--length", "short"]) == 0
    out, err = capsys.readouterr()
    assert "kept in memory only" in out and "were not kept" in err


@pytest.mark.parametrize("command", [["explain", "GAME", "--seat", "7"],
                                     ["log", "GAME", "--from", "4000"]])
def test_out_of_range_options_are_errors_not_silence(finished: tuple[str, str],
                                                     command: list[str],
                                                     capsys: Capture) -> None:
    game = _finished_id(finished, capsys)
    argv = [game if word == "GAME" else word for word in command]
    assert main([*argv, "--store", finished[0]]) == 2
    assert one_line_error(capsys)


def test_selfplay_of_no_games_is_an_error(capsys: Capture) -> None:
    assert main(["selfplay", "--games", "0"]) == 2
    assert "--games must be at least 1" in one_line_error(capsys)


def test_moves_of_a_finished_game_say_it_is_over_for_any_verb(finished: tuple[str, str],
                                                              capsys: Capture) -> None:
    game = _finished_id(finished, capsys)
    for path in ([], ["USE"]):
        assert main(["moves", game, *path, "--store", finished[0]]) == 0
        assert capsys.readouterr().out.strip() == "the game is over: no legal moves"


def test_render_reads_a_private_game_like_every_local_read(tmp_path: Path,
                                                           capsys: Capture) -> None:
    store = f"sqlite:{tmp_path / 'private.sqlite3'}"
    service = open_service(store)
    try:
        game_id, _ = new_game(Local(service), visibility="private")
    finally:
        service.close()
    for command in (["render", game_id], ["show", game_id], ["log", game_id]):
        assert main([*command, "--store", store]) == 0, command
    assert "<svg" in capsys.readouterr().out


def test_the_glossary_is_printed_unless_asked_to_write(tmp_path: Path, capsys: Capture) -> None:
    out = tmp_path / "buildings.md"
    assert main(["specs", "glossary", "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith("# Buildings")
    assert not out.exists()
    assert main(["specs", "glossary", "--write", "--out", str(out),
                 "--wonders-out", str(tmp_path / "wonders.md")]) == 0
    assert out.read_text() == (ROOT / "docs" / "buildings.md").read_text()


def test_fuzz_names_the_users_file_and_how_to_replay(tmp_path: Path, capsys: Capture) -> None:
    mine = tmp_path / "my-cards" / "F05-bakery.toml"
    mine.parent.mkdir()
    text = (ROOT / "specs" / "buildings" / "F05-bakery.toml").read_text()
    mine.write_text(re.sub(r"(?m)^name = .*$", "name = 5", text, count=1))
    assert main(["specs", "fuzz", str(mine), "--games", "1"]) == 1
    err = capsys.readouterr().err
    assert str(mine) in err and "ora-fuzz-" not in err
    # The planted bug of docs/verification.md: bread sold for whiskey in a France game.
    mine.write_text(text.replace("gain = { coin = 4 }", "gain = { whiskey = 1 }"))
    assert main(["specs", "fuzz", str(mine), "--games", "20"]) == 1
    found = re.search(r"to replay it under this spec: (ora specs fuzz \S+ --games (\d+))",
                      capsys.readouterr().err)
    assert found and found.group(1).split()[3] == str(mine)
    assert main(found.group(1).split()[1:]) == 1  # the same finding again, in fewer games
    assert "holds whiskey" in capsys.readouterr().out


@pytest.mark.parametrize("command", ["verify", "audit"])
def test_a_record_file_needs_no_store(tmp_path: Path, command: str, monkeypatch: pytest.MonkeyPatch,
                                      capsys: Capture) -> None:
    """`ora verify FILE` and `ora audit FILE` read the record, not a store: no store is asked
    for, none is created."""
    monkeypatch.chdir(tmp_path)
    record = ROOT / "tests" / "data" / "records" / "kennerspiel" / "game-solo-settle.txt"
    own = tmp_path / "game.ora"
    assert main(["import", str(record), "--from", "kennerspiel", "--store",
                 f"sqlite:{tmp_path / 'one.sqlite3'}", "--json"]) == 0
    game_id = orjson.loads(capsys.readouterr().out)["game_id"]
    assert main(["export", game_id, "-o", str(own), "--store",
                 f"sqlite:{tmp_path / 'one.sqlite3'}"]) == 0
    assert main([command, str(own)]) == 0, capsys.readouterr().err
    assert not (tmp_path / "data").exists()


def test_an_internal_error_is_one_line_and_its_own_status(finished: tuple[str, str],
                                                          monkeypatch: pytest.MonkeyPatch,
                                                          capsys: Capture) -> None:
    # A bug (here a narration that fails) says so in one line and exits 70, not 2; with
    # ORA_TRACEBACK set the traceback comes back for the bug report.
    def broken(*args: object, **kwargs: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    game = _finished_id(finished, capsys)
    monkeypatch.setattr("ora_rules.views.narrate.narrate_game", broken)
    store = finished[0]
    assert main(["log", game, "--store", store]) == 70
    assert "internal error (RecursionError" in one_line_error(capsys)
    monkeypatch.setenv("ORA_TRACEBACK", "1")
    with pytest.raises(RecursionError):
        main(["log", game, "--store", store])


def test_a_reader_that_goes_away_is_no_error(tmp_path: Path) -> None:
    # `ora rules --markdown | true`: the reader is gone before ora writes. BrokenPipeError is
    # an OSError, and was once reported as one ("ora: [Errno 32] Broken pipe", exit 2).
    import subprocess
    import sys

    ora = Path(sys.executable).parent / "ora"
    done = subprocess.run(["bash", "-c", f"{ora} rules --markdown | true; "
                           "echo ${PIPESTATUS[0]}"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.stderr == "" and done.stdout.strip() == "0"


@pytest.mark.parametrize(("command", "name", "unknown"), [
    (["moves", "some-game", "--depth", "2"], "ora moves", "--depth 2"),
    (["list", "--page", "2"], "ora list", "--page 2"),
    (["specs", "describe", "G01", "--bogus"], "ora specs describe", "--bogus"),
])
def test_an_unknown_option_is_told_with_the_commands_own_usage(
        command: list[str], name: str, unknown: str, capsys: Capture) -> None:
    """Not ``ora``'s usage and its list of every command: the options of the command typed."""
    with pytest.raises(SystemExit) as exit_:
        main(command)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: {name} "), err
    assert err.splitlines()[-1] == f"{name}: error: unrecognized arguments: {unknown}"


def test_a_list_past_the_databases_integers_is_no_internal_error(
        finished: tuple[str, str], capsys: Capture) -> None:
    """A limit past any store's games lists them all; a cursor ``ora list`` never gives is
    refused (both were an OverflowError from SQLite)."""
    store = finished[0]
    capsys.readouterr()
    assert main(["list", "--json", "--store", store]) == 0
    every = capsys.readouterr().out
    assert main(["list", "--json", "--limit", "9" * 20, "--store", store]) == 0
    assert capsys.readouterr().out == every
    assert main(["list", "--cursor", "9" * 20, "--store", store]) == 2
    assert one_line_error(capsys) == f"ora: --cursor '{'9' * 20}' is not a cursor of ora list\n"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_is_one_line_from_the_command_and_none_from_its_workers(
        tmp_path: Path, jobs: str) -> None:
    """Ctrl-C reaches the terminal's whole process group: ``ora arena`` printed a traceback,
    and with ``--jobs 2`` each worker process its own; now one line and the shell's 130."""
    import os
    import signal
    import subprocess
    import sys
    import time

    def as_from_a_terminal() -> None:  # pytest-xdist's workers ignore SIGINT, and so would ora
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    ora = Path(sys.executable).parent / "ora"
    arena = subprocess.Popen([str(ora), "arena", "--players", "1", "--bots", "hard", "--games",
                              "400", "--jobs", jobs], cwd=tmp_path, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True,
                             preexec_fn=as_from_a_terminal)
    time.sleep(8)  # imports (slow in a busy parallel run) and the first games under way
    os.killpg(arena.pid, signal.SIGINT)
    out, err = arena.communicate(timeout=60)
    assert (arena.returncode, err, out) == (130, "ora arena: interrupted\n", "")


def test_a_run_that_ignores_ctrl_c_plays_on_in_its_workers_too(tmp_path: Path) -> None:
    """Started with SIGINT ignored (a script's background job), ``ora arena --jobs 2`` and its
    workers play on through it; the workers once died of it alone and the parent stopped on an
    internal error."""
    import os
    import signal
    import subprocess
    import sys
    import time

    def ignoring() -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)

    ora = Path(sys.executable).parent / "ora"
    arena = subprocess.Popen([str(ora), "arena", "--players", "1", "--bots", "hard", "--games",
                              "4", "--jobs", "2", "--json"], cwd=tmp_path,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             start_new_session=True, preexec_fn=ignoring)
    time.sleep(6)
    os.killpg(arena.pid, signal.SIGINT)
    out, err = arena.communicate(timeout=120)
    assert arena.returncode == 0 and err == "" and orjson.loads(out)["games"] == 4
