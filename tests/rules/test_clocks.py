"""Clocks in the rules (ora_rules/clocks.py CLOCK-1 .. CLOCK-3, ora_rules/timeouts.py): the time
a decision took and the time left, and what a seat's time running out decides: the rules'
default (a work contract answered for its owner, R-WC-2, R-WC-6), a bot, or the end of the game
with that seat losing (R-END-1, R-SCORE-7 among the others)."""

from __future__ import annotations

import random

import attrs
import pytest

from ora_core.errors import IllegalCommand, InvalidConfig
from ora_core.events import ClockExpired, GameEnded, MovePlayed, SeatReplaced
from ora_core.evolve import fold
from ora_core.state import State, TimeControl
from ora_rules import clocks, timeouts
from ora_rules.decide import execute, start
from ora_rules.moves import legal_moves
from ora_rules.notation import AnswerContract, WorkContract
from ora_rules.setup import make_config
from tests.support import rules


def _clocked(players: int, control: TimeControl, seed: int = 3) -> State:
    config = attrs.evolve(make_config(players, "france", "long", seed), clock=control)
    return fold(start(config, rules()))


def test_fischer_charges_the_time_taken_and_adds_the_increment() -> None:
    """CLOCK-1: 60 s + 5 s; 12 s taken leaves 53 s; a decision longer than the time left
    leaves 0 plus the increment, never less."""
    state = _clocked(2, TimeControl(initial=60, increment=5))
    seat = state.flow.turn.decider
    move = legal_moves(state, rules())[0]
    played = execute(state, move, rules(), took=12_000)
    first = played.events[0]
    assert isinstance(first, MovePlayed) and (first.took, first.left) == (12_000, 53_000)
    assert played.state.clock_left[seat] == 53_000
    assert clocks.left_after(state, seat, 90_000) == 5_000


def test_a_deadline_resets_and_no_clock_stores_nothing() -> None:
    state = _clocked(2, TimeControl(kind="deadline", initial=3600))
    first = execute(state, legal_moves(state, rules())[0], rules(), took=100).events[0]
    assert isinstance(first, MovePlayed) and first.left == 3_600_000
    plain = fold(start(make_config(2, "france", "long", 3), rules()))
    untimed = execute(plain, legal_moves(plain, rules())[0], rules(), took=100).events[0]
    assert isinstance(untimed, MovePlayed) and untimed.took is None and untimed.left is None


def _pending_contract(seed: int) -> State:
    """A clocked 3-player game played at random up to a work contract (R-WC-1) waiting for the
    owner's choice of clergyman (R-WC-2)."""
    rng = random.Random(seed)
    state = _clocked(3, TimeControl(initial=60, on_timeout="pass"), seed)
    for _ in range(400):
        moves = legal_moves(state, rules())
        contracts = [m for m in moves if isinstance(m, WorkContract)]
        state = execute(state, rng.choice(contracts or moves), rules(), took=1000).state
        if state.flow.turn.contract is not None:
            return state
    raise AssertionError("no work contract in 400 moves")


def test_pass_answers_a_work_contract_for_its_owner() -> None:
    """CLOCK-3 pass, R-WC-2 / R-WC-6: the owner cannot refuse; the default places a lay
    brother when one is free, else the prior."""
    state = _pending_contract(4)
    owner = state.flow.turn.decider
    assert owner != state.flow.turn.seat
    events = timeouts.expire(state, rules(), 61_000)
    assert events[0] == ClockExpired(seat=owner, took=61_000)
    answer = events[1]
    free = state.players[owner].free_clergy()
    assert isinstance(answer, MovePlayed) and answer.seat == owner
    assert answer.move == str(AnswerContract(prior=not any(i != 0 for i in free)))
    after = fold(events, state)
    assert after.flow.turn.contract is None and after.timed_out == (owner,)


def test_lose_ends_the_game_and_the_others_best_wins() -> None:
    """CLOCK-3 lose: R-END-1, the seat out of time is scored but does not win (R-SCORE-7
    among the others)."""
    state = _clocked(3, TimeControl(initial=10, on_timeout="lose"))
    seat = state.flow.turn.decider
    events = timeouts.expire(state, rules(), 10_000)
    ended = events[-1]
    assert isinstance(ended, GameEnded) and len(ended.scores) == 3
    assert seat not in ended.winners and ended.winners
    final = fold(events, state)
    assert final.finished and final.flow.turn.kind == "over"
    with pytest.raises(IllegalCommand) as over:
        execute(final, "COMMIT", rules())
    assert over.value.rule == "R-END-1"


def test_bot_takes_the_seat_and_a_bot_seat_never_runs_out() -> None:
    state = _clocked(2, TimeControl(initial=10, on_timeout="bot", bot="greedy"))
    seat = state.flow.turn.decider
    events = timeouts.expire(state, rules(), 20_000)
    assert events[1] == SeatReplaced(seat=seat, bot="greedy", reason="timeout")
    after = fold(events, state)
    assert after.players[seat].bot == "greedy"
    assert clocks.overdue(after, 10**9) is None  # CLOCK-2: a bot is never absent
    with pytest.raises(IllegalCommand) as running:
        timeouts.expire(after, rules(), 10**9)
    assert running.value.rule == "CLOCK-2"


def test_time_has_not_run_out_before_the_time_left() -> None:
    state = _clocked(2, TimeControl(initial=10))
    assert clocks.overdue(state, 9_999) is None
    assert clocks.overdue(state, 10_000) == state.flow.turn.decider


@pytest.mark.parametrize(("control", "field"), [
    (TimeControl(kind="hourglass"), "clock.kind"),
    (TimeControl(initial=0), "clock.initial"),
    (TimeControl(kind="deadline", initial=60, increment=5), "clock.increment"),
    (TimeControl(on_timeout="forfeit"), "clock.on_timeout"),
])
def test_a_bad_time_control_names_its_field(control: TimeControl, field: str) -> None:
    with pytest.raises(InvalidConfig) as bad:
        clocks.checked(control)
    assert bad.value.field == field
