"""The record methods: ``game.export``, ``game.import`` and ``game.verify`` (docs/records.md).

They only call the rules floor (``ora_rules.records``) and the service: the format, the replay
through ``decide`` and the re-deciding of a stored game are rules knowledge (design §7b). A
private game is exported or verified only with one of its seats' or spectators' tokens, as it
is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal
from uuid import UUID, uuid4

import attrs
from attrs import field, frozen

from ora_api.games.projection import config_view, status_of
from ora_api.jsonrpc.common import (
    BAD_RECORD,
    BAD_TOKEN,
    GAME_ID,
    TAMPERED_LOG,
    UNKNOWN_GAME,
    meta,
    tampered,
)
from ora_api.jsonrpc.rpc import Registry, Session, invalid_params
from ora_api.methods.departures import DepartureView, departures_view, recorded_readings
from ora_api.service import GameService, log
from ora_api.table.hot import Hot
from ora_api.table.lobby import Access, SeatRow, Summary, Visibility, digest, new_secret
from ora_api.table.summaries import scores_of
from ora_core.errors import UnknownGame
from ora_core.events import GameEvent, MovePlayed
from ora_core.evolve import fold
from ora_core.store import TamperedLog
from ora_rules.records import Imported, RecordError, read_record, write_record
from ora_rules.records.audit import audit, with_lines
from ora_rules.records.ora_format import chain_of, head_tag
from ora_rules.records.verify import Difference, redecide

_TOKEN = meta("a seat's or a spectator's token of the game: needed for a private game",
              max_length=256)


def bad_record(error: RecordError) -> Exception:
    return BAD_RECORD.error(error.message, line=error.line, version=error.version)


def stored_events(svc: GameService, game_id: UUID, token: str | None) -> list[GameEvent]:
    """Every event of a stored game the token may read, its chain checked."""
    svc.current(game_id, token)  # unknown game, access, and the chain of the whole game
    try:
        return svc.store.fold(game_id, list)
    except UnknownGame:
        raise UNKNOWN_GAME.error(f"no game {game_id}") from None
    except TamperedLog as e:
        raise tampered(game_id, e) from None


def import_record(svc: GameService, text: str, source: str, readings: str | None,
                  visibility: Visibility) -> tuple[UUID | None, Imported, dict[int, str]]:
    """Read a record; store its game unless the import stopped (a game is only ever stored as
    legal moves). Returns the new game's id (None when stopped), the import and one token per
    seat that no bot plays (the importer holds them all, as a creator holds the seats it
    names)."""
    try:
        imported = read_record(text, svc.rules, source, readings)
    except RecordError as e:
        raise bad_record(e) from None
    if imported.stop is not None:
        return None, imported, {}
    events = list(imported.events)
    state = fold(events)
    game_id = uuid4()
    people = [p for p in state.players if not p.neutral]
    tokens = {p.seat: new_secret() for p in people if p.bot is None}
    rows = [SeatRow(p.seat, p.name, p.bot, token=digest(tokens[p.seat]) if p.seat in tokens
                    else None) for p in people]
    moves = sum(isinstance(e, MovePlayed) for e in events)
    summary = Summary(game_id=game_id, config=attrs.asdict(config_view(state)),
                      visibility=visibility, version=state.version, moves=moves,
                      status=status_of(state), open_seats=0, scores=scores_of(state))
    access = Access(visibility=visibility, spectators=frozenset(),
                    seats={digest(t): seat for seat, t in tokens.items()})
    svc.insert(game_id, events, summary, rows, Hot(state=state, access=access))
    log.info("imported game %s (%d moves)", game_id, moves)
    return game_id, imported, tokens


# --- params and results -------------------------------------------------------------------------


@frozen(kw_only=True)
class ExportParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str | None = field(default=None, metadata=_TOKEN)
    checkpoints: bool = field(default=True, metadata=meta(
        "end each move line with its #vN:HASH8 checkpoint (docs/records.md)"))


@frozen(kw_only=True)
class ExportResult:
    game_id: UUID
    version: int
    record: str = field(metadata=meta("the game's record in our format (docs/records.md)"))


@frozen(kw_only=True)
class ImportParams:
    record: str = field(metadata=meta("the record's text", max_length=1_000_000))
    source: str = field(default="ora", metadata=meta(
        "the record's format: ora (ours) or another engine's reader"))
    readings: str | None = field(default=None, metadata=meta(
        "the named readings of the ambiguities to import with; the format's own when omitted"))
    as_recorded: bool = field(default=False, metadata=meta(
        "import under the source engine's profile (specs/readings.toml [sources]), so the "
        "whole record replays; the result lists the departures it relied on"))
    visibility: Literal["public", "private"] = field(default="private", metadata=meta(
        "who may read the stored game, as for game.create"))


@frozen(kw_only=True)
class ImportedSeat:
    seat: int
    colour: str
    name: str | None = field(metadata=meta("the player's name from the record, if any"))
    bot: str | None = field(metadata=meta("the bot that plays the seat, else null"))
    token: str | None = field(metadata=meta(
        "the seat's secret (every seat no bot plays): needed for game.move and for reading "
        "a private game; shown once"))


@frozen(kw_only=True)
class ImportNoteView:
    line: int
    move: int = field(metadata=meta("our number of the line's first move (as move_number)"))
    source: str
    action: str = field(metadata=meta("inserted, merged, rewritten or dropped"))
    commands: list[str]
    why: str


@frozen(kw_only=True)
class ImportStopView:
    """The first move that cannot be played: nothing is stored."""

    move_number: int = field(metadata=meta(
        "our 1-based number of the move (the moves played before it + 1, as game.audit and "
        "game.log count); the record's lines count otherwise"))
    line: int = field(metadata=meta("the record's 1-based line"))
    source: str
    command: str = field(metadata=meta("our command it became (\"\" if none)"))
    reason: str = field(metadata=meta("the engine's reason code (or invalid_command)"))
    rule: str | None
    detail: str
    reading: str | None = field(metadata=meta("a named reading that would make it legal"))
    option: str | None = field(default=None, metadata=meta(
        "the one option (group=label) that would allow this move, if any"))


@frozen(kw_only=True)
class ImportResult:
    game_id: UUID | None = field(metadata=meta("the stored game; null when the import stopped"))
    version: int = field(metadata=meta("the events the record's legal moves give"))
    moves: int = field(metadata=meta("the moves played"))
    seats: list[ImportedSeat] = field(metadata=meta("the stored game's seats (empty when "
                                                    "the import stopped)"))
    notes: list[ImportNoteView]
    stop: ImportStopView | None
    profile: str = field(default="rulebook", metadata=meta("the stored game's profile"))
    departures: list[DepartureView] = field(factory=list, metadata=meta(
        "the moves that relied on an option of the profile (as game.audit)"))


@frozen(kw_only=True)
class VerifyParams:
    game_id: UUID | None = field(default=None, metadata=meta("a stored game to verify"))
    token: str | None = field(default=None, metadata=_TOKEN)
    record: str | None = field(default=None, metadata=meta(
        "or a record's text (docs/records.md) to verify", max_length=1_000_000))


@frozen(kw_only=True)
class DifferenceView:
    """The first place where the stored events and today's rules part."""

    version: int
    move_number: int = field(metadata=meta("1-based move number (0: the set-up)"))
    move: str
    reason: str = field(metadata=meta(
        "the engine's reason code of a refusal, or setup_differs, events_differ, "
        "events_missing, events_extra"))
    rule: str | None
    detail: str
    line: int | None = field(default=None, metadata=meta(
        "the record's line, when a record is verified (else null)"))


