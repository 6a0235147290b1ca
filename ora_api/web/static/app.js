// app.js: the web client of `ora serve` (docs/web.md). Three views, chosen by the address's
// hash: the lobby (#/), a game (#/game/ID?seat=N: play a seat, or watch) and a replay
// (#/replay/ID?at=K). It talks to the server only through the public API, with ora.js; the
// legal moves come from the server, the board is drawn from the state view.

import { Ora } from "/ora.js";
import { drawBoard, drawScores, h, seatName } from "/static/board.js";

const ora = new Ora(location.origin, { onStatus: (status) => setLive(status) });
const main = document.querySelector("main");
const BOTS = ["builder", "random", "greedy:8", "greedy", "mcts:200ms"];
let leave = () => {};   // undoes the current view's watches and timers

// --- the seats' tokens this browser holds (localStorage) ---------------------------------------

function tokens(gameId) {
  try {
    return JSON.parse(localStorage.getItem(`ora.tokens.${gameId}`) ?? "{}");
  } catch {
    return {};
  }
}

function keepTokens(gameId, seats) {
  const held = tokens(gameId);
  for (const seat of seats) if (seat.token) held[seat.seat] = seat.token;
  localStorage.setItem(`ora.tokens.${gameId}`, JSON.stringify(held));
}

/** The read params of a game: its id and, when this browser holds a seat, that seat's token
(needed to read a private game). */
function read(gameId, extra = {}) {
  const token = Object.values(tokens(gameId))[0];
  return token ? { game_id: gameId, token, ...extra } : { game_id: gameId, ...extra };
}

function everyToken() {
  const all = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith("ora.tokens.")) all.push(...Object.values(tokens(key.slice(11))));
  }
  return all.slice(0, 100);
}

/** seat -> "you" / "bot builder" / the player's name, from the state's seat_taken names. */
async function names(gameId) {
  const state = await ora.call("game.state", read(gameId));
  const held = tokens(gameId);
  const result = {};
  for (const p of state.players) {
    if (p.neutral) continue;
    if (held[p.seat]) result[p.seat] = p.name ? `${p.name}, you` : "you";
    else if (p.bot) result[p.seat] = p.bot === p.name ? `bot ${p.bot}` : `${p.name}, bot ${p.bot}`;
    else result[p.seat] = p.name ?? "open seat";
  }
  return result;
}

// --- routing ----------------------------------------------------------------------------------

