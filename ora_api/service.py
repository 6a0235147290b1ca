"""The game service and the JSON-RPC methods of the API (design §7: the API is thin).

``GameService`` joins the event store, the rules and the seats' tokens: commands go to
``ora_rules.decide`` and the store, reads come from the folded state (``ora_api.projection``).
No rule lives here: who may move, what a move does and what is legal are asked of the engine.

Hot games' states stay in memory (an LRU of folded states): a game is folded once on first
access, and each move takes the state its command led to (``execute``), no second fold.

Tokens: ``game.create`` draws one secret token per seat (``secrets.token_urlsafe``) and hands
them out once. Only their SHA-256 digests are kept: in memory for the ``memory`` store, else in
the table ``ora_seat_tokens`` of the same SQLite file as the events (or of ``tokens_path``), so a
restarted server accepts them. Tokens never enter events, projections or logs.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import secrets
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Protocol
from uuid import UUID, uuid4

import cattrs
import orjson
from attrs import define, field, frozen

from ora_api import openrpc
from ora_api.projection import (
    ConfigView,
    ScoreView,
    StateView,
    Status,
    config_view,
    project,
    score_views,
    status_of,
)
from ora_api.rpc import ErrorSpec, Registry, Session, invalid_params
from ora_core.codec import EventJsonCodec
from ora_core.errors import (
    AmbiguousCommand,
    IllegalCommand,
    InvalidCommand,
    InvalidConfig,
    UnknownGame,
    VersionConflict,
)
from ora_core.events import GameEvent
from ora_core.evolve import fold
from ora_core.state import State
from ora_core.store import EventStore, StoredEvent
from ora_rules.catalog import Catalog, catalog
from ora_rules.complete import complete_from
from ora_rules.decide import execute, start
from ora_rules.i18n import Locale
from ora_rules.moves import legal_moves
from ora_rules.scoring import score, winners
from ora_rules.setup import make_config
from ora_rules.specs import Rules, load_rules
from ora_rules.view import BoardView, view

log = logging.getLogger("ora.api")

# --- application errors (stable codes; docs/api.md) ---------------------------------------------

VERSION_CONFLICT = ErrorSpec(
    -32001, "version_conflict", "Version conflict",
    "expected_version is not the game's version, or another writer stored that version first; "
    "nothing was stored. data.version is the game's version when known.")
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
BAD_TOKEN = ErrorSpec(-32006, "bad_token", "Bad token",
                      "the token is not a seat's token of this game.")
PUSH_UNAVAILABLE = ErrorSpec(
    -32007, "push_unavailable", "Push unavailable",
    "subscriptions need a transport that pushes messages: WebSocket (/ws) or stdio.")

APP_ERRORS = (VERSION_CONFLICT, ILLEGAL_MOVE, INVALID_MOVE, UNKNOWN_GAME, NOT_YOUR_TURN,
              BAD_TOKEN, PUSH_UNAVAILABLE)


# --- tokens -------------------------------------------------------------------------------------


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class TokenStore(Protocol):
    """Where the seats' token digests live."""

    def save(self, game_id: UUID, digests: dict[int, str]) -> None: ...

    def load(self, game_id: UUID) -> dict[str, int]:
        """digest -> seat."""
        ...

    def close(self) -> None: ...


class MemoryTokens:
    def __init__(self) -> None:
        self._games: dict[UUID, dict[str, int]] = {}
        self._lock = threading.Lock()

    def save(self, game_id: UUID, digests: dict[int, str]) -> None:
        with self._lock:
            self._games[game_id] = {d: seat for seat, d in digests.items()}

    def load(self, game_id: UUID) -> dict[str, int]:
        with self._lock:
            return dict(self._games.get(game_id, {}))

    def close(self) -> None:
        pass


