// ora.js: a small client of the ora JSON-RPC API (docs/api.md), for browsers and Node >= 20.
//
//   import { Ora } from "http://127.0.0.1:8765/ora.js";     // or a copy of the file
//   const ora = new Ora("http://127.0.0.1:8765");
//   const game = await ora.call("game.create", {
//     config: { players: 2, variant: "france", length: "long" },
//     seats: [{ name: "Ann" }, { bot: "random" }] });
//   const token = game.seats[0].token;
//   const watch = ora.watch(game.game_id, (event) => console.log(event.version, event.type),
//                           { token });
//
// call() goes over the WebSocket /ws while it is open, else over HTTP POST /rpc. watch()
// delivers every event of a game exactly once and in order, from `from` on: it subscribes,
// reads what it missed with game.events, and after a lost connection reconnects (with a growing
// delay) and catches up the same way. Without a WebSocket (Node 20 without
// --experimental-websocket) it polls game.events instead and says so once on the console.
// No rule of the game lives here.

/** A JSON-RPC error answer: `code`, `message` and `data` ({code, reason, rule, detail, ...}). */
export class OraError extends Error {
  constructor(error) {
    super(error.data?.detail ?? error.message);
    this.name = "OraError";
    this.code = error.code;
    this.data = error.data ?? {};
  }
}

const CATCH_UP_LIMIT = 2000;

// Said once per process: without a WebSocket, watch() is several times slower (it polls).
let warnedNoWebSocket = false;

function warnNoWebSocket() {
  if (warnedNoWebSocket) return;
  warnedNoWebSocket = true;
  console.warn("ora.js: this runtime has no WebSocket (Node 20 needs --experimental-websocket; " +
               "Node 22 and browsers have one), so watch() polls game.events instead; pass " +
               "{WebSocket} to use another implementation or {WebSocket: null} to poll quietly");
}

/** A random request id: crypto.randomUUID(), or the same from getRandomValues where a page
 * served over plain http to another host has no randomUUID (it needs a secure context). */
