"""Storage failures and operations (issue #11): a store that cannot be written is refused at
start, a failing store is ``store_unavailable`` (logged once) until it recovers by itself, and a
second server on the same file never answers from a stale cache.

The full disk and the read-only files are real: the server runs in a mount namespace of its own
(``unshare -m``) on a small tmpfs, or with its store file bind-mounted read-only, so nothing
outside the test changes and the mounts vanish with the process.
"""

from __future__ import annotations

import errno
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from eventsourcing.persistence import IntegrityError, OperationalError, ProgrammingError

from ora_core.errors import VersionConflict
from ora_core.store import storage_failure
from tests.api.conftest import HttpServer, RpcFailed, new_game, pick, play, server_env

#: Runs "$@" in a new mount namespace with a tmpfs of SIZE on FOLDER: ``sh -c SCRIPT FOLDER SIZE``.
_ON_TMPFS = 'mount -t tmpfs -o size="$1" tmpfs "$0" && shift && exec "$@"'
#: Runs "$@" in a new mount namespace with PATH (a file or a folder) read-only:
#: ``sh -c SCRIPT PATH``.
_READ_ONLY = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"'


def _serve_stdio(prefix: list[str], store: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*prefix, sys.executable, "-m", "ora_api.transport.server", "--stdio",
                           "--store", store], cwd=cwd, env=server_env(), text=True,
                          stdin=subprocess.DEVNULL, capture_output=True, timeout=120)


def _nsenter(server: HttpServer, script: str) -> None:
    """Run ``script`` in the server's mount namespace."""
    subprocess.run(["nsenter", "-t", str(server.proc.pid), "-m", "sh", "-c", script],
                   capture_output=True, timeout=60, check=False)


def test_a_read_only_store_file_or_folder_is_refused_at_start_in_one_line(
        tmp_path: Path) -> None:
    store = tmp_path / "games" / "ora.sqlite3"
    first = _serve_stdio([], f"sqlite:{store}", tmp_path)  # makes the file, then stops
    assert first.returncode == 0, first.stderr
    cases = [
        (["unshare", "-m", "sh", "-c", _READ_ONLY, str(store)], f"sqlite:{store}"),
        (["unshare", "-m", "sh", "-c", _READ_ONLY, str(store.parent)],
         f"sqlite:{store}"),
        (["unshare", "-m", "sh", "-c", _READ_ONLY, str(tmp_path)],
         f"sqlite:{tmp_path / 'new' / 'ora.sqlite3'}"),
    ]
    for prefix, url in cases:
        done = _serve_stdio(prefix, url, tmp_path)
        assert done.returncode == 2, (url, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
        assert lines[0].startswith("ora serve: cannot write the store") and "(read_only)" in \
            lines[0], lines[0]


def test_a_full_disk_is_store_unavailable_logged_once_and_the_server_recovers(
        tmp_path: Path) -> None:
    folder = tmp_path / "disk"
    folder.mkdir()
    server = HttpServer(f"sqlite:{folder / 'ora.sqlite3'}", tmp_path,
                        prefix=["unshare", "-m", "sh", "-c", _ON_TMPFS, str(folder), "16m"])
    try:
        game_id, tokens = new_game(server, seed=3)
        rng = random.Random(4)
        play(server, game_id, tokens, rng, max_moves=3)
        before = server.call("game.state", {"game_id": game_id})
        _nsenter(server, f"cat /dev/zero > {folder}/filler")  # the disk is full now

        refused = []
        for _ in range(25):
            legal = server.call("game.legal_moves", {"game_id": game_id})
            for method, params in [
                ("game.move", {"game_id": game_id, "token": tokens[legal["seat"]],
                               "move": pick(legal["moves"], rng)}),
                ("game.create", {"config": {"players": 2, "variant": "france",
                                            "length": "long"}}),
            ]:
                with pytest.raises(RpcFailed) as e:
                    server.call(method, params)
                refused.append((e.value.code, e.value.data["code"], e.value.data["reason"]))
        assert set(refused) == {(-32021, "store_unavailable", "disk_full")}
        assert server.call("game.state", {"game_id": game_id}) == before  # reads still work
        log = server.log(waiting_for="the store is unavailable (disk_full)")
        assert log.count("the store is unavailable (disk_full)") == 1, log
        assert "Traceback" not in log and "internal error" not in log

        _nsenter(server, f"rm {folder}/filler")  # space again: no restart needed
        assert play(server, game_id, tokens, rng, max_moves=3) == 3
        new_game(server, seed=5)
        log = server.log(waiting_for="the store is available again (disk_full")
        assert log.count("the store is available again (disk_full") == 1, log
        assert log.count("the store is unavailable") == 1
    finally:
        server.stop()
    assert "Traceback" not in server.stderr


def test_two_servers_on_one_file_never_answer_stale(tmp_path: Path) -> None:
    store = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    one, two = HttpServer(store, tmp_path), HttpServer(store, tmp_path)
    try:
        game_id, tokens = new_game(one, seed=8)
        rng = random.Random(3)
        for turn in range(12):  # the servers take turns; each sees every move of the other
            mover, reader = (one, two) if turn % 2 == 0 else (two, one)
            legal = mover.call("game.legal_moves", {"game_id": game_id})
            done = mover.call("game.move", {"game_id": game_id,
                                            "token": tokens[legal["seat"]],
                                            "move": pick(legal["moves"], rng)})
            seen = reader.call("game.state", {"game_id": game_id})
            assert seen["version"] == done["version"]
            assert seen == mover.call("game.state", {"game_id": game_id})
        listed = two.call("game.list")["games"]
        assert [(g["game_id"], g["moves"]) for g in listed] == [(game_id, 12)]
    finally:
        one.stop()
        two.stop()


@pytest.mark.parametrize(("error", "reason"), [
    (sqlite3.OperationalError("database or disk is full"), "disk_full"),
    (OperationalError("database or disk is full"), "disk_full"),
    (sqlite3.OperationalError("attempt to write a readonly database"), "read_only"),
    (sqlite3.OperationalError("unable to open database file"), "unreachable"),
    (sqlite3.OperationalError("database is locked"), "unreachable"),
    (OSError(errno.ENOSPC, "No space left on device"), "disk_full"),
    (OSError(errno.EROFS, "Read-only file system"), "read_only"),
    (sqlite3.OperationalError("no such table: ora_games"), None),  # a bug stays a bug
    (ProgrammingError("syntax error"), None),
    (IntegrityError("UNIQUE constraint failed"), None),
    (VersionConflict("stale"), None),
    (ValueError("database or disk is full"), None),
    (OSError(errno.ENOENT, "No such file"), None),
])
def test_storage_failures_are_told_from_other_errors(error: Exception, reason: str | None
                                                     ) -> None:
    assert storage_failure(error) == reason
    try:
        raise RuntimeError("wrapped") from error
    except RuntimeError as wrapped:
        assert storage_failure(wrapped) == reason


class _PsycopgLike(Exception):
    """An error that carries a SQLSTATE, as psycopg's do."""

    def __init__(self, sqlstate: str) -> None:
        super().__init__(sqlstate)
        self.sqlstate = sqlstate


@pytest.mark.parametrize(("sqlstate", "reason"), [
    ("53100", "disk_full"), ("25006", "read_only"), ("08006", "unreachable"),
    ("57P01", "unreachable"), ("42P01", None)])
def test_postgres_failures_are_read_from_the_sqlstate(sqlstate: str, reason: str | None) -> None:
    assert storage_failure(_PsycopgLike(sqlstate)) == reason
