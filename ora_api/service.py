"""The game service and the JSON-RPC methods of the API (design §7: the API is thin).

``GameService`` joins the event store, the rules and the seats' tokens: commands go to
``ora_rules.decide`` and the store, reads come from the folded state (``ora_api.projection``).
No rule lives here: who may move, what a move does and what is legal are asked of the engine.

Hot games' states stay in memory (an LRU of folded states): a game is folded once on first
access, and each move takes the state its command led to (``execute``), no second fold.

Access: seats, invitations, spectators and visibility live in ``ora_api.lobby`` (tables beside
the events); the lobby's methods (``game.create``, ``game.join``, ``game.spectate_token``,
``game.list``) are in ``ora_api.lobby_api``. A private game is read only with one of its tokens.
Tokens never enter events, projections or logs.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import logging
import os
import secrets
import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import attrs
import cattrs
import orjson
from attrs import define, field, frozen

from ora_api import openrpc
from ora_api.bot_seats import BotRunner
from ora_api.follower import Follower
from ora_api.lobby import (
    Access,
    InviteRefused,
    Lobby,
    SeatRow,
    Summary,
    Visibility,
    digest,
    new_secret,
)
from ora_api.projection import (
    StateView,
    config_view,
    project,
    score_views,
    status_of,
)
from ora_api.retries import Requests
from ora_api.rpc import (
    MAX_REPLY_BYTES,
    ErrorSpec,
    Registry,
    RpcError,
    Session,
    invalid_params,
    reply_room,
)
from ora_api.storehealth import DETAILS, StoreHealth
from ora_core.codec import EventJsonCodec
from ora_core.errors import (
    AmbiguousCommand,
    IllegalCommand,
    InvalidCommand,
    InvalidConfig,
    UnknownGame,
    VersionConflict,
)
from ora_core.events import GameEvent, MovePlayed, SeatTaken
from ora_core.evolve import fold
from ora_core.state import State
from ora_core.store import (
    EventStore,
    StoredEvent,
    StoreUnavailable,
    TamperedLog,
    storage_failure,
    verify_chain,
)
from ora_rules.complete import complete_from
from ora_rules.decide import execute, start
from ora_rules.moves import legal_moves
from ora_rules.readings import ReadingsChoice
from ora_rules.readings import resolve as resolve_readings
from ora_rules.scoring import score, winners
from ora_rules.setup import make_config
from ora_rules.specs import Rules, load_rules
from ora_rules.views.catalog import Catalog, catalog
from ora_rules.views.i18n import LOCALES, Locale
from ora_rules.views.view import BoardView, ScoreLine, view

log = logging.getLogger("ora.api")

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

APP_ERRORS = (VERSION_CONFLICT, ILLEGAL_MOVE, INVALID_MOVE, UNKNOWN_GAME, NOT_YOUR_TURN,
              BAD_TOKEN, PUSH_UNAVAILABLE, BAD_INVITE, STORE_UNAVAILABLE, TAMPERED_LOG,
              BAD_RECORD)


# --- API values -----------------------------------------------------------------------------------


def _meta(doc: str, **constraints: Any) -> dict[str, Any]:
    return {"doc": doc, **constraints}


GAME_ID = _meta("the game's id (from game.create or game.list)")

#: One page of game.events: at most this many events and about this many bytes of them. A
#: whole game's stream (some 1100 events, 300 KB for four players) fits in one page; a batch of
#: such pages is what the reply budget stops.
EVENTS_PAGE = 10_000
EVENTS_PAGE_BYTES = 1 << 20


@frozen(kw_only=True)
class EventView:
    """One stored event. ``hash`` = sha256(prev_hash + "\\n" + type + "\\n" + canonical JSON of
    data (sorted keys, compact)); the first event's prev_hash is 64 zeros."""

    version: int = field(metadata=_meta("the event's place in the game's stream (from 1)"))
    type: str = field(metadata=_meta("the event's stable tag (game_started, move_played, ...)"))
    data: dict[str, Any] = field(metadata=_meta("the event's fields"))
    hash: str
    prev_hash: str


@frozen(kw_only=True)
class GameEventParams:
    """The params of the ``game.event`` notification pushed to subscribers."""

    game_id: UUID
    version: int
    type: str
    data: dict[str, Any]
    hash: str
    prev_hash: str


@frozen(kw_only=True)
class NoParams:
    pass


@frozen(kw_only=True)
class MoveParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=_meta("the token of the seat that decides now", max_length=256))
    move: str = field(metadata=_meta("one command of the move notation, e.g. \"USE LR2 Gn\"",
                                     max_length=4096))
    expected_version: int | None = field(default=None, metadata=_meta(
        "refuse the move (version_conflict) unless the game is at this version", minimum=0))
    request_id: str | None = field(default=None, metadata=_meta(
        "the client's id of this request: sent again by the same seat, it answers the "
        "original result and stores nothing (safe retries)", max_length=128))


@frozen(kw_only=True)
class MoveResult:
    version: int = field(metadata=_meta("the game's version after the move"))
    events: list[EventView]


@frozen(kw_only=True)
class StateParams:
    game_id: UUID = field(metadata=GAME_ID)
    version: int | None = field(default=None, metadata=_meta(
        "the version to show (1 .. the game's version); the current state when omitted",
        minimum=1))
    token: str | None = field(default=None, metadata=_meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))
    move: int | None = field(default=None, metadata=_meta(
        "instead of version: the position after this many moves (0: the set-up, before the "
        "first move; the move numbers of the game's record)", minimum=0))


@frozen(kw_only=True)
class LegalMovesParams:
    game_id: UUID = field(metadata=GAME_ID)
    seat: int | None = field(default=None, metadata=_meta(
        "only if this seat decides now (else the result is empty)", minimum=0))
    token: str | None = field(default=None, metadata=_meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))
    limit: int | None = field(default=None, metadata=_meta(
        "at most this many moves in this page; when omitted, as many as fit in one reply "
        "(all of them unless there are too many)", minimum=1, maximum=1_000_000))
    cursor: str | None = field(default=None, metadata=_meta(
        "next_cursor of the previous page; the first page when omitted. A cursor lists the "
        "version it was drawn at: once the game has moved on it is refused (version_conflict, "
        "reason stale_cursor)", max_length=32))


@frozen(kw_only=True)
class LegalMovesResult:
    version: int = field(metadata=_meta("the game's version: the moves are legal at it"))
    seat: int | None = field(metadata=_meta("the seat that decides now; null once finished"))
    total: int = field(metadata=_meta(
        "how many legal moves there are, on all pages together"))
    moves: list[str] = field(metadata=_meta(
        "this page's moves, in the order of the whole list"))
    next_cursor: str | None = field(metadata=_meta(
        "pass it as cursor for the next page (at the same version); null on the last page"))


@frozen(kw_only=True)
class CompleteParams:
    game_id: UUID = field(metadata=GAME_ID)
    prefix: str = field(default="", metadata=_meta(
        "the whole tokens written so far, separated by spaces", max_length=4096))
    token: str | None = field(default=None, metadata=_meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))
    partial: str = field(default="", metadata=_meta(
        "a half-typed next token: only tokens starting with it are offered", max_length=256))


@frozen(kw_only=True)
class CompleteResult:
    version: int
    seat: int | None
    tokens: list[str] = field(metadata=_meta(
        "the possible next tokens; \"\" means the prefix is itself a legal move"))


@frozen(kw_only=True)
class EventsParams:
    game_id: UUID = field(metadata=GAME_ID)
    from_version: int = field(default=1, metadata=_meta("the first version to return",
                                                        minimum=1))
    limit: int | None = field(default=None, metadata=_meta(
        f"at most this many events (a page holds at most {EVENTS_PAGE} events and about "
        f"{EVENTS_PAGE_BYTES // 1024} KiB of them)", minimum=0, maximum=100_000))
    token: str | None = field(default=None, metadata=_meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))


@frozen(kw_only=True)
class EventsResult:
    version: int = field(metadata=_meta("the game's version (its last event)"))
    events: list[EventView]
    next_version: int | None = field(default=None, metadata=_meta(
        "where the next page starts (from_version), when this page stopped before the "
        "version asked for; null when nothing more was asked"))


