"""A command in the making: events emitted so far and the state they lead to."""

from __future__ import annotations

from ora_core.events import FlowChanged, GameEvent
from ora_core.evolve import evolve
from ora_core.state import Flow, State, Turn
from ora_rules.readings import under
from ora_rules.specs import ModeSpec, Rules


class Draft:
    """Collects the events of one command, applying each at once so later checks see it.

    The flow (whose decision comes next) is kept aside in ``flow`` and emitted once, as the last
    event, by ``finish``.

    Each event makes a new ``state`` (``evolve``); ``start``, the state the command started
    from, never changes, so a refused command leaves it untouched.
    """

    def __init__(self, state: State, rules: Rules) -> None:
        self.start = state
        self.state = state
        self.rules = under(rules, state.config.readings)  # the game's readings' spec fields
        self.events: list[GameEvent] = []
        self.flow: Flow = state.flow

    @property
    def mode(self) -> ModeSpec:
        return self.rules.modes[self.state.config.mode]

    @property
    def turn(self) -> Turn:
        return self.flow.turn

    def emit(self, *events: GameEvent) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)

    def update_turn(self, turn: Turn) -> None:
        """The slot goes on with ``turn`` (``draft.turn.changed(...)``)."""
        self.flow = self.flow.with_turn(turn)

    def finish(self) -> list[GameEvent]:
        if _changed(self.flow, self.state.flow):
            self.emit(FlowChanged(flow=self.flow))
        return self.events


def _changed(new: Flow, old: Flow) -> bool:
    """``new != old``; the same flow object (most commands keep the queue) answers at once."""
    return new is not old and new != old
