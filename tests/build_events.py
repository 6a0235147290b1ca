"""The events of the golden trials and of a few bot games, hashed: what the compiled and the pure
build must agree on byte for byte (tests/test_compiled.py runs this once in each).

    python -m tests.build_events     # prints {"build": ..., "games": {name: sha256}} as JSON

Each trial's recorded commands are replayed through ``execute`` from its seeded start, and every
event is hashed as the store encodes it (tag and canonical JSON), with each position's legal
moves as ``legal_moves`` lists them; the bot games (random, greedy, medium) are played anew.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from ora_core import compiled
from ora_core.codec import EventJsonCodec
from ora_core.events import GameEvent
from ora_rules.bots import make_bot
from ora_rules.decide import execute
from ora_rules.moves import MoveSet, legal_moves
from ora_rules.notation import Command
from ora_rules.specs import Rules, load_rules
from ora_rules.testing.trials import configured, read_trial, trial_files

TRIALS = Path(__file__).parent / "trials"
#: Bot games played anew in both builds: (configuration, seed, bot, commands at most).
BOT_GAMES = (("4-france-long", 7, "greedy", 400), ("3-ireland-short", 8, "random", 400),
             ("1-ireland-long", 9, "medium", 60), ("2-france-short-liesborn", 10, "random", 300))


class _Digest:
    def __init__(self) -> None:
        self.hash = hashlib.sha256()
        self.codec = EventJsonCodec()

    def events(self, events: list[GameEvent]) -> None:
        for event in events:
            self.hash.update(self.codec.tag(event).encode() + b"\0" + self.codec.encode(event))

    def moves(self, moves: list[Command]) -> None:
        self.hash.update("\n".join(map(str, moves)).encode() + b"\0")


def _trial(path: Path, rules: Rules) -> str:
    trial = read_trial(path.read_text(), str(path))
    state = configured(trial.config, trial.seed, rules)
    digest = _Digest()
    for _, command in trial.steps:
        digest.moves(legal_moves(state, rules))
        executed = execute(state, command, rules)
        digest.events(executed.events)
        state = executed.state
    return digest.hash.hexdigest()


def _bot_game(config: str, seed: int, bot: str, most: int, rules: Rules) -> str:
    player = make_bot(bot, rules)
    state = configured(config, seed, rules)
    rng = random.Random(seed)
    digest = _Digest()
    for _ in range(most):
        if state.finished:
            break
        executed = execute(state, player(state, MoveSet(state, rules), rng), rules)
        digest.events(executed.events)
        state = executed.state
    return digest.hash.hexdigest()


def main() -> int:
    rules = load_rules()
    games = {path.stem: _trial(path, rules) for path in trial_files(TRIALS)}
    for config, seed, bot, most in BOT_GAMES:
        games[f"{config} {bot} seed {seed}"] = _bot_game(config, seed, bot, most, rules)
    json.dump({"build": compiled.status(), "games": games}, sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
