"""The strategic evaluation's caches (issue 34: ``hard``'s positions valued per second): what is
read once per landscape, display or spec set gives the values a fresh count gives."""

from __future__ import annotations

import random

import pytest

from ora_core.evolve import replace
from ora_core.state import State
from ora_rules.bots import random_bot, strategy
from ora_rules.decide import execute
from ora_rules.game import Game
from ora_rules.moves import MoveSet
from tests.support import rules


def _positions(players: int, variant: str, length: str, seed: int, *,
               liesborn: bool = False, limit: int = 400) -> list[State]:
    state = Game.new(rules(), players, variant, length, seed=seed, liesborn=liesborn).state
    rng, positions = random.Random(seed), [state]
    while not state.finished and len(positions) < limit:
        state = execute(state, random_bot(state, MoveSet(state, rules()), rng), rules()).state
        positions.append(state)
    return positions


@pytest.mark.parametrize(("players", "variant", "length", "liesborn"), [
    (1, "france", "long", False), (1, "ireland", "long", False), (2, "france", "long", False),
    (4, "france", "long", False), (3, "ireland", "short", True)])
def test_a_value_read_from_the_caches_equals_a_fresh_count(
        players: int, variant: str, length: str, liesborn: bool) -> None:
    positions = _positions(players, variant, length, seed=3, liesborn=liesborn)
    warm = [strategy.strategic_value(state, seat, rules())
            for state in positions for seat in range(players)]
    fresh = []
    for state in positions:
        for seat in range(players):
            strategy.forget()
            fresh.append(strategy.strategic_value(state, seat, rules()))
    assert warm == fresh


def test_seats_sharing_one_landscape_mapping_are_valued_each_as_its_own_seat() -> None:
    """The landscape cache is keyed by the mapping's identity: where two seats hold one mapping
    (a copy-on-write state may share it), each is still valued with its own buildings."""
    state = _positions(4, "france", "long", seed=5, limit=120)[-1]
    players = list(state.players)
    players[1] = replace(players[1], landscape=players[0].landscape)
    shared = replace(state, players=tuple(players))
    fresh = []
    for seat in (0, 1):
        strategy.forget()
        fresh.append(strategy.strategic_value(shared, seat, rules()))
    strategy.forget()
    warm = [strategy.strategic_value(shared, seat, rules()) for seat in (0, 1)]
    assert warm == fresh


def test_a_game_replayed_anew_finds_its_landscapes_counted_by_content() -> None:
    """A plan replayed from the game's start (the solo planner's rollouts and tweaks) makes new
    mappings of the same landscapes: their facts are found by content, not counted again, and
    the values equal a fresh count's."""
    first = _positions(1, "ireland", "long", seed=4, limit=300)
    again = _positions(1, "ireland", "long", seed=4, limit=300)
    assert first[-1].players[0].landscape is not again[-1].players[0].landscape
    strategy.forget()
    valued_first = [strategy.strategic_value(state, 0, rules()) for state in first]
    counted = len(strategy._BY_CONTENT)
    assert counted > 5  # the landscape changed along the way
    valued_again = [strategy.strategic_value(state, 0, rules()) for state in again]
    assert len(strategy._BY_CONTENT) == counted
    fresh = []
    for state in again:
        strategy.forget()
        fresh.append(strategy.strategic_value(state, 0, rules()))
    assert valued_first == valued_again == fresh
