"""Turn notices: a seat learns that it must decide without keeping a connection open.

- :func:`wait_turn` (``game.wait_turn``): a long poll that answers as soon as the token's seat
  decides, the game ends, or the timeout passes. It listens to the game's appends like a
  subscriber (``Subscribers``; the follower brings other processes' appends), so it wakes at
  once, and looks again at least every :data:`RECHECK_S` seconds.
- :class:`Webhooks` (``game.notify``): a seat registers a URL (table ``ora_webhooks`` beside
  the events: game, seat, url, the secret the notices are signed with). When the turn passes to
  that seat, the server POSTs a JSON notice ``{id, type: "your_turn", game_id, seat,
  version}`` with the headers ``X-Ora-Delivery: <id>`` and ``X-Ora-Signature:
  sha256=<HMAC-SHA256 of the body with the secret>``. A notice whose POST fails (no answer, not
  2xx) is sent again, the same bytes, after 1, 2, 4, ... times :attr:`Webhooks.backoff`
  seconds, :data:`ATTEMPTS` times in all: at least once while the receiver comes back in time;
  its ``id`` (game, version, seat) lets the receiver drop duplicates.

The service's lock, cache and subscribers are used as ``GameService.subscribe`` uses them; no
rule lives here: who decides is the state's ``flow``.
"""

from __future__ import annotations

import hashlib
import heapq
import hmac
import logging
import secrets
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from typing import Any, Protocol
from uuid import UUID

import orjson
from attrs import frozen

from ora_api.games.follower import Follower
from ora_api.games.subscribers import Subscribers
from ora_api.jsonrpc.common import EventView
from ora_api.table.hot import Hot, decider
from ora_api.table.lobby import Lobby


class GameService(Protocol):
    """What the notices use of ``ora_api.service.GameService`` (which imports this module):
    its lock, cache and subscribers, as ``GameService.subscribe`` uses them."""

    lobby: Lobby
    subscribers: Subscribers
    follower: Follower
    _shared: bool

    def _game_lock(self, game_id: UUID) -> threading.Lock: ...

    def _entry(self, game_id: UUID) -> Hot: ...

    def _peek(self, game_id: UUID) -> Any: ...

log = logging.getLogger("ora.api.notices")

#: A long poll looks at the game at least this often, whatever it was told.
RECHECK_S = 1.0
#: POSTs of one notice before it is given up (logged).
ATTEMPTS = 6

_SCHEMA = ("CREATE TABLE IF NOT EXISTS ora_webhooks (game_id TEXT NOT NULL, seat INTEGER NOT "
           "NULL, url TEXT NOT NULL, secret TEXT NOT NULL, PRIMARY KEY (game_id, seat))")


@frozen
class Turn:
    """Where a game stands for one seat."""

    your_turn: bool
    seat: int | None  # the seat that decides now (None: nobody, the game is over)
    version: int
    finished: bool


def _turn(state: Any, seat: int) -> Turn:
    now = decider(state)
    return Turn(your_turn=now == seat, seat=now, version=state.version,
                finished=bool(state.finished))


def wait_turn(svc: GameService, game_id: UUID, seat: int, timeout: float) -> Turn:
    """Where the game stands for ``seat`` once it decides, the game ends or ``timeout``
    seconds pass (at once when it already decides)."""
    woken = threading.Event()

    def sink(_: UUID, __: Sequence[EventView]) -> None:
        woken.set()

    deadline = time.monotonic() + timeout
    with svc._game_lock(game_id):
        hot = svc._entry(game_id)
        turn = _turn(hot.state, seat)
        if turn.your_turn or turn.finished or timeout <= 0:
            return turn
        svc.subscribers.add(game_id, sink, hot.state.version)
    if svc._shared:
        svc.follower.start()
    try:
        while True:
            woken.wait(max(0.0, min(RECHECK_S, deadline - time.monotonic())))
            woken.clear()
            with svc._game_lock(game_id):
                turn = _turn(svc._entry(game_id).state, seat)
            if turn.your_turn or turn.finished or time.monotonic() >= deadline:
                return turn
    finally:
        with svc._game_lock(game_id):
            svc.subscribers.remove(game_id, sink)