@frozen(kw_only=True)
class VerifyResult:
    ok: bool = field(metadata=meta("the chain holds and today's rules give the same events"))
    version: int
    moves: int
    head: str = field(metadata=meta("sha256:<hash of the last event>"))
    difference: DifferenceView | None


# --- the methods --------------------------------------------------------------------------------

METHODS = Registry()
#: game.import and game.verify replay a whole game (about 0.1 s of CPU; an import also
#: stores one): each counts as 25 requests of a batch's work, so a batch runs at most four.
RECORD_COST = 25


@METHODS.method("game.export", params=ExportParams, result=ExportResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN, TAMPERED_LOG, BAD_RECORD),
                summary="The game's record (docs/records.md).")
def game_export(svc: GameService, session: Session, p: ExportParams) -> ExportResult:
    """Importing the record gives the same events byte for byte; a take-back's request and
    answers are lines of their own (!undo, !accept, !refuse). Only a seat taken between a
    take-back line and the next move cannot be written (bad_record, line 0)."""
    events = stored_events(svc, p.game_id, p.token)
    try:
        record = write_record(events, checkpoints=p.checkpoints, rules=svc.rules)
    except RecordError as e:
        raise bad_record(e) from None
    return ExportResult(game_id=p.game_id, version=len(events), record=record)


