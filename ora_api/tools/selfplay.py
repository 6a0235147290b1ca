"""Self-play: complete games between bots, with or without a store (``ora selfplay``)."""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from attrs import frozen

from ora_core.events import GameEvent, MovePlayed
from ora_core.evolve import fold
from ora_core.parts import Score
from ora_rules.bots import Bot, random_bot
from ora_rules.decide import execute, start
from ora_rules.moves import MoveSet
from ora_rules.scoring import score
from ora_rules.setup import make_config
from ora_rules.specs import Rules

if TYPE_CHECKING:  # the store (and eventsourcing) is imported only when a game is stored
    from ora_core.store import EventStore

#: A safety limit for automated play of the open-ended two-player games (not a rule, R-SCHED-4).
MAX_COMMANDS = 20_000


@frozen
class SelfPlayResult:
    game_id: str
    players: int
    variant: str
    length: str
    seed: int
    finished: bool
    rounds: int
    settlement_phases: tuple[str, ...]
    moves: tuple[str, ...]
    events: int
    scores: tuple[dict[str, Any], ...]
    winners: tuple[int, ...]
    buildings_built: tuple[str, ...]
    buildings_used: tuple[str, ...]
    liesborn: bool = False
    wonder_tiles: str = ""
    #: Each scored seat's total in the last position: the final scores when ``finished``,
    #: else the provisional ones (what an adjudication of a stopped game goes by).
    totals: tuple[int, ...] = ()
    #: The same scores in full (goods, buildings, each settlement: R-SCORE-1), for a bot's
    #: author asking where its points come from (``ora arena``); not in :meth:`to_json`.
    breakdown: tuple[Score, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "config": {"players": self.players, "variant": self.variant, "length": self.length,
                       **({"liesborn": True, "wonder_tiles": self.wonder_tiles}
                          if self.liesborn else {})},
            "seed": self.seed,
            "finished": self.finished,
            "rounds": self.rounds,
            "settlement_phases": list(self.settlement_phases),
            "moves": list(self.moves),
            "events": self.events,
            "scores": [dict(s) for s in self.scores],  # Liesborn: with each wonder tile
            "winners": list(self.winners),
            "buildings_built": list(self.buildings_built),
            "buildings_used": list(self.buildings_used),
        }


def play_game(rules: Rules, players: int, variant: str, length: str, seed: int,
              bots: list[Bot] | None = None, store: EventStore[GameEvent] | None = None, *,
              liesborn: bool = False, wonder_tiles: str | None = None,
              max_rounds: int | None = None,
              on_move: Callable[[int, float], None] | None = None) -> SelfPlayResult:
    """Play one complete game; every command goes through ``decide`` (and the store, if any).

    ``max_rounds`` stops the game once that many rounds (turns, in the two-player games) are
    complete, unfinished; ``MAX_COMMANDS`` stops any game that runs that long. ``on_move``
    hears each bot decision's seat and its seconds, move generation included."""
    config = make_config(players, variant, length, seed, liesborn=liesborn,
                         wonder_tiles=wonder_tiles)
    game_id = uuid.UUID(int=random.Random(seed).getrandbits(128), version=4)
    if store is not None:
        game_id = uuid.uuid4()
    events: list[GameEvent] = start(config, rules)
    state = fold(events)
    if store is not None:
        store.append(game_id, 0, events)
    rng = random.Random(seed)
    chosen = bots or [random_bot]
    moves: list[str] = []
    while (not state.finished and len(moves) < MAX_COMMANDS
           and (max_rounds is None or state.round <= max_rounds)):
        began = time.perf_counter()
        options = MoveSet(state, rules)  # enumerated as far as the bot asks
        seat = state.flow.turn.decider
        command = chosen[seat % len(chosen)](state, options, rng)
        if on_move is not None:
            on_move(seat, time.perf_counter() - began)
        executed = execute(state, command, rules)
        new = executed.events
        if store is not None:
            store.append(game_id, state.version, new)
        state = executed.state
        events.extend(new)
        moves.append(new[0].move if isinstance(new[0], MovePlayed) else "?")
    scores = state.scores or ()
    last = scores or score(state, rules)
    built = tuple(sorted(b for b in state.built if not b.startswith("L")))
    return SelfPlayResult(
        game_id=str(game_id), players=players, variant=variant, length=length, seed=seed,
        finished=state.finished, rounds=state.round,
        settlement_phases=tuple(s.value for s in state.settlement_phases), moves=tuple(moves),
        events=len(events),
        scores=tuple({"seat": s.seat, "goods": s.goods, "economic": s.economic,
                      "settlements": sum(s.settlements), "total": s.total,
                      **({"wonders": [{"tile": w.tile, "dark": w.dark, "points": w.points,
                                       "count": w.count} for w in s.wonders]}
                         if config.liesborn else {})} for s in scores),
        winners=_winners(events), buildings_built=built,
        buildings_used=tuple(sorted(_spec_id(b) for b in state.used)),
        liesborn=config.liesborn, wonder_tiles=config.wonder_tiles,
        totals=tuple(s.total for s in last), breakdown=last,
    )


def _winners(events: list[GameEvent]) -> tuple[int, ...]:
    last = events[-1]
    return tuple(getattr(last, "winners", ()))


def _spec_id(building: str) -> str:
    return f"L0{building[2]}" if building.startswith("L") else building


def open_store(url: str) -> EventStore[GameEvent]:
    from ora_core.codec import EventJsonCodec
    from ora_core.store import EventStore

    return EventStore(EventJsonCodec(), url)
