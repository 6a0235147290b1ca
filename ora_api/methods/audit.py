"""``game.audit``: every move of a game that relied on an option of its profile (docs/records.md
"The audit"). Only calls the rules floor (``ora_rules.records.audit``); the import's result
carries the same list (``departures_view``). Its own family (``METHODS``), joined in
``ora_api.api``."""

from __future__ import annotations

from typing import TYPE_CHECKING
from uuid import UUID

from attrs import field, frozen

from ora_api.jsonrpc.common import BAD_RECORD, BAD_TOKEN, TAMPERED_LOG, UNKNOWN_GAME, meta
from ora_api.jsonrpc.rpc import Registry, Session, invalid_params
from ora_api.methods.departures import DepartureView, departures_view, recorded_readings
from ora_api.methods.records import bad_record, stored_events
from ora_core.events import GameEvent
from ora_rules.records import RecordError, read_record
from ora_rules.records.audit import Audit, audit, with_lines
from ora_rules.records.importing import position

if TYPE_CHECKING:
    from ora_api.service import GameService

_TOKEN = meta("a seat's or a spectator's token of the game: needed for a private game",
              max_length=256)


@frozen(kw_only=True)
class AuditParams:
    game_id: UUID | None = field(default=None, metadata=meta("a stored game to audit"))
    token: str | None = field(default=None, metadata=_TOKEN)
    record: str | None = field(default=None, metadata=meta(
        "or a record's text, imported first (nothing is stored)", max_length=1_000_000))
    source: str = field(default="ora", metadata=meta(
        "the record's format: ora (ours) or another engine's reader"))
    as_recorded: bool = field(default=False, metadata=meta(
        "read the record under its source engine's profile (specs/readings.toml [sources])"))


@frozen(kw_only=True)
class AuditResult:
    profile: str = field(metadata=meta("the game's profile, or its options"))
    moves: int
    departures: list[DepartureView]
    stop: str | None = field(default=None, metadata=meta(
        "for a record that stops: where and why (its moves before are audited)"))


METHODS = Registry()


@METHODS.method("game.audit", params=AuditParams, result=AuditResult,
            errors=(UNKNOWN_GAME, BAD_TOKEN, TAMPERED_LOG, BAD_RECORD),
            summary="Every move where the game relied on an option of its profile.")
def game_audit(svc: GameService, session: Session, p: AuditParams) -> AuditResult:
    """Give ``game_id`` (a stored game) or ``record`` (a record's text). Each move is
    re-decided from its position under the rulebook and, where that differs, with each of
    the profile's options set back in turn: those it relied on are listed."""
    if (p.game_id is None) == (p.record is None):
        raise invalid_params("give game_id or record, one of them", "game_id",
                             reason="invalid_params")
    stop = None
    events: list[GameEvent]
    lines: tuple[int, ...] = ()
    if p.record is not None:
        try:
            imported = read_record(p.record, svc.rules, p.source,
                                   recorded_readings(svc.rules, p.source, p.as_recorded))
        except RecordError as e:
            raise bad_record(e) from None
        events, lines = list(imported.events), imported.lines
        if imported.stop is not None:
            s = imported.stop
            stop = f"{position(s.line, s.move_number)} {s.source!r}: {s.reason} ({s.rule})"
    else:
        assert p.game_id is not None
        events = stored_events(svc, p.game_id, p.token)
    found: Audit = with_lines(audit(events, svc.rules), lines)
    return AuditResult(profile=found.profile, moves=found.moves,
                       departures=departures_view(found), stop=stop)