@frozen(kw_only=True)
class GameParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str | None = field(default=None, metadata=_meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))


@frozen(kw_only=True)
class ScoreResult:
    version: int
    final: bool = field(metadata=_meta("true once the game has ended; else provisional"))
    scores: list[ScoreLine]
    winners: list[int] | None = field(metadata=_meta("the winning seats once final"))


@frozen(kw_only=True)
class ViewParams:
    game_id: UUID = field(metadata=GAME_ID)
    version: int | None = field(default=None, metadata=_meta(
        "the version to show (1 .. the game's version); the current state when omitted",
        minimum=1))
    move: int | None = field(default=None, metadata=_meta(
        "show the game after its move-th move (0: before the first); not with version",
        minimum=0))
    locale: Locale = field(default="en", metadata=_meta("the language of the words"))
    token: str | None = field(default=None, metadata=_meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))


@frozen(kw_only=True)
class CatalogParams:
    locale: Locale = field(default="en", metadata=_meta("the language of the names and words"))


@frozen(kw_only=True)
class SubscribeResult:
    game_id: UUID
    version: int = field(metadata=_meta(
        "the game's version now: every later event is pushed as game.event, in order"))


@frozen(kw_only=True)
class UnsubscribeResult:
    game_id: UUID
    subscribed: bool = field(metadata=_meta("whether a subscription was cancelled"))


# --- the service ----------------------------------------------------------------------------------

Sink = Callable[[UUID, Sequence[EventView]], None]


@define
class _Hot:
    state: State
    access: Access
    moves: list[str] | None = None
    #: game.legal_moves' whole reply at a version, encoded once for every client that asks.
    moves_reply: tuple[int, orjson.Fragment, int] | None = None  # version, reply, its bytes
    #: At a version, where each move's bytes end in the encoded list (``ends[i]``: the bytes of
    #: ``moves[:i]``): a page is cut to the reply's room by bisection, without encoding again.
    moves_ends: tuple[int, array[int]] | None = None


def event_view(stored: StoredEvent[GameEvent]) -> EventView:
    return EventView(version=stored.version, type=stored.tag, data=orjson.loads(stored.data),
                     hash=stored.hash, prev_hash=stored.prev_hash)


_LOCK_STRIPES = 64


@frozen
class SeatPlan:
    """How ``game.create`` fills a seat: the creator takes it (``name``), a bot plays it
    (``bot``), or it stays open for an invitation (neither)."""

    name: str | None = None
    bot: str | None = None


@frozen
class Created:
    game_id: UUID
    state: State
    visibility: Visibility
    #: seat -> token, for the seats the creator took; seat -> invitation, for the open seats.
    tokens: dict[int, str]
    invites: dict[int, str]


@frozen
class Listed:
    """One game of ``game.list``: its summary, its seats and the caller's seats in it."""

    summary: Summary
    seats: list[SeatRow]
    yours: list[int]


def scores_of(state: State) -> dict[str, list[int]] | None:
    if state.scores is None:
        return None
    return {"totals": [s.total for s in state.scores], "winners": list(state.winners)}


