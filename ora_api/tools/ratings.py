"""Bradley-Terry ratings of bots from multi-player games, with bootstrap intervals.

A game of n seats gives n(n-1)/2 pairwise results: for every two seats played by different
bots, the one with the higher final score beats the other (the game's own winner breaks a tie
of totals; a tie that stays is half a win each). The Bradley-Terry strengths are fitted by the
MM algorithm (Hunter 2004) with a weak prior (one virtual drawn pair against a reference of
strength 1), so a bot that won or lost everything still gets a finite rating. Ratings are shown
on the Elo scale (400 log10 of the strength), centred on 1500 over the bots.

The 95 % interval comes from a bootstrap over games (pairs within a game are not independent):
games are drawn with replacement ``rounds`` times from a seeded generator and the 2.5 and 97.5
percentiles of each bot's rating are reported. Same results, same table.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from itertools import combinations

from attrs import frozen


@frozen
class GameOutcome:
    """One finished game: the bot of each seat, each seat's total and the winning seats."""

    bots: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]


@frozen
class Rating:
    bot: str
    rating: float
    low: float
    high: float
    pairs: int  # pairwise results the bot took part in


Pair = tuple[str, str, float]  # (a, b, a's share: 1 win, 0.5 tie, 0 loss)


def pairs_of(game: GameOutcome) -> list[Pair]:
    out = []
    for i, j in combinations(range(len(game.bots)), 2):
        a, b = game.bots[i], game.bots[j]
        if a == b:
            continue  # a bot against itself says nothing about its strength
        if game.totals[i] != game.totals[j]:
            share = 1.0 if game.totals[i] > game.totals[j] else 0.0
        else:
            share = 0.5 + 0.5 * ((i in game.winners) - (j in game.winners))
        out.append((a, b, share))
    return out


def fit(bots: Sequence[str], pairs: Sequence[Pair], iterations: int = 200) -> dict[str, float]:
    """Bradley-Terry strengths by MM iterations; the Elo-scale rating of each bot."""
    strength = dict.fromkeys(bots, 1.0)
    wins = dict.fromkeys(bots, 0.5)  # the prior: half a win against a reference of strength 1
    for a, b, share in pairs:
        wins[a] += share
        wins[b] += 1 - share
    for _ in range(iterations):
        denominator = {bot: 1 / (strength[bot] + 1.0) for bot in bots}  # the prior's pair
        for a, b, _share in pairs:
            d = 1 / (strength[a] + strength[b])
            denominator[a] += d
            denominator[b] += d
        new = {bot: wins[bot] / denominator[bot] for bot in bots}
        change = max(abs(math.log(new[b] / strength[b])) for b in bots)
        strength = new
        if change < 1e-9:
            break
    elo = {bot: 400 * math.log10(s) for bot, s in strength.items()}
    mean = sum(elo.values()) / len(elo)
    return {bot: 1500 + value - mean for bot, value in elo.items()}


def ratings(bots: Sequence[str], games: Sequence[GameOutcome], *, rounds: int = 200,
            seed: int = 0) -> list[Rating]:
    """Each bot's rating and its bootstrap 95 % interval, best first."""
    per_game = [pairs_of(g) for g in games]
    point = fit(bots, [p for ps in per_game for p in ps])
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {bot: [] for bot in bots}
    for _ in range(rounds if games else 0):
        drawn = [per_game[rng.randrange(len(per_game))] for _ in per_game]
        for bot, value in fit(bots, [p for ps in drawn for p in ps]).items():
            samples[bot].append(value)
    counts = dict.fromkeys(bots, 0)
    for ps in per_game:
        for a, b, _ in ps:
            counts[a] += 1
            counts[b] += 1
    out = []
    for bot in bots:
        values = sorted(samples[bot])
        low, high = ((values[int(0.025 * (len(values) - 1))],
                      values[math.ceil(0.975 * (len(values) - 1))])
                     if values else (point[bot], point[bot]))
        out.append(Rating(bot, point[bot], min(low, point[bot]), max(high, point[bot]),
                          counts[bot]))
    return sorted(out, key=lambda r: -r.rating)