function route() {
  leave();
  leave = () => {};
  const [path, query = ""] = location.hash.replace(/^#/, "").split("?");
  const params = new URLSearchParams(query);
  const parts = path.split("/").filter(Boolean);
  main.replaceChildren();
  window.scrollTo(0, 0);
  if (parts[0] === "game" && parts[1]) {
    const seat = params.has("seat") ? Number(params.get("seat")) : null;
    if (params.has("token") && seat !== null) {  // a seat handed over by link
      keepTokens(parts[1], [{ seat, token: params.get("token") }]);
      history.replaceState(null, "", `#/game/${parts[1]}?seat=${seat}`);
    }
    showGame(parts[1], seat);
  } else if (parts[0] === "join" && parts[1]) {
    showJoin(parts[1]);
  } else if (parts[0] === "replay" && parts[1]) {
    showReplay(parts[1], Number(params.get("at") ?? "-1"));
  } else {
    showLobby();
  }
}

function setLive(status) {
  const live = document.querySelector("#live");
  live.dataset.status = status;
  live.textContent = { open: "live", closed: "reconnecting…", polling: "polling" }[status] ?? status;
}

function errorText(error) {
  return error?.data?.detail ?? error?.message ?? String(error);
}

function shortId(gameId) {
  return gameId.slice(0, 8);
}

function describeConfig(config) {  // game.list's config
  const variant = config.variant[0].toUpperCase() + config.variant.slice(1);
  return `${variant}, ${config.players} player${config.players > 1 ? "s" : ""}, ${config.length}`;
}

// --- the lobby --------------------------------------------------------------------------------

function showLobby() {
  document.title = "ora: games";
  const seatsBox = h("div.seats", { "data-testid": "seats" });
  const players = h("select", { name: "players", "data-testid": "players" },
    [1, 2, 3, 4].map((n) => h("option", { value: n, selected: n === 2 }, n)));
  const drawSeats = () => {
    const previous = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(...Array.from({ length: Number(players.value) }, (_, seat) =>
      h("label.seat", {}, `Seat ${seat}`,
        h("select", { name: `seat${seat}`, "data-testid": `seat-${seat}` },
          h("option", { value: "" }, "you"),
          h("option", { value: "open" }, "open: invite a player"),
          BOTS.map((bot) => h("option", { value: bot }, `bot: ${bot}`))))));
    seatsBox.querySelectorAll("select").forEach((select, seat) => {
      select.value = previous[seat] ?? (seat === 0 ? "" : "builder");
    });
  };
  players.addEventListener("change", drawSeats);
  drawSeats();
  const message = h("p.message", { role: "status" });
  const form = h("form.panel.create", { "data-testid": "create-form" },
    h("h2", {}, "New game"),
    h("div.row", {},
      h("label", {}, "Players ", players),
      h("label", {}, "Variant ", h("select", { name: "variant" },
        h("option", { value: "france" }, "France"), h("option", { value: "ireland" }, "Ireland"))),
      h("label", {}, "Length ", h("select", { name: "length" },
        h("option", { value: "long" }, "long"), h("option", { value: "short" }, "short"))),
      h("label", {}, "Seed ", h("input", { name: "seed", type: "number", min: 0,
                                         placeholder: "random", size: 8 })),
      h("label", {}, "Your name ", h("input", { name: "name", value: "Me", maxlength: 40,
                                               size: 10, required: true })),
      h("label", {}, "Visibility ", h("select", { name: "visibility" },
        h("option", { value: "public" }, "public"), h("option", { value: "private" },
          "private")))),
    seatsBox,
    h("button.primary", { type: "submit", "data-testid": "create" }, "Create game"),
    message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const choices = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    const mine = choices.filter((c) => c === "").length;
    let n = 0;
    const seats = choices.map((choice) => (choice === "" ? {
      name: mine > 1 ? `${data.get("name")} ${++n}` : data.get("name") }
      : choice === "open" ? {} : { bot: choice }));
    const config = { players: Number(data.get("players")), variant: data.get("variant"),
                     length: data.get("length") };
    if (data.get("seed")) config.seed = Number(data.get("seed"));
    try {
      const game = await ora.call("game.create", {
        config, seats, visibility: data.get("visibility") });
      keepTokens(game.game_id, game.seats);
      const invites = game.seats.filter((s) => s.invite).map((s) => [s.seat, s.invite]);
      if (invites.length) {
        localStorage.setItem(`ora.invites.${game.game_id}`,
                             JSON.stringify(Object.fromEntries(invites)));
      }
      const first = game.seats.find((s) => s.token);
      location.hash = `#/game/${game.game_id}${first ? `?seat=${first.seat}` : ""}`;
    } catch (error) {
      message.textContent = errorText(error);
    }
  });

  const list = h("div.panel.games", { "data-testid": "games" }, h("h2", {}, "Games"),
    h("p.muted", {}, "Loading…"));
  main.append(h("div.lobby", {}, form, list));
  ora.call("game.list", { tokens: everyToken(), limit: 500 }).then(({ games }) => {
    const rows = games.slice().reverse().map((game) => {
      const held = Object.keys(tokens(game.game_id)).map(Number);
      return h("tr", { "data-game": game.game_id },
        h("td", {}, h("code", {}, shortId(game.game_id)),
          game.visibility === "private" ? h("span.muted", {}, " private") : null),
        h("td", {}, describeConfig(game.config)),
        h("td", {}, game.seats.map((seat) => (seat.open ? "open seat"
          : seat.bot ? `bot ${seat.bot}` : seat.name)).join(" · ")),
        h("td", {}, h(`span.status.${game.status}`, {}, game.status)),
        h("td.num", {}, game.moves),
        h("td.links", {},
          held.map((seat) => h("a.button", { href: `#/game/${game.game_id}?seat=${seat}` },
            `Play seat ${seat}`)),
          h("a.button", { href: `#/game/${game.game_id}` }, "Watch"),
          h("a.button", { href: `#/replay/${game.game_id}` }, "Replay")));
    });
    list.replaceChildren(h("h2", {}, "Games"), rows.length
      ? h("table.list", {}, h("thead", {}, h("tr", {},
          ["Game", "Mode", "Players", "Status", "Moves", ""].map((t) => h("th", {}, t)))),
        h("tbody", {}, rows))
      : h("p.muted", {}, "No games yet."));
  }).catch((error) => {
    list.replaceChildren(h("h2", {}, "Games"), h("p.message", {}, errorText(error)));
  });
}

