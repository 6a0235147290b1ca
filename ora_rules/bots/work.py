"""The work a bot does, counted in positions valued (docs/bots.md, "Budgets").

Every evaluation of a position (``strategic_value``, the search's ``position_value``, the
greedy bots' ``evaluate``, the learned evaluation) counts one here, and the solo planner's
tweaks count their replayed commands at about a position's cost (``ora_rules.bots.tweaks``,
eight commands a position). A budget in positions
valued gives the same game for a seed on any machine, whatever its load; ``ora arena`` reports
each bot's work a decision beside its time, read from this counter before and after the call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

Task = TypeVar("Task")
Done = TypeVar("Done")


class _Counter:
    """The positions valued in this process so far (a plain count: one process, one game at a
    time, and the count only ever grows)."""

    __slots__ = ("positions",)

    def __init__(self) -> None:
        self.positions = 0


WORK = _Counter()


def valued(n: int = 1) -> None:
    """Count ``n`` positions valued."""
    WORK.positions += n


def positions() -> int:
    """The positions valued in this process so far."""
    return WORK.positions


def end_quietly_on_interrupt() -> None:
    """A worker process's initializer (the games of ``ora arena``, ``train-eval`` and
    ``train-book``): Ctrl-C reaches every process of the terminal's group; a worker then ends
    at once and silently (left to Python it would print its own traceback, and one that
    ignored it would play on to the end of its games), and the parent alone says so."""
    import os
    import signal

    # A run started with Ctrl-C ignored (a background job of a script, nohup) keeps ignoring
    # it in its workers too: the parent plays on, and so must they.
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, lambda *_: os._exit(130))


def in_workers(work: Callable[[Task], Done], tasks: Iterable[Task], jobs: int
               ) -> Iterator[Done]:
    """``work`` over ``tasks``, the results in the tasks' order whatever ``jobs``: in this
    process with one job, else that many worker processes (``end_quietly_on_interrupt``
    theirs), for ``ora train-eval`` and ``train-book``."""
    if jobs <= 1:
        yield from map(work, tasks)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(jobs, initializer=end_quietly_on_interrupt) as pool:
        yield from pool.map(work, tasks)
