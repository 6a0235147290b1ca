"""Long commands show progress on a terminal and stay quiet otherwise
(ora_api/tools/progress.py)."""

from __future__ import annotations

import io

import pytest

from ora_api.cli import main
from ora_api.tools.progress import progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_bar_counts_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    with progress(3, "games") as done:
        for n in (1, 2, 3):
            done(n)
    drawn = terminal.getvalue()  # the bar, drawn as the work starts and cleared at the end
    assert drawn.startswith("\rgames:") and "0/3" in drawn


@pytest.mark.parametrize("quiet", [False, True])
def test_nothing_when_not_a_terminal_or_quiet(monkeypatch: pytest.MonkeyPatch,
                                              quiet: bool) -> None:
    stream: io.StringIO = Terminal() if quiet else io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    with progress(3, "games", quiet=quiet) as done:
        done(3)
    assert stream.getvalue() == ""


def test_selfplay_json_keeps_standard_error_clean_on_a_terminal(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    assert main(["selfplay", "--players", "3", "--games", "1", "--store", "none", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert captured.out.count("\n") == 1
