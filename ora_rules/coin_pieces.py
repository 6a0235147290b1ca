"""1-coin and 5-coin pieces held apart: the option ``coin_tiles = kept_apart`` (weblabora).

The rulebook lets a player exchange a 5-coin tile for five 1-coin tiles and back at any time
(R-FREE-1 c), so our coins are one pool and every 5 of them score 2 (R-SCORE-2). weblabora's
engine holds the two pieces apart and scores its 5-coin pieces only, so a player who ends with
six 1-coin pieces scores nothing for them there (Game20430). Under the option a command's
coin events are followed as that engine follows them, and every command that changes a seat's
5-coin pieces ends with a ``CoinPiecesCounted`` for that seat (``counted``):

- n coins gained are n // 5 five-coin pieces and n % 5 one-coin pieces, except that coins
  from a use the option lists in ``ones`` (the Cloister Office takes the wheel's coins, the
  Cloister Courtyard gives 6, the Druid's House 5) and coins received for a work contract are
  1-coin pieces only; wine and whiskey converted give 1-coin pieces;
- a payment takes 1-coin pieces first and breaks a 5-coin piece into five only when they run
  out;
- ``CONVERT Ni`` breaks a 5-coin piece; ``CONVERT PnPnPnPnPn`` makes one of five coins taken
  as a payment takes them (``exchange``).

Under the rulebook nothing here runs, and an exchange of pieces is refused as meaningless
(``coins_pooled``, R-FREE-1): a rulebook game's events keep their bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ora_core.errors import IllegalCommand
from ora_core.events import (
    BuildingUsed,
    CoinPiecesCounted,
    GameEvent,
    GoodsConverted,
    GoodsGained,
    GoodsPaid,
)
from ora_core.state import PlayerState, Readings, State
from ora_core.values import Good
from ora_rules.readings import ByReadings, chosen_options, switch
from ora_rules.specs import Rules

SWITCH = "coin_pieces"


def _holds_apart(rules: Rules, readings: Readings) -> bool:
    return switch(rules, readings, SWITCH)


#: Whether a game under the readings holds 1-coin and 5-coin pieces apart (asked by every
#: command).
kept_apart: ByReadings[bool] = ByReadings(_holds_apart)


def _ones_from(rules: Rules, readings: Readings) -> frozenset[str]:
    return frozenset().union(*(o.ones for o in chosen_options(rules, readings)))


class _Purse:
    """A seat's coins as pieces while a command's events are followed."""

    def __init__(self, player: PlayerState) -> None:
        self.fives = player.five_coin_pieces
        self.ones = player.count(Good.COIN) - 5 * self.fives

    def gain(self, n: int, as_ones: bool) -> None:
        if as_ones:
            self.ones += n
        else:
            self.fives += n // 5
            self.ones += n % 5

    def pay(self, n: int) -> None:
        self.ones -= n
        while self.ones < 0 and self.fives > 0:  # a 5-coin piece broken only when needed
            self.ones += 5
            self.fives -= 1


def counted(start: State, events: Sequence[GameEvent], rules: Rules) -> list[CoinPiecesCounted]:
    """The ``CoinPiecesCounted`` that end a command whose ``events`` were decided from
    ``start``: one per seat whose 5-coin pieces changed (none when nothing did)."""
    ones_from = _ones_from(rules, start.config.readings)
    purses: dict[int, _Purse] = {}

    def purse(seat: int) -> _Purse:
        if seat not in purses:
            purses[seat] = _Purse(start.players[seat])
        return purses[seat]

    using: str | None = None
    for event in events:
        if isinstance(event, BuildingUsed):
            using = event.building
        elif isinstance(event, GoodsGained) and event.goods.get(Good.COIN):
            purse(event.seat).gain(event.goods[Good.COIN], using in ones_from)
        elif isinstance(event, GoodsPaid) and event.goods.get(Good.COIN):
            purse(event.seat).pay(event.goods[Good.COIN])
            if event.to_seat is not None:  # a work contract's price
                purse(event.to_seat).gain(event.goods[Good.COIN], True)
        elif isinstance(event, GoodsConverted):
            if event.given.get(Good.COIN):
                purse(event.seat).pay(event.given[Good.COIN])
            if event.received.get(Good.COIN):
                purse(event.seat).gain(event.received[Good.COIN], True)
    return [CoinPiecesCounted(seat=seat, fives=p.fives) for seat, p in sorted(purses.items())
            if p.fives != start.players[seat].five_coin_pieces]


def exchange(state: State, seat: int, pieces: int, rules: Rules) -> CoinPiecesCounted:
    """``CONVERT Ni`` (``pieces`` < 0: 5-coin pieces broken into 1-coin pieces) or
    ``CONVERT PnPnPnPnPn`` (> 0: 1-coin pieces made into 5-coin pieces), R-FREE-1 c."""
    if not kept_apart(rules, state.config.readings):
        raise IllegalCommand("coins_pooled", "R-FREE-1",
                             "coins are one pool (1-coin and 5-coin tiles exchange freely at any "
                             "time): an exchange of coin pieces changes nothing")
    purse = _Purse(state.players[seat])
    if pieces < 0 and purse.fives < -pieces:
        raise IllegalCommand("cannot_afford", "R-FREE-1",
                             f"breaks {-pieces} 5-coin pieces, holds {purse.fives}")
    if pieces > 0 and purse.ones + 5 * purse.fives < 5 * pieces:
        raise IllegalCommand("cannot_afford", "R-FREE-1",
                             f"makes {pieces} 5-coin pieces of {5 * pieces} coins, holds "
                             f"{purse.ones + 5 * purse.fives}")
    if pieces > 0:  # the coins are paid as any payment is (a piece may be broken for it)
        purse.pay(5 * pieces)
    return CoinPiecesCounted(seat=seat, fives=purse.fives + pieces)