class GameService:
    """Games over an event store. Thread-safe: commands on one game are serialised."""

    def __init__(self, store: EventStore[GameEvent], rules: Rules, *,
                 cache_size: int = 256) -> None:
        self.store = store
        self.rules = rules
        self.cache_size = cache_size
        self.lobby = Lobby(store)
        self.requests = Requests(self.lobby)
        self.health = StoreHealth()
        #: Another process may write the same database: check the stream head before
        #: answering from the cache.
        self._shared = store.dialect is not None
        self._lock = threading.Lock()  # guards _hot, _sinks
        self._stripes = [threading.Lock() for _ in range(_LOCK_STRIPES)]
        self._hot: OrderedDict[UUID, _Hot] = OrderedDict()
        self._sinks: dict[UUID, list[Sink]] = {}
        #: The last version pushed to a subscribed game's sinks (each event once, in order).
        self._pushed: dict[UUID, int] = {}
        #: Events other processes append reach our subscribers (``ora_api.follower``).
        self.follower = Follower(store, self._subscribed, self._follow)
        #: rules.catalog's answer per locale (the rules never change while serving).
        self.catalogs: dict[str, orjson.Fragment] = {}
        #: Plays the bot seats' moves (``ora_api.bot_seats``).
        self.bot_runner = BotRunner(rules, self.play_seat)
        self.reconcile()

    def close(self) -> None:
        self.follower.close()
        self.bot_runner.close()
        self.lobby.close()
        self.store.close()

    # -- locking and the hot cache ----------------------------------------------------------------

    def _game_lock(self, game_id: UUID) -> threading.Lock:
        return self._stripes[game_id.int % _LOCK_STRIPES]

    def _entry(self, game_id: UUID) -> _Hot:
        """The hot entry (fold once on first access, then only the events another process
        appended); call with the game's lock held."""
        with self._lock:
            hot = self._hot.get(game_id)
            if hot is not None:
                self._hot.move_to_end(game_id)
        if hot is not None:
            if self._shared and self.store.version(game_id) > hot.state.version:
                later = self.store.events(game_id, hot.state.version + 1)
                try:
                    verify_chain(later)  # another writer's events: their chain, in itself
                except TamperedLog as e:
                    raise tampered(game_id, e) from None
                hot.state = fold((s.event for s in later), hot.state)
                hot.moves = None
                hot.access = self.lobby.access(game_id)
                self._deliver(game_id, hot.state.version, later)
            self.health.ok(wrote=False)
            return hot
        try:
            state = self.store.fold(game_id, fold)
        except UnknownGame:
            raise UNKNOWN_GAME.error(f"no game {game_id}") from None
        except TamperedLog as e:
            raise tampered(game_id, e) from None
        hot = _Hot(state=state, access=self.lobby.access(game_id))
        self._put(game_id, hot)
        self._deliver(game_id, state.version, [])
        self.health.ok(wrote=False)
        self.bot_runner.changed(game_id, state)  # a bot's turn left by a restart
        return hot

    def _put(self, game_id: UUID, hot: _Hot) -> None:
        with self._lock:
            self._hot[game_id] = hot
            self._hot.move_to_end(game_id)
            while len(self._hot) > self.cache_size:
                self._hot.popitem(last=False)

    def _evict(self, game_id: UUID) -> None:
        with self._lock:
            self._hot.pop(game_id, None)

    def _seat_of(self, game_id: UUID, hot: _Hot, token: str) -> int | None:
        key = digest(token)
        seat = hot.access.seat_of(key)
        if seat is None:  # a seat may have been taken through another server
            hot.access = self.lobby.access(game_id)
            seat = hot.access.seat_of(key)
        return seat

    def _readable(self, game_id: UUID, token: str | None) -> _Hot:
        """The hot entry of a game the token may read; call with the game's lock held."""
        hot = self._entry(game_id)
        if hot.access.visibility == "public":
            return hot
        if token is None:
            raise BAD_TOKEN.error("this game is private: read it with a seat's or a "
                                  "spectator's token", reason="token_required")
        key = digest(token)
        if not hot.access.may_read(key):
            hot.access = self.lobby.access(game_id)
            if not hot.access.may_read(key):
                raise BAD_TOKEN.error("the token is neither a seat's nor a spectator's token "
                                      "of this game")
        return hot

    # -- the lobby --------------------------------------------------------------------------------

    def create(self, players: int, variant: str, length: str, seed: int | None = None, *,
               seats: Sequence[SeatPlan] | None = None, visibility: Visibility = "private",
               readings: ReadingsChoice = None, liesborn: bool = False,
               wonder_tiles: str | None = None, undo: str = "by_consent") -> Created:
        """A new game: the creator's seats get tokens, open seats invitations, bot seats
        neither; the named and bot seats' ``SeatTaken`` events follow the set-up.
        ``liesborn``: with the wonders mini expansion and its tile set (R-LIES-1, AMB-28)."""
        if seed is None:
            seed = secrets.randbelow(2**63)
        try:
            config = make_config(players, variant, length, seed,
                                 readings=resolve_readings(self.rules, readings),
                                 liesborn=liesborn, wonder_tiles=wonder_tiles)
            config = attrs.evolve(config, undo=undo)  # the table's take-backs (ora_rules.undo)
            events: list[GameEvent] = list(start(config, self.rules))  # checks the tile set
        except InvalidConfig as e:
            where = f"config.{e.field}" if e.field else _config_field(e.message)
            raise invalid_params(e.message, where, reason="invalid_config") from None
        people = [p.seat for p in fold(events).players if not p.neutral]
        if seats is None:
            seats = [SeatPlan(name="Player 1"), *[SeatPlan()] * (len(people) - 1)]
        if len(seats) != len(people):
            raise invalid_params(f"seats: this game has {len(people)} seat(s), not "
                                 f"{len(seats)}", "seats", reason="seat_count")
        rows: list[SeatRow] = []
        tokens: dict[int, str] = {}
        invites: dict[int, str] = {}
        for seat, plan in zip(people, seats, strict=True):
            if plan.bot is not None:
                name = plan.name or plan.bot
                events.append(SeatTaken(seat=seat, name=name, bot=plan.bot))
                rows.append(SeatRow(seat, name, plan.bot))
            elif plan.name is not None:
                tokens[seat] = new_secret()
                events.append(SeatTaken(seat=seat, name=plan.name))
                rows.append(SeatRow(seat, plan.name, None, token=digest(tokens[seat])))
            else:
                invites[seat] = new_secret()
                rows.append(SeatRow(seat, None, None, invite=digest(invites[seat])))
        state = fold(events)
        game_id = uuid4()
        summary = Summary(game_id=game_id, config=attrs.asdict(config_view(state)),
                          visibility=visibility, version=state.version, moves=0,
                          status=status_of(state), open_seats=len(invites))
        access = Access(visibility=visibility, spectators=frozenset(),
                        seats={r.token: r.seat for r in rows if r.token is not None})
        with self._game_lock(game_id):
            self.store.append(game_id, 0, events, also=self.lobby.writer(
                lambda c: Lobby.insert_game(c, summary, rows)))
            self.health.ok(wrote=True)
            self._put(game_id, _Hot(state=state, access=access))
            self.bot_runner.changed(game_id, state)
        log.info("created game %s (%s, %d players)", game_id, config.mode, config.players)
        return Created(game_id=game_id, state=state, visibility=visibility, tokens=tokens,
                       invites=invites)

    def join(self, invite: str, name: str) -> tuple[UUID, int, str, State]:
        """Take the seat an invitation opens: (game, seat, the seat's new token, state)."""
        key = digest(invite)
        try:
            game_id, seat = self.lobby.invitation(key)
        except InviteRefused as e:
            raise BAD_INVITE.error(e.detail, reason=e.reason) from None
        token = new_secret()
        event = SeatTaken(seat=seat, name=name)
        with self._game_lock(game_id):
            for _ in range(8):  # another server may append to the game meanwhile
                hot = self._entry(game_id)
                state = hot.state
                version = state.version + 1

                def write(c: Any, state: State = state, version: int = version) -> None:
                    Lobby.take_seat(c, game_id, seat, key, digest(token), name)
                    Lobby.update_game(c, game_id, version, 0, status_of(state),
                                      scores_of(state))

                try:
                    self.lobby.invitation(key)  # checked again under the game's lock
                    stored = self.store.append(game_id, state.version, [event],
                                               also=self.lobby.writer(write))
                except InviteRefused as e:
                    raise BAD_INVITE.error(e.detail, reason=e.reason) from None
                except VersionConflict:
                    self._evict(game_id)
                    continue
                self.health.ok(wrote=True)
                hot.state = fold([event], state)
                hot.access = self.lobby.access(game_id)
                self._push(game_id, [event_view(s) for s in stored])
                self.bot_runner.changed(game_id, hot.state)
                log.info("game %s: seat %d joined", game_id, seat)
                return game_id, seat, token, hot.state
        raise VERSION_CONFLICT.error("the game kept changing; try again", version=None)

    def spectate_token(self, game_id: UUID, token: str) -> str:
        """A new spectator token for the game; ``token`` must be one of its seats' tokens."""
        with self._game_lock(game_id):
            hot = self._entry(game_id)
            if self._seat_of(game_id, hot, token) is None:
                raise BAD_TOKEN.error("the token is not a seat's token of this game")
            spectator = new_secret()
            self.lobby.add_spectator(game_id, digest(spectator))
            self.health.ok(wrote=True)
            hot.access = attrs.evolve(hot.access,
                                      spectators=hot.access.spectators | {digest(spectator)})
        return spectator

    def list_games(self, tokens: Sequence[str] = (), *, limit: int = 50, after: int = 0,
                   open_seats: bool | None = None, finished: bool | None = None,
                   everything: bool = False) -> tuple[list[Listed], int | None]:
        """A page of summaries in creation order: the public games and those the tokens open
        (every game when ``everything``), and the cursor of the next page (None at the end).
        Reads only the lobby's tables: its cost does not grow with the store."""
        digests = [digest(t) for t in tokens]
        mine = self.lobby.games_of(digests)
        page = self.lobby.page(mine=list(mine), after=after, limit=limit + 1,
                               open_seats=open_seats, finished=finished, everything=everything)
        more = len(page) > limit
        page = page[:limit]
        seats = self.lobby.seats([s.game_id for s in page])
        listed = [Listed(summary=s, seats=seats.get(s.game_id, []),
                         yours=mine.get(s.game_id, [])) for s in page]
        return listed, (page[-1].seq if more and page else None)

    def reconcile(self) -> int:
        """Make the summaries consistent with the streams (games stored without a server, a
        summary behind its stream): the number of games summarised afresh."""
        known = self.lobby.summaries()
        redone = 0
        for game_id in self.store.game_ids():
            have = known.get(game_id)
            if have is not None and have[0] >= self.store.version(game_id):
                continue
            moves = 0

            def counting(events: Iterable[GameEvent]) -> Iterator[GameEvent]:
                nonlocal moves
                for e in events:
                    moves += isinstance(e, MovePlayed)
                    yield e

            try:
                state = self.store.fold(game_id, lambda events: fold(counting(events)))
            except TamperedLog as e:  # refused when read (tampered_log); the server still starts
                log.warning("game %s: %s; not summarised", game_id, e.message)
                continue
            except Exception as e:  # one unreadable game must not stop the server
                if storage_failure(e) is not None:
                    raise
                log.warning("game %s cannot be summarised (%s: %s); it is not listed",
                            game_id, type(e).__name__, e)
                continue
            # A game stored by another tool (ora demo, selfplay) has no seats: nobody holds a
            # token, so it is public; a server's game keeps its visibility (private if unknown).
            has_seats = self.lobby.has_seats(game_id)
            visibility: Visibility = have[1] if have else ("private" if has_seats else "public")
            self.lobby.replace_summary(
                Summary(game_id=game_id, config=attrs.asdict(config_view(state)),
                        visibility=visibility, version=state.version, moves=moves,
                        status=status_of(state), open_seats=0, scores=scores_of(state)),
                [SeatRow(p.seat, p.name, p.bot) for p in state.players if not p.neutral])
            redone += 1
            if redone % 100 == 0:
                log.warning("summarised %d stored games", redone)
        return redone

    # -- commands ---------------------------------------------------------------------------------

    def move(self, game_id: UUID, token: str, move: str, expected_version: int | None = None,
             request_id: str | None = None) -> tuple[int, list[EventView]]:
        """Decide ``move`` for the token's seat and store its events; nothing is stored unless
        every check passes. A ``request_id`` this seat's move already stored answers that move
        again (``ora_api.retries``)."""
        with self._game_lock(game_id):
            hot = self._entry(game_id)
            seat = self._seat_of(game_id, hot, token)
            if seat is None:
                raise BAD_TOKEN.error("the token is not a seat's token of this game")
            if request_id is None:
                return self._play(game_id, hot, seat, move, expected_version)
            answered = self._answered(game_id, seat, move, request_id)
            if answered is not None:
                return answered
            try:
                return self._play(game_id, hot, seat, move, expected_version, request_id)
            except RpcError as e:  # another server may have stored the same request first
                answered = self._answered(game_id, seat, move, request_id)
                if e.code != VERSION_CONFLICT.code or answered is None:
                    raise
                return answered

    def _answered(self, game_id: UUID, seat: int, move: str, request_id: str
                  ) -> tuple[int, list[EventView]] | None:
        """The original answer of a request already stored, or None."""
        done = self.requests.find(game_id, seat, request_id)
        if done is None:
            return None
        if done.move != move:
            raise invalid_params(f"request_id {request_id!r} was used for another move "
                                 f"({done.move!r})", "request_id", reason="request_id_reused")
        stored = self.store.events(game_id, done.first_version, done.version)
        return done.version, [event_view(s) for s in stored]

    def play_seat(self, game_id: UUID, seat: int, move: str, expected_version: int
                  ) -> tuple[int, list[EventView]]:
        """A bot seat's move (``BotRunner``): checked and stored like ``move``, no token."""
        with self._game_lock(game_id):
            hot = self._entry(game_id)
            if hot.state.players[seat].bot is None:
                raise BAD_TOKEN.error(f"seat {seat} is not a bot seat")
            return self._play(game_id, hot, seat, move, expected_version)

    def _play(self, game_id: UUID, hot: _Hot, seat: int, move: str,
              expected_version: int | None, request_id: str | None = None
              ) -> tuple[int, list[EventView]]:
        """``move`` for ``seat``, with the game's lock held."""
        state = hot.state
        if expected_version is not None and expected_version != state.version:
            raise VERSION_CONFLICT.error(
                f"the game is at version {state.version}, not {expected_version}",
                version=state.version)
        try:
            executed = execute(state, move, self.rules, seat=seat)
        except IllegalCommand as e:
            spec = NOT_YOUR_TURN if e.reason == "not_your_turn" else ILLEGAL_MOVE
            extra = {"building": e.building} if e.building else {}
            raise spec.error(e.detail, reason=e.reason, rule=e.rule, **extra) from None
        except (InvalidCommand, AmbiguousCommand) as e:
            raise INVALID_MOVE.error(e.message, reason=e.code) from None
        new_state = executed.state
        status, scores = status_of(new_state), scores_of(new_state)  # not inside the append

        def write(c: Any) -> None:
            Lobby.update_game(c, game_id, new_state.version, 1, status, scores)
            if request_id is not None:
                Requests.record(c, game_id, seat, request_id, move, state.version + 1,
                                new_state.version)

        try:
            stored = self.store.append(game_id, state.version, executed.events,
                                       also=self.lobby.writer(write))
        except VersionConflict as e:
            self._evict(game_id)  # another writer: fold afresh next time
            raise VERSION_CONFLICT.error(e.message, version=None) from None
        self.health.ok(wrote=True)
        hot.state = new_state
        hot.moves = None
        views = [event_view(s) for s in stored]
        self._push(game_id, views)
        self.bot_runner.changed(game_id, new_state)
        log.debug("game %s v%d: seat %d %s", game_id, new_state.version, seat, move)
        return new_state.version, views

    # -- subscriptions ----------------------------------------------------------------------------

    def subscribe(self, game_id: UUID, sink: Sink, token: str | None = None) -> int:
        """Call ``sink(game_id, events)`` after every later append, through this process or
        another on the same database; returns the version now."""
        with self._game_lock(game_id):
            version = self._readable(game_id, token).state.version
            with self._lock:
                self._sinks.setdefault(game_id, []).append(sink)
                self._pushed.setdefault(game_id, version)
        if self._shared:
            self.follower.start()
        return version

    def unsubscribe(self, game_id: UUID, sink: Sink) -> bool:
        with self._game_lock(game_id), self._lock:
            sinks = self._sinks.get(game_id, [])
            if sink not in sinks:
                return False
            sinks.remove(sink)
            if not sinks:
                del self._sinks[game_id]
                self._pushed.pop(game_id, None)
            return True

    def _subscribed(self) -> list[UUID]:
        with self._lock:
            return list(self._sinks)

    def _follow(self, game_id: UUID) -> None:
        """Another process appended to a subscribed game: push what it appended (the follower's
        thread)."""
        with self._game_lock(game_id):
            if game_id in self._pushed:
                self._entry(game_id)  # its head check reads and delivers the new events

    def _deliver(self, game_id: UUID, version: int,
                 known: Sequence[StoredEvent[GameEvent]]) -> None:
        """Bring the game's subscribers up to ``version``: the events after the last one pushed,
        from ``known`` when it starts there, else read from the store; with the game's lock."""
        with self._lock:
            pushed = self._pushed.get(game_id)
        if pushed is None or pushed >= version:
            return
        later = [s for s in known if s.version > pushed]
        if not later or later[0].version != pushed + 1:
            later = self.store.events(game_id, pushed + 1, to_version=version)
            try:
                verify_chain(later)
            except TamperedLog as e:
                raise tampered(game_id, e) from None
        self._push(game_id, [event_view(s) for s in later if s.version <= version])

    def _push(self, game_id: UUID, views: Sequence[EventView]) -> None:
        with self._lock:
            sinks = list(self._sinks.get(game_id, ()))
            pushed = self._pushed.get(game_id)
            if pushed is not None:
                views = [v for v in views if v.version > pushed]
                if views:
                    self._pushed[game_id] = views[-1].version
        if not views:
            return
        for sink in sinks:
            try:
                sink(game_id, views)
            except Exception:
                log.exception("a subscriber of game %s failed", game_id)

    # -- reads ------------------------------------------------------------------------------------

    def current(self, game_id: UUID, token: str | None = None) -> State:
        with self._game_lock(game_id):
            return self._readable(game_id, token).state

    def state_at(self, game_id: UUID, version: int | None, token: str | None = None) -> State:
        state = self.current(game_id, token)
        if version is None or version == state.version:
            return state
        if version > state.version:
            raise invalid_params(f"version: the game is at version {state.version}", "version",
                                 reason="out_of_range")
        try:
            return self.store.fold(game_id, fold, version)
        except TamperedLog as e:
            raise tampered(game_id, e) from None

    def version_after_move(self, game_id: UUID, move: int, token: str | None = None) -> int:
        """The version of the game after its ``move``-th move: the version just before the next
        move's ``move_played`` (or the head), so the move's consequences are included."""
        head = self.current(game_id, token).version
        seen = 0
        for stored in self.store.events(game_id, 1):
            if stored.tag == "move_played":
                if seen == move:
                    return stored.version - 1
                seen += 1
        if move > seen:
            raise invalid_params(f"move: the game has {seen} moves", "move",
                                 reason="out_of_range")
        return head

    def legal_moves(self, game_id: UUID, token: str | None = None) -> tuple[State, list[str]]:
        with self._game_lock(game_id):
            hot = self._readable(game_id, token)
            if hot.moves is None:
                hot.moves = [str(m) for m in legal_moves(hot.state, self.rules)]
            return hot.state, hot.moves

    def legal_moves_reply(self, game_id: UUID, token: str | None = None, *,
                          at_version: int | None = None, offset: int = 0,
                          limit: int | None = None, room: int = MAX_REPLY_BYTES
                          ) -> tuple[State, orjson.Fragment]:
        """``game.legal_moves``' reply (version, deciding seat, total, moves, next_cursor): one
        page from ``offset`` of at most ``limit`` moves and ``room`` bytes (at least one move).

        The whole list, when asked for and within ``room``, is encoded once per version: every
        client polling a game between two moves gets the same bytes. A page slices the list
        cached at the version. ``at_version`` (a cursor's) must be the game's version: a page
        never mixes two positions (``version_conflict``, reason ``stale_cursor``)."""
        with self._game_lock(game_id):
            hot = self._readable(game_id, token)
            state = hot.state
            if at_version is not None and at_version != state.version:
                raise VERSION_CONFLICT.error(
                    f"the cursor lists the legal moves at version {at_version}; the game is at "
                    f"version {state.version}: ask again without a cursor",
                    reason="stale_cursor", version=state.version)
            if hot.moves is None:
                hot.moves = [str(m) for m in legal_moves(state, self.rules)]
            moves = hot.moves
            if hot.moves_reply is None or hot.moves_reply[0] != state.version:
                reply = _moves_page(state, moves, moves, None)
                hot.moves_reply = (state.version, orjson.Fragment(reply), len(reply))
            _, whole, size = hot.moves_reply
            if offset == 0 and (limit is None or limit >= len(moves)) and size <= room:
                return state, whole
            if offset > len(moves):
                raise invalid_params(f"cursor: there are {len(moves)} legal moves, the cursor "
                                     f"is at {offset}", "cursor", reason="bad_cursor")
            if hot.moves_ends is None or hot.moves_ends[0] != state.version:
                # A move's bytes in the list: itself quoted and a comma.
                hot.moves_ends = (state.version, array("q", [0, *itertools.accumulate(
                    len(orjson.dumps(m)) + 1 for m in moves)]))
            ends = hot.moves_ends[1]
            empty = len(_moves_page(state, moves, [], moves_cursor(state.version, len(moves))))
            fits = bisect.bisect_right(ends, ends[offset] + room - empty) - 1
            stop = min(len(moves), max(fits, offset + 1),
                       len(moves) if limit is None else offset + limit)
            cursor = moves_cursor(state.version, stop) if stop < len(moves) else None
            return state, orjson.Fragment(_moves_page(state, moves, moves[offset:stop], cursor))

    def events(self, game_id: UUID, from_version: int = 1, limit: int | None = None,
               token: str | None = None) -> tuple[int, list[EventView], int | None]:
        """The head, one page of events from ``from_version`` (at most ``limit``,
        ``EVENTS_PAGE`` and about ``EVENTS_PAGE_BYTES``) and where the next page starts (None
        when the page holds all that was asked)."""
        state = self.current(game_id, token)
        page = EVENTS_PAGE if limit is None else min(limit, EVENTS_PAGE)
        stored = self.store.events(game_id, from_version, limit=page)
        try:
            verify_chain(stored)  # the slice, from its first prev_hash on
        except TamperedLog as e:
            raise tampered(game_id, e) from None
        head = max(state.version, stored[-1].version if stored else 0)
        size = 0
        for i, s in enumerate(stored):
            size += len(s.data) + 200  # the envelope: version, type, two hashes
            if size > EVENTS_PAGE_BYTES and i > 0:
                stored = stored[:i]
                break
        last = stored[-1].version if stored else from_version - 1
        wanted = head if limit is None else min(head, from_version + limit - 1)
        return head, [event_view(s) for s in stored], last + 1 if last < wanted else None