export function newId() {
  if (globalThis.crypto.randomUUID) return globalThis.crypto.randomUUID();
  const hex = [...globalThis.crypto.getRandomValues(new Uint8Array(16))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/**
 * A seat's time left in milliseconds from a game.view's `clock` (null without one): the
 * running seat's counts down by the `sinceMs` that passed since the view was read.
 */
export function clockLeft(view, seat, sinceMs = 0) {
  const clock = view.clock;
  if (!clock) return null;
  const left = clock.left[seat];
  return clock.running === seat ? Math.max(0, left - sinceMs) : left;
}

export class Ora {
  /**
   * @param {string} [base] the server's address, "http://host:port" (default: this page's origin)
   * @param {object} [options] {WebSocket, fetch, minDelay (ms, 250), maxDelay (ms, 5000),
   *   pollInterval (ms, 1000, without a WebSocket), onStatus(status): "open" | "closed" | "polling"}
   */
  constructor(base, options = {}) {
    this.base = String(base ?? globalThis.location.origin).replace(/\/+$/, "");
    this.WebSocket = options.WebSocket === undefined ? globalThis.WebSocket : options.WebSocket;
    if (this.WebSocket === undefined) warnNoWebSocket();
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.minDelay = options.minDelay ?? 250;
    this.maxDelay = options.maxDelay ?? 5000;
    this.pollInterval = options.pollInterval ?? 1000;
    this.onStatus = options.onStatus ?? (() => {});
    this.nextId = 1;
    this.pending = new Map();   // id -> {resolve, reject} of calls sent on the socket
    this.watches = new Set();
    this.socket = null;
    this.open = false;
    this.delay = this.minDelay;
    this.closed = false;
    this.timer = null;
  }

  /** Calls `method` with `params`; resolves to the result, rejects with an OraError. */
  async call(method, params = {}) {
    if (this.open) {
      const id = this.nextId++;
      const answer = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
      this.socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
      return answer;
    }
    return this.post(method, params);
  }

  /**
   * game.legal_moves with every page read: {version, seat, total, moves, next_cursor: null}.
   * A position can have more moves than one reply holds (docs/api.md, "Legal moves in pages");
   * when the game moves on between two pages (stale_cursor) it starts again at the new version.
   */
  async legalMoves(gameId, { seat = null, token = null } = {}) {
    const read = { game_id: gameId };
    if (token !== null) read.token = token;
    if (seat !== null) read.seat = seat;
    for (;;) {
      const first = await this.call("game.legal_moves", read);
      let moves = first.moves;
      let cursor = first.next_cursor;
      try {
        while (cursor !== null) {
          const page = await this.call("game.legal_moves", { ...read, cursor });
          moves = moves.concat(page.moves);
          cursor = page.next_cursor;
        }
      } catch (error) {
        if (error instanceof OraError && error.data.reason === "stale_cursor") continue;
        throw error;
      }
      return { ...first, moves, next_cursor: null };
    }
  }

  // --- calls safe to retry, take-backs and turn notices (docs/api.md) -------------------------

  /**
   * Calls `method` with `params` and a `request_id` (made here with crypto.randomUUID() unless
   * params has one), and when the answer is lost on the way (a dropped connection, a failed
   * fetch) sends the same call again with the same id, up to `retries` times: the server
   * answers a repeated id with the first answer, so the move is played (the seat taken) once.
   */
  async retrying(method, params, { retries = 3 } = {}) {
    const sent = { ...params, request_id: params.request_id ?? newId() };
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.call(method, sent);
      } catch (error) {
        const lost = error instanceof OraError ? error.data.code === "disconnected"
          : error instanceof TypeError;  // fetch's failure: no answer came
        if (!lost || attempt >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, this.minDelay * 2 ** attempt));
      }
    }
  }

  /** game.move, safe to retry (see retrying): {version, events}. */
  move(gameId, token, move, { expectedVersion = null, requestId, retries } = {}) {
    const params = { game_id: gameId, token, move, request_id: requestId };
    if (expectedVersion !== null) params.expected_version = expectedVersion;
    return this.retrying("game.move", params, { retries });
  }

  /** game.join, safe to retry: a join repeated with its request id gets the same seat and
   * token. {game_id, seat, colour, token, version}. */
  join(invite, name, { requestId, retries } = {}) {
    return this.retrying("game.join", { invite, name, request_id: requestId }, { retries });
  }

  /** game.undo_request: asks to take the game back to the position after move `toMove`
   * (0: the set-up). {version, restored, waiting: [seat], events}. */
  undoRequest(gameId, token, toMove) {
    return this.call("game.undo_request", { game_id: gameId, token, to_move: toMove });
  }

  /** game.fork: a new game from the position after the source's move `move` (0: the set-up),
   * its seats as game.create's (`seats`, `name`), `token` to read a private source.
   * {game_id, version, moves, visibility, source: {game_id, move, head}, seats}. */
  fork(gameId, move, { token, seats, name, visibility } = {}) {
    return this.call("game.fork", { game_id: gameId, move, token, seats, name, visibility });
  }

  /** game.fork from the position before round `round`'s first move (its wheel turned, its
   * clergy back); the answer's `source.move` is that position's move. */
  forkRound(gameId, round, { token, seats, name, visibility } = {}) {
    return this.call("game.fork", { game_id: gameId, round, token, seats, name, visibility });
  }

  /** game.annotate: a seat's comment on move `move` (0: the game itself; the last move played
   * when omitted). {version, move, text}. */
  annotate(gameId, token, text, move) {
    return this.call("game.annotate", { game_id: gameId, token, text, move });
  }

  /** game.undo_answer: `accept` true consents, false refuses (which ends the request). */
  undoAnswer(gameId, token, accept) {
    return this.call("game.undo_answer", { game_id: gameId, token, accept: Boolean(accept) });
  }

  /**
   * game.wait_turn until the token's seat decides or the game is over, asking again after each
   * `timeout` (s, the server's long poll, at most 60): {your_turn, seat, version, finished}.
   * With `once` it asks once and answers whatever came.
   */
  async waitTurn(gameId, token, { timeout = 30, once = false } = {}) {
    for (;;) {
      const turn = await this.post("game.wait_turn", { game_id: gameId, token, timeout });
      if (once || turn.your_turn || turn.finished || this.closed) return turn;
    }
  }

  /** game.replace_seat: a bot (`easy`, `medium`, `hard` or a bot name) takes `seat`, at once
   * for the creator or the seat's own player, else asked of the others.
   * {version, replaced, waiting: [seat], events}. */
  replaceSeat(gameId, token, seat, bot) {
    return this.call("game.replace_seat", { game_id: gameId, token, seat, bot });
  }

  /** game.replace_answer: `accept` true consents to the seat's hand-over, false refuses. */
  replaceAnswer(gameId, token, accept) {
    return this.call("game.replace_answer", { game_id: gameId, token, accept: Boolean(accept) });
  }

  /** game.notify: the seat's turn notices are POSTed to `url` (null: no more); answers
   * {secret}, the key of their X-Ora-Signature, shown once. */
  notify(gameId, token, url) {
    return this.call("game.notify", { game_id: gameId, token, url });
  }

  /** The same over HTTP POST /rpc, whatever the socket's state. */
  async post(method, params = {}) {
    const response = await this.fetch(`${this.base}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: this.nextId++, method, params }),
    });
    const reply = await response.json();
    if (reply.error) throw new OraError(reply.error);
    return reply.result;
  }

  /**
   * Delivers the game's events to `onEvent(event)`, each once, in version order, from version
   * `from` (default 1: the whole game) on; new ones as they are stored. `token`: a seat's or a
   * spectator's token, needed to read a private game. Returns {close(), next}: `next` is the
   * version of the next event to deliver.
   */
  watch(gameId, onEvent, { from = 1, token = null } = {}) {
    const watch = {
      gameId, onEvent, next: from, buffer: new Map(), catching: false, subscribed: false,
      read: token ? { game_id: gameId, token } : { game_id: gameId },
      close: () => {
        this.watches.delete(watch);
        if (watch.subscribed && this.open) {
          this.call("game.unsubscribe", { game_id: gameId }).catch(() => {});
        }
      },
    };
    this.watches.add(watch);
    if (!this.WebSocket) {
      this.poll();
    } else if (this.open) {
      this.subscribe(watch);
    } else {
      this.connect();
    }
    return watch;
  }

  /** Closes the connection and every watch; the client can no longer push. */
  close() {
    this.closed = true;
    this.watches.clear();
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }

  // --- the WebSocket, its reconnection and the catch-up --------------------------------------

  connect() {
    if (this.closed || this.socket || !this.WebSocket) return;
    const socket = new this.WebSocket(this.base.replace(/^http/, "ws") + "/ws");
    this.socket = socket;
    socket.onopen = () => {
      this.open = true;
      this.delay = this.minDelay;
      this.onStatus("open");
      for (const watch of this.watches) this.subscribe(watch);
    };
    socket.onmessage = (message) => this.receive(JSON.parse(message.data));
    socket.onclose = () => {
      this.socket = null;
      this.open = false;
      for (const { reject } of this.pending.values()) {
        reject(new OraError({ code: 0, message: "connection lost", data: { code: "disconnected" } }));
      }
      this.pending.clear();
      for (const watch of this.watches) watch.subscribed = false;
      if (this.closed) return;
      this.onStatus("closed");
      this.timer = setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.maxDelay, this.delay * 2);
    };
    socket.onerror = () => {};  // onclose follows and reconnects
  }

  receive(message) {
    for (const reply of Array.isArray(message) ? message : [message]) {
      if (reply.method === "game.event") {
        const { game_id: gameId, ...event } = reply.params;
        for (const watch of this.watches) {
          if (watch.gameId === gameId) this.take(watch, [event]);
        }
      } else if (this.pending.has(reply.id)) {
        const { resolve, reject } = this.pending.get(reply.id);
        this.pending.delete(reply.id);
        if (reply.error) reject(new OraError(reply.error));
        else resolve(reply.result);
      }
    }
  }

  async subscribe(watch) {
    try {
      const { version } = await this.call("game.subscribe", watch.read);
      watch.subscribed = true;
      await this.catchUp(watch, version);
    } catch (error) {
      if (error.data?.code !== "disconnected") console.error("ora.js: watch failed", error);
    }
  }

  /** Reads the events from watch.next up to `head` with game.events, in pages. */
  async catchUp(watch, head) {
    if (watch.catching) return;
    watch.catching = true;
    try {
      while (watch.next <= head && this.watches.has(watch)) {
        const page = await this.call("game.events", {
          ...watch.read, from_version: watch.next, limit: CATCH_UP_LIMIT });
        if (page.events.length === 0) break;
        this.take(watch, page.events, false);
      }
    } finally {
      watch.catching = false;
    }
    this.take(watch, []);
  }

  /** Buffers `events` and delivers every one that is next in line; a gap is read back. */
  take(watch, events, mayCatchUp = true) {
    for (const event of events) {
      if (event.version >= watch.next) watch.buffer.set(event.version, event);
    }
    while (watch.buffer.has(watch.next)) {
      const event = watch.buffer.get(watch.next);
      watch.buffer.delete(watch.next);
      watch.next += 1;
      try {
        watch.onEvent(event);
      } catch (error) {
        console.error("ora.js: onEvent failed", error);
      }
    }
    if (mayCatchUp && watch.buffer.size > 0 && !watch.catching) {
      this.catchUp(watch, Math.max(...watch.buffer.keys()));
    }
  }

  // --- without a WebSocket: polling ----------------------------------------------------------

  poll() {
    if (this.polling || this.closed) return;
    this.polling = true;
    this.onStatus("polling");
    const round = async () => {
      for (const watch of [...this.watches]) {
        try {
          const page = await this.post("game.events", {
            ...watch.read, from_version: watch.next, limit: CATCH_UP_LIMIT });
          this.take(watch, page.events, false);
        } catch (error) {
          console.error("ora.js: polling failed", error);
        }
      }
      if (this.watches.size > 0 && !this.closed) {
        this.timer = setTimeout(round, this.pollInterval);
      } else {
        this.polling = false;
      }
    };
    round();
  }
}