def sign(secret: str, body: bytes) -> str:
    """The ``X-Ora-Signature`` header of ``body``."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


@frozen
class _Hook:
    url: str
    secret: str


class Webhooks:
    """The registered URLs and the thread that delivers their notices (module doc)."""

    def __init__(self, svc: GameService, backoff: float = 1.0) -> None:
        self.svc = svc
        self.backoff = backoff
        self._lock = threading.Condition()
        self._hooks: dict[UUID, dict[int, _Hook]] = {}
        self._last: dict[UUID, tuple[int | None, int]] = {}  # game -> (decider, version)
        self._due: list[tuple[float, int, str, bytes, int, UUID, int]] = []  # a heap
        self._count = 0
        self._closed = False
        self._thread: threading.Thread | None = None
        with svc.lobby.transaction(commit=True) as c:
            c.execute(_SCHEMA)
            c.execute("SELECT game_id, seat, url, secret FROM ora_webhooks")
            rows = c.fetchall()
        for r in rows:
            self._hooks.setdefault(UUID(r["game_id"]), {})[int(r["seat"])] = \
                _Hook(r["url"], r["secret"])
        for game_id in list(self._hooks):
            self._watch(game_id)

    def register(self, game_id: UUID, seat: int, url: str | None) -> str | None:
        """Notices of ``seat``'s turns go to ``url`` (None: no more); the secret they are
        signed with, new at each registration."""
        secret = secrets.token_urlsafe(32) if url is not None else None
        with self.svc.lobby.transaction(commit=True) as c:
            c.execute("DELETE FROM ora_webhooks WHERE game_id = ? AND seat = ?",
                      (str(game_id), seat))
            if url is not None:
                c.execute("INSERT INTO ora_webhooks (game_id, seat, url, secret) "
                          "VALUES (?, ?, ?, ?)", (str(game_id), seat, url, secret))
        with self._lock:
            hooks = self._hooks.setdefault(game_id, {})
            watched = bool(hooks)
            if url is None or secret is None:
                hooks.pop(seat, None)
                return None
            hooks[seat] = _Hook(url, secret)
            self._last.pop(game_id, None)  # a seat that decides now is told at once
        if not watched:
            self._watch(game_id)
        self._changed(game_id, ())
        return secret

    def _watch(self, game_id: UUID) -> None:
        svc = self.svc
        with svc._game_lock(game_id):
            hot = svc._entry(game_id)
            svc.subscribers.add(game_id, self._changed, hot.state.version)
        if svc._shared:
            svc.follower.start()

    def _changed(self, game_id: UUID, views: Sequence[EventView]) -> None:
        """A sink: the game moved; notice its deciding seat if the turn passed to it.

        The service calls its sinks with the game's lock held and the hot state current, so
        each change is judged here, in order: a turn that passes away from a seat and back
        before the delivery thread runs is still two turns. Without events (a registration)
        or without a hot state, the thread looks at the game itself."""
        with self._lock:
            if not self._hooks.get(game_id):
                return
            self._ensure_thread()
        state = self.svc._peek(game_id) if views else None
        if state is not None and state.version == views[-1].version:
            self._judge(game_id, state)
            return
        with self._lock:
            self._count += 1  # look at it on the thread, first of all that is due
            heapq.heappush(self._due, (0.0, self._count, "", b"", 0, game_id, -1))
            self._lock.notify()

    def _look(self, game_id: UUID) -> None:
        with self.svc._game_lock(game_id):
            self._judge(game_id, self.svc._entry(game_id).state)

    def _judge(self, game_id: UUID, state: Any) -> None:
        """A notice to the seat that decides in ``state`` unless it was deciding already;
        with the game's lock held."""
        seat = decider(state)
        with self._lock:
            last = self._last.get(game_id)
            if last is not None and last[1] >= state.version:
                return  # judged already (a look that came after the change's own judgement)
            self._last[game_id] = (seat, state.version)
            hook = self._hooks.get(game_id, {}).get(seat) if seat is not None else None
            if seat is None or hook is None or (last is not None and last[0] == seat):
                return
            notice_id = f"{game_id}/{state.version}/{seat}"
            body = orjson.dumps({"id": notice_id, "type": "your_turn", "game_id": str(game_id),
                                 "seat": seat, "version": state.version})
            self._push(time.monotonic(), hook, notice_id, body, 0, game_id, seat)

    def _push(self, at: float, hook: _Hook, notice_id: str, body: bytes, attempt: int,
              game_id: UUID, seat: int) -> None:
        self._count += 1
        heapq.heappush(self._due, (at, self._count, notice_id, body, attempt, game_id, seat))
        self._lock.notify()

    def _ensure_thread(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="ora-webhooks", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._closed and (not self._due or self._due[0][0] > time.monotonic()):
                    self._lock.wait(None if not self._due else
                                    max(0.0, self._due[0][0] - time.monotonic()))
                if self._closed:
                    return
                _, _, notice_id, body, attempt, game_id, seat = heapq.heappop(self._due)
            if not notice_id:
                self._look(game_id)
                continue
            with self._lock:
                hook = self._hooks.get(game_id, {}).get(seat)
            if hook is None:
                continue
            if self._post(hook, notice_id, body):
                continue
            if attempt + 1 >= ATTEMPTS:
                log.warning("notice %s to %s given up after %d attempts", notice_id, hook.url,
                            ATTEMPTS)
                continue
            with self._lock:
                self._push(time.monotonic() + self.backoff * 2 ** attempt, hook, notice_id,
                           body, attempt + 1, game_id, seat)

    def _post(self, hook: _Hook, notice_id: str, body: bytes) -> bool:
        request = urllib.request.Request(hook.url, data=body, method="POST", headers={
            "Content-Type": "application/json", "X-Ora-Delivery": notice_id,
            "X-Ora-Signature": sign(hook.secret, body)})
        try:
            with urllib.request.urlopen(request, timeout=10) as reply:
                return 200 <= int(reply.status) < 300
        except (urllib.error.URLError, OSError, ValueError) as e:
            log.info("notice %s to %s failed: %s", notice_id, hook.url, e)
            return False

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._lock.notify_all()
