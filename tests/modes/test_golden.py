"""Golden playthroughs: one seeded random game per configuration, replayed line by line.

Each file tests/golden/<players>-<variant>-<length>[-liesborn].txt holds the commands of a random
game (the Liesborn ones: by a bot that seeks the Sacristy, so that wonder tiles are chosen)
(``scripts/make_golden.py``), one line each with the position it was chosen in, the events it
emitted, every player's goods and the wheel after it, and a final line with the scores. The test
replays the recorded commands through ``decide`` from the seeded start and compares every line;
the final line is compared with the game played to its end by the same seeded random bot.
A mismatch means the engine's behaviour changed: if that was on purpose, regenerate the files
with ``python scripts/make_golden.py`` and review their diff.
"""

from __future__ import annotations

import difflib
import os
import re

import pytest

from tests.modes.games import (
    GOLDEN_CAP,
    GOLDEN_CONFIGS,
    GOLDEN_SEEDS,
    REGENERATE,
    Config,
    golden_commands,
    golden_header,
    golden_path,
    played,
    replay,
)

ADVICE = (f"If the engine changed on purpose, regenerate the golden files with `{REGENERATE}` "
          "and review their diff; otherwise this is a regression.")


def mismatch(config: Config, recorded: list[str], actual: list[str]) -> str:
    """The first differing line, both versions, and a short diff around it."""
    first = next((i for i, (a, b) in enumerate(zip(recorded, actual, strict=False)) if a != b),
                 min(len(recorded), len(actual)))
    low, high = max(0, first - 3), first + 6
    diff = difflib.unified_diff(recorded[low:high], actual[low:high],
                                f"tests/golden/{config.id}.txt", "replayed now", n=3,
                                lineterm="")
    gone = "(no such line)"
    return "\n".join([
        f"golden playthrough {config.id} differs from line {first + 1} on",
        f"  recorded: {recorded[first] if first < len(recorded) else gone}",
        f"  replayed: {actual[first] if first < len(actual) else gone}",
        "around it:", *diff, ADVICE])


@pytest.mark.parametrize("config", GOLDEN_CONFIGS, ids=[c.id for c in GOLDEN_CONFIGS])
def test_golden_playthrough_replays_line_by_line(config: Config) -> None:
    path = golden_path(config)
    assert os.path.exists(path), f"{path} is missing: run `{REGENERATE}`"
    with open(path) as handle:
        recorded = handle.read().splitlines()
    seed = GOLDEN_SEEDS[config.id]
    found = re.search(r"seed (\d+)", recorded[0])
    assert found and int(found.group(1)) == seed, (
        f"{path} was written for another seed; {ADVICE}")
    commands = golden_commands("\n".join(recorded))
    assert commands, f"{path} has no command lines; {ADVICE}"
    trace = played(config, seed)  # the same seeded game, as the random bot plays it now
    if trace.commands[:len(commands)] == commands:
        # The bot still plays the recorded game, so the game played on after the recorded
        # commands is ``trace``'s: replay only the recorded lines.
        lines, _ = replay(config, seed, commands, play_on=False)
        total, last = len(trace.commands), trace.final_line()
    else:
        lines, last = replay(config, seed, commands)
        total = int(last.split()[1])
    actual = golden_header(config, seed) + lines
    if total > GOLDEN_CAP:
        actual.append(f"... {total - GOLDEN_CAP} more commands")
    actual.append(last)
    if actual != recorded:
        pytest.fail(mismatch(config, recorded, actual), pytrace=False)
