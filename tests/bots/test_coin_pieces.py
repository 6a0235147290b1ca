"""The bots under the weblabora readings, whose ``coin_tiles = kept_apart`` holds 1-coin and
5-coin pieces apart and lets a player exchange them both ways (R-FREE-1 c,
ora_rules/coin_pieces.py).

An exchange changes no coin count, so the planner valued both directions alike, and both above
ending its turn (the evaluation drops by some points at a turn's end): ``easy``, ``medium`` and
``hard`` exchanged pieces back and forth for ever, a solo game stalled in round 9 to 19 with
thousands of moves played and no end. Breaking a 5-coin piece gains a player nothing there (a
payment breaks one itself once the 1-coin pieces run out), so no bot weighs it; making one is
worth its 2 points at the end (only 5-coin pieces score), which the evaluation now counts as
the readings score the game."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from ora_core.events import CoinPiecesCounted
from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots import make_bot
from ora_rules.bots.planner import candidates
from ora_rules.bots.strategy import strategic_value
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.notation import Convert
from ora_rules.setup import make_config
from tests.support import apply, rules, set_goods


def _solo(readings: str | None, seed: int = 1) -> State:
    return fold(start(make_config(1, "france", "long", seed, readings=readings, rules=rules()),
                      rules()))


def _with_coins(state: State, coins: int, fives: int) -> State:
    return apply(set_goods(state, 0, coin=coins), [CoinPiecesCounted(seat=0, fives=fives)])


def _exchanges(moves: Sequence[object]) -> list[int]:
    return [m.exchange for m in moves if isinstance(m, Convert) and m.exchange]


def test_the_bots_never_weigh_breaking_a_five_coin_piece() -> None:
    """R-FREE-1 c under kept_apart: both exchanges are legal, the bots weigh only making a
    piece (a payment breaks one by itself)."""
    state = _with_coins(_solo("weblabora"), coins=10, fives=1)
    moves = MoveSet(state, rules())
    assert sorted(set(_exchanges(list(moves)))) == [-1, 1]
    assert set(_exchanges(candidates(moves, 4, random.Random(0)))) == {1}


def test_the_evaluation_counts_only_the_five_coin_pieces_where_the_readings_do() -> None:
    """R-SCORE-2 under kept_apart: ten coins as two 5-coin pieces score 4, as ten 1-coin
    pieces nothing; under the rulebook's one pool the pieces make no difference."""
    r = rules()
    apart = _solo("weblabora")
    loose, made = _with_coins(apart, 10, 0), _with_coins(apart, 10, 2)
    assert strategic_value(made, 0, r) - strategic_value(loose, 0, r) == pytest.approx(4.0)
    pooled = _solo(None)
    assert strategic_value(_with_coins(pooled, 10, 0), 0, r) == pytest.approx(
        strategic_value(_with_coins(pooled, 10, 2), 0, r))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_ends_a_solo_game_under_the_weblabora_readings(level: str) -> None:
    """R-SOLO-1: a solo game lasts 31 rounds; each level played one under the weblabora
    readings in some 200..300 moves, and never broke a 5-coin piece."""
    r = rules()
    state, bot, rng = _solo("weblabora"), make_bot(level, r), random.Random(1)
    played: list[Convert] = []
    for _ in range(1500):
        if state.finished:
            break
        move = bot(state, MoveSet(state, r), rng)
        if isinstance(move, Convert) and move.exchange:
            played.append(move)
        state = execute(state, move, r).state
    assert state.finished, f"{level} stalled in round {state.round}"
    assert all(m.exchange > 0 for m in played)