def moves_cursor(version: int, offset: int) -> str:
    """game.legal_moves' cursor: the version the list was drawn at and where the page starts."""
    return f"{version}:{offset}"


def _moves_page(state: State, moves: list[str], page: list[str], cursor: str | None) -> bytes:
    return orjson.dumps({"version": state.version, "seat": _decider(state), "total": len(moves),
                         "moves": page, "next_cursor": cursor})


def _config_field(message: str) -> str:
    for name in ("players", "variant", "length", "seed", "colours", "readings"):
        if message.startswith(name) or f" {name}" in message.split(",")[0]:
            return f"config.{name}"
    return "config"


def open_service(store_url: str, *, rules: Rules | None = None, cache_size: int = 256,
                 check_writable: bool = True) -> GameService:
    """A service over the store at ``store_url`` (``memory``, ``sqlite:PATH``, ``postgres:``);
    the lobby's tables live in the same database.

    With ``check_writable`` the store is written once, so a read-only file or folder or a full
    disk is found now: :class:`StoreUnavailable`, as for any database that cannot be opened.
    """
    try:
        store: EventStore[GameEvent] = EventStore(EventJsonCodec(), store_url)
    except Exception as e:
        raise _unavailable(e, store_url) from e
    try:
        service = GameService(store, rules if rules is not None else load_rules(),
                              cache_size=cache_size)
        if check_writable:
            service.lobby.check_writable()
        return service
    except Exception as e:
        store.close()
        raise _unavailable(e, store_url) from e
    except BaseException:
        store.close()
        raise


