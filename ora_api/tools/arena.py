"""``ora arena``: bots against each other with rotated seats, in parallel processes; win rates
with Wilson intervals and Bradley-Terry ratings with bootstrap intervals (docs/bots.md)."""

from __future__ import annotations

import math
import os
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed

from attrs import frozen

from ora_api.tools.ratings import GameOutcome, Rating, ratings
from ora_api.tools.selfplay import play_game
from ora_rules.bots import Bot, make_bot
from ora_rules.bots.work import end_quietly_on_interrupt, positions
from ora_rules.setup import make_config
from ora_rules.specs import Rules


@frozen
class Standing:
    bot: str
    games: int
    wins: float
    rate: float
    low: float
    high: float
    #: The mean final total of its seats (the provisional one where a game stopped).
    mean: float = 0.0
    #: ... and its parts (R-SCORE-1): goods, the buildings' economic values, the settlements'
    #: points; and the settlements a seat built (what tells a bot's author where its points
    #: come from, and where they are missing: docs/bots.md, "The arena").
    mean_goods: float = 0.0
    mean_economic: float = 0.0
    mean_settlements: float = 0.0
    mean_settlements_built: float = 0.0


@frozen
class Parts:
    """One seat's total in parts (R-SCORE-1), as ``ora_rules.scoring`` counts them."""

    goods: int
    economic: int
    settlements: int
    settlements_built: int


@frozen
class ArenaGame:
    """One game of the arena: its seed, the bot of each seat, the totals and the winners.

    ``adjudicated``: stopped at the turn limit of an open-ended game (:data:`ADJUDICATE_AFTER`)
    and decided by the provisional totals; ``finished`` and ``adjudicated`` both false: stopped
    by the self-play safety limit, nobody wins."""

    index: int
    seed: int
    bots: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    finished: bool
    seconds: float
    adjudicated: bool = False
    #: Rounds (turns, in the two-player game) begun when the game stopped.
    rounds: int = 0
    #: Each seat's bot decisions, in seconds (move generation included).
    move_times: tuple[tuple[float, ...], ...] = ()
    #: Each seat's bot decisions' work: positions valued (``ora_rules.bots.work``).
    move_work: tuple[tuple[int, ...], ...] = ()
    #: Each seat's total in parts, in the same (final or provisional) position.
    parts: tuple[Parts, ...] = ()


@frozen
class MoveTimes:
    """One bot's decisions over the arena's games: how many, and the seconds at the median,
    the 99th percentile and the longest (the budget check of issue 25: p99 <= 1.2 x budget);
    and its work a decision in positions valued, at the same ranks (issue 36: a budget in work
    is the same on any machine, a time is not)."""

    bot: str
    moves: int
    p50: float
    p99: float
    longest: float
    work_p50: int = 0
    work_p99: int = 0
    work_max: int = 0


@frozen
class ArenaResult:
    games: tuple[ArenaGame, ...]
    standings: tuple[Standing, ...]
    ratings: tuple[Rating, ...]
    times: tuple[MoveTimes, ...] = ()


#: The two-player games end only when the buildings run out (R-END-2, R-END-3); bots that
#: rather produce than build can play on for ever. The arena stops such a game after this many
#: turns, half as long again as a game between people (a recorded two-player game,
#: tests/data/records/weblabora/Game20430.txt, took 118), and adjudicates it by the provisional
#: scores, as tournaments adjudicate unfinished games.
ADJUDICATE_AFTER = 180


