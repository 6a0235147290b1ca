"""A seat's time running out (CLOCK-3 of ``ora_rules.clocks``): the events of the game's
policy, decided like a move and stored like one."""

from __future__ import annotations

from ora_core.errors import IllegalCommand
from ora_core.events import ClockExpired, FlowChanged, GameEnded, GameEvent, SeatReplaced
from ora_core.evolve import fold
from ora_core.state import Flow, State, Turn
from ora_rules.clocks import overdue
from ora_rules.decide import execute
from ora_rules.moves import legal_moves
from ora_rules.notation import AnswerContract, Command, Commit, CutPeat, FellTrees
from ora_rules.readings import under
from ora_rules.scoring import score, winners
from ora_rules.specs import Rules


def default_move(state: State, rules: Rules) -> Command:
    """The rules' default for the seat that decides (CLOCK-3, policy ``pass``): a work
    contract is answered with a lay brother when one is free, else the prior (R-WC-2, R-WC-6:
    the owner cannot refuse); a slot whose main action is done ends (COMMIT, R-ACT-1); else
    the main action that is always there, felling trees or cutting peat (R-ACT-3, R-FELL-5);
    else the first legal move."""
    moves = legal_moves(state, rules)
    if not moves:
        raise IllegalCommand("game_over", "R-END-1", "nobody is to decide")
    for wanted in (AnswerContract(prior=False), AnswerContract(prior=True), Commit()):
        if wanted in moves:
            return wanted
    return next((m for m in moves if isinstance(m, FellTrees | CutPeat)), moves[0])


def expire(state: State, rules: Rules, elapsed: int) -> list[GameEvent]:
    """CLOCK-3: the events of a seat's time running out ``elapsed`` ms into its decision.
    Raises :class:`IllegalCommand` (CLOCK-2) when no seat's time has run out."""
    seat = overdue(state, elapsed)
    control = state.config.clock
    if seat is None or control is None:
        raise IllegalCommand("clock_running", "CLOCK-2", "no seat's time has run out")
    events: list[GameEvent] = [ClockExpired(seat=seat, took=elapsed)]
    after = fold(events, state)
    if control.on_timeout == "bot":
        return [*events, SeatReplaced(seat=seat, bot=control.bot, reason="timeout")]
    if control.on_timeout == "pass":
        return [*events, *execute(after, default_move(after, rules), rules, seat=seat,
                                  took=0).events]
    flow = Flow(turn=Turn(kind="over", seat=0), final_phase=after.flow.final_phase)
    scores = score(fold([FlowChanged(flow=flow)], after), under(rules, state.config.readings))
    others = tuple(s for s in scores if s.seat != seat)
    return [*events, FlowChanged(flow=flow),
            GameEnded(scores=scores, winners=winners(others) if others else ())]