def _unavailable(error: Exception, store_url: str) -> Exception:
    """``error`` as :class:`StoreUnavailable` when it is the database failing."""
    reason = storage_failure(error)
    if reason is None:
        return error
    if reason == "unreachable" and store_url.startswith("sqlite:"):
        # SQLite says "unable to open database file" when it may not create its journal
        # beside the file: a read-only folder.
        folder = Path(store_url[len("sqlite:"):]).parent
        if folder.is_dir() and not os.access(folder, os.W_OK):
            reason = "read_only"
    lines = str(error).splitlines()
    return StoreUnavailable(reason, lines[0] if lines else type(error).__name__)


# --- the methods ----------------------------------------------------------------------------------

API = Registry()


def _store_failed(svc: GameService, error: Exception) -> RpcError | None:
    """A failing database is store_unavailable (logged once by StoreHealth), not an internal
    error with a traceback per request."""
    reason = svc.health.failure(error)
    if reason is None:
        return None
    return STORE_UNAVAILABLE.error(DETAILS[reason], reason=reason)


API.translate = _store_failed


@API.method("rpc.discover", params=NoParams, result=dict[str, Any], result_name="OpenRPC",
            summary="This API as an OpenRPC document.")
def rpc_discover(svc: GameService, session: Session, p: NoParams) -> orjson.Fragment:
    """Every method with its params, result and errors (the committed specs/openrpc.json)."""
    return _discovery()


@functools.cache
def _discovery() -> orjson.Fragment:
    return orjson.Fragment(orjson.dumps(openrpc.document(API, APP_ERRORS, NOTIFICATIONS)))


# The lobby's methods (game.create, game.join, game.spectate_token, game.list) come next in
# the registry: they live in a module of their own.
from ora_api import lobby_api  # noqa: E402

__all__ = ["lobby_api"]


@API.method("game.move", params=MoveParams, result=MoveResult,
            errors=(UNKNOWN_GAME, BAD_TOKEN, VERSION_CONFLICT, NOT_YOUR_TURN, ILLEGAL_MOVE,
                    INVALID_MOVE),
            summary="Play one command for the seat that decides now.")
def game_move(svc: GameService, session: Session, p: MoveParams) -> MoveResult:
    """The token must be the token of the seat that decides now (the building's owner while
    a work contract is answered). Checked in this order: unknown game, bad token, version
    conflict (only with expected_version), then the engine's checks: invalid move (not the
    notation), illegal move (game_over), not your turn, illegal move. A refused move stores
    nothing. Two moves racing at one version: exactly one is stored."""
    version, events = svc.move(p.game_id, p.token, p.move, p.expected_version, p.request_id)
    return MoveResult(version=version, events=events)


@API.method("game.state", params=StateParams, result=StateView, result_name="state",
            errors=(UNKNOWN_GAME, BAD_TOKEN),
            summary="The game at its current or at an earlier version.")
def game_state(svc: GameService, session: Session, p: StateParams) -> StateView:
    """A version beyond the game's is an invalid params error on data.path "version", a move
    beyond the game's on "move"; version and move together are an invalid params error."""
    if p.move is not None:
        if p.version is not None:
            raise invalid_params("give version or move, not both", "move", reason="conflict")
        return project(p.game_id, state_at_move(svc, p.game_id, p.move, p.token))
    return project(p.game_id, svc.state_at(p.game_id, p.version, p.token))


@API.method("game.legal_moves", params=LegalMovesParams, result=LegalMovesResult,
            errors=(UNKNOWN_GAME, BAD_TOKEN, VERSION_CONFLICT),
            summary="Every legal move of the seat that decides now, a page at a time.")