def adjudication_limit(rules: Rules, players: int, variant: str, length: str) -> int | None:
    """The turn limit for games of this configuration: only the open-ended modes have one."""
    mode = make_config(players, variant, length, 0).mode
    return ADJUDICATE_AFTER if rules.modes[mode].end == "display" else None


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (ties count as fractional wins)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def seating(bot_names: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """Game ``index``: seat ``s`` is played by bot ``(s + index) mod len(bots)``, so every bot
    sits in every seat equally often over ``len(bots) * players`` games."""
    return tuple(bot_names[(s + index) % len(bot_names)] for s in range(players))


# -- one game, in this process or a worker ---------------------------------------------------------

_rules: Rules | None = None
_bots: dict[str, Bot] = {}


def _use_rules(rules: Rules) -> None:
    global _rules
    _rules = rules
    _bots.clear()


def _worker_init(rules: Rules) -> None:
    end_quietly_on_interrupt()
    _use_rules(rules)


def _play(index: int, seed: int, names: tuple[str, ...], players: int, variant: str,
          length: str, max_turns: int | None) -> ArenaGame:
    assert _rules is not None
    for name in names:
        if name not in _bots:
            _bots[name] = make_bot(name, _rules)
    start = time.perf_counter()
    times: list[list[float]] = [[] for _ in names]
    work: list[list[int]] = [[] for _ in names]
    counted = [positions()]

    def on_move(seat: int, took: float) -> None:
        times[seat % len(names)].append(took)
        now = positions()  # only the bots value positions, one decision at a time
        work[seat % len(names)].append(now - counted[0])
        counted[0] = now

    # Every game has its own seed, so its result does not depend on where it runs.
    result = play_game(_rules, players, variant, length, seed, [_bots[n] for n in names],
                       max_rounds=max_turns, on_move=on_move)
    winners = result.winners
    adjudicated = not result.finished and max_turns is not None and result.rounds > max_turns
    if adjudicated:
        best = max(result.totals)
        winners = tuple(seat for seat, total in enumerate(result.totals) if total == best)
    return ArenaGame(index=index, seed=seed, bots=names, totals=result.totals,
                     winners=winners, finished=result.finished,
                     seconds=time.perf_counter() - start, adjudicated=adjudicated,
                     rounds=result.rounds, move_times=tuple(tuple(t) for t in times),
                     move_work=tuple(tuple(w) for w in work),
                     parts=tuple(Parts(s.goods, s.economic, sum(s.settlements),
                                       len(s.settlements)) for s in result.breakdown))


def play_games(rules: Rules, players: int, bot_names: Sequence[str], games: int, seed: int,
               variant: str = "france", length: str = "long", jobs: int = 1,
               on_done: Callable[[int], None] | None = None,
               adjudicate_after: int | None = None) -> list[ArenaGame]:
    """Play the arena's games, ``jobs`` at a time in worker processes (1: in this process);
    the games come back in order, the same whatever ``jobs``. ``adjudicate_after``: the turn
    limit of open-ended games (None: :func:`adjudication_limit`; 0: none)."""
    for name in bot_names:
        make_bot(name, rules)  # an unknown name fails here, before any process starts
    max_turns = adjudication_limit(rules, players, variant, length)
    if max_turns is not None and adjudicate_after is not None:  # only open-ended games stop
        max_turns = adjudicate_after or None
    tasks = [(i, seed + i, seating(bot_names, players, i), players, variant, length, max_turns)
             for i in range(games)]
    done: list[ArenaGame] = []

    def collect(results: Iterator[ArenaGame]) -> None:
        for game in results:
            done.append(game)
            if on_done is not None:
                on_done(len(done))

    if jobs <= 1 or games <= 1:
        _use_rules(rules)
        collect(_play(*t) for t in tasks)
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, games), initializer=_worker_init,
                                 initargs=(rules,)) as pool:
            futures: list[Future[ArenaGame]] = [pool.submit(_play, *t) for t in tasks]
            collect(f.result() for f in as_completed(futures))
    return sorted(done, key=lambda g: g.index)


def standings_of(bot_names: Sequence[str], games: Sequence[ArenaGame]) -> list[Standing]:
    """Each bot's seats played, wins (a shared first place counts as a fraction), win rate and
    its Wilson 95 % interval, its mean total and the total's mean parts."""
    seats: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    points: dict[str, int] = defaultdict(int)
    sums_of: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for game in games:
        for name, total in zip(game.bots, game.totals, strict=False):
            seats[name] += 1
            points[name] += total
        for name, part in zip(game.bots, game.parts, strict=False):
            sums = sums_of[name]
            sums[0] += part.goods
            sums[1] += part.economic
            sums[2] += part.settlements
            sums[3] += part.settlements_built
        for seat in game.winners:
            wins[game.bots[seat]] += 1 / len(game.winners)
    out = []
    for name in bot_names:
        n = seats[name]
        low, high = wilson(wins[name], n)
        goods, economic, settlements, built = (x / n if n else 0.0 for x in sums_of[name])
        out.append(Standing(name, n, wins[name], wins[name] / n if n else 0.0, low, high,
                            points[name] / n if n else 0.0, goods, economic, settlements,
                            built))
    return out


def move_times_of(bot_names: Sequence[str], games: Sequence[ArenaGame]) -> list[MoveTimes]:
    """Each bot's decision times and work over all its seats (nearest-rank percentiles)."""
    out = []
    for name in bot_names:
        taken = sorted(t for g in games for seat, bot in enumerate(g.bots) if bot == name
                       for t in (g.move_times[seat] if seat < len(g.move_times) else ()))
        work = sorted(w for g in games for seat, bot in enumerate(g.bots) if bot == name
                      for w in (g.move_work[seat] if seat < len(g.move_work) else ()))
        if taken:
            n = len(taken)
            p50, p99 = (n - 1) // 2, min(n - 1, math.ceil(0.99 * n) - 1)
            out.append(MoveTimes(name, n, taken[p50], taken[p99], taken[-1],
                                 work[p50] if work else 0, work[p99] if work else 0,
                                 work[-1] if work else 0))
    return out


def run_arena(rules: Rules, players: int, bot_names: Sequence[str], games: int, seed: int,
              variant: str = "france", length: str = "long", jobs: int = 1,
              on_done: Callable[[int], None] | None = None,
              adjudicate_after: int | None = None) -> ArenaResult:
    names = list(dict.fromkeys(bot_names))
    played = play_games(rules, players, bot_names, games, seed, variant, length, jobs, on_done,
                        adjudicate_after)
    outcomes = [GameOutcome(g.bots, g.totals, g.winners) for g in played]
    return ArenaResult(games=tuple(played), standings=tuple(standings_of(names, played)),
                       ratings=tuple(ratings(names, outcomes, seed=seed)),
                       times=tuple(move_times_of(names, played)))


def arena(rules: Rules, players: int, bot_names: list[str], games: int, seed: int,
          variant: str = "france", length: str = "long", jobs: int = 1) -> list[Standing]:
    """The standings only (see :func:`run_arena`)."""
    return list(run_arena(rules, players, bot_names, games, seed, variant, length,
                          jobs).standings)


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else os.cpu_count() or 1)

