"""Export then import gives the same events, byte for byte (issue #10): 50 random games per mode
family, finished or cut off at a random move, in both variants.

The games are played by the self-play random bot on the fast path (``execute`` with a
``MoveSet``, as the README's loop), each drawn from a seed, so a failure names its game.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ora_core.codec import EventJsonCodec
from ora_core.events import GameEvent
from ora_core.evolve import fold
from ora_rules.bots import random_bot
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.records import read_record, write_record
from ora_rules.records.ora_format import chain_of
from ora_rules.setup import make_config
from tests.support import rules

CODEC = EventJsonCodec()

#: The mode families (R-GEN-2): (players, length) pairs that play alike.
FAMILIES = {
    "solo": [(1, "long")],
    "two-player": [(2, "short"), (2, "long")],
    "three-four-long": [(3, "long"), (4, "long")],
    "three-four-short": [(3, "short"), (4, "short")],
}


def bot_game(players: int, variant: str, length: str, seed: int, moves: int | None
             ) -> list[GameEvent]:
    """A game of the random bot: to its end, or its first ``moves`` moves."""
    events = start(make_config(players, variant, length, seed), rules())
    state = fold(events)
    rng = random.Random(seed)
    played = 0
    while not state.finished and (moves is None or played < moves):
        executed = execute(state, random_bot(state, MoveSet(state, rules()), rng), rules())
        events.extend(executed.events)
        state = executed.state
        played += 1
    return events


@pytest.mark.parametrize("family", list(FAMILIES))
@settings(max_examples=50)
@given(data=st.data(), variant=st.sampled_from(("france", "ireland")),
       seed=st.integers(0, 2**63 - 1),
       moves=st.one_of(st.none(), st.integers(0, 400)))
def test_export_then_import_gives_the_same_head_hash(family: str, data: st.DataObject,
                                                      variant: str, seed: int,
                                                      moves: int | None) -> None:
    players, length = data.draw(st.sampled_from(FAMILIES[family]), label="mode")
    events = bot_game(players, variant, length, seed, moves)
    record = write_record(events, checkpoints=data.draw(st.booleans(), label="checkpoints"))
    imported = read_record(record, rules())
    assert imported.stop is None
    assert chain_of(imported.events)[-1] == chain_of(events)[-1]
    assert [CODEC.encode(e) for e in imported.events] == [CODEC.encode(e) for e in events]
    assert write_record(imported.events) == write_record(events)
