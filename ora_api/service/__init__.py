"""The game service behind the JSON-RPC methods of the API (design §7: the API is thin).

``GameService`` joins the event store, the rules and the seats' tokens: commands go to
``ora_rules.decide`` and the store, reads come from the folded state (``ora_api.games.projection``).
No rule lives here: who may move, what a move does and what is legal are asked of the engine.

Hot games' states stay in memory (an LRU of folded states): a game is folded once on first
access, and each move takes the state its command led to (``execute``), no second fold.

Access: seats, invitations, spectators and visibility live in ``ora_api.table.lobby`` (tables beside
the events); the methods, the lobby's among them, are in ``ora_api.methods`` and call this
service; ``ora_api.api`` joins them. A private game is read only with one of its tokens.
Tokens never enter events, projections or logs.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID, uuid4

import attrs
import orjson
from attrs import frozen

from ora_api.games.follower import Follower
from ora_api.games.projection import config_view, status_of
from ora_api.games.storehealth import StoreHealth, unavailable
from ora_api.games.subscribers import Sink, Subscribers, event_view
from ora_api.jsonrpc.common import (
    BAD_INVITE,
    BAD_TOKEN,
    ILLEGAL_MOVE,
    INVALID_MOVE,
    NOT_YOUR_TURN,
    UNKNOWN_GAME,
    VERSION_CONFLICT,
    EventView,
    tampered,
)
from ora_api.jsonrpc.rpc import MAX_REPLY_BYTES, invalid_params
from ora_api.table.bot_pool import BotLimits
from ora_api.table.bot_seats import BotRunner
from ora_api.table.clocks import Clock, Timers
from ora_api.table.hot import Hot
from ora_api.table.join_retry import earlier_join, join_token
from ora_api.table.lobby import (
    Access,
    InviteRefused,
    Lobby,
    SeatRow,
    Summary,
    Visibility,
    digest,
    new_secret,
)
from ora_api.table.notices import Webhooks
from ora_api.table.retries import Requests
from ora_api.table.seating import SeatPlan as SeatPlan  # re-exported: game.create's seats
from ora_api.table.seating import fill_seats
from ora_api.table.summaries import reconcile, scores_of
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
from ora_core.state import State, TimeControl
from ora_core.store import (
    EventStore,
    TamperedLog,
    verify_chain,
)
from ora_rules.clocks import checked
from ora_rules.decide import execute, start
from ora_rules.readings import ReadingsChoice
from ora_rules.readings import resolve as resolve_readings
from ora_rules.setup import make_config
from ora_rules.specs import Rules, load_rules

log = logging.getLogger("ora.api")

#: One page of game.events: at most this many events and about this many bytes of them. A
#: whole game's stream (some 1100 events, 300 KB for four players) fits in one page; a batch of
#: such pages is what the reply budget stops.
EVENTS_PAGE = 10_000
EVENTS_PAGE_BYTES = 1 << 20


# --- the service ----------------------------------------------------------------------------------



_LOCK_STRIPES = 64


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


class GameService:
    """Games over an event store. Thread-safe: commands on one game are serialised."""

    def __init__(self, store: EventStore[GameEvent], rules: Rules, *,
                 cache_size: int = 256, bots: BotLimits | None = None,
                 clock: Clock | None = None) -> None:
        self.store = store
        self.rules = rules
        self.cache_size = cache_size
        self.lobby = Lobby(store)
        self.requests = Requests(self.lobby)  # game.move's request ids (ora_api.table.retries)
        self.health = StoreHealth()
        #: Another process may write the same database: check the stream head before
        #: answering from the cache.
        self._shared = store.dialect is not None
        self._lock = threading.Lock()  # guards _hot
        self._stripes = [threading.Lock() for _ in range(_LOCK_STRIPES)]
        self._hot: OrderedDict[UUID, Hot] = OrderedDict()
        self.subscribers = Subscribers(store)
        #: Events other processes append reach our subscribers (``ora_api.games.follower``).
        self.follower = Follower(store, self.subscribers.games, self._follow)
        #: rules.catalog's answer per locale (the rules never change while serving).
        self.catalogs: dict[str, orjson.Fragment] = {}
        #: Plays the bot seats' moves (``ora_api.table.bot_seats``).
        self.bot_runner = BotRunner(rules, self.play_seat, bots)
        self.reconcile()
        self.webhooks = Webhooks(self)  # the seats' turn notices (ora_api.table.notices)
        self.timers = Timers(self, clock)  # clocks, and the sweep of run-out ones

    def close(self) -> None:
        self.timers.close()
        self.webhooks.close()
        self.follower.close()
        self.bot_runner.close()
        self.lobby.close()
        self.store.close()

    # -- locking and the hot cache ----------------------------------------------------------------

    def _game_lock(self, game_id: UUID) -> threading.Lock:
        return self._stripes[game_id.int % _LOCK_STRIPES]

    def _entry(self, game_id: UUID, expected_version: int | None = None) -> Hot:
        """The hot entry (fold once on first access, then only the events another process
        appended); call with the game's lock held. A move's ``expected_version`` at the hot
        state's reads no head: the append refuses the move if another process went further."""
        with self._lock:
            hot = self._hot.get(game_id)
            if hot is not None:
                self._hot.move_to_end(game_id)
        if hot is not None:
            if expected_version == hot.state.version:
                return hot
            if self._shared and self.store.version(game_id) > hot.state.version:
                later = self.store.events(game_id, hot.state.version + 1)
                try:
                    verify_chain(later)  # another writer's events: their chain, in itself
                except TamperedLog as e:
                    raise tampered(game_id, e) from None
                hot.state = fold((s.event for s in later), hot.state)
                hot.moves = None
                hot.access = self.lobby.access(game_id)
                self.subscribers.deliver(game_id, hot.state.version, later)
            if self._shared:  # only a read of the store tells it works again
                self.health.ok(wrote=False)
            return hot
        try:
            state = self.store.fold(game_id, fold)
        except UnknownGame:
            raise UNKNOWN_GAME.error(f"no game {game_id}") from None
        except TamperedLog as e:
            raise tampered(game_id, e) from None
        hot = Hot(state=state, access=self.lobby.access(game_id))
        self._put(game_id, hot)
        self.subscribers.deliver(game_id, state.version, [])
        self.health.ok(wrote=False)
        self.bot_runner.changed(game_id, state)  # a bot's turn left by a restart
        return hot

    def _put(self, game_id: UUID, hot: Hot) -> None:
        with self._lock:
            self._hot[game_id] = hot
            self._hot.move_to_end(game_id)
            while len(self._hot) > self.cache_size:
                self._hot.popitem(last=False)

    def _peek(self, game_id: UUID) -> State | None:
        """The hot state as it is, neither folded nor refreshed (None: the game is not hot)."""
        with self._lock:
            hot = self._hot.get(game_id)
        return None if hot is None else hot.state

    def _evict(self, game_id: UUID) -> None:
        with self._lock:
            self._hot.pop(game_id, None)

    def _seat_of(self, game_id: UUID, hot: Hot, token: str) -> int | None:
        key = digest(token)
        seat = hot.access.seat_of(key)
        if seat is None:  # a seat may have been taken through another server
            hot.access = self.lobby.access(game_id)
            seat = hot.access.seat_of(key)
        return seat

    def _readable(self, game_id: UUID, token: str | None) -> Hot:
        """The hot entry of a game the token may read; call with the game's lock held."""
        hot = self._entry(game_id)
        self.timers.due(game_id, hot)  # a seat's time run out shows on the next read
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
               wonder_tiles: str | None = None, undo: str = "by_consent",
               clock: TimeControl | None = None) -> Created:
        """A new game: the creator's seats get tokens, open seats invitations, bot seats
        neither; the named and bot seats' ``SeatTaken`` events follow the set-up.
        ``liesborn``: with the wonders mini expansion and its tile set (R-LIES-1, AMB-28)."""
        if seed is None:
            seed = secrets.randbelow(2**63)
        try:
            config = make_config(players, variant, length, seed,
                                 readings=resolve_readings(self.rules, readings),
                                 liesborn=liesborn, wonder_tiles=wonder_tiles)
            config = attrs.evolve(config, undo=undo, clock=checked(clock))  # the table's rules
            events: list[GameEvent] = list(start(config, self.rules))  # checks the tile set
        except InvalidConfig as e:
            where = f"config.{e.field}" if e.field else _config_field(e.message)
            raise invalid_params(e.message, where, reason="invalid_config") from None
        return self.open_game(events, seats, visibility)

    def open_game(self, events: Sequence[GameEvent], seats: Sequence[SeatPlan] | None,
                  visibility: Visibility,
                  then: Callable[[list[GameEvent]], list[GameEvent]] | None = None) -> Created:
        """Store a new game from its first events (a set-up, or a fork's position) with its
        seats filled as ``seats`` say (by default the creator, "Player 1", takes the first);
        ``then``: the events played on from there before it is stored (``ora fork --play``)."""
        state = fold(events)
        people = [p.seat for p in state.players if not p.neutral]
        if seats is None:
            seats = [SeatPlan(name="Player 1"), *[SeatPlan()] * (len(people) - 1)]
        if len(seats) != len(people):
            raise invalid_params(f"seats: this game has {len(people)} seat(s), not "
                                 f"{len(seats)}", "seats", reason="seat_count")
        seating = fill_seats(people, seats)
        events = [*events, *seating.events]
        events += then(events) if then is not None else []
        state = fold(events)
        game_id = uuid4()
        moves = sum(type(e) is MovePlayed for e in events)
        summary = Summary(game_id=game_id, config=attrs.asdict(config_view(state)),
                          visibility=visibility, version=state.version, moves=moves,
                          status=status_of(state), open_seats=len(seating.invites),
                          scores=scores_of(state))
        access = Access(visibility=visibility, spectators=frozenset(),
                        seats={r.token: r.seat for r in seating.rows if r.token is not None})
        self.insert(game_id, events, summary, seating.rows,
                    Hot(state=state, access=access))
        self.bot_runner.changed(game_id, state)
        self.timers.created(game_id, state, seating.tokens)
        log.info("created game %s (%s, %d players, %d moves)", game_id, state.config.mode,
                 state.config.players, moves)
        return Created(game_id=game_id, state=state, visibility=visibility,
                       tokens=seating.tokens, invites=seating.invites)

    def insert(self, game_id: UUID, events: Sequence[GameEvent], summary: Summary,
               rows: Sequence[SeatRow], hot: Hot) -> None:
        """Store a new game's events with its summary and seats (one transaction) and keep it
        hot: ``create`` and ``game.import`` (``ora_api.methods.records``)."""
        with self._game_lock(game_id):
            self.store.append(game_id, 0, events, also=self.lobby.writer(
                lambda c: Lobby.insert_game(c, summary, rows)))
            self.health.ok(wrote=True)
            self._put(game_id, hot)

    def join(self, invite: str, name: str, request_id: str | None = None
             ) -> tuple[UUID, int, str, State]:
        """Take the seat an invitation opens: (game, seat, the seat's new token, state). The
        same join again (``request_id``) gets the same answer (``ora_api.table.join_retry``)."""
        key = digest(invite)
        token = join_token(invite, request_id)
        try:
            game_id, seat = self.lobby.invitation(key)
        except InviteRefused as e:
            if (earlier := earlier_join(self.lobby, invite, request_id)) is not None:
                with self._game_lock(earlier[0]):
                    return *earlier, token, self._entry(earlier[0]).state
            raise BAD_INVITE.error(e.detail, reason=e.reason) from None
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
                self.subscribers.push(game_id, [event_view(s) for s in stored])
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
        """Make the summaries consistent with the streams (``ora_api.table.summaries``): the number
        of games summarised afresh."""
        return reconcile(self.store, self.lobby)

    # -- commands ---------------------------------------------------------------------------------

    def move(self, game_id: UUID, token: str, move: str, expected_version: int | None = None,
             request_id: str | None = None) -> tuple[int, list[EventView]]:
        """Decide ``move`` for the token's seat and store its events; nothing is stored unless
        every check passes. A ``request_id`` this seat's move already stored answers that move
        again (``ora_api.table.retries``)."""
        with self._game_lock(game_id):
            hot = self._entry(game_id, expected_version)
            self.timers.due(game_id, hot, refuse=True)  # a time run out first: the move is late
            seat = self._seat_of(game_id, hot, token)
            if seat is None or hot.state.players[seat].bot is not None:
                raise BAD_TOKEN.error("the token is not the token of a seat a person plays")
            if request_id is None:
                return self._play(game_id, hot, seat, move, expected_version)
            return self.requests.once(self.store, game_id, seat, move, request_id, lambda: (
                self._play(game_id, hot, seat, move, expected_version, request_id)))

    def play_seat(self, game_id: UUID, seat: int, move: str, expected_version: int
                  ) -> tuple[int, list[EventView]]:
        """A bot seat's move (``BotRunner``): checked and stored like ``move``, no token."""
        with self._game_lock(game_id):
            hot = self._entry(game_id)
            if hot.state.players[seat].bot is None:
                raise BAD_TOKEN.error(f"seat {seat} is not a bot seat")
            return self._play(game_id, hot, seat, move, expected_version)

    def _play(self, game_id: UUID, hot: Hot, seat: int, move: str,
              expected_version: int | None, request_id: str | None = None
              ) -> tuple[int, list[EventView]]:
        """``move`` for ``seat``, with the game's lock held."""
        state = hot.state
        if expected_version is not None and expected_version != state.version:
            raise VERSION_CONFLICT.error(
                f"the game is at version {state.version}, not {expected_version}",
                version=state.version)
        try:
            executed = execute(state, move, self.rules, seat=seat,
                               took=self.timers.took(game_id, state))
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
        self.subscribers.push(game_id, views)
        self.bot_runner.changed(game_id, new_state)
        self.timers.moved(game_id, new_state)
        log.debug("game %s v%d: seat %d %s", game_id, new_state.version, seat, move)
        return new_state.version, views

    # -- subscriptions ----------------------------------------------------------------------------

    def subscribe(self, game_id: UUID, sink: Sink, token: str | None = None) -> int:
        """Call ``sink(game_id, events)`` after every later append, through this process or
        another on the same database; returns the version now."""
        with self._game_lock(game_id):
            version = self._readable(game_id, token).state.version
            self.subscribers.add(game_id, sink, version)
        if self._shared:
            self.follower.start()
        return version

    def unsubscribe(self, game_id: UUID, sink: Sink) -> bool:
        with self._game_lock(game_id):
            return self.subscribers.remove(game_id, sink)

    def _follow(self, game_id: UUID) -> None:
        """Another process appended to a subscribed game: push what it appended (the follower's
        thread)."""
        with self._game_lock(game_id):
            if self.subscribers.following(game_id):
                self._entry(game_id)  # its head check reads and delivers the new events

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
        if move > seen:  # in the words of ora explain, render, show and diff
            from ora_rules.records.positions import out_of_range

            raise invalid_params(f"move {move}: {out_of_range(move, seen)}", "move",
                                 reason="out_of_range")
        return head

    def legal_moves(self, game_id: UUID, token: str | None = None) -> tuple[State, list[str]]:
        with self._game_lock(game_id):
            hot = self._readable(game_id, token)
            return hot.state, hot.legal(self.rules)

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
            return state, hot.moves_page(self.rules, offset, limit, room)

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


def _config_field(message: str) -> str:
    for name in ("players", "variant", "length", "seed", "colours", "readings"):
        if message.startswith(name) or f" {name}" in message.split(",")[0]:
            return f"config.{name}"
    return "config"


def open_service(store_url: str, *, rules: Rules | None = None, cache_size: int = 256,
                 check_writable: bool = True, bots: BotLimits | None = None) -> GameService:
    """A service over the store at ``store_url`` (``memory``, ``sqlite:PATH``, ``postgres:``);
    the lobby's tables live in the same database.

    With ``check_writable`` the store is written once, so a read-only file or folder or a full
    disk is found now: :class:`StoreUnavailable`, as for any database that cannot be opened.
    """
    try:
        store: EventStore[GameEvent] = EventStore(EventJsonCodec(), store_url)
    except Exception as e:
        raise unavailable(e, store_url) from e
    try:
        service = GameService(store, rules if rules is not None else load_rules(),
                              cache_size=cache_size, bots=bots)
        if check_writable:
            service.lobby.check_writable()
        return service
    except Exception as e:
        store.close()
        raise unavailable(e, store_url) from e
    except BaseException:
        store.close()
        raise