@METHODS.method("game.import", params=ImportParams, result=ImportResult, errors=(BAD_RECORD,),
                cost=RECORD_COST,
                summary="Store a game from a record, or say which move cannot be played.")
def game_import(svc: GameService, session: Session, p: ImportParams) -> ImportResult:
    """Every move is replayed through the rules. At the first move that cannot be played the
    import stops: nothing is stored, ``stop`` says which move and why. Otherwise the game is
    stored and each seat no bot plays gets a token (shown only here). A record that is not
    one, or whose replay contradicts its [Result], [Head] or checkpoints, is a bad_record
    error; so is an unknown ``source``."""
    readings = p.readings
    if p.as_recorded:
        if readings is not None:
            raise invalid_params("give readings or as_recorded, not both", "as_recorded",
                                 reason="invalid_params")
        readings = recorded_readings(svc.rules, p.source, True)
    game_id, imported, tokens = import_record(svc, p.record, p.source, readings,
                                              p.visibility)
    stop = imported.stop
    seats = []
    found = with_lines(audit(imported.events, svc.rules), imported.lines) \
        if game_id is not None else None
    if game_id is not None:
        state = fold(imported.events)
        seats = [ImportedSeat(seat=pl.seat, colour=pl.colour, name=pl.name, bot=pl.bot,
                              token=tokens.get(pl.seat))
                 for pl in state.players if not pl.neutral]
    return ImportResult(
        game_id=game_id, version=len(imported.events), moves=len(imported.commands),
        seats=seats,
        notes=[ImportNoteView(line=n.line, move=n.move, source=n.source, action=n.action,
                              commands=list(n.commands), why=n.why) for n in imported.notes],
        stop=None if stop is None else ImportStopView(
            move_number=stop.move_number, line=stop.line, source=stop.source,
            command=stop.command, reason=stop.reason, rule=stop.rule, detail=stop.detail,
            reading=stop.reading, option=stop.option),
        profile=found.profile if found else "rulebook",
        departures=departures_view(found) if found else [])


@METHODS.method("game.verify", params=VerifyParams, result=VerifyResult,
                errors=(UNKNOWN_GAME, BAD_TOKEN, TAMPERED_LOG, BAD_RECORD), cost=RECORD_COST,
                summary="Check a game's hash chain and re-decide every move with today's rules.")
def game_verify(svc: GameService, session: Session, p: VerifyParams) -> VerifyResult:
    """Give ``game_id`` (a stored game) or ``record`` (a record's text). A stored game whose
    chain fails is a tampered_log error naming the version; a record that does not replay as
    it says is a bad_record error. Otherwise ``difference`` is the first move whose events
    today's rules no longer give (null when ok)."""
    if (p.game_id is None) == (p.record is None):
        raise invalid_params("give game_id or record, one of them", "game_id",
                             reason="invalid_params")
    difference: Difference | None
    if p.record is not None:
        try:
            imported = read_record(p.record, svc.rules)
        except RecordError as e:
            raise bad_record(e) from None
        events = list(imported.events)
        difference = None
        if imported.stop is not None:
            s = imported.stop
            difference = Difference(len(events) + 1, s.move_number, s.command or s.source,
                                    s.reason, s.rule, s.detail, s.line)
    else:
        assert p.game_id is not None
        events = stored_events(svc, p.game_id, p.token)
        difference = redecide(events, svc.rules)
    return verify_result(events, difference)


def verify_result(events: Sequence[GameEvent], difference: Difference | None) -> VerifyResult:
    return VerifyResult(
        ok=difference is None, version=len(events),
        moves=sum(isinstance(e, MovePlayed) for e in events),
        head=head_tag(chain_of(events)[-1]) if events else "",
        difference=None if difference is None else DifferenceView(
            version=difference.version, move_number=difference.move_number,
            move=difference.move, reason=difference.reason, rule=difference.rule,
            detail=difference.detail, line=difference.line))