// --- a game: play a seat or watch ---------------------------------------------------------------

/** Legal move strings as verb -> target -> [move], in the server's order. */
function groupMoves(moves) {
  const verbs = new Map();
  for (const move of moves) {
    const [verb, target = ""] = move.split(" ");
    const hasTarget = /^[A-Z]{1,2}\d/.test(target);  // a building or settlement id
    const key = hasTarget ? target : "";
    if (!verbs.has(verb)) verbs.set(verb, new Map());
    const targets = verbs.get(verb);
    if (!targets.has(key)) targets.set(key, []);
    targets.get(key).push(move);
  }
  return verbs;
}

const VERB_NAMES = {
  USE: "Use a building", PRIOR: "Use with the prior", BUILD: "Build", WORK_CONTRACT: "Work contract",
  SETTLE: "Settle", FELL_TREES: "Fell trees", CUT_PEAT: "Cut peat", BUY_DISTRICT: "Buy a district",
  BUY_PLOT: "Buy a plot", CONVERT: "Convert", COMMIT: "End turn", WITH_PRIOR: "Answer with the prior",
  WITH_LAYBROTHER: "Answer with a lay brother",
};

function showGame(gameId, seat) {
  document.title = `ora: game ${shortId(gameId)}`;
  const game = { view: null, moves: [], verb: null, busy: false, logged: 0, timer: null,
                 names: null };
  const header = h("div.game-header");
  const boardBox = h("div.board-box");
  const chooser = h("div.panel.chooser", { "data-testid": "moves" });
  const scoreBox = h("div.panel.score-box");
  const logBox = h("ol.log", { "data-testid": "log" });
  const message = h("p.message", { role: "status", "data-testid": "message" });
  const invitesBox = h("div.panel.invites", { hidden: true });
  const page = h("div.game", { "data-testid": "game", "data-turn": "loading" },
    header,
    h("div.columns", {}, boardBox,
      h("aside.side", {}, chooser, message, invitesBox, scoreBox,
        h("div.panel", {}, h("h3", {}, "Moves played"), logBox))));
  main.append(page);

  // Every new event (the bots' moves too) redraws the table; ora.js catches up after a lost
  // connection, so nothing is missed.
  const watch = ora.watch(gameId, (event) => {
    if (event.type === "seat_taken") game.names = null;  // someone joined
    schedule();
  }, { token: read(gameId).token });
  leave = () => {
    watch.close();
    clearTimeout(game.timer);
  };

  function schedule() {
    clearTimeout(game.timer);
    game.timer = setTimeout(refresh, 15);
  }

  async function refresh() {
    try {
      const [view, legal, log, who] = await Promise.all([
        ora.call("game.view", read(gameId)),
        seat === null ? null : ora.call("game.legal_moves", read(gameId, { seat })),
        ora.call("game.log", read(gameId, { from_move: game.logged + 1 })),
        game.names ?? names(gameId),
      ]);
      game.names = who;
      if (legal && legal.version !== view.version) return schedule();
      game.view = view;
      game.moves = legal ? legal.moves : [];
      for (const entry of log.moves) {
        if (entry.number <= game.logged) continue;
        game.logged = entry.number;
        logBox.prepend(logEntry(entry));
      }
      while (logBox.children.length > 80) logBox.lastChild.remove();
      draw();
    } catch (error) {
      message.textContent = errorText(error);
    }
  }

  function draw() {
    const view = game.view;
    const who = game.names;
    const over = view.final;
    const yours = !over && seat !== null && view.turn.decider === seat;
    page.dataset.turn = over ? "over" : yours ? "yours" : "waiting";
    page.dataset.version = view.version;
    header.replaceChildren(
      h("h2", {}, `Game ${shortId(gameId)}`),
      h("span.muted", {}, `${view.variant_name}, ${view.mode_name}`),
      h("span", {}, `${view.schedule.unit_name} ${view.schedule.round}`),
      h("span.turn", { "data-testid": "turn" }, over ? "Game over"
        : yours ? "Your move" : `Waiting for ${seatName(view, view.turn.decider, who)}`),
      h("a.button", { href: `#/replay/${gameId}` }, "Replay"),
      h("a.button", { href: "#/" }, "All games"));
    boardBox.replaceChildren(drawBoard(view, { names: who, you: seat }));
    scoreBox.replaceChildren(drawScores(view, { names: who }));
    drawInvites();
    drawChooser(yours, over);
  }

  function drawChooser(yours, over) {
    if (over || seat === null || !yours) {
      chooser.replaceChildren(h("h3", {}, over ? "The game is over" : seat === null
        ? "Watching" : "Not your move"),
        over ? h("a.button.primary", { href: `#/replay/${gameId}`, "data-testid": "to-replay" },
          "Replay this game") : h("p.muted", {}, seat === null
          ? "You hold no seat of this game in this browser." : "The table follows live."));
      return;
    }
    const verbs = groupMoves(game.moves);
    if (!verbs.has(game.verb)) game.verb = verbs.keys().next().value;
    const tabs = h("div.verbs", {}, [...verbs.keys()].map((verb) => {
      const count = [...verbs.get(verb).values()].reduce((n, list) => n + list.length, 0);
      return h(`button.verb${verb === game.verb ? ".selected" : ""}`, {
        type: "button", "data-verb": verb,
        onclick: () => { game.verb = verb; drawChooser(true, false); },
      }, VERB_NAMES[verb] ?? verb, h("span.count", {}, count));
    }));
    const groups = h("div.targets", {}, [...verbs.get(game.verb).entries()].map(
      ([target, moves]) => h("div.target", { "data-target": target },
        target ? h("h4", {}, target, " ", buildingName(game.view, target)) : null,
        h("div.options", {}, moves.map((move) => h("button.option", {
          type: "button", "data-move": move, title: move, disabled: game.busy,
          onclick: () => play(move),
        }, optionLabel(move, game.verb, target)))))));
    chooser.replaceChildren(h("h3", {}, "Your move"), tabs, groups);
  }

  function drawInvites() {
    let invites = {};
    try {
      invites = JSON.parse(localStorage.getItem(`ora.invites.${gameId}`) ?? "{}");
    } catch { /* none kept */ }
    const open = Object.entries(invites).filter(([seat]) => game.names?.[seat] === "open seat");
    invitesBox.replaceChildren(...(open.length ? [h("h3", {}, "Invitations"),
      h("p.muted", {}, "Send each player the link of their seat:"),
      h("ul.invites", {}, open.map(([seat, invite]) => h("li", {}, `Seat ${seat} `,
        h("input", { readonly: true, size: 36,
                     value: `${location.origin}/#/join/${invite}` }))))] : []));
    invitesBox.hidden = !open.length;
  }

  async function play(move) {
    game.busy = true;
    message.textContent = "";
    chooser.querySelectorAll("button.option").forEach((b) => { b.disabled = true; });
    try {
      await ora.call("game.move", { game_id: gameId, token: tokens(gameId)[seat], move,
                                    expected_version: game.view.version });
    } catch (error) {
      message.textContent = errorText(error);
    } finally {
      game.busy = false;
      schedule();
    }
  }
}

