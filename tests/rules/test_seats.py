"""A seat handed to a bot in the rules (ora_rules/seats.py, SEAT-1 .. SEAT-3): who may hand
which seat over, at once or by consent, and what is refused (R-END-1 for a finished game)."""

from __future__ import annotations

import pytest

from ora_core.errors import IllegalCommand
from ora_core.events import SeatReplaced, SeatReplaceRequested, SeatTaken
from ora_core.evolve import fold, replace
from ora_core.state import State
from ora_rules import seats
from ora_rules.decide import start
from ora_rules.setup import make_config
from tests.support import rules


def _seated(players: int, bots: tuple[int, ...] = (), nobody: tuple[int, ...] = ()) -> State:
    events = start(make_config(players, "france", "long", 2), rules())
    people = [p.seat for p in fold(events).players if not p.neutral]
    events += [SeatTaken(seat=s, name=f"P{s}", bot="random" if s in bots else None)
               for s in people if s not in nobody]
    return fold(events)


def test_the_creator_and_the_seats_own_player_hand_it_over_at_once() -> None:
    """SEAT-1."""
    state = _seated(3)
    assert seats.request(state, 0, 2, "hard", by_creator=True) == [
        SeatReplaced(seat=2, bot="hard", reason="creator")]
    assert seats.request(state, 2, 2, "hard") == [SeatReplaced(seat=2, bot="hard",
                                                               reason="own")]


def test_another_player_asks_every_other_person_but_not_bots() -> None:
    """SEAT-1: seat 1 asks for seat 3; seat 0 is asked, seat 2 is a bot (bots accept); the
    last consent hands the seat over; a refusal ends the request (SEAT-3)."""
    state = _seated(4, bots=(2,))
    asked = seats.request(state, 1, 3, "medium")
    assert asked == [SeatReplaceRequested(by=1, seat=3, bot="medium", waiting=(0,))]
    waiting = fold(asked, state)
    assert fold(seats.answer(waiting, 0, False), waiting).replace_request is None
    done = seats.answer(waiting, 0, True)
    assert done[-1] == SeatReplaced(seat=3, bot="medium", reason="consent")
    assert fold(done, waiting).players[3].bot == "medium"
    with pytest.raises(IllegalCommand) as not_asked:
        seats.answer(waiting, 1, True)
    assert not_asked.value.rule == "SEAT-3"


def test_with_nobody_to_ask_the_seat_is_handed_over_at_once() -> None:
    state = _seated(2)
    events = seats.request(state, 0, 1, "easy")
    assert [type(e) for e in events] == [SeatReplaceRequested, SeatReplaced]


@pytest.mark.parametrize(("players", "bots", "nobody", "seat"), [
    (3, (2,), (), 2),   # a bot's seat
    (3, (), (2,), 2),   # a seat nobody took
    (1, (), (), 1),     # the solo game's neutral player
    (2, (), (), 5),     # no such seat
])
def test_only_a_seat_a_person_plays_is_handed_over(players: int, bots: tuple[int, ...],
                                                   nobody: tuple[int, ...], seat: int) -> None:
    """SEAT-2."""
    state = _seated(players, bots, nobody)
    with pytest.raises(IllegalCommand) as refused:
        seats.request(state, 0, seat, "random", by_creator=True)
    assert refused.value.rule == "SEAT-2"


def test_one_request_at_a_time_and_none_in_a_finished_game() -> None:
    state = _seated(3)
    waiting = fold(seats.request(state, 1, 2, "random"), state)
    with pytest.raises(IllegalCommand) as pending:
        seats.request(waiting, 0, 1, "random")
    assert pending.value.rule == "SEAT-2"
    over = replace(state, scores=())  # a finished game (R-END-1)
    with pytest.raises(IllegalCommand) as finished:
        seats.request(over, 0, 1, "random", by_creator=True)
    assert finished.value.rule == "R-END-1"