class SqliteTokens:
    """The table ``ora_seat_tokens(game_id, seat, token_sha256)`` in a SQLite file."""

    def __init__(self, path: str) -> None:
        self._conn = sqlite3.connect(path, timeout=30, check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock, self._conn:
            self._conn.execute(
                "CREATE TABLE IF NOT EXISTS ora_seat_tokens (game_id TEXT NOT NULL, "
                "seat INTEGER NOT NULL, token_sha256 TEXT NOT NULL, PRIMARY KEY (game_id, seat))")

    def save(self, game_id: UUID, digests: dict[int, str]) -> None:
        with self._lock, self._conn:
            self._conn.executemany(
                "INSERT INTO ora_seat_tokens (game_id, seat, token_sha256) VALUES (?, ?, ?)",
                [(str(game_id), seat, d) for seat, d in sorted(digests.items())])

    def load(self, game_id: UUID) -> dict[str, int]:
        with self._lock:
            rows = self._conn.execute(
                "SELECT seat, token_sha256 FROM ora_seat_tokens WHERE game_id = ?",
                (str(game_id),)).fetchall()
        return {d: int(seat) for seat, d in rows}

    def close(self) -> None:
        with self._lock:
            self._conn.close()


# --- API values ---------------------------------------------------------------------------------


def _meta(doc: str, **constraints: Any) -> dict[str, Any]:
    return {"doc": doc, **constraints}


GAME_ID = _meta("the game's id (from game.create or game.list)")


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
class GameConfigParams:
    players: int = field(metadata=_meta("number of players (the engine names the allowed ones)"))
    variant: str = field(metadata=_meta("france or ireland"))
    length: str = field(metadata=_meta("long or short"))
    seed: int | None = field(default=None, metadata=_meta(
        "the seed of every random draw; random when omitted"))


@frozen(kw_only=True)
class CreateParams:
    config: GameConfigParams


@frozen(kw_only=True)
class SeatToken:
    seat: int
    colour: str
    token: str = field(metadata=_meta("the seat's secret: needed for game.move, shown once"))


@frozen(kw_only=True)
class CreateResult:
    game_id: UUID
    version: int
    seats: list[SeatToken]


@frozen(kw_only=True)
class NoParams:
    pass


@frozen(kw_only=True)
class GameSummary:
    game_id: UUID
    config: ConfigView
    status: Status
    version: int


@frozen(kw_only=True)
class ListResult:
    games: list[GameSummary]


@frozen(kw_only=True)
class MoveParams:
    game_id: UUID = field(metadata=GAME_ID)
    token: str = field(metadata=_meta("the token of the seat that decides now", max_length=256))
    move: str = field(metadata=_meta("one command of the move notation, e.g. \"USE LR2 Gn\"",
                                     max_length=4096))
    expected_version: int | None = field(default=None, metadata=_meta(
        "refuse the move (version_conflict) unless the game is at this version", minimum=0))


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


@frozen(kw_only=True)
class LegalMovesParams:
    game_id: UUID = field(metadata=GAME_ID)
    seat: int | None = field(default=None, metadata=_meta(
        "only if this seat decides now (else the result is empty)", minimum=0))


@frozen(kw_only=True)
class LegalMovesResult:
    version: int
    seat: int | None = field(metadata=_meta("the seat that decides now; null once finished"))
    moves: list[str]


@frozen(kw_only=True)
class CompleteParams:
    game_id: UUID = field(metadata=GAME_ID)
    prefix: str = field(default="", metadata=_meta(
        "the whole tokens written so far, separated by spaces", max_length=4096))


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
    limit: int | None = field(default=None, metadata=_meta("at most this many events",
                                                           minimum=0, maximum=100_000))


@frozen(kw_only=True)
class EventsResult:
    version: int = field(metadata=_meta("the game's version (its last event)"))
    events: list[EventView]


@frozen(kw_only=True)
class GameParams:
    game_id: UUID = field(metadata=GAME_ID)


@frozen(kw_only=True)
class ScoreResult:
    version: int
    final: bool = field(metadata=_meta("true once the game has ended; else provisional"))
    scores: list[ScoreView]
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


# --- the service --------------------------------------------------------------------------------

Sink = Callable[[UUID, Sequence[EventView]], None]


@define
class _Hot:
    state: State
    tokens: dict[str, int]
    moves: list[str] | None = None


def event_view(stored: StoredEvent[GameEvent]) -> EventView:
    return EventView(version=stored.version, type=stored.tag, data=orjson.loads(stored.data),
                     hash=stored.hash, prev_hash=stored.prev_hash)


_LOCK_STRIPES = 64


class GameService:
    """Games over an event store. Thread-safe: commands on one game are serialised."""

    def __init__(self, store: EventStore[GameEvent], rules: Rules, tokens: TokenStore, *,
                 cache_size: int = 256) -> None:
        self.store = store
        self.rules = rules
        self.tokens = tokens
        self.cache_size = cache_size
        self._lock = threading.Lock()  # guards _hot, _sinks, _summaries
        self._stripes = [threading.Lock() for _ in range(_LOCK_STRIPES)]
        self._hot: OrderedDict[UUID, _Hot] = OrderedDict()
        self._sinks: dict[UUID, list[Sink]] = {}
        self._summaries: dict[UUID, tuple[ConfigView, Status, int] | ConfigView] = {}
        #: rules.catalog's answer per locale (the rules never change while serving).
        self.catalogs: dict[str, orjson.Fragment] = {}

    def close(self) -> None:
        self.store.close()
        self.tokens.close()

    # -- locking and the hot cache ----------------------------------------------------------------

    def _game_lock(self, game_id: UUID) -> threading.Lock:
        return self._stripes[game_id.int % _LOCK_STRIPES]

    def _entry(self, game_id: UUID) -> _Hot:
        """The hot entry (fold once on first access); call with the game's lock held."""
        with self._lock:
            hot = self._hot.get(game_id)
            if hot is not None:
                self._hot.move_to_end(game_id)
                return hot
        try:
            state = self.store.fold(game_id, fold)
        except UnknownGame:
            raise UNKNOWN_GAME.error(f"no game {game_id}") from None
        hot = _Hot(state=state, tokens=self.tokens.load(game_id))
        self._put(game_id, hot)
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

    # -- commands ---------------------------------------------------------------------------------

    def create(self, players: int, variant: str, length: str, seed: int | None = None
               ) -> tuple[UUID, State, dict[int, str]]:
        """A new game: its id, its state and each seat's token."""
        if seed is None:
            seed = secrets.randbelow(2**63)
        try:
            config = make_config(players, variant, length, seed)
        except InvalidConfig as e:
            where = _config_field(e.message)
            raise invalid_params(e.message, where, reason="invalid_config") from None
        events = start(config, self.rules)
        state = fold(events)
        game_id = uuid4()
        tokens = {p.seat: secrets.token_urlsafe(32) for p in state.players if not p.neutral}
        # Tokens first: a crash in between leaves unused digests, never a game nobody can play.
        self.tokens.save(game_id, {seat: token_digest(t) for seat, t in tokens.items()})
        with self._game_lock(game_id):
            self.store.append(game_id, 0, events)
            digests = {token_digest(t): seat for seat, t in tokens.items()}
            self._put(game_id, _Hot(state=state, tokens=digests))
        log.info("created game %s (%s, %d players)", game_id, config.mode, config.players)
        return game_id, state, tokens

    def move(self, game_id: UUID, token: str, move: str, expected_version: int | None = None
             ) -> tuple[int, list[EventView]]:
        """Decide ``move`` for the token's seat and store its events; nothing is stored unless
        every check passes."""
        with self._game_lock(game_id):
            hot = self._entry(game_id)
            seat = hot.tokens.get(token_digest(token))
            if seat is None:
                raise BAD_TOKEN.error("the token is not a seat's token of this game")
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
            try:
                stored = self.store.append(game_id, state.version, executed.events)
            except VersionConflict as e:
                self._evict(game_id)  # another writer: fold afresh next time
                raise VERSION_CONFLICT.error(e.message, version=None) from None
            new_state = executed.state
            hot.state = new_state
            hot.moves = None
            views = [event_view(s) for s in stored]
            self._push(game_id, views)
        log.debug("game %s v%d: seat %d %s", game_id, new_state.version, seat, move)
        return new_state.version, views

    # -- subscriptions ----------------------------------------------------------------------------

    def subscribe(self, game_id: UUID, sink: Sink) -> int:
        """Call ``sink(game_id, events)`` after every later append; returns the version now."""
        with self._game_lock(game_id):
            version = self._entry(game_id).state.version
            with self._lock:
                self._sinks.setdefault(game_id, []).append(sink)
        return version

    def unsubscribe(self, game_id: UUID, sink: Sink) -> bool:
        with self._game_lock(game_id), self._lock:
            sinks = self._sinks.get(game_id, [])
            if sink not in sinks:
                return False
            sinks.remove(sink)
            if not sinks:
                del self._sinks[game_id]
            return True

    def _push(self, game_id: UUID, views: Sequence[EventView]) -> None:
        with self._lock:
            sinks = list(self._sinks.get(game_id, ()))
        for sink in sinks:
            try:
                sink(game_id, views)
            except Exception:
                log.exception("a subscriber of game %s failed", game_id)

    # -- reads ------------------------------------------------------------------------------------

    def current(self, game_id: UUID) -> State:
        with self._game_lock(game_id):
            return self._entry(game_id).state

    def state_at(self, game_id: UUID, version: int | None) -> State:
        state = self.current(game_id)
        if version is None or version == state.version:
            return state
        if version > state.version:
            raise invalid_params(f"version: the game is at version {state.version}", "version",
                                 reason="out_of_range")
        return self.store.fold(game_id, fold, version)

    def version_after_move(self, game_id: UUID, move: int) -> int:
        """The version of the game after its ``move``-th move: the version just before the next
        move's ``move_played`` (or the head), so the move's consequences are included."""
        head = self.current(game_id).version
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

    def legal_moves(self, game_id: UUID) -> tuple[State, list[str]]:
        with self._game_lock(game_id):
            hot = self._entry(game_id)
            if hot.moves is None:
                hot.moves = [str(m) for m in legal_moves(hot.state, self.rules)]
            return hot.state, hot.moves

    def events(self, game_id: UUID, from_version: int = 1, limit: int | None = None
               ) -> tuple[int, list[EventView]]:
        state = self.current(game_id)
        stored = self.store.events(game_id, from_version, limit=limit)
        head = max(state.version, stored[-1].version if stored else 0)
        return head, [event_view(s) for s in stored]

    def games(self) -> list[GameSummary]:
        result = []
        for game_id in self.store.game_ids():
            with self._lock:
                hot = self._hot.get(game_id)
                known = self._summaries.get(game_id)
            if hot is not None:
                state = hot.state
                summary = (config_view(state), status_of(state), state.version)
            elif isinstance(known, tuple):
                summary = known
            else:
                summary = self._cold_summary(game_id, known)
            with self._lock:  # a config never changes, nor does a finished game
                self._summaries[game_id] = summary if summary[1] == "finished" else summary[0]
            result.append(GameSummary(game_id=game_id, config=summary[0], status=summary[1],
                                      version=summary[2]))
        return result

    def _cold_summary(self, game_id: UUID, config: ConfigView | None
                      ) -> tuple[ConfigView, Status, int]:
        version = self.store.version(game_id)
        if config is None:
            first = self.store.fold(game_id, fold, 1)
            config = config_view(first)
        # game_ended is the last fact of the command that ends the game (only that command's
        # bookkeeping, the flow, follows it), so it is among the stream's last events.
        tail = self.store.events(game_id, max(1, version - 15))
        ended = any(e.tag == "game_ended" for e in tail)
        status: Status = "finished" if ended else "playing"
        return config, status, version


def _config_field(message: str) -> str:
    for name in ("players", "variant", "length", "seed", "colours"):
        if message.startswith(name) or f" {name}" in message.split(",")[0]:
            return f"config.{name}"
    return "config"


def open_service(store_url: str, *, rules: Rules | None = None, tokens: str | None = None,
                 cache_size: int = 256) -> GameService:
    """A service over the store at ``store_url`` (``memory``, ``sqlite:PATH``, ``postgres:``).

    ``tokens``: where the token digests live: ``memory`` or a SQLite file; by default the
    store's own SQLite file (memory for the memory store). A postgres store needs ``tokens``.
    """
    store: EventStore[GameEvent] = EventStore(EventJsonCodec(), store_url)
    try:
        if tokens is None:
            if store_url == "memory":
                tokens = "memory"
            elif store_url.startswith("sqlite:"):
                path = store_url[len("sqlite:"):]
                tokens = "memory" if (":memory:" in path or "mode=memory" in path) else path
            else:
                raise ValueError("a postgres store needs a tokens file (--tokens PATH)")
        token_store: TokenStore = MemoryTokens() if tokens == "memory" else SqliteTokens(tokens)
    except BaseException:
        store.close()
        raise
    return GameService(store, rules if rules is not None else load_rules(), token_store,
                       cache_size=cache_size)


# --- the methods --------------------------------------------------------------------------------

API = Registry()


@API.method("rpc.discover", params=NoParams, result=dict[str, Any], result_name="OpenRPC",
            summary="This API as an OpenRPC document.")
def rpc_discover(svc: GameService, session: Session, p: NoParams) -> orjson.Fragment:
    """Every method with its params, result and errors (the committed specs/openrpc.json)."""
    return _discovery()


@functools.cache
def _discovery() -> orjson.Fragment:
    return orjson.Fragment(orjson.dumps(openrpc.document(API, APP_ERRORS, NOTIFICATIONS)))


@API.method("game.create", params=CreateParams, result=CreateResult,
            summary="Start a new game and deal one secret token per seat.")
def game_create(svc: GameService, session: Session, p: CreateParams) -> CreateResult:
    """A bad config is an invalid params error (-32602) whose data.path names the field and
    whose detail names the allowed values. The tokens are shown only here."""
    c = p.config
    game_id, state, tokens = svc.create(c.players, c.variant, c.length, c.seed)
    return CreateResult(game_id=game_id, version=state.version, seats=[
        SeatToken(seat=seat, colour=state.players[seat].colour, token=token)
        for seat, token in sorted(tokens.items())])


@API.method("game.list", params=NoParams, result=ListResult,
            summary="The stored games with their config, status and version.")
def game_list(svc: GameService, session: Session, p: NoParams) -> ListResult:
    """In the order the games were created."""
    return ListResult(games=svc.games())


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
    version, events = svc.move(p.game_id, p.token, p.move, p.expected_version)
    return MoveResult(version=version, events=events)


@API.method("game.state", params=StateParams, result=StateView, result_name="state",
            errors=(UNKNOWN_GAME,), summary="The game at its current or at an earlier version.")
def game_state(svc: GameService, session: Session, p: StateParams) -> StateView:
    """A version beyond the game's is an invalid params error on data.path "version"."""
    return project(p.game_id, svc.state_at(p.game_id, p.version))


@API.method("game.legal_moves", params=LegalMovesParams, result=LegalMovesResult,
            errors=(UNKNOWN_GAME,), summary="Every legal move of the seat that decides now.")
def game_legal_moves(svc: GameService, session: Session, p: LegalMovesParams
                     ) -> LegalMovesResult:
    """Move strings in the notation, ready for game.move; empty when ``seat`` is given and is
    not the deciding seat, and once the game is over."""
    state, moves = svc.legal_moves(p.game_id)
    seat = _decider(state)
    if p.seat is not None and p.seat != seat:
        moves = []
    return LegalMovesResult(version=state.version, seat=seat, moves=list(moves))


@API.method("game.complete", params=CompleteParams, result=CompleteResult,
            errors=(UNKNOWN_GAME,), summary="The next tokens of a partly written move.")
def game_complete(svc: GameService, session: Session, p: CompleteParams) -> CompleteResult:
    """Every offered token leads to a legal move; "" marks the prefix as a complete move. The
    prefix is split on whitespace into whole tokens (a client filters a half-typed token)."""
    state, moves = svc.legal_moves(p.game_id)
    return CompleteResult(version=state.version, seat=_decider(state),
                          tokens=complete_from(moves, p.prefix.split()))


@API.method("game.events", params=EventsParams, result=EventsResult,
            errors=(UNKNOWN_GAME,), summary="The game's stored events with their hash chain.")
def game_events(svc: GameService, session: Session, p: EventsParams) -> EventsResult:
    """From ``from_version`` on, at most ``limit`` of them."""
    head, events = svc.events(p.game_id, p.from_version, p.limit)
    return EventsResult(version=head, events=events)


@API.method("game.score", params=GameParams, result=ScoreResult, errors=(UNKNOWN_GAME,),
            summary="The score breakdown per seat (provisional until the game ends).")
def game_score(svc: GameService, session: Session, p: GameParams) -> ScoreResult:
    """The final scores are the ones the game's end recorded."""
    state = svc.current(p.game_id)
    if state.scores is not None:
        return ScoreResult(version=state.version, final=True, scores=score_views(state.scores),
                           winners=list(winners(state.scores)))
    return ScoreResult(version=state.version, final=False,
                       scores=score_views(score(state, svc.rules)), winners=None)


@API.method("game.view", params=ViewParams, result=BoardView, result_name="view",
            errors=(UNKNOWN_GAME,),
            summary="The game made for drawing: grids, wheel, display, schedule, scores.")
def game_view(svc: GameService, session: Session, p: ViewParams) -> BoardView:
    """Per seat: the landscape as a grid (terrain, the card and its name, clergy on it, what
    could be built on each space), goods, clergy at home and the provisional score; the wheel
    with each indicator's value, the display by stage, the next district and plot prices, and
    the schedule (rounds left, settlement phases, the end condition in words). Words are in
    ``locale``; ids and codes are the notation's. ``version`` or ``move`` shows an earlier
    position (out of range: invalid params on data.path "version" or "move")."""
    return view(board_state(svc, p.game_id, p.version, p.move), svc.rules, locale=p.locale,
                game_id=p.game_id, move=p.move)


def board_state(svc: GameService, game_id: UUID, version: int | None, move: int | None
                ) -> State:
    """The state a view or a picture shows: at the head, a version or after a move."""
    if version is not None and move is not None:
        raise invalid_params("give version or move, not both", "move", reason="conflict")
    if move is not None:
        version = svc.version_after_move(game_id, move)
    return svc.state_at(game_id, version)


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
            errors=(UNKNOWN_GAME, PUSH_UNAVAILABLE),
            summary="Receive every new event of the game as a game.event notification.")
