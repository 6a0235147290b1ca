"""``game.fork``: a new game from a stored game's position after a move, or before a round's
first move (docs/records.md "Forks"). The fork itself is rules knowledge (``ora_rules.fork``);
its seats are filled as ``game.create`` fills them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal
from uuid import UUID

from attrs import field, frozen

from ora_api.jsonrpc.rpc import Registry, Session, invalid_params
from ora_api.methods.common import (
    BAD_TOKEN,
    FORK_REFUSED,
    TAMPERED_LOG,
    UNKNOWN_GAME,
    meta,
)
from ora_api.methods.lobby import SeatGrant, SeatParams, seat_plans
from ora_api.methods.records import stored_events
from ora_api.service import GameService
from ora_api.table.lobby import Visibility
from ora_api.table.seating import SeatPlan
from ora_core.events import GameEvent, MovePlayed
from ora_core.evolve import fold
from ora_rules.fork import ForkRefused, fork_events, round_start


@frozen(kw_only=True)
class ForkParams:
    game_id: UUID = field(metadata=meta("the source game"))
    move: int | None = field(default=None, metadata=meta(
        "the fork starts from the position after this move (0: the set-up; as game.state's "
        "move); give move or round, one of them", minimum=0))
    round: int | None = field(default=None, metadata=meta(
        "or from the position before this round's first move (its wheel turned, its clergy "
        "back: R-ROUND-2); source.move says which move that is", minimum=1))
    token: str | None = field(default=None, metadata=meta(
        "a seat's or a spectator's token of the source: needed for a private source",
        max_length=256))
    seats: list[SeatParams] | None = field(default=None, metadata=meta(
        "the fork's seats, as game.create's: one entry per seat; by default the creator takes "
        "seat 0 and the other seats are open"))
    name: str | None = field(default=None, metadata=meta(
        "the creator's name when seats is omitted (default \"Player 1\")", max_length=40))
    visibility: Literal["public", "private"] = field(default="private", metadata=meta(
        "who may read the fork, as for game.create"))


@frozen(kw_only=True)
class ForkSource:
    game_id: str = field(metadata=meta("the source game's id"))
    move: int = field(metadata=meta("the move after which the fork branched off"))
    head: str = field(metadata=meta("sha256:<hash of the source's last event at that move>"))


@frozen(kw_only=True)
class ForkResult:
    game_id: UUID = field(metadata=meta("the new game"))
    version: int
    moves: int = field(metadata=meta("the moves replayed to reach the position"))
    visibility: Visibility
    source: ForkSource
    seats: list[SeatGrant]


METHODS = Registry()
#: A fork replays the position's moves (like an import): 25 requests of a batch's work.
FORK_COST = 25


@METHODS.method("game.fork", params=ForkParams, result=ForkResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN, TAMPERED_LOG, FORK_REFUSED), cost=FORK_COST,
                summary="A new game from a stored game's position after a move, or before a "
                "round (what if?).")
def game_fork(svc: GameService, session: Session, p: ForkParams) -> ForkResult:
    """Give ``move`` or ``round``. The fork's first event carries its source (config.fork:
    game, move, head); its first moves are the commands that made the position, replayed
    through the rules, so game.verify and game.export work on it as on any game. It has no
    clock; its seats are filled as game.create's (tokens, invitations, bots) and are joined
    the same way."""
    if (p.move is None) == (p.round is None):
        raise invalid_params("give move or round, one of them", "move")
    events = stored_events(svc, p.game_id, p.token)
    move = p.move
    if move is None:
        assert p.round is not None
        try:
            move = round_start(events, p.round)
        except ForkRefused as e:
            raise FORK_REFUSED.error(e.message, reason=e.reason) from None
    plans = seat_plans(svc, p.seats, p.name, _people(events))
    return fork_game(svc, p.game_id, events, move, plans, p.visibility)


def _people(events: Sequence[GameEvent]) -> int:
    """The seats a person or a bot plays (the solo game's neutral player is nobody's)."""
    return sum(not player.neutral for player in fold(events[:1]).players)


def fork_game(svc: GameService, source: UUID, events: Sequence[GameEvent], move: int,
              plans: Sequence[SeatPlan] | None, visibility: Visibility,
              then: Callable[[list[GameEvent]], list[GameEvent]] | None = None) -> ForkResult:
    """Store the fork of ``source`` (its ``events``, read with the caller's right to) after
    ``move``, with its seats filled as ``plans`` say; ``then`` plays on before it is stored."""
    try:
        forked = fork_events(str(source), events, move, svc.rules)
    except ForkRefused as e:
        raise FORK_REFUSED.error(e.message, reason=e.reason) from None
    created = svc.open_game(forked, plans, visibility, then)
    state = created.state
    provenance = state.config.fork
    assert provenance is not None
    return ForkResult(
        game_id=created.game_id, version=state.version,
        moves=sum(type(e) is MovePlayed for e in forked), visibility=created.visibility,
        source=ForkSource(game_id=provenance.game, move=provenance.move, head=provenance.head),
        seats=[SeatGrant(seat=pl.seat, colour=pl.colour, name=pl.name, bot=pl.bot,
                         token=created.tokens.get(pl.seat), invite=created.invites.get(pl.seat))
               for pl in state.players if not pl.neutral])
