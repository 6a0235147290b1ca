"""``execute`` (ora_rules/decide.py): the state it returns is the fold of its events from the
state it began with, and that state never changes, even when the command is refused after some
of its events went into the draft (ora_rules/draft.py).
"""

from __future__ import annotations

import pickle
import random

import pytest

from ora_core.codec import state_to_dict
from ora_core.errors import InvalidCommand
from ora_core.evolve import fold
from ora_rules.bots import random_bot
from ora_rules.decide import Executed, execute, start
from ora_rules.moves import MoveSet
from ora_rules.setup import make_config
from tests.compare import first_difference
from tests.support import farmyard, new_state, rules


@pytest.mark.parametrize(("players", "variant", "length", "seed"), [
    (1, "france", "long", 11), (2, "ireland", "short", 12), (4, "france", "long", 13),
])
def test_execute_returns_the_fold_of_its_events_and_leaves_its_state(
        players: int, variant: str, length: str, seed: int) -> None:
    state = fold(start(make_config(players, variant, length, seed), rules()))
    rng = random.Random(seed)
    while not state.finished:
        before = state_to_dict(state)
        executed = execute(state, random_bot(state, MoveSet(state, rules()), rng), rules())
        assert not (d := first_difference(fold(executed.events, state), executed.state)), d
        assert executed.state.version == state.version + len(executed.events)
        assert not (d := first_difference(state_to_dict(state), before)), d
        state = executed.state


def test_a_use_refused_after_its_clergyman_was_placed_leaves_the_state_untouched() -> None:
    # The Farmyard's wheel token (R-WHEEL-6) is read after ClergyPlaced went into the draft's
    # copy; the refusal must leave the state the command began with as it was.
    state = new_state()
    before = state_to_dict(state)
    with pytest.raises(InvalidCommand):
        execute(state, f"USE {farmyard(0)} Zz", rules())
    assert state_to_dict(state) == before
    # The same state still takes a legal command, from where it was.
    executed = execute(state, f"USE {farmyard(0)} -", rules())
    assert executed.state.version == state.version + len(executed.events)


def test_an_executed_command_unpacks_compares_and_pickles_as_its_events_and_state() -> None:
    """``Executed`` is a native class (it was a named tuple): what its users did still works."""
    state = new_state()
    executed = execute(state, f"USE {farmyard(0)} -", rules())
    events, after = executed
    assert (events, after) == (executed.events, executed.state)
    assert executed == Executed(list(events), after)
    assert executed != Executed(events[:1], after)
    assert pickle.loads(pickle.dumps(executed)) == executed
