"""``game.annotate``: a comment on a move (docs/api.md "Annotations", docs/records.md
"Annotations"). What an annotation may be is ``ora_rules.annotations``'; here the seat's token
is checked and the event is stored, pushed to subscribers and counted like a move's events."""

from __future__ import annotations

from uuid import UUID

from attrs import field, frozen

from ora_api.jsonrpc.rpc import Registry, Session
from ora_api.methods.common import (
    BAD_ANNOTATION,
    BAD_TOKEN,
    GAME_ID,
    UNKNOWN_GAME,
    VERSION_CONFLICT,
    meta,
)
from ora_api.service import GameService
from ora_api.table.table_events import store_events
from ora_rules.annotations import MAX_TEXT, BadAnnotation, annotate


@frozen(kw_only=True)
class AnnotateParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=meta("a seat's token of the game (its players annotate it)",
                                     max_length=256))
    text: str = field(metadata=meta(f"the comment: one line of 1 to {MAX_TEXT} characters",
                                    max_length=4 * MAX_TEXT))
    move: int | None = field(default=None, metadata=meta(
        "the move it comments on (0: the game before its first move); the last move played "
        "when omitted", minimum=0))


@frozen(kw_only=True)
class AnnotateResult:
    version: int = field(metadata=meta("the game's version after the annotation"))
    move: int = field(metadata=meta("the move it comments on"))
    text: str = field(metadata=meta("the comment as stored (its ends' blanks trimmed)"))


METHODS = Registry()


@METHODS.method("game.annotate", params=AnnotateParams, result=AnnotateResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN, BAD_ANNOTATION, VERSION_CONFLICT),
                summary="A comment on a move, kept in the game's stream and its record.")
def game_annotate(svc: GameService, session: Session, p: AnnotateParams) -> AnnotateResult:
    """Any seat's player may annotate any move played, during the game or after it. The
    annotation is an event of its own (move_annotated) that changes no rules state: game.log,
    game.export and subscriptions carry it; game.verify leaves it out."""
    return store_annotation(svc, p.game_id, p.move, p.text, p.token)


def store_annotation(svc: GameService, game_id: UUID, move: int | None, text: str,
                     token: str | None) -> AnnotateResult:
    """Append the annotation; ``token`` must be a seat's, None only for the operator's own
    command line (``ora annotate``, which reads and writes the local store directly)."""
    with svc._game_lock(game_id):
        hot = svc._entry(game_id)
        if token is not None and svc._seat_of(game_id, hot, token) is None:
            raise BAD_TOKEN.error("the token is not a seat's token of this game")
        stream = [s.event for s in svc.store.events(game_id)]
        try:
            note = annotate(stream, move, text)
        except BadAnnotation as e:
            raise BAD_ANNOTATION.error(e.message, reason=e.reason) from None
        store_events(svc, game_id, hot, [note])
        return AnnotateResult(version=hot.state.version, move=note.move, text=note.text)