def game_legal_moves(svc: GameService, session: Session, p: LegalMovesParams
                     ) -> LegalMovesResult | orjson.Fragment:
    """Move strings in the notation, ready for game.move; empty when ``seat`` is given and is
    not the deciding seat, and once the game is over. Without limit and cursor the reply holds
    every move when they fit in one reply (next_cursor null); else it holds the first page and
    next_cursor continues it. A cursor is bound to the version it was drawn at: after a move
    it is refused with version_conflict (reason stale_cursor, data.version the game's
    version). A cursor that is not one is an invalid params error (reason bad_cursor)."""
    at_version, offset = None, 0
    if p.cursor is not None:
        at_version, offset = _parse_moves_cursor(p.cursor)
    state, reply = svc.legal_moves_reply(p.game_id, p.token, at_version=at_version,
                                         offset=offset, limit=p.limit, room=reply_room())
    seat = _decider(state)
    if p.seat is not None and p.seat != seat:
        return LegalMovesResult(version=state.version, seat=seat, total=0, moves=[],
                                next_cursor=None)
    return reply


def _parse_moves_cursor(cursor: str) -> tuple[int, int]:
    version, _, offset = cursor.partition(":")
    if not all(x.isascii() and x.isdigit() for x in (version, offset)):
        raise invalid_params("cursor: not a cursor of game.legal_moves (pass next_cursor as "
                             "it came)", "cursor", reason="bad_cursor")
    return int(version), int(offset)


@API.method("game.complete", params=CompleteParams, result=CompleteResult,
            errors=(UNKNOWN_GAME, BAD_TOKEN),
            summary="The next tokens of a partly written move.")
def game_complete(svc: GameService, session: Session, p: CompleteParams) -> CompleteResult:
    """Every offered token leads to a legal move; "" marks the prefix as a complete move. The
    prefix is split on whitespace into whole tokens; ``partial`` filters the next token by its
    beginning (``prefix: "USE", partial: "LR"`` offers the buildings LR1, LR2, LR3)."""
    state, moves = svc.legal_moves(p.game_id, p.token)
    return CompleteResult(version=state.version, seat=_decider(state),
                          tokens=complete_from(moves, p.prefix.split(), p.partial))


@API.method("game.events", params=EventsParams, result=EventsResult,
            errors=(UNKNOWN_GAME, BAD_TOKEN),
            summary="The game's stored events with their hash chain.")
def game_events(svc: GameService, session: Session, p: EventsParams) -> EventsResult:
    """From ``from_version`` on, at most ``limit`` of them, one page at a time: when the page
    stops early, ``next_version`` is the ``from_version`` of the next one."""
    head, events, next_version = svc.events(p.game_id, p.from_version, p.limit, p.token)
    return EventsResult(version=head, events=events, next_version=next_version)


@API.method("game.score", params=GameParams, result=ScoreResult, errors=(UNKNOWN_GAME, BAD_TOKEN),
            summary="The score breakdown per seat (provisional until the game ends).")
def game_score(svc: GameService, session: Session, p: GameParams) -> ScoreResult:
    """The final scores are the ones the game's end recorded."""
    state = svc.current(p.game_id, p.token)
    if state.scores is not None:
        return ScoreResult(version=state.version, final=True, scores=score_views(state.scores),
                           winners=list(winners(state.scores)))
    return ScoreResult(version=state.version, final=False,
                       scores=score_views(score(state, svc.rules)), winners=None)


@API.method("game.view", params=ViewParams, result=BoardView, result_name="view",
            errors=(UNKNOWN_GAME, BAD_TOKEN),
            summary="The game made for drawing: grids, wheel, display, schedule, scores.")
def game_view(svc: GameService, session: Session, p: ViewParams) -> BoardView:
    """Per seat: the landscape as a grid (terrain, the card and its name, clergy on it, what
    could be built on each space), goods, clergy at home and the provisional score; the wheel
    with each indicator's value, the display by stage, the next district and plot prices, and
    the schedule (rounds left, settlement phases, the end condition in words). Words are in
    ``locale``; ids and codes are the notation's. ``version`` or ``move`` shows an earlier
    position (out of range: invalid params on data.path "version" or "move")."""
    return view(board_state(svc, p.game_id, p.version, p.move, p.token), svc.rules, locale=p.locale,
                game_id=p.game_id, move=p.move)


def board_state(svc: GameService, game_id: UUID, version: int | None, move: int | None,
                token: str | None = None) -> State:
    """The state a view or a picture shows: at the head, a version or after a move."""
    if version is not None and move is not None:
        raise invalid_params("give version or move, not both", "move", reason="conflict")
    if move is not None:
        version = svc.version_after_move(game_id, move, token)
    return svc.state_at(game_id, version, token)


API.http_routes.append({
    "method": "GET",
    "path": "/games/{game_id}.svg",
    "summary": "The game as an SVG picture, read like game.view (docs/svg.md).",
    "params": [
        {"name": "game_id", "in": "path", "required": True,
         "schema": {"type": "string", "format": "uuid"}},
        {"name": "move", "in": "query", "required": False, "schema": {"type": "integer",
         "minimum": 0}, "description": "the game after its move-th move; not with version"},
        {"name": "version", "in": "query", "required": False,
         "schema": {"type": "integer", "minimum": 1}, "description": "the game at a version"},
        {"name": "seat", "in": "query", "required": False, "schema": {"type": "integer",
         "minimum": 0}, "description": "only this seat's landscape"},
        {"name": "locale", "in": "query", "required": False,
         "schema": {"type": "string", "enum": list(LOCALES)}},
        {"name": "token", "in": "query", "required": False, "schema": {"type": "string"},
         "description": "a seat's or a spectator's token: needed for a private game"},
    ],
    "responses": {"200": "image/svg+xml: the picture", "400": "text/plain: a bad parameter, "
                  "one line", "403": "text/plain: a private game without a token that may "
                  "read it", "404": "text/plain: no such game"},
})


@API.method("rules.catalog", params=CatalogParams, result=Catalog, result_name="catalog",
            summary="Every building, settlement, good, landscape tile and mode, with names.")
def rules_catalog(svc: GameService, session: Session, p: CatalogParams) -> orjson.Fragment:
    """The cards with their cost, terrain, values, stage, symbol, wheel goods, card text and
    the tokens a use writes (``tokens``); goods with their values; the landscape tiles and
    price stacks; the modes with their schedule and end; the words of the actions, phases and
    terrain. Names and words in ``locale`` (docs/api.md)."""
    # The catalogue depends only on the rules: made once per locale.
    cached = svc.catalogs.get(p.locale)
    if cached is None:
        data = cattrs.Converter().unstructure(catalog(svc.rules, p.locale))
        cached = svc.catalogs[p.locale] = orjson.Fragment(orjson.dumps(data))
    return cached


@API.method("game.subscribe", params=GameParams, result=SubscribeResult, push=True,
            errors=(UNKNOWN_GAME, BAD_TOKEN, PUSH_UNAVAILABLE),
            summary="Receive every new event of the game as a game.event notification.")
def game_subscribe(svc: GameService, session: Session, p: GameParams) -> SubscribeResult:
    """WebSocket and stdio only. Notifications carry the events after the returned version, in
    order, none left out while subscribed (read earlier ones with game.events). On the
    connection that moves, a move's notifications come before the move's response."""
    if not session.push:
        raise PUSH_UNAVAILABLE.error("subscribe over the WebSocket (/ws) or stdio transport")
    if p.game_id in session.subscriptions:
        return SubscribeResult(game_id=p.game_id,
                               version=svc.current(p.game_id, p.token).version)

    def sink(game_id: UUID, events: Sequence[EventView]) -> None:
        for e in events:
            session.notify("game.event", {"game_id": str(game_id), "version": e.version,
                                          "type": e.type, "data": e.data, "hash": e.hash,
                                          "prev_hash": e.prev_hash})

    version = svc.subscribe(p.game_id, sink, p.token)
    if not session.subscriptions:
        session.on_close.append(lambda: _unsubscribe_all(svc, session))
    session.subscriptions[p.game_id] = sink
    return SubscribeResult(game_id=p.game_id, version=version)


@API.method("game.unsubscribe", params=GameParams, result=UnsubscribeResult, push=True,
            summary="Stop the game.event notifications of a game.")
