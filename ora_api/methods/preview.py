"""``game.preview``: what a move would change, in words, before it is sent (the web client's
confirmation, issue 23).

The move is decided on the current state exactly as ``game.move`` decides it, nothing is
stored, and the difference between the state now and the state after it is put in the words of
``game.diff`` (``ora_rules.views.diff``). A move that ``game.move`` would refuse is refused
here with the same error.
"""

from __future__ import annotations

from uuid import UUID

from attrs import field, frozen

from ora_api.jsonrpc.common import (
    BAD_TOKEN,
    GAME_ID,
    ILLEGAL_MOVE,
    INVALID_MOVE,
    NOT_YOUR_TURN,
    UNKNOWN_GAME,
    VERSION_CONFLICT,
    meta,
)
from ora_api.jsonrpc.rpc import Registry, Session
from ora_api.service import GameService
from ora_core.errors import AmbiguousCommand, IllegalCommand, InvalidCommand
from ora_rules.decide import execute
from ora_rules.views.diff import diff
from ora_rules.views.i18n import Locale

METHODS = Registry()


@frozen(kw_only=True)
class PreviewParams:
    game_id: UUID = field(metadata=GAME_ID)
    move: str = field(metadata=meta("one command of the move notation, e.g. \"USE LR2 Gn\"",
                                    max_length=4096))
    expected_version: int | None = field(default=None, metadata=meta(
        "refuse (version_conflict) unless the game is at this version", minimum=0))
    token: str | None = field(default=None, metadata=meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))
    locale: Locale = field(default="en", metadata=meta("the language of the sentences"))


@frozen(kw_only=True)
class PreviewResult:
    version: int = field(metadata=meta("the game's version the move was decided at"))
    move: str
    text: list[str] = field(metadata=meta(
        "what would change, one sentence per change (game.diff's words): the game's fields, "
        "then each seat's goods, spaces, clergy, settlements and score"))


@METHODS.method("game.preview", params=PreviewParams, result=PreviewResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN, VERSION_CONFLICT, NOT_YOUR_TURN, ILLEGAL_MOVE,
                        INVALID_MOVE),
                summary="What a move would change, in words, without playing it.")
def game_preview(svc: GameService, session: Session, p: PreviewParams) -> PreviewResult:
    """Decided for the seat that decides now, as game.move would; nothing is stored."""
    state = svc.current(p.game_id, p.token)
    if p.expected_version is not None and p.expected_version != state.version:
        raise VERSION_CONFLICT.error(
            f"the game is at version {state.version}, not {p.expected_version}",
            version=state.version)
    try:
        executed = execute(state, p.move, svc.rules)
    except IllegalCommand as e:
        spec = NOT_YOUR_TURN if e.reason == "not_your_turn" else ILLEGAL_MOVE
        extra = {"building": e.building} if e.building else {}
        raise spec.error(e.detail, reason=e.reason, rule=e.rule, **extra) from None
    except (InvalidCommand, AmbiguousCommand) as e:
        raise INVALID_MOVE.error(e.message, reason=e.code) from None
    return PreviewResult(version=state.version, move=p.move,
                         text=diff(state, executed.state, svc.rules, p.locale).text)