/** A building's or settlement's name as the view shows it (on a landscape or for sale). */
function buildingName(view, id) {
  for (const stage of view.display) {
    for (const b of stage.buildings) if (b.id === id) return b.name;
  }
  for (const seat of view.seats) {
    for (const s of seat.landscape.spaces) if (s.card === id) return s.card_name;
    for (const s of seat.settlements) if (s.id === id) return s.name;
  }
  return "";
}

function optionLabel(move, verb, target) {
  const rest = move.split(" ").slice(target ? 2 : 1).join(" ");
  return rest || (target ? `${verb.toLowerCase()} ${target}` : VERB_NAMES[verb] ?? verb);
}

function logEntry(entry, attrs = {}) {
  return h("li", { title: entry.move, ...attrs },
    h("span.number", {}, entry.number), " ", entry.text,
    entry.then.length ? h("ul.then", {}, entry.then.map((t) => h("li", {}, t))) : null);
}

// --- joining with an invitation -----------------------------------------------------------------

function showJoin(invite) {
  document.title = "ora: join a game";
  const message = h("p.message", { role: "status" });
  const form = h("form.panel.create.join", {},
    h("h2", {}, "Join a game"),
    h("p", {}, "You were invited to a seat. Under which name do you play?"),
    h("div.row", {}, h("label", {}, "Your name ", h("input", { name: "name", maxlength: 40,
                                                               required: true }))),
    h("button.primary", { type: "submit" }, "Take the seat"), message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const joined = await ora.call("game.join", {
        invite, name: new FormData(form).get("name") });
      keepTokens(joined.game_id, [{ seat: joined.seat, token: joined.token }]);
      location.hash = `#/game/${joined.game_id}?seat=${joined.seat}`;
    } catch (error) {
      message.textContent = errorText(error);
    }
  });
  main.append(form);
}