def game_unsubscribe(svc: GameService, session: Session, p: GameParams) -> UnsubscribeResult:
    """Subscriptions also end with the connection."""
    sink = session.subscriptions.pop(p.game_id, None)
    if sink is None:
        return UnsubscribeResult(game_id=p.game_id, subscribed=False)
    svc.unsubscribe(p.game_id, sink)
    return UnsubscribeResult(game_id=p.game_id, subscribed=True)


def _unsubscribe_all(svc: GameService, session: Session) -> None:
    for game_id, sink in list(session.subscriptions.items()):
        svc.unsubscribe(game_id, sink)
    session.subscriptions.clear()


@frozen(kw_only=True)
class RuleParams:
    id: str = field(metadata=_meta("a rule id as errors and docs cite it: R-BUY-2, AMB-05"))


@frozen(kw_only=True)
class RuleView:
    """One rule of docs/rules.md: the statement, where it comes from, where to read it."""

    id: str
    section: str
    title: str
    text: str = field(metadata=_meta("the statement, in Markdown"))
    source: str = field(metadata=_meta("where in the rulebooks (S000 p.5 = Greek rules, page 5)"))
    doc: str = field(metadata=_meta("the rule's place in the docs: docs/rules.md#r-buy-2"))


@API.method("rules.lookup", params=RuleParams, result=RuleView,
            summary="The statement and source of a rule id cited by an error or a spec.")
def rules_lookup(svc: GameService, session: Session, p: RuleParams) -> RuleView:
    """An unknown id is an invalid params error on data.path "id" (reason unknown_rule) whose
    detail suggests close ids."""
    from ora_rules.rulebook import UnknownRule, load_rulebook

    try:
        rule = load_rulebook(svc.rules.directory or None).get(p.id)
    except UnknownRule as error:
        raise invalid_params(error.message, "id", reason="unknown_rule") from None
    return RuleView(id=rule.id, section=rule.section, title=rule.title, text=rule.text,
                    source=rule.source, doc=f"docs/rules.md#{rule.anchor()}")


def _decider(state: State) -> int | None:
    if state.finished or state.flow.turn.kind == "over":
        return None
    return state.flow.turn.decider


#: Notifications the server sends (documented in the OpenRPC document's x-notifications).
NOTIFICATIONS: dict[str, tuple[type, str]] = {
    "game.event": (GameEventParams, "A new event of a subscribed game, in stream order."),
}


# --- the game in words (ora_rules.views.narrate; docs/api.md "The game in words") -----------------


@frozen(kw_only=True)
class LogParams:
    game_id: UUID = field(metadata=GAME_ID)
    from_move: int = field(default=1, metadata=_meta(
        "the first move to narrate (move N is the game's N-th move_played event)", minimum=1))
    to_move: int | None = field(default=None, metadata=_meta(
        "the last move to narrate; the game's last when omitted", minimum=1))
    token: str | None = field(default=None, metadata=_meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))


@frozen(kw_only=True)
class MoveSentence:
    number: int = field(metadata=_meta("the move's number (from 1)"))
    version: int = field(metadata=_meta("the version of its move_played event"))
    seat: int = field(metadata=_meta("the seat that played it"))
    move: str = field(metadata=_meta("the command in the move notation"))
    text: str = field(metadata=_meta("the move as one English sentence"))
    then: list[str] = field(metadata=_meta(
        "one sentence per automatic step the move set off (new round, settlement phase, game "
        "end)"))


@frozen(kw_only=True)
class LogResult:
    version: int = field(metadata=_meta("the game's version"))
    moves: list[MoveSentence]


@API.method("game.log", params=LogParams, result=LogResult, errors=(UNKNOWN_GAME, BAD_TOKEN),
            summary="The game's moves in words, one English sentence per move.")
def game_log(svc: GameService, session: Session, p: LogParams) -> LogResult:
    """Moves from_move .. to_move (inclusive); names come from the specs, seats by colour."""
    from ora_rules.views.narrate import narrate_game

    version = svc.current(p.game_id, p.token).version
    moves = svc.store.fold(p.game_id, lambda events: narrate_game(
        events, svc.rules, p.from_move, p.to_move), version)
    return LogResult(version=version, moves=[
        MoveSentence(number=m.number, version=m.version, seat=m.seat, move=m.move, text=m.text,
                     then=list(m.then)) for m in moves])


def _state_after_move(svc: GameService, game_id: UUID, move: int | None, where: str,
                      token: str | None) -> State:
    """The state after move ``move`` (0: the set-up), the current state when None."""
    from ora_rules.views.diff import states_after

    current = svc.current(game_id, token)
    if move is None:
        return current
    found = svc.store.fold(game_id, lambda events: states_after(events, [move]),
                           current.version)
    if move not in found:
        raise invalid_params(f"{where}: the game has fewer than {move} moves", where,
                             reason="out_of_range")
    return found[move]


# --- the score explained (ora_rules.views.explain) ------------------------------------------------


@frozen(kw_only=True)
class ExplainParams:
    game_id: UUID = field(metadata=GAME_ID)
    seat: int | None = field(default=None, metadata=_meta("only this seat", minimum=0))
    move: int | None = field(default=None, metadata=_meta(
        "explain the score after this move (0: the set-up); now when omitted", minimum=0))
    token: str | None = field(default=None, metadata=_meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))


@frozen(kw_only=True)
class GoodsPoints:
    goods: dict[str, int] = field(metadata=_meta(
        "the goods of the line by name: one kind, or coins with wine and whiskey (R-SCORE-2)"))
    points: int
    text: str


@frozen(kw_only=True)
class CardPoints:
    card: str = field(metadata=_meta("a building or settlement id"))
    col: int
    row: int
    points: int = field(metadata=_meta("its economic value (R-SCORE-3)"))
    text: str


@frozen(kw_only=True)
class NeighbourPoints:
    col: int
    row: int
    card: str | None = field(metadata=_meta("the card on the space; null when empty"))
    points: int = field(metadata=_meta("the dwelling value it adds (R-SCORE-4)"))
    text: str


@frozen(kw_only=True)
class SettlementPoints:
    settlement: str
    col: int
    row: int
    dwelling: int = field(metadata=_meta("the settlement's own dwelling value"))
    neighbours: list[NeighbourPoints]
    points: int = field(metadata=_meta("dwelling + every neighbour's points"))
    text: str


@frozen(kw_only=True)
class SeatExplanation:
    seat: int
    name: str
    total: int
    goods_points: int
    economic_points: int
    settlement_points: list[int]
    goods: list[GoodsPoints]
    economic: list[CardPoints]
    settlements: list[SettlementPoints]
    text: str = field(metadata=_meta("the headline: total = goods + economic + settlements"))


@frozen(kw_only=True)
class ExplainResult:
    version: int = field(metadata=_meta("the version of the state explained"))
    final: bool = field(metadata=_meta("true when that state is the game's end"))
    seats: list[SeatExplanation]


@API.method("game.explain", params=ExplainParams, result=ExplainResult,
            errors=(UNKNOWN_GAME, BAD_TOKEN),
            summary="The score line by line: goods, economic values, settlements.")
def game_explain(svc: GameService, session: Session, p: ExplainParams) -> ExplainResult:
    """The lines sum to the score game.score gives (the items are scoring's own)."""
    from ora_rules.views.explain import explain

    state = _state_after_move(svc, p.game_id, p.move, "move", p.token)
    seats = []
    for e in explain(state, svc.rules, p.seat):
        seats.append(SeatExplanation(
            seat=e.seat, name=e.name, total=e.score.total, goods_points=e.score.goods,
            economic_points=e.score.economic, settlement_points=list(e.score.settlements),
            goods=[GoodsPoints(goods={g.value: n for g, n in line.goods.items()},
                               points=line.points, text=line.text) for line in e.goods],
            economic=[CardPoints(card=line.card, col=line.coord[0], row=line.coord[1],
                                 points=line.points, text=line.text) for line in e.economic],
            settlements=[SettlementPoints(
                settlement=s.settlement, col=s.coord[0], row=s.coord[1], dwelling=s.dwelling,
                neighbours=[NeighbourPoints(col=n.coord[0], row=n.coord[1], card=n.card,
                                            points=n.points, text=n.text)
                            for n in s.neighbours],
                points=s.points, text=s.text) for s in e.settlements],
            text=e.text))
    return ExplainResult(version=state.version, final=state.finished, seats=seats)