def game_subscribe(svc: GameService, session: Session, p: GameParams) -> SubscribeResult:
    """WebSocket and stdio only. Notifications carry the events after the returned version, in
    order, none left out while subscribed (read earlier ones with game.events). On the
    connection that moves, a move's notifications come before the move's response."""
    if not session.push:
        raise PUSH_UNAVAILABLE.error("subscribe over the WebSocket (/ws) or stdio transport")
    if p.game_id in session.subscriptions:
        return SubscribeResult(game_id=p.game_id, version=svc.current(p.game_id).version)

    def sink(game_id: UUID, events: Sequence[EventView]) -> None:
        for e in events:
            session.notify("game.event", {"game_id": str(game_id), "version": e.version,
                                          "type": e.type, "data": e.data, "hash": e.hash,
                                          "prev_hash": e.prev_hash})

    version = svc.subscribe(p.game_id, sink)
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


# --- the game in words (ora_rules.narrate; docs/api.md "The game in words") ---------------------


@frozen(kw_only=True)
class LogParams:
    game_id: UUID = field(metadata=GAME_ID)
    from_move: int = field(default=1, metadata=_meta(
        "the first move to narrate (move N is the game's N-th move_played event)", minimum=1))
    to_move: int | None = field(default=None, metadata=_meta(
        "the last move to narrate; the game's last when omitted", minimum=1))


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


@API.method("game.log", params=LogParams, result=LogResult, errors=(UNKNOWN_GAME,),
            summary="The game's moves in words, one English sentence per move.")
def game_log(svc: GameService, session: Session, p: LogParams) -> LogResult:
    """Moves from_move .. to_move (inclusive); names come from the specs, seats by colour."""
    from ora_rules.narrate import narrate_game

    version = svc.current(p.game_id).version
    moves = svc.store.fold(p.game_id, lambda events: narrate_game(
        events, svc.rules, p.from_move, p.to_move), version)
    return LogResult(version=version, moves=[
        MoveSentence(number=m.number, version=m.version, seat=m.seat, move=m.move, text=m.text,
                     then=list(m.then)) for m in moves])
