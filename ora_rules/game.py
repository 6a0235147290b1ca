"""``Game``: a game in memory, the pure path for bots, tests and benchmarks (no store)."""

from __future__ import annotations

from collections.abc import Sequence

from ora_core.events import GameEvent
from ora_core.evolve import fold
from ora_core.state import Score, State
from ora_rules.decide import execute, start
from ora_rules.moves import legal_moves
from ora_rules.notation import Command
from ora_rules.readings import ReadingsChoice, resolve
from ora_rules.scoring import score
from ora_rules.setup import make_config
from ora_rules.specs import Rules


class Game:
    """A game and its events; ``play`` appends the events of one command."""

    def __init__(self, rules: Rules, events: Sequence[GameEvent]) -> None:
        self.rules = rules
        self.events: list[GameEvent] = list(events)
        self.state: State = fold(self.events)
        self.moves: list[str] = []

    @classmethod
    def new(cls, rules: Rules, players: int, variant: str = "france", length: str = "long",
            seed: int = 0, readings: ReadingsChoice = None, *, liesborn: bool = False,
            wonder_tiles: str | None = None) -> Game:
        """``readings``: a set name of ``specs/readings.toml`` (``"kennerspiel"``) or
        per-ambiguity overrides; the rulebook readings by default. ``liesborn``: with the
        wonders mini expansion and its tile set (R-LIES-1, AMB-28)."""
        config = make_config(players, variant, length, seed,
                             readings=resolve(rules, readings), liesborn=liesborn,
                             wonder_tiles=wonder_tiles)
        return cls(rules, start(config, rules))

    def play(self, command: Command | str, *, seat: int | None = None) -> list[GameEvent]:
        executed = execute(self.state, command, self.rules, seat=seat)
        events = executed.events
        self.state = executed.state
        self.events.extend(events)
        self.moves.append(str(events[0].move))  # type: ignore[union-attr]
        return events

    def legal_moves(self) -> list[Command]:
        return legal_moves(self.state, self.rules)

    def scores(self) -> tuple[Score, ...]:
        return self.state.scores or score(self.state, self.rules)

    @property
    def finished(self) -> bool:
        return self.state.finished
