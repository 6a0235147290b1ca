"""The search bot (``mcts``, ``ora_rules.bots.search``): evaluation, widening and tree reuse. Its
strength is measured with ``ora arena`` (docs/bots.md), never in a timed test."""

from __future__ import annotations

import math
import random

from ora_core.evolve import fold
from ora_core.state import State
from ora_rules.bots.search import SearchBot, position_value, values
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.scoring import score_player
from ora_rules.setup import make_config
from tests.support import rules


def _opening(players: int = 3, plies: int = 6) -> State:
    state = fold(start(make_config(players, "france", "long", 4), rules()))
    rng = random.Random(0)
    for _ in range(plies):
        moves = MoveSet(state, rules())
        state = execute(state, moves[rng.randrange(len(moves))], rules()).state
    return state


def test_the_evaluation_is_the_score_plus_goods_clergy_and_land() -> None:
    state = fold(start(make_config(3, "france", "long", 4), rules()))
    for player in state.players:
        assert position_value(state, player.seat, rules()) > score_player(player, rules()).total
    seat_values = values(state, rules())
    assert all(0 < v < 1 for v in seat_values)
    # Equal starts (up to the starting player's extras): nobody leads by much.
    assert max(seat_values) - min(seat_values) < 0.5


def test_progressive_widening_opens_children_with_the_visits() -> None:
    state = _opening()
    bot = SearchBot(rules(), seconds=None, simulations=9, widen=1.0)
    move = bot(state, MoveSet(state, rules()), random.Random(1))
    assert move in MoveSet(state, rules())
    root = bot._reuse(state)
    assert root is not None and root.visits == 9
    assert 1 < len(root.children) <= 1 + math.isqrt(root.visits)


def test_the_tree_is_reused_for_the_position_the_game_reached() -> None:
    state = _opening()
    bot = SearchBot(rules(), seconds=None, simulations=20)
    rng = random.Random(2)
    move = bot(state, MoveSet(state, rules()), rng)
    assert bot._root is not None
    chosen = dict((str(m), child) for m, child in bot._root.children)[str(move)]
    assert chosen.visits > 0
    reached = execute(state, move, rules()).state  # equal, not the same object
    assert bot._reuse(reached) is chosen
    before = chosen.visits
    if len(MoveSet(reached, rules())) > 1:
        bot(reached, MoveSet(reached, rules()), rng)
        assert chosen.visits >= before + 20  # the old visits kept, the new ones added


def test_a_simulation_budget_gives_the_same_moves_for_the_same_seed() -> None:
    state = _opening(players=4)
    first = SearchBot(rules(), seconds=None, simulations=12)(
        state, MoveSet(state, rules()), random.Random(5))
    second = SearchBot(rules(), seconds=None, simulations=12)(
        state, MoveSet(state, rules()), random.Random(5))
    assert first == second


def test_informed_playouts_play_legal_commands_and_value_every_seat() -> None:
    state = _opening(players=2)
    bot = SearchBot(rules(), seconds=None, simulations=6, playout=3)
    result = bot._playout(state, random.Random(3))
    assert len(result) == len(state.players) and all(0 < v < 1 for v in result)
    assert bot(state, MoveSet(state, rules()), random.Random(3)) in MoveSet(state, rules())
