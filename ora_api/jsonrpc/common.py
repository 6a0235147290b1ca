"""What the service and the method families share: the application errors with their stable
codes (docs/api.md), the docs of params' fields (``meta``) and the values both sides use."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from attrs import field, frozen

from ora_api.jsonrpc.rpc import ErrorSpec
from ora_core.store import TamperedLog

# --- application errors (stable codes; docs/api.md) -----------------------------------------------

VERSION_CONFLICT = ErrorSpec(
    -32001, "version_conflict", "Version conflict",
    "expected_version is not the game's version, or another writer stored that version first; "
    "nothing was stored. data.version is the game's version when known. Also a "
    "game.legal_moves cursor drawn at an earlier version (reason stale_cursor).")
ILLEGAL_MOVE = ErrorSpec(
    -32002, "illegal_move", "Illegal move",
    "the rules forbid the move now; data.reason is the engine's stable reason code "
    "(cannot_afford, space_occupied, ...), data.rule the rule id (R-...).")
INVALID_MOVE = ErrorSpec(
    -32003, "invalid_move", "Invalid move",
    "the text is not a command of the move notation (data.reason invalid_command) or is "
    "ambiguous (ambiguous_command).")
UNKNOWN_GAME = ErrorSpec(-32004, "unknown_game", "Unknown game", "no game has this id.")
NOT_YOUR_TURN = ErrorSpec(
    -32005, "not_your_turn", "Not your turn",
    "the token's seat is not the seat that decides now (data.rule R-ROUND-3).")
BAD_TOKEN = ErrorSpec(
    -32006, "bad_token", "Bad token",
    "the token is not a seat's token of this game (game.move, game.spectate_token), or a "
    "private game was read without one of its seats' or spectators' tokens (data.reason "
    "token_required when none was given).")
PUSH_UNAVAILABLE = ErrorSpec(
    -32007, "push_unavailable", "Push unavailable",
    "subscriptions need a transport that pushes messages: WebSocket (/ws) or stdio.")

STORE_UNAVAILABLE = ErrorSpec(
    -32021, "store_unavailable", "Store unavailable",
    "the server's store failed: nothing was stored; data.reason is disk_full, read_only or "
    "unreachable. The server recovers by itself when the store does: try again later.")
BAD_INVITE = ErrorSpec(
    -32020, "bad_invite", "Bad invitation",
    "game.join: no seat has this invitation (data.reason unknown_invite), or it was already "
    "used (invite_used).")

TAMPERED_LOG = ErrorSpec(
    -32030, "tampered_log", "Tampered log",
    "the game's stored events do not match their hash chain: the store was altered outside "
    "the server. data.version is the first bad version; nothing is read from or added to it.")
BAD_RECORD = ErrorSpec(
    -32031, "bad_record", "Bad record",
    "the text is not a game record (docs/records.md), or its replay contradicts its [Result], "
    "[Head] or checkpoints; data.line names the record's line (0: the whole record), "
    "data.version the first differing version when known.")

FORK_REFUSED = ErrorSpec(
    -32032, "fork_refused", "Fork refused",
    "game.fork: the position cannot become a new game; data.reason is out_of_range (no such "
    "move), game_over (the game had ended by then) or not_replayable (today's rules do not "
    "replay the source's moves: see game.verify of the source).")
BAD_ANNOTATION = ErrorSpec(
    -32033, "bad_annotation", "Bad annotation",
    "game.annotate: the move is not one of the game's (data.reason no_such_move) or the text "
    "is empty, too long or holds a line break or control character (bad_text).")

APP_ERRORS = (VERSION_CONFLICT, ILLEGAL_MOVE, INVALID_MOVE, UNKNOWN_GAME, NOT_YOUR_TURN,
              BAD_TOKEN, PUSH_UNAVAILABLE, BAD_INVITE, STORE_UNAVAILABLE, TAMPERED_LOG,
              BAD_RECORD, FORK_REFUSED, BAD_ANNOTATION)


# --- params' fields and shared values ------------------------------------------------------------


def meta(doc: str, **constraints: Any) -> dict[str, Any]:
    return {"doc": doc, **constraints}


GAME_ID = meta("the game's id (from game.create or game.list)")
#: The token a read of a game takes (every read of a private game needs one).
READ_TOKEN = meta("a seat's or a spectator's token of the game: needed to read a private game",
                  max_length=256)


@frozen(kw_only=True)
class EventView:
    """One stored event. ``hash`` = sha256(prev_hash + "\\n" + type + "\\n" + canonical JSON of
    data (sorted keys, compact)); the first event's prev_hash is 64 zeros."""

    version: int = field(metadata=meta("the event's place in the game's stream (from 1)"))
    type: str = field(metadata=meta("the event's stable tag (game_started, move_played, ...)"))
    data: dict[str, Any] = field(metadata=meta("the event's fields"))
    hash: str
    prev_hash: str


@frozen(kw_only=True)
class NoParams:
    pass


@frozen(kw_only=True)
class GameParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str | None = field(default=None, metadata=READ_TOKEN)


def tampered(game_id: UUID, error: TamperedLog) -> Exception:
    """The API error of a stream that fails its hash chain (never a traceback, never a move)."""
    return TAMPERED_LOG.error(f"game {game_id}: {error.message}", version=error.version)
