"""``Game``: a game in memory, the pure path for bots, tests and benchmarks (no store)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ora_core.events import GameEvent
from ora_core.evolve import fold
from ora_core.state import Score, State
from ora_rules.bots import Bot
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet, legal_moves
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

    def play_bots(self, bots: Sequence[Bot], *, seed: int = 0, max_rounds: int | None = None,
                  max_commands: int = 20_000) -> bool:
        """Let ``bots`` (one per seat, or one for all) play on until the game ends; ``True`` if
        it did. A two-player game has no fixed length (R-END-2): it ends only once the players
        have built the display down, so bots that rarely build can play it for hundreds of
        rounds. ``max_rounds`` stops after that round (a turn, in the two-player game) and
        ``max_commands`` after that many commands, leaving the game unfinished."""
        rng = random.Random(seed)
        for _ in range(max_commands):
            if self.finished or (max_rounds is not None and self.state.round > max_rounds):
                break
            bot = bots[self.state.flow.turn.decider % len(bots)]
            self.play(bot(self.state, MoveSet(self.state, self.rules), rng))
        return self.finished

    def legal_moves(self) -> list[Command]:
        return legal_moves(self.state, self.rules)

    def scores(self) -> tuple[Score, ...]:
        return self.state.scores or score(self.state, self.rules)

    @property
    def finished(self) -> bool:
        return self.state.finished