# --- the legal moves as a tree (ora_rules.move_tree) ----------------------------------------------


@frozen(kw_only=True)
class MovesParams:
    game_id: UUID = field(metadata=GAME_ID)
    path: list[str] = field(factory=list, metadata=_meta(
        "open the tree along [verb] or [verb, target]; [] gives the verbs with counts"))
    offset: int = field(default=0, metadata=_meta("skip this many moves of the opened target",
                                                  minimum=0))
    limit: int | None = field(default=None, metadata=_meta(
        "at most this many moves of the opened target (each is described by playing it)",
        minimum=1))
    token: str | None = field(default=None, metadata=_meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))


@frozen(kw_only=True)
class MoveLeafView:
    move: str = field(metadata=_meta("the move, ready for game.move"))
    rest: str = field(metadata=_meta("its tokens after the verb and the target"))
    text: str = field(metadata=_meta("what it does: the sentence game.log would write"))


@frozen(kw_only=True)
class MoveTarget:
    target: str = field(metadata=_meta("a building or settlement id; \"\" for none"))
    name: str = field(metadata=_meta("the target in words (\"the Farmyard (LR2)\")"))
    count: int = field(metadata=_meta("how many legal moves"))
    moves: list[MoveLeafView] | None = field(metadata=_meta("the moves, when opened"))


@frozen(kw_only=True)
class MoveVerb:
    verb: str
    text: str = field(metadata=_meta("what the verb does"))
    count: int = field(metadata=_meta("how many legal moves"))
    targets: list[MoveTarget] | None = field(metadata=_meta("the targets, when opened"))


@frozen(kw_only=True)
class MovesResult:
    version: int
    seat: int | None = field(metadata=_meta("the seat that decides now; null once finished"))
    count: int = field(metadata=_meta("how many legal moves in all (as game.legal_moves)"))
    verbs: list[MoveVerb]


@API.method("game.moves", params=MovesParams, result=MovesResult,
            errors=(UNKNOWN_GAME, BAD_TOKEN),
            summary="The legal moves as a tree: verb, target, moves with their sentences.")
def game_moves(svc: GameService, session: Session, p: MovesParams) -> MovesResult:
    """Opened fully, the tree holds exactly game.legal_moves. A verb whose only target is ""
    opens its moves with the verb. A path naming no legal verb or target is an invalid params
    error on data.path "path" (reason unknown_path)."""
    from ora_rules.move_tree import UnknownPath, move_tree

    state = svc.current(p.game_id, p.token)
    try:
        tree = move_tree(state, svc.rules, p.path, offset=p.offset, limit=p.limit)
    except UnknownPath as e:
        raise invalid_params(e.message, "path", reason="unknown_path") from None
    return MovesResult(version=state.version, seat=tree.seat, count=tree.count, verbs=[
        MoveVerb(verb=v.verb, text=v.text, count=v.count, targets=None if v.targets is None
                 else [MoveTarget(target=t.target, name=t.name, count=t.count,
                                  moves=None if t.moves is None else [
                                      MoveLeafView(move=m.move, rest=m.rest, text=m.text)
                                      for m in t.moves])
                       for t in v.targets])
        for v in tree.verbs])


# --- what changed between two moves (ora_rules.views.diff) ----------------------------------------


@frozen(kw_only=True)
class DiffParams:
    game_id: UUID = field(metadata=GAME_ID)
    from_move: int = field(metadata=_meta("the state after this move (0: the set-up)",
                                          minimum=0))
    to_move: int = field(metadata=_meta("compared with the state after this move", minimum=0))
    token: str | None = field(default=None, metadata=_meta(
        "a seat's or a spectator's token of the game: needed to read a private game",
        max_length=256))


@frozen(kw_only=True)
class GoodsChangeView:
    good: str
    before: int
    after: int


@frozen(kw_only=True)
class SpaceChangeView:
    col: int
    row: int
    before: str | None = field(metadata=_meta(
        "the card on the space (\"\" empty); null when the space was not there"))
    after: str | None


@frozen(kw_only=True)
class ClergyChangeView:
    clergyman: int = field(metadata=_meta("0 is the prior, 1.. the lay brothers"))
    before: str | None = field(metadata=_meta("the building it stood on; null at home"))
    after: str | None


@frozen(kw_only=True)
class SeatChanges:
    seat: int
    name: str
    goods: list[GoodsChangeView]
    spaces: list[SpaceChangeView]
    clergy: list[ClergyChangeView]
    settlements_gained: list[str]
    settlements_left: list[str]
    score_before: int | None = field(metadata=_meta("provisional score; null for the neutral"))
    score_after: int | None
    text: list[str]


@frozen(kw_only=True)
class GameChange:
    field: str = field(metadata=_meta(
        "round, wheel.<indicator>, display, work_contract_price, districts_left, plots_left, "
        "wonders_left, settlement_phases, decider or finished"))
    before: str
    after: str
    text: str


@frozen(kw_only=True)
class DiffResult:
    version: int = field(metadata=_meta("the game's version"))
    version_before: int = field(metadata=_meta("the version after from_move"))
    version_after: int = field(metadata=_meta("the version after to_move"))
    game: list[GameChange]
    seats: list[SeatChanges] = field(metadata=_meta("only the seats with a change"))
    text: list[str] = field(metadata=_meta("every change in words"))


@API.method("game.diff", params=DiffParams, result=DiffResult,
            errors=(UNKNOWN_GAME, BAD_TOKEN),
            summary="Every difference between the states after two moves, per seat.")
def game_diff(svc: GameService, session: Session, p: DiffParams) -> DiffResult:
    """A move beyond the game's is an invalid params error on data.path from_move/to_move."""
    from ora_rules.views.diff import diff, states_after

    current = svc.current(p.game_id, p.token)
    found = svc.store.fold(p.game_id, lambda events: states_after(
        events, [p.from_move, p.to_move]), current.version)
    for name, move in (("from_move", p.from_move), ("to_move", p.to_move)):
        if move not in found:
            raise invalid_params(f"{name}: the game has fewer than {move} moves", name,
                                 reason="out_of_range")
    d = diff(found[p.from_move], found[p.to_move], svc.rules)
    return DiffResult(
        version=current.version, version_before=d.version_before, version_after=d.version_after,
        game=[GameChange(field=c.field, before=c.before, after=c.after, text=c.text)
              for c in d.game],
        seats=[SeatChanges(
            seat=s.seat, name=s.name,
            goods=[GoodsChangeView(good=g.good.value, before=g.before, after=g.after)
                   for g in s.goods],
            spaces=[SpaceChangeView(col=x.col, row=x.row, before=x.before, after=x.after)
                    for x in s.spaces],
            clergy=[ClergyChangeView(clergyman=c.clergyman, before=c.before, after=c.after)
                    for c in s.clergy],
            settlements_gained=list(s.settlements_gained),
            settlements_left=list(s.settlements_left), score_before=s.score_before,
            score_after=s.score_after, text=list(s.text)) for s in d.seats],
        text=d.text)


# --- records: the hash chain's refusal; the record methods live in ora_api.records_api ------------


def tampered(game_id: UUID, error: TamperedLog) -> Exception:
    """The API error of a stream that fails its hash chain (never a traceback, never a move)."""
    return TAMPERED_LOG.error(f"game {game_id}: {error.message}", version=error.version)


def state_at_move(svc: GameService, game_id: UUID, move: int, token: str | None = None
                  ) -> State:
    """The state after ``move`` moves (0: the set-up); the whole game's chain is checked."""
    return svc.state_at(game_id, svc.version_after_move(game_id, move, token), token)


# game.export, game.import and game.verify (docs/records.md) register after the rest.
# game.undo_request and game.undo_answer (docs/api.md "Undo") follow them.
from ora_api import records_api, undo_api  # noqa: E402

__all__ += ["records_api", "undo_api"]
