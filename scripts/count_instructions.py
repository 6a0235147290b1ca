#!/usr/bin/env python
"""Instructions per run of a hot path, counted by valgrind: a measure the neighbours on a shared
machine cannot move, for comparing two versions of the code (docs/performance.md).

    .venv/bin/python scripts/count_instructions.py fold       # fold a stored 4-player game
    .venv/bin/python scripts/count_instructions.py decode     # decode that game's events
    .venv/bin/python scripts/count_instructions.py command    # execute 932 corpus commands
    .venv/bin/python scripts/count_instructions.py game       # a random 4-player France game
    .venv/bin/python scripts/count_instructions.py hard       # hard's planner, 15 decisions

The compiled core is counted where it is built (ora_core/compiled.py); ``ORA_PURE=1`` counts
the sources.

Each workload runs under ``valgrind --tool=callgrind`` twice, with 0 and with 3 repetitions
after the same set-up; the difference divided by 3 is the count of one repetition. Needs
valgrind on the PATH; takes about half a minute per workload.
"""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

REPETITIONS = 3

#: Set-up, then ``REPS`` repetitions of the workload (``{data}`` is the fixture folder).
WORKLOADS = {
    "fold": """
from ora_core.codec import EventJsonCodec
from ora_core.evolve import fold
from ora_core.store import EventStore
store = EventStore(EventJsonCodec(), "sqlite:{data}/game.sqlite3")
game = store.game_ids()[0]
store.fold(game, fold)
for _ in range(REPS):
    store.fold(game, fold)
""",
    "decode": """
import pickle
from ora_core.codec import EventJsonCodec
codec = EventJsonCodec()
payloads = pickle.loads(open("{data}/payloads.pickle", "rb").read())
for _ in range(REPS):
    [codec.decode(tag, data) for tag, data in payloads]
""",
    "command": """
import pickle
from ora_rules.decide import execute
from ora_rules.notation import parse
from ora_rules.specs import load_rules
rules = load_rules()
pairs = [(s, parse(m)) for s, m in pickle.loads(open("{data}/commands.pickle", "rb").read())]
for state, move in pairs:
    execute(state, move, rules)
for _ in range(REPS):
    for state, move in pairs:
        execute(state, move, rules)
""",
    "game": """
import random
from ora_rules.bots import random_bot
from ora_rules.decide import execute
from ora_rules.game import Game
from ora_rules.moves import MoveSet
from ora_rules.specs import load_rules
rules = load_rules()
def play(seed):
    state, rng = Game.new(rules, 4, "france", "long", seed=seed).state, random.Random(seed)
    while not state.finished:
        state = execute(state, random_bot(state, MoveSet(state, rules), rng), rules).state
play(999)
for _ in range(REPS):
    play(1000)
""",
    # ``hard``'s planner at a table of four (ora_rules/bots/levels.py), its time backstop lifted
    # so that the work is the same under valgrind: 15 decisions of a random game, 248 positions
    # valued in all.
    "hard": """
import random
from ora_api.tools.bench_planner import decision_points
from ora_rules.bots.levels import HARD_EVALUATIONS, HARD_PER_GROUP
from ora_rules.bots.planner import Planner
from ora_rules.moves import MoveSet
from ora_rules.specs import load_rules
rules = load_rules()
positions = decision_points(rules)
hard = Planner(rules, per_group=HARD_PER_GROUP[4], bounded=True, evaluations=HARD_EVALUATIONS,
               seconds=1e9)
hard(positions[0], MoveSet(positions[0], rules), random.Random(1))
for _ in range(REPS):
    for position in positions:
        hard(position, MoveSet(position, rules), random.Random(1))
""",
}


def make_fixtures(data: Path) -> None:
    """The bench's stored game (seed 4242) and a command corpus (three random games)."""
    from ora_api.tools.bench import _random_game
    from ora_core.codec import EventJsonCodec
    from ora_core.store import EventStore
    from ora_rules.moves import legal_moves
    from ora_rules.specs import load_rules

    rules = load_rules()
    events, _ = _random_game(rules, 4, "france", "long", 4242)
    codec = EventJsonCodec()
    with EventStore(codec, f"sqlite:{data}/game.sqlite3") as store:
        store.append(uuid.UUID(int=4242, version=4), 0, events)
    (data / "payloads.pickle").write_bytes(
        pickle.dumps([(codec.tag(e), codec.encode(e)) for e in events]))
    states = [s for seed in range(3)
              for s in _random_game(rules, 4, "france", "long", 1000 + seed)[1][:-1]]
    rng = random.Random(7)
    pairs = [(s, str(rng.choice(legal_moves(s, rules)))) for s in states]
    (data / "commands.pickle").write_bytes(pickle.dumps(pairs))


def instructions(code: str) -> int:
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{run.stderr}")
    return int(found.group(1))


def main(argv: list[str]) -> int:
    names = argv or list(WORKLOADS)
    unknown = [n for n in names if n not in WORKLOADS]
    if unknown:
        print(f"unknown workload(s) {unknown}; known: {', '.join(WORKLOADS)}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        make_fixtures(Path(tmp))
        for name in names:
            code = WORKLOADS[name].replace("{data}", tmp)
            base = instructions(f"REPS = 0\n{code}")
            total = instructions(f"REPS = {REPETITIONS}\n{code}")
            print(f"{name:<8} {(total - base) / REPETITIONS / 1e6:8.1f} M instructions per run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
