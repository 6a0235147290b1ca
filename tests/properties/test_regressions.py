"""The smallest positions of what the property tests of this folder found, kept as plain examples
so that CI checks them on every run (the random examples may or may not pass by them).

Each builds its position from events (tests/support.py) and asks the same question as the
property that found it.
"""

from __future__ import annotations

from ora_core.evolve import evolve
from ora_core.state import State
from ora_rules.decide import decide
from ora_rules.moves import is_legal, legal_moves
from ora_rules.notation import parse
from ora_rules.testing import invariants as inv
from tests.support import new_state, place, rules, set_goods, slot


def _enumerated(state: State) -> set[str]:
    return {str(m) for m in legal_moves(state, rules())}


def _check_goods(state: State, command: str) -> None:
    """The goods checks of the catalogue (the positions here are made with ``place``, which
    takes a card from its stack without the rest of a build, so not the card checks)."""
    events = decide(state, command, rules())
    after = state
    for event in events:
        after = evolve(after, event)
    inv.check_goods_follow_events(state, events, after, rules())
    inv.check_no_negative_goods_between_events(state, events, after, rules())
    inv.check_no_negative_goods(after, rules())


def test_conversions_in_the_solo_neutral_building_turn_are_enumerated() -> None:
    """R-FREE-2 (conversions at any time), design §5 completeness. Found by
    test_accepted_commands_are_enumerated[1p-ireland-long] (thorough): in the solo player's
    step-3 turn (``neutral``, R-SOLO-9), ``decide`` accepts ``CONVERT Gn`` but ``legal_moves``
    offers only the neutral buildings (or ``COMMIT``)."""
    state = slot(set_goods(new_state(1, "france", "long"), 0, grain=1), 0, kind="neutral")
    assert is_legal(state, "CONVERT Gn", rules())
    assert "CONVERT Gn" in _enumerated(state)


def test_a_use_with_a_trailing_zero_count_is_enumerated_as_written() -> None:
    """Design §5 (one canonical command per move, ``legal_moves`` lists every command
    ``decide`` accepts). Found by test_accepted_commands_are_enumerated (``PRIOR G12 0``,
    ``USE G07 0``, ``PRIOR G19 0``, ``USE G39 0``): ``decide`` accepts a use whose count
    token is an explicit ``0`` and records it as written, while ``legal_moves`` spells the same
    move without it (``USE G12``), so one move has two records."""
    state = place(new_state(3, "france", "long"), 0, "G12", (3, 0))
    assert "USE G12" in _enumerated(state)
    if is_legal(state, "USE G12 0", rules()):
        assert "USE G12 0" in _enumerated(state), (
            "decide accepts 'USE G12 0' (recorded as "
            f"{str(parse('USE G12 0'))!r}), legal_moves lists only 'USE G12'")


def test_a_chained_use_never_leaves_negative_goods_between_its_events() -> None:
    """R-GOODS-4, check_no_negative_goods_between_events. Found by
    test_invariants_hold_after_every_command: the events of a use listed the pooled payment
    before the gains, so a Winery that makes a wine and sells it (``USE F21 1 1``), a Refectory
    handing in the meat it gives (``USE I30 1``), a Bakery selling its bread, ... left the log
    with a state of -1 wine / meat / bread between the events."""
    state = set_goods(place(new_state(3, "france", "long"), 0, "F21", (3, 0)), 0, grapes=1)
    _check_goods(state, "USE F21 1 1")
    state = set_goods(place(new_state(3, "ireland", "long"), 0, "I30", (3, 0)), 0)
    _check_goods(state, "USE I30 1")


def test_the_inn_cannot_be_paid_with_the_coins_it_gives() -> None:
    """R-GOODS-3/4. Found by test_invariants_hold_after_every_command and the soundness check of
    test_legal_moves_are_sound_and_complete: with no coins at all, ``USE F20 0 3 PnPnPn`` (hand
    in 3 food as 3 coins, take 3 coins) was enumerated and accepted, the food being paid with
    the coins the Inn hands out for it."""
    state = set_goods(place(new_state(3, "france", "long"), 0, "F20", (3, 0)), 0)
    assert not is_legal(state, "USE F20 0 3 PnPnPn", rules())
    assert not any(m.startswith("USE F20 0 ") for m in _enumerated(state))
