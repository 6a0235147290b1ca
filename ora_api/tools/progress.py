"""Progress of long commands (selfplay, arena, bench, import, specs fuzz) on a terminal.

A bar (tqdm) on standard error when it is a terminal; nothing when the output is JSON or goes to
a file or a pipe, so scripts and logs get only the results.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tqdm import tqdm


@contextmanager
def progress(total: int | None, what: str, *, quiet: bool = False
             ) -> Iterator[Callable[[int], None]]:
    """``with progress(20, "games") as done: ... done(n)`` sets the bar to ``n`` of ``total``."""
    if quiet or not sys.stderr.isatty():
        yield lambda n: None
        return
    with tqdm(total=total, desc=what, unit="", file=sys.stderr, dynamic_ncols=True,
              leave=False) as bar:

        def update(n: int) -> None:
            bar.update(n - bar.n)

        yield update
