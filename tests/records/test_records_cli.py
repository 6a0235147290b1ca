"""``ora export / import / verify / show`` (issue #10): round trips through files, positions by
move, and every failure one line on stderr with exit 2, never a traceback."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest

from ora_api.cli import main
from ora_api.tools.selfplay import open_store, play_game
from ora_core.codec import EventJsonCodec, state_from_dict
from ora_core.evolve import fold
from tests.support import rules

ROOT = Path(__file__).resolve().parents[2]
CODEC = EventJsonCodec()


class Stored:
    def __init__(self, url: str, path: Path, game_id: str) -> None:
        self.url, self.path, self.game_id = url, path, game_id


@pytest.fixture
def stored(tmp_path: Path) -> Iterator[Stored]:
    """One finished 3-player game in a SQLite file."""
    path = tmp_path / "ora.sqlite3"
    url = f"sqlite:{path}"
    with open_store(url) as store:
        result = play_game(rules(), 3, "france", "long", 11, store=store)
    yield Stored(url, path, result.game_id)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_export_import_verify_round_trip(stored: Stored, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.ora"
    code, _, err = run(capsys, "export", stored.game_id, "-o", str(record), "--store", stored.url)
    assert code == 0 and "wrote" in err
    code, out, _ = run(capsys, "import", str(record), "--store", stored.url)
    assert code == 0
    new_id = uuid.UUID(out.strip())
    with open_store(stored.url) as store:
        one = store.events(uuid.UUID(stored.game_id))
        two = store.events(new_id)
    assert [(r.tag, r.data, r.hash) for r in one] == [(r.tag, r.data, r.hash) for r in two]
    code, out, _ = run(capsys, "verify", str(new_id), "--store", stored.url)
    assert code == 0 and out.startswith(f"ok: game {new_id}: ") and one[-1].hash in out
    code, out, _ = run(capsys, "verify", str(record), "--store", stored.url)
    assert code == 0 and out.startswith(f"ok: {record}: ")
    # export to stdout without checkpoints imports the same
    code, out, _ = run(capsys, "export", stored.game_id, "--no-checkpoints", "--store",
                       stored.url)
    assert code == 0 and "#v" not in out
    (tmp_path / "bare.ora").write_text(out)
    code, out, _ = run(capsys, "import", str(tmp_path / "bare.ora"), "--json", "--store",
                       stored.url)
    report = orjson.loads(out)
    assert code == 0 and report["stop"] is None and len(report["seats"]) == 3
    assert report["version"] == len(one)


def test_show_by_move_and_version_as_text_and_json(stored: Stored,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    gid = uuid.UUID(stored.game_id)
    with open_store(stored.url) as store:
        events = store.fold(gid, list)
    firsts = [i for i, e in enumerate(events) if type(e).__name__ == "MovePlayed"]
    code, out, _ = run(capsys, "show", stored.game_id, "--move", "2", "--json", "--store",
                       stored.url)
    assert code == 0
    assert state_from_dict(orjson.loads(out)) == fold(events[:firsts[2]])
    code, out, _ = run(capsys, "show", stored.game_id, "--move", "0", "--json", "--store",
                       stored.url)
    assert state_from_dict(orjson.loads(out)).version == firsts[0]
    code, out, _ = run(capsys, "show", stored.game_id, "--move", "2", "--store", stored.url)
    assert code == 0 and f"version {firsts[2]}, move 2" in out.splitlines()[0]
    assert "seat 0" in out and "goods:" in out and "wheel" in out
    code, out, _ = run(capsys, "show", stored.game_id, "--at", "7", "--store", stored.url)
    assert code == 0 and "version 7," in out
    code, out, _ = run(capsys, "show", stored.game_id, "--store", stored.url)
    assert code == 0 and "finished:" in out


@pytest.mark.parametrize(("args", "words"), [
    (["show", "../../etc/passwd"], "not a game id: '../../etc/passwd'"),
    (["show", "{game}", "--at", "0"], "--at 0: versions start at 1"),
    (["show", "{game}", "--at", "99999"], "is at version"),
    (["show", "{game}", "--move", "99999"], "ora: move 99999: the game has"),
    (["show", "{game}", "--move", "-1"], "ora: move -1: moves are numbered from 0"),
    (["show", "00000000-0000-4000-8000-000000000000"], "unknown game"),
    (["export", "00000000-0000-4000-8000-000000000000"], "unknown game"),
    (["export", "nope"], "not a game id"),
    (["import", "{missing}"], "cannot read"),
    (["import", "{binary}"], "not a UTF-8 text file"),
    (["import", "{passwd}"], "line 1: a record begins with its tags"),
    (["import", "{passwd}", "--from", "chess"], "unknown record source 'chess'"),
    (["verify", "{missing}"], "neither a game id nor a record file"),
    (["verify", "{passwd}"], "line 1: a record begins with its tags"),
])
def test_cli_errors_are_one_line_and_exit_2(stored: Stored, tmp_path: Path, args: list[str],
                                            words: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (tmp_path / "binary").write_bytes(b"\x00\xff\xfe garbage")
    names = {"game": stored.game_id, "missing": str(tmp_path / "missing.ora"),
             "binary": str(tmp_path / "binary"), "passwd": str(tmp_path / "passwd")}
    code, out, err = run(capsys, *[a.format(**names) for a in args], "--store", stored.url)
    assert code == 2
    assert err.startswith("ora: ") and err.count("\n") == 1, err
    assert words in err
    assert out == ""


def test_an_illegal_move_in_a_record_stops_the_import_and_stores_nothing(
        stored: Stored, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "export", stored.game_id, "--no-checkpoints", "--store",
                       stored.url)
    lines = out.splitlines()
    header = [line for line in lines if line.startswith("[") and "Result" not in line
              and "Head" not in line]
    moves = [line for line in lines if not line.startswith("[")]
    end = moves.index("COMMIT") + 1
    (tmp_path / "bad.ora").write_text("\n".join([*header, *moves[:end], "COMMIT"]) + "\n")
    with open_store(stored.url) as store:
        before = store.game_ids()
    code, out, err = run(capsys, "import", str(tmp_path / "bad.ora"), "--store", stored.url)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert f"line {len(header) + end + 1}, move {end + 1} 'COMMIT' cannot be played: " \
           "main_action_missing (R-ACT-1)" in err
    assert "nothing stored" in err
    with open_store(stored.url) as store:
        assert store.game_ids() == before
    code, out, _ = run(capsys, "verify", str(tmp_path / "bad.ora"), "--store", stored.url)
    assert code == 1
    assert f"line {len(header) + end + 1}, move {end + 1} 'COMMIT': main_action_missing " \
        "(R-ACT-1)" in out


def tamper(path: Path, game_id: str, version: int) -> None:
    """Edit one stored event's bytes in the SQLite file, as an attacker with the file would:
    a seat's goods change, the row's hashes stay."""
    with sqlite3.connect(path) as db:
        (state,) = db.execute("SELECT state FROM stored_events WHERE originator_id=? AND "
                              "originator_version=?", (uuid.UUID(game_id).hex, version)).fetchone()
        edited = bytes(state).replace(b'"seat":0', b'"seat":1', 1)
        assert edited != bytes(state)
        db.execute("UPDATE stored_events SET state=? WHERE originator_id=? AND "
                   "originator_version=?", (edited, uuid.UUID(game_id).hex, version))
    db.close()


def first_version_with_seat_0(url: str, game_id: str) -> int:
    with open_store(url) as store:
        return next(r.version for r in store.events(uuid.UUID(game_id))
                    if b'"seat":0' in r.data and r.version > 10)


def test_a_tampered_store_is_refused_by_verify_show_and_export(
        stored: Stored, capsys: pytest.CaptureFixture[str]) -> None:
    version = first_version_with_seat_0(stored.url, stored.game_id)
    tamper(stored.path, stored.game_id, version)
    for args in (["verify", stored.game_id], ["show", stored.game_id],
                 ["show", stored.game_id, "--at", str(version + 5)],
                 ["show", stored.game_id, "--move", "200"], ["export", stored.game_id]):
        code, out, err = run(capsys, *args, "--store", stored.url)
        assert code == 2 and out == "", args
        assert err == f"ora: game {stored.game_id}: tampered log at version {version}: hash " \
                      "does not match the event's content; refusing to read it\n"
    # the game is refused as a whole, also at positions before the edit
    code, _, err = run(capsys, "show", stored.game_id, "--at", str(version - 1), "--store",
                       stored.url)
    assert code == 2 and f"tampered log at version {version}" in err


def test_cli_errors_as_a_user_sees_them() -> None:
    """Through a real process: one line, exit 2, no traceback."""
    done = subprocess.run([sys.executable, "-m", "ora_api.cli", "show", "../../etc/passwd",
                           "--store", "memory"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 2
    assert done.stderr.startswith("ora: not a game id") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


NO_GAME = "00000000-0000-4000-8000-000000000000"


@pytest.mark.parametrize("command", [["import", "{record}"], ["list"], ["export", NO_GAME],
                                     ["show", NO_GAME]])
def test_a_store_url_that_names_no_store_is_one_line(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A plain path where a store URL belongs (``sqlite:PATH`` was meant): exit 2, one line."""
    record = tmp_path / "game.ora"
    record.write_text('[Game "ora"]\n')
    args = [a.format(record=record) for a in command]
    code, out, err = run(capsys, *args, "--store", str(tmp_path / "games.sqlite"))
    assert code == 2
    assert err == (f"ora: unknown store url '{tmp_path / 'games.sqlite'}': "
                   "use 'memory', 'sqlite:PATH' or 'postgres:'\n")
    assert out == ""
