"""``ora arena``: bots against each other with rotated seats; win rates with 95 % intervals."""

from __future__ import annotations

import math
from collections import defaultdict

from attrs import frozen

from ora_api.selfplay import play_game
from ora_rules.bots import make_bot
from ora_rules.specs import Rules


@frozen
class Standing:
    bot: str
    games: int
    wins: float
    rate: float
    low: float
    high: float


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (ties count as fractional wins)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def arena(rules: Rules, players: int, bot_names: list[str], games: int, seed: int,
          variant: str = "france", length: str = "long") -> list[Standing]:
    """Play ``games`` games; in game ``i`` seat ``s`` is played by bot ``(s + i) mod len``."""
    bots = {name: make_bot(name, rules) for name in bot_names}
    seats_played: dict[str, int] = defaultdict(int)
    wins: dict[str, float] = defaultdict(float)
    for i in range(games):
        names = [bot_names[(s + i) % len(bot_names)] for s in range(players)]
        result = play_game(rules, players, variant, length, seed + i,
                           [bots[n] for n in names])
        for name in names:
            seats_played[name] += 1
        for seat in result.winners:
            wins[names[seat]] += 1 / len(result.winners)
    standings = []
    for name in bot_names:
        n = seats_played[name]
        low, high = wilson(wins[name], n)
        standings.append(Standing(name, n, wins[name], wins[name] / n if n else 0.0, low, high))
    return standings