// --- a replay ----------------------------------------------------------------------------------

async function showReplay(gameId, at) {
  document.title = `ora: replay ${shortId(gameId)}`;
  const page = h("div.replay", { "data-testid": "replay" }, h("p.muted", {}, "Loading…"));
  main.append(page);
  let moves;
  try {
    moves = (await ora.call("game.log", read(gameId))).moves;
  } catch (error) {
    page.replaceChildren(h("p.message", {}, errorText(error)));
    return;
  }
  // Position i is the game after its i-th move (0: before the first), as game.view's `move`.
  let index = at >= 0 && at <= moves.length ? at : moves.length;
  const who = await names(gameId);
  const slider = h("input.slider", { type: "range", min: 0, max: moves.length, value: index,
                                     "data-testid": "slider", "aria-label": "move" });
  const label = h("span.at", { "data-testid": "at" });
  const boardBox = h("div.board-box");
  const logBox = h("ol.log.replay-log", { "data-testid": "replay-log" },
    moves.map((m) => logEntry(m, { "data-index": m.number, onclick: () => go(m.number) })));
  const scoreBox = h("div.panel.score-box");
  const step = (delta) => go(Math.min(moves.length, Math.max(0, index + delta)));
  page.replaceChildren(
    h("div.game-header", {},
      h("h2", {}, `Replay of game ${shortId(gameId)}`),
      h("button", { type: "button", "data-testid": "first", title: "start",
                    onclick: () => go(0) }, "◀◀"),
      h("button", { type: "button", "data-testid": "prev", title: "previous move",
                    onclick: () => step(-1) }, "◀"),
      slider,
      h("button", { type: "button", "data-testid": "next", title: "next move",
                    onclick: () => step(1) }, "▶"),
      h("button", { type: "button", "data-testid": "last", title: "end",
                    onclick: () => go(moves.length) }, "▶▶"),
      h("a.button", { href: `#/game/${gameId}` }, "Live game"),
      h("a.button", { href: "#/" }, "All games")),
    h("p.position", {}, label),
    h("div.columns", {}, boardBox,
      h("aside.side", {}, scoreBox, h("div.panel", {}, h("h3", {}, "Log"), logBox))));
  slider.addEventListener("input", () => go(Number(slider.value)));

  let shown = 0;
  async function go(i) {
    index = i;
    slider.value = i;
    const ticket = ++shown;
    const view = await ora.call("game.view", read(gameId, { move: i }));
    if (ticket !== shown) return;  // a later step overtook this one
    history.replaceState(null, "", `#/replay/${gameId}?at=${i}`);
    page.dataset.index = i;
    page.dataset.version = view.version;
    const move = moves[i - 1];
    label.textContent = i === 0 ? `The start · ${moves.length} moves`
      : `Move ${i} of ${moves.length}: ${move.text}`;
    boardBox.replaceChildren(drawBoard(view, { names: who }));
    for (const li of logBox.children) {
      li.classList.toggle("current", Number(li.dataset.index) === i);
    }
    const current = logBox.querySelector(".current");  // scroll the log, not the page
    logBox.scrollTop = current ? current.offsetTop - logBox.offsetTop - 80 : 0;
    scoreBox.replaceChildren(drawScores(view, { names: who }));
  }
  go(index);
}

window.addEventListener("hashchange", route);
route();
