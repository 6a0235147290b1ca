"""Configurations: the 14 valid ones map to the mode codes of R-GEN-2; bad ones are refused with
``InvalidConfig`` naming the allowed values, both through ``make_config`` and through the CLI
(``ora selfplay``), and nothing is stored."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from ora_api.cli import main
from ora_api.tools.selfplay import open_store
from ora_core.errors import InvalidConfig
from ora_rules.setup import make_config, mode_code
from tests.modes.games import CONFIGS

MODES = {(1, "long"): "1", (2, "long"): "2L", (2, "short"): "2", (3, "long"): "3",
         (3, "short"): "3s", (4, "long"): "4", (4, "short"): "4s"}


def test_R_GEN_2_the_14_configurations_and_their_mode_codes() -> None:
    assert len(CONFIGS) == 14
    for config in CONFIGS:
        made = make_config(config.players, config.variant, config.length, 7)
        assert made.mode == MODES[(config.players, config.length)] == config.mode
        assert (made.players, made.variant.value, made.length) == config[:3]
        assert len(made.colours) == config.players
    assert {mode_code(p, n) for p, n in MODES} == set(MODES.values())


BAD: list[tuple[dict[str, Any], str]] = [
    ({"players": 0}, "players must be 1, 2, 3 or 4, got 0"),
    ({"players": 5}, "players must be 1, 2, 3 or 4, got 5"),
    ({"players": "4"}, "players must be 1, 2, 3 or 4"),
    ({"variant": "germany"}, "variant must be 'france' or 'ireland', got 'germany'"),
    ({"variant": "France"}, "variant must be 'france' or 'ireland'"),
    ({"length": "medium"}, "length must be 'long' or 'short', got 'medium'"),
    ({"players": 1, "length": "short"}, "the solo game has one length: 'long'"),
    ({"seed": "7"}, "seed must be an integer"),
    ({"seed": 1.5}, "seed must be an integer"),
    ({"seed": True}, "seed must be an integer"),
    ({"seed": None}, "seed must be an integer"),
    ({"seed": -1}, "seed must be an integer in 0 .. 2**63-1"),
    ({"seed": 2**63}, "seed must be an integer in 0 .. 2**63-1"),
]


@pytest.mark.parametrize(("change", "message"), BAD, ids=[m for _, m in BAD])
def test_bad_configuration_is_refused_naming_the_allowed_values(change: dict[str, Any],
                                                                message: str) -> None:
    args: dict[str, Any] = {"players": 4, "variant": "france", "length": "long", "seed": 0}
    args.update(change)
    with pytest.raises(InvalidConfig) as info:
        make_config(**args)
    assert message in str(info.value)
    assert info.value.code == "invalid_config"


CLI_BAD = [
    (["--players", "5"], "players must be 1, 2, 3 or 4, got 5"),
    (["--players", "0"], "players must be 1, 2, 3 or 4, got 0"),
    (["--players", "1", "--length", "short"], "the solo game has one length: 'long'"),
    (["--seed", "-3"], "seed must be an integer in 0 .. 2**63-1"),
]


@pytest.mark.parametrize(("args", "message"), CLI_BAD, ids=[m for _, m in CLI_BAD])
def test_cli_selfplay_refuses_a_bad_configuration_and_stores_nothing(
        args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:{tmp_path / 'ora.sqlite3'}"
    code = main(["selfplay", *args, "--store", url])
    out, err = capsys.readouterr()
    assert code != 0
    assert message in err
    assert "game " not in out  # no game was played or reported
    store = open_store(url)
    try:
        assert store.game_ids() == []
    finally:
        store.close()


@pytest.mark.parametrize(("args", "message"), [
    (["--variant", "germany"], "invalid choice: 'germany' (choose from 'france', 'ireland')"),
    (["--length", "medium"], "invalid choice: 'medium' (choose from 'long', 'short')"),
    (["--seed", "x7"], "invalid int value: 'x7'"),
    (["--players", "two"], "invalid int value: 'two'"),
])
def test_cli_selfplay_argument_errors_name_the_allowed_values(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["selfplay", *args, "--store", "none"])
    assert info.value.code != 0
    assert message in capsys.readouterr().err


def test_the_ora_command_exits_non_zero_with_the_message(tmp_path: Path) -> None:
    """The installed entry point, as a user runs it: ``ora selfplay --players 5``."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from ora_api.cli import main; sys.exit(main())",
         "selfplay", "--players", "5", "--store", f"sqlite:{tmp_path / 'x.sqlite3'}"],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode != 0
    assert "players must be 1, 2, 3 or 4, got 5" in done.stderr
    assert done.stdout == ""
