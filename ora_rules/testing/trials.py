"""Golden trials: one stored game per configuration, with the number of legal moves before every
command and the final scores (``ora trial make|check``; docs/verification.md).

As Ludii checks its games on every build, a trial pins down the engine's legal move generation
and its scoring at once: a change to the rules that adds or removes a single legal move anywhere
in a stored game fails with the step and the two counts. The stored commands are replayed
through ``decide`` and need no bot, so a trial stays valid when the bots change.

A trial file (``<config>.trial``) is plain text::

    # comment lines
    trial 2-france-short seed 0 bot random
    L32 USE LR2 -
    ...
    scores s0 31+56+12=99 s1 20+61+40=121
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

from attrs import frozen

from ora_core.errors import OraError
from ora_core.evolve import fold
from ora_core.state import Score, State
from ora_rules.bots import make_bot
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.setup import make_config
from ora_rules.specs import Rules

#: The configurations and the game each trial stores: the 14 configurations played by the
#: random bot, and one Liesborn game per player count by a bot that seeks a wonder's building
#: (so that wonder tiles are taken). The seeds are those of tests/golden, where they were
#: chosen so that every game reaches its end.
TRIALS: dict[str, tuple[int, str]] = {
    **{f"{players}-{variant}-{length}": (0, "random")
       for players in (1, 2, 3, 4)
       for length in (("long",) if players == 1 else ("long", "short"))
       for variant in ("france", "ireland")},
    "2-france-long": (3, "random"), "2-ireland-long": (2, "random"),
    "2-ireland-short": (4, "random"),
    "1-ireland-long-liesborn": (0, "seek:I35"), "2-france-long-liesborn": (0, "seek:G34"),
    "3-france-short-liesborn": (38, "seek:G34"), "4-france-short-liesborn": (8, "seek:G34"),
}

#: A game longer than this is not a trial (the 2-player games of the random bot end in < 1,000).
MAX_COMMANDS = 20_000

_CONFIG = re.compile(r"^([1-4])-(france|ireland)-(long|short)(-liesborn)?$")


class TrialError(OraError):
    """A trial file that cannot be read, or a configuration that has no trial."""

    code = "invalid_trial"


@frozen
class Trial:
    """A stored game: its configuration, seed and bot, and per command the legal move count
    before it; ``scores`` is the final line's ``s<seat> goods+buildings+settlements=total``."""

    config: str
    seed: int
    bot: str
    steps: tuple[tuple[int, str], ...]
    scores: str

    def text(self) -> str:
        return "\n".join([
            f"# ora golden trial {self.config}: {len(self.steps)} commands, each with the number",
            "# of legal moves before it, and the final scores. Written by `ora trial make`;",
            "# `ora trial check` replays it. Rewrite it only when the rules changed on purpose.",
            f"trial {self.config} seed {self.seed} bot {self.bot}",
            *(f"L{count} {command}" for count, command in self.steps),
            f"scores {self.scores}",
        ]) + "\n"


@frozen
class Mismatch:
    """Where a replayed trial first departs from its file, in words."""

    config: str
    step: int
    message: str

    def __str__(self) -> str:
        where = f"step {self.step}" if self.step else "the end"
        return f"trial {self.config}, {where}: {self.message}"


def configured(config: str, seed: int, rules: Rules) -> State:
    """The seeded start of the configuration named ``config`` (``3-ireland-short-liesborn``)."""
    found = _CONFIG.match(config)
    if found is None:
        raise TrialError(f"unknown configuration {config!r}: write PLAYERS-VARIANT-LENGTH"
                         "[-liesborn], e.g. 2-france-short")
    players, variant, length, liesborn = found.groups()
    if players == "1" and length == "short":
        raise TrialError(f"unknown configuration {config!r}: the solo game is long only")
    return fold(start(make_config(int(players), variant, length, seed,
                                  liesborn=bool(liesborn)), rules))


def score_line(scores: tuple[Score, ...]) -> str:
    return " ".join(f"s{s.seat} {s.goods}+{s.economic}+{sum(s.settlements)}={s.total}"
                    for s in scores)


def make_trial(config: str, rules: Rules, seed: int | None = None, bot: str | None = None
               ) -> Trial:
    """Play the trial game of ``config`` (its seed and bot from ``TRIALS`` unless given)."""
    default_seed, default_bot = TRIALS.get(config, (0, "random"))
    seed = default_seed if seed is None else seed
    bot = bot or default_bot
    player = make_bot(bot, rules)
    state = configured(config, seed, rules)
    rng = random.Random(seed)
    steps: list[tuple[int, str]] = []
    while not state.finished:
        if len(steps) >= MAX_COMMANDS:
            raise TrialError(f"the {config} game with seed {seed} and bot {bot} did not end "
                             f"within {MAX_COMMANDS} commands; choose another seed or bot")
        moves = MoveSet(state, rules)
        command = player(state, moves, rng)
        steps.append((len(moves), str(command)))
        state = execute(state, command, rules).state
    return Trial(config, seed, bot, tuple(steps), score_line(state.scores or ()))


def read_trial(text: str, source: str = "trial") -> Trial:
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    head = re.match(r"^trial (\S+) seed (\d+) bot (\S+)$", lines[0]) if lines else None
    if head is None:
        raise TrialError(f"{source}: the first line must be `trial CONFIG seed N bot NAME`")
    if not lines[-1].startswith("scores "):
        raise TrialError(f"{source}: the last line must be `scores ...`")
    steps = []
    for number, line in enumerate(lines[1:-1], 1):
        found = re.match(r"^L(\d+) (.+)$", line)
        if found is None:
            raise TrialError(f"{source}: command {number} must read `L<count> <command>`, "
                             f"got {line!r}")
        steps.append((int(found.group(1)), found.group(2)))
    return Trial(head.group(1), int(head.group(2)), head.group(3), tuple(steps),
                 lines[-1].removeprefix("scores "))


def check_trial(trial: Trial, rules: Rules) -> Mismatch | None:
    """Replay ``trial``: the first step whose legal move count, command or the final scores
    differ from the file, or ``None`` when the engine still plays it exactly."""
    state = configured(trial.config, trial.seed, rules)
    for number, (recorded, command) in enumerate(trial.steps, 1):
        turn = state.flow.turn
        where = f"round {state.round}, seat {turn.decider}, before `{command}`"
        if state.finished:
            return Mismatch(trial.config, number, f"the game has ended now ({where})")
        now = len(MoveSet(state, rules))
        if now != recorded:
            return Mismatch(trial.config, number,
                            f"{recorded} legal moves recorded, {now} now ({where})")
        try:
            state = execute(state, command, rules).state
        except OraError as refusal:
            return Mismatch(trial.config, number, f"the recorded command is refused now "
                                                  f"({where}): {refusal}")
    if not state.finished:
        return Mismatch(trial.config, 0, f"the game has not ended after its "
                                         f"{len(trial.steps)} recorded commands")
    now_scores = score_line(state.scores or ())
    if now_scores != trial.scores:
        return Mismatch(trial.config, 0, f"scores recorded {trial.scores}; now {now_scores}")
    return None


def trial_files(folder: Path) -> Iterator[Path]:
    yield from sorted(folder.glob("*.trial"))
