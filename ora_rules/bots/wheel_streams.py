"""Solo, the production wheel's indicators as streams of goods (docs/bots.md, "Twenty-ninth
pass").

In the solo game an indicator at the wheel's last space leaves play at the next rotation
(R-WHEEL-5, R-SOLO-6), and with it every good that building would have taken from it for the
rest of the game. Every indicator starts at 0 (R-SOLO-2), so all of them reach the last space
in round 12 unless taken before. The planner valued a move by the position it leads to and saw
no loss in letting one go: its games lost the grain indicator in round 13 in seven of eight
(the people's 519-point game lost its first in round 22). So each indicator still in play is
worth a stream of :data:`WHEEL_STREAM` points for each round left, and one at the last space
counts as lost already: taking from it (which sets it back to 0, R-WHEEL-6) keeps the stream.
At a table an indicator stays at the last space and nothing is lost, so the term counts only
where the wheel removes them.
"""

from __future__ import annotations

from ora_core.state import State
from ora_rules.specs import Rules

#: Points an indicator in play is worth for each round left (tuning: docs/bots.md).
WHEEL_STREAM = 0.5


def wheel_value(state: State, rules: Rules) -> float:
    """The worth of the wheel's indicators still in play and not at the last space, solo."""
    wheel = state.wheel
    last_round = rules.modes[state.config.mode].last_round
    if not wheel.removes_at_end or last_round is None:
        return 0.0
    last_space = len(wheel.values) - 1
    kept = 0
    for space in wheel.positions.values():
        if space < last_space:
            kept += 1
    return WHEEL_STREAM * (last_round - state.round) * kept
