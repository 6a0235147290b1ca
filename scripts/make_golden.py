#!/usr/bin/env python
"""Write the golden playthroughs tests/golden/<players>-<variant>-<length>.txt (issue 4).

One seeded random game per configuration (the seeds are ``GOLDEN_SEEDS`` in
tests/modes/games.py), one line per command: the position it was chosen in (round, turn kind,
deciding seat, number of legal commands), the command, the event types it emitted, each player's
goods and the wheel after it; at most the first 400 commands, then the final line with the
scores. tests/modes/test_golden.py replays them. Run this only when the engine changed on
purpose, and review the diff:

    .venv/bin/python scripts/make_golden.py            # every configuration
    .venv/bin/python scripts/make_golden.py 2-france-short 3-ireland-long
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.modes.games import (  # noqa: E402 - after the path set-up
    GOLDEN_CONFIGS,
    GOLDEN_DIR,
    GOLDEN_SEEDS,
    golden_path,
    golden_text,
    played,
)


def main(argv: list[str]) -> int:
    wanted = set(argv)
    unknown = wanted - {c.id for c in GOLDEN_CONFIGS}
    if unknown:
        print(f"unknown configuration(s): {', '.join(sorted(unknown))}; known: "
              f"{', '.join(c.id for c in GOLDEN_CONFIGS)}", file=sys.stderr)
        return 2
    Path(GOLDEN_DIR).mkdir(parents=True, exist_ok=True)
    failed = 0
    for config in GOLDEN_CONFIGS:
        if wanted and config.id not in wanted:
            continue
        started = time.perf_counter()
        trace = played(config, GOLDEN_SEEDS[config.id])
        path = Path(golden_path(config))
        old = path.read_text() if path.exists() else None
        text = golden_text(trace)
        path.write_text(text)
        status = "unchanged" if old == text else ("new" if old is None else "CHANGED")
        if not trace.finished:
            failed += 1
            status += f", NOT FINISHED: {trace.problem}"
        print(f"{path.relative_to(ROOT)}: {len(trace.commands)} commands, "
              f"{time.perf_counter() - started:.1f} s, {status}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
