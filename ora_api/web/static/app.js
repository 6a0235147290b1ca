// app.js: the web client of `ora serve` (docs/web.md). Three views, chosen by the address's
// hash: the lobby (#/), a game (#/game/ID?seat=N: play a seat, or watch) and a replay
// (#/replay/ID?at=K). It talks to the server only through the public API, with ora.js; the
// legal moves come from the server, the board is drawn from the state view.

import { Ora, newId } from "/ora.js";
import { drawBoard, drawScores, h, profileBadge, seatName } from "/static/board.js";
import { drawClocks } from "/static/clock.js";
import { entry, hideTip, installTips, loadCatalog, verbName } from "/static/cards.js";
import { LOCALES, locale, setLocale, t } from "/static/i18n.js";
import { TurnNotice } from "/static/notify.js";
import { Popover, drawBar, loadIndex, marksOf, moveLabel, whatAt } from "/static/table.js";
import { AnalysisPanel } from "/static/analysis.js";
import { TakeBack } from "/static/takeback.js";
import { errorText } from "/static/words.js";

const ora = new Ora(location.origin, { onStatus: (status) => setLive(status) });
ora.previews = true;  // until the server says it has no game.preview
const main = document.querySelector("main");
const BOTS = ["easy", "medium", "hard", "expert", "builder", "random", "greedy:8", "greedy", "mcts:200ms"];
let leave = () => {};   // undoes the current view's watches and timers
let routed = 0;         // counts the addresses shown: a slow read of an old one is dropped

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
    if (held[p.seat]) result[p.seat] = p.name ? `${p.name}, ${t("you")}` : t("you");
    else if (p.bot) {
      const bot = t("bot {name}", { name: p.bot });
      result[p.seat] = p.bot === p.name ? bot : `${p.name}, ${bot}`;
    } else result[p.seat] = p.name ?? t("open seat");
  }
  return result;
}

// --- routing ----------------------------------------------------------------------------------

function route() {
  leave();
  leave = () => {};
  routed += 1;
  hideTip();
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
  live.textContent = t({ open: "live", closed: "reconnecting…", polling: "polling" }[status] ?? status);
}

/** A page that cannot be shown: the reason in words and the way back to the lobby. */
function showProblem(error, where) {
  document.title = "ora: not found";
  main.replaceChildren(h("div.panel.problem", { "data-testid": "problem", role: "alert" },
    h("h2", {}, where),
    h("p", {}, errorText(error)),
    h("a.button.primary", { href: "#/" }, t("All games"))));
}

function shortId(gameId) {
  return gameId.slice(0, 8);
}

function describeConfig(config) {  // game.list's config
  const variant = t(config.variant[0].toUpperCase() + config.variant.slice(1));
  return t(config.players > 1 ? "{variant}, {n} players, {length}" : "{variant}, {n} player, {length}",
           { variant, n: config.players, length: t(config.length) });
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
      h("label.seat", {}, t("Seat {n}", { n: seat + 1 }),
        h("select", { name: `seat${seat}`, "data-testid": `seat-${seat}` },
          h("option", { value: "" }, t("you")),
          h("option", { value: "open" }, t("open: invite a player")),
          BOTS.map((bot) => h("option", { value: bot }, t("bot: {name}", { name: bot })))))));
    seatsBox.querySelectorAll("select").forEach((select, seat) => {
      select.value = previous[seat] ?? (seat === 0 ? "" : "builder");
    });
  };
  players.addEventListener("change", drawSeats);
  drawSeats();
  const message = h("p.message", { role: "status" });
  const form = h("form.panel.create", { "data-testid": "create-form" },
    h("h2", {}, t("New game")),
    h("div.row", {},
      h("label", {}, `${t("Players")} `, players),
      h("label", {}, `${t("Variant")} `, h("select", { name: "variant" },
        h("option", { value: "france" }, t("France")), h("option", { value: "ireland" }, t("Ireland")))),
      h("label", {}, `${t("Length")} `, h("select", { name: "length" },
        h("option", { value: "long" }, t("long")), h("option", { value: "short" }, t("short")))),
      h("label", {}, `${t("Seed")} `, h("input", { name: "seed", type: "number", min: 0,
                                                  step: 1, placeholder: t("random"), size: 8 })),
      h("label", {}, `${t("Your name")} `, h("input", { name: "name", value: "Me", maxlength: 40,
                                               size: 10, required: true })),
      h("label", {}, `${t("Visibility")} `, h("select", { name: "visibility" },
        h("option", { value: "public" }, t("public")), h("option", { value: "private" },
          t("private"))))),
    seatsBox,
    h("button.primary", { type: "submit", "data-testid": "create" }, t("Create game")),
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
    if (data.get("seed")) {
      config.seed = Number(data.get("seed"));
      if (!Number.isSafeInteger(config.seed) || config.seed < 0) {
        message.textContent = t("The seed must be a whole number, 0 or more (or empty: random).");
        return;
      }
    }
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

  const list = h("div.panel.games", { "data-testid": "games" }, h("h2", {}, t("Games")),
    h("p.muted", {}, t("Loading…")));
  main.append(h("div.lobby", {}, form, list));
  ora.call("game.list", { tokens: everyToken(), limit: 500 }).then(({ games }) => {
    const rows = games.slice().reverse().map((game) => {
      const held = Object.keys(tokens(game.game_id)).map(Number);
      return h("tr", { "data-game": game.game_id },
        h("td", {}, h("code", {}, shortId(game.game_id)),
          game.visibility === "private" ? h("span.muted", {}, ` ${t("private")}`) : null),
        h("td", {}, describeConfig(game.config)),
        h("td", {}, game.seats.map((seat) => (seat.open ? t("open seat")
          : seat.bot ? t("bot {name}", { name: seat.bot }) : seat.name)).join(" · ")),
        h("td", {}, h(`span.status.${game.status}`, {}, t(game.status))),
        h("td.num", { "data-label": t("Moves") }, game.moves),
        h("td.links", {},
          held.map((seat) => h("a.button", { href: `#/game/${game.game_id}?seat=${seat}` },
            t("Play seat {n}", { n: seat + 1 }))),
          h("a.button", { href: `#/game/${game.game_id}` }, t("Watch")),
          h("a.button", { href: `#/replay/${game.game_id}` }, t("Replay"))));
    });
    list.replaceChildren(h("h2", {}, t("Games")), rows.length
      ? h("table.list", {}, h("thead", {}, h("tr", {},
          [t("Game"), t("Mode"), t("Players"), t("Status"), t("Moves"), t("Links")].map((x) =>
            h("th", { scope: "col" }, x)))),
        h("tbody", {}, rows))
      : h("p.muted", {}, t("No games yet.")));
  }).catch((error) => {
    list.replaceChildren(h("h2", {}, t("Games")), h("p.message", {}, errorText(error)));
  });
}

// --- a game: play a seat or watch ---------------------------------------------------------------

async function showGame(gameId, seat) {
  const mine = routed;
  document.title = `ora: game ${shortId(gameId)}`;
  main.append(h("p.muted", {}, t("Loading…")));
  // A game that cannot be read (unknown, or private without a seat here) says so, with the way
  // back, instead of an empty table.
  let first;
  try {
    [first] = await Promise.all([ora.call("game.view", read(gameId, { locale: locale() })),
                                 loadCatalog(ora)]);
    if (mine !== routed) return;  // the address changed meanwhile
  } catch (error) {
    if (mine === routed) showProblem(error, t("Game {id}", { id: shortId(gameId) }));
    return;
  }
  main.replaceChildren();
  // index: the legal moves of the turn (game.moves, every verb opened), when this seat decides.
  const game = { view: null, index: null, verb: null, target: null, busy: false, logged: 0,
                 noted: new Set(),  // the versions of the notes added to the log as they came
                 timer: null, names: null, ticket: 0, stale: 0 };
  const header = h("div.game-header");
  const boardBox = h("div.board-box");
  const chooser = h("div.panel.chooser", { "data-testid": "moves" });
  const scoreBox = h("div.panel.score-box");
  // focusable: a keyboard scrolls the log, which has no control of its own (axe-core's
  // scrollable-region-focusable)
  const logBox = h("ol.log", { "data-testid": "log", "aria-label": t("Moves played"),
                               tabindex: 0 });
  const message = h("p.message", { role: "status", "data-testid": "message" });
  const invitesBox = h("div.panel.invites", { hidden: true });
  const call = (params) => ora.call("game.moves", read(gameId, { ...params, locale: locale() }));
  const popover = new Popover({ call, play: (move, version) => play(move, version),
                                preview: (move) => preview(move) });
  const takeback = new TakeBack({ gameId, seat, call: (m, p) => ora.call(m, p), errorText,
    token: () => tokens(gameId)[seat], name: (s) => (game.view
      ? seatName(game.view, s, game.names ?? {}) : t("Seat {n}", { n: s + 1 })) });
  const notice = new TurnNotice(document.title, gameId);
  const page = h("div.game", { "data-testid": "game", "data-turn": "loading" },
    header, message, takeback.box,
    h("div.columns", {}, boardBox,
      h("aside.side", {}, chooser, invitesBox, scoreBox,
        h("div.panel", {}, h("h3", {}, t("Moves played")), logBox))),
    popover.box);
  main.append(page);
  const wheelOf = (id) => wheelGoods(id);

  // Clicks and keys on the board: a card, a space, an indicator or a verb of the action bar.
  const onBoard = (event) => {
    const found = whatAt(event.target);
    if (!found) return;
    event.preventDefault();
    const mine = game.index && !game.busy ? game.index : null;
    popover.open(found.thing, found.what, { index: mine, view: game.view, catalogWheel: wheelOf });
  };
  boardBox.addEventListener("click", onBoard);
  boardBox.addEventListener("keydown", (event) => {
    if ((event.key === "Enter" || event.key === " ") && event.target.matches("[data-indicator]")) {
      onBoard(event);
    }
  });

  // Every new event (the bots' moves too) redraws the table; ora.js catches up after a lost
  // connection, so nothing is missed.
  const notes = [];  // annotations pushed since the last refresh: {move, text}
  const watch = ora.watch(gameId, (event) => {
    if (event.type === "seat_taken") game.names = null;  // someone joined
    if (event.type === "move_annotated") notes.push({ ...event.data, version: event.version });
    takeback.event(event);
    schedule();
  }, { token: read(gameId).token });
  leave = () => {
    watch.close();
    clearTimeout(game.timer);
    popover.close();
    notice.close();
  };

  function schedule() {
    clearTimeout(game.timer);
    game.timer = setTimeout(refresh, 15);
  }

  async function refresh() {
    const ticket = ++game.ticket;
    try {
      const [view, log, who] = await Promise.all([
        ora.call("game.view", read(gameId, { locale: locale() })),
        ora.call("game.log", read(gameId, { from_move: game.logged + 1, locale: locale() })),
        game.names ?? names(gameId),
      ]);
      if (ticket !== game.ticket) return;  // a later refresh overtook this one
      game.names = who;
      const yours = !view.final && seat !== null && view.turn.decider === seat;
      const index = yours ? await loadIndex(call) : null;
      if (ticket !== game.ticket) return;
      // The game moved on between the reads: read again rather than show a mixed position
      // (a few times; then the table is shown with the move list only).
      if (yours && (!index || index.version !== view.version) && ++game.stale < 8) {
        return schedule();
      }
      game.stale = 0;
      game.view = view;
      game.index = index?.version === view.version ? index : null;
      for (const entry of log.moves) {
        if (entry.number <= game.logged) continue;
        game.logged = entry.number;
        logBox.prepend(logEntry(entry, { "data-read": log.version }));
        takeback.said(entry);
      }
      // A note on a move the log shows, written after the read that drew the move (which had
      // every note of its version); reads from game.logged + 1 never draw that move again.
      for (const note of notes.splice(0)) {
        const li = [...logBox.children].find((item) => item.dataset.number === String(note.move));
        if (!li || note.version <= Number(li.dataset.read) || game.noted.has(note.version)) continue;
        game.noted.add(note.version);
        const list = li.querySelector(".notes")
          ?? li.appendChild(h("ul.notes", { "data-testid": "notes" }));
        list.append(h("li.note", {}, note.text));
      }
      while (logBox.children.length > 80) logBox.lastChild.remove();
      takeback.markLog(logBox);
      draw();
      message.textContent = "";
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
      h("h2", {}, t("Game {id}", { id: shortId(gameId) })),
      h("span.muted", {}, `${view.variant_name}, ${view.mode_name}`), profileBadge(view) ?? "",
      h("span", {}, `${view.schedule.unit_name} ${view.schedule.round}`),
      h("span.turn", { "data-testid": "turn" }, over ? t("Game over")
        : yours ? t("Your move") : t("Waiting for {who}", {
          who: seatName(view, view.turn.decider, who) })),
      h("a.button", { href: `#/replay/${gameId}` }, t("Replay")),
      h("a.button", { href: "#/" }, t("All games")), seat !== null ? notice.button() : "");  // replaceChildren writes a null as "null"
    notice.update(yours);
    takeback.draw();
    const marks = marksOf(game.index, view, wheelOf);
    const focused = document.activeElement;
    const focusKey = focused && boardBox.contains(focused) ? focusSelector(focused) : null;
    boardBox.replaceChildren(drawBoard(view, { names: who, you: seat, marks,
                                               bar: drawBar(game.index, marks) }));
    if (focusKey) boardBox.querySelector(focusKey)?.focus();
    scoreBox.replaceChildren(drawScores(view, { names: who }),
                             ...drawClocks(view, (s) => seatName(view, s, who)));
    drawInvites();
    drawChooser(yours, over);
  }

  /** The chooser: the second way to play, the legal moves as a list, verb -> target -> moves. */
  async function drawChooser(yours, over) {
    delete chooser.dataset.loading;
    chooser.dataset.path = "";
    if (over || seat === null || !yours || !game.index) {
      chooser.replaceChildren(h("h3", {}, over ? t("Game over") : seat === null
        ? t("Watch") : t("Not your move")),
        over ? h("a.button.primary", { href: `#/replay/${gameId}`, "data-testid": "to-replay" },
          t("Replay")) : h("p.muted", {}, seat === null
          ? t("You hold no seat of this game in this browser.") : t("The table follows live.")));
      return;
    }
    const index = game.index;
    let verb = index.verbs.find((v) => v.verb === game.verb);
    if (!verb) {
      verb = index.verbs[0];
      game.verb = verb?.verb ?? null;
      game.target = null;
    }
    if (!verb) {
      chooser.replaceChildren(h("h3", {}, t("Move list")), h("p.muted", {}, t("No legal move here.")));
      return;
    }
    const targets = verb.targets.filter((x) => x.target !== "");
    let target = verb.targets.find((x) => x.target === game.target)
      ?? verb.targets.find((x) => x.moves) ?? verb.targets[0];
    game.target = target.target;
    const tabs = h("div.verbs", { role: "group", "aria-label": t("Move list") },
      index.verbs.map((v) => h(`button.verb${v.verb === game.verb ? ".selected" : ""}`, {
        type: "button", "data-verb": v.verb, title: v.text,
        "aria-pressed": v.verb === game.verb ? "true" : "false",
        onclick: () => { game.verb = v.verb; game.target = null; drawChooser(true, false); },
      }, verbName(v.verb), h("span.count", {}, v.count))));
    const options = h("div.options", { "data-target": target.target, "aria-busy": "true" },
      h("p.muted", {}, t("Loading…")));
    chooser.replaceChildren(h("h3", {}, t("Move list")), tabs,
      h("p.verb-text", {}, capitalise(verb.text)),
      targets.length ? h("div.target-list", {}, targets.map((x) => h(
        `button.target${x.target === game.target ? ".selected" : ""}`, {
          type: "button", "data-target": x.target,
          "aria-pressed": x.target === game.target ? "true" : "false",
          onclick: () => { game.target = x.target; drawChooser(true, false); },
        }, capitalise(x.name), h("span.count", {}, x.count)))) : "",
      options);
    chooser.dataset.loading = "true";
    let moves;
    try {
      moves = target.moves ?? (await call({ path: [verb.verb, target.target], limit: 400 }))
        .verbs.find((v) => v.verb === verb.verb)?.targets?.find((x) => x.target === target.target)
        ?.moves;
    } catch {
      moves = null;  // the game moved on: the next refresh redraws
    }
    if (game.index !== index || game.verb !== verb.verb || game.target !== target.target) return;
    delete chooser.dataset.loading;
    options.removeAttribute("aria-busy");
    options.replaceChildren(...(moves ?? []).map((m) => h("button.option", {
      type: "button", "data-move": m.move, title: m.move, disabled: game.busy,
      onclick: () => play(m.move, index.version),
    }, h("code", {}, m.rest || m.move), h("span", {}, moveLabel(m)))));
    chooser.dataset.path = `${verb.verb}/${target.target}`;
  }

  function drawInvites() {
    let invites = {};
    try {
      invites = JSON.parse(localStorage.getItem(`ora.invites.${gameId}`) ?? "{}");
    } catch { /* none kept */ }
    const open = Object.entries(invites).filter(([s]) => game.names?.[s] === t("open seat"));
    invitesBox.replaceChildren(...(open.length ? [h("h3", {}, t("Invitations")),
      h("p.muted", {}, t("Send each player the link of their seat:")),
      h("ul.invites", {}, open.map(([s, invite]) => h("li", {},
        h("label", {}, `${t("Seat {n}", { n: Number(s) + 1 })} `,
          h("input", { readonly: true, size: 36,
                       value: `${location.origin}/#/join/${invite}` })))))] : []));
    invitesBox.hidden = !open.length;
  }

  /** What a move would change, in words, when the server previews moves (game.preview). */
  async function preview(move) {
    if (!ora.previews) return null;
    try {
      return (await ora.call("game.preview", read(gameId, { move, locale: locale() }))).text;
    } catch (error) {
      if (error.data?.code === "method_not_found") ora.previews = false;
      return null;
    }
  }

  async function play(move, version) {
    game.busy = true;
    message.textContent = "";
    chooser.querySelectorAll("button.option").forEach((b) => { b.disabled = true; });
    try {
      await ora.move(gameId, tokens(gameId)[seat], move,  // safe to retry: a request id
                     { expectedVersion: version ?? game.view.version });
    } catch (error) {
      message.textContent = errorText(error);
    } finally {
      game.busy = false;
      game.index = null;
      schedule();
    }
  }
  game.view = first;
  schedule();
}

/** A selector finding the same board thing again after a redraw (keeps the keyboard focus). */
function focusSelector(el) {
  for (const key of ["barVerb", "indicator", "card", "space"]) {
    if (el.dataset?.[key] !== undefined) {
      const attr = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
      const seatPart = el.dataset.seat !== undefined ? `[data-seat="${el.dataset.seat}"]` : "";
      return `[data-${attr}="${CSS.escape(el.dataset[key])}"]${seatPart}`;
    }
  }
  return null;
}

/** The goods a building takes from the production wheel (rules.catalog's `wheel`). */
function wheelGoods(id) {
  return entry(id)?.wheel ?? [];
}

function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function logEntry(entry, attrs = {}, jump = null) {
  return h("li", { title: entry.move, "data-number": entry.number, ...attrs },
    jump ? h("button.number", { type: "button", "aria-label": t("move {n}", { n: entry.number }),
                                onclick: (e) => { e.stopPropagation(); jump(); } }, entry.number)
      : h("span.number", {}, entry.number), " ", entry.text,
    entry.then.length ? h("ul.then", {}, entry.then.map((t) => h("li", {}, t))) : null,
    notesOf(entry.notes));
}

/** The players' annotations of a move (game.annotate, a record's `; text`): their own words. */
function notesOf(notes) {
  return notes?.length ? h("ul.notes", { "data-testid": "notes" },
    notes.map((text) => h("li.note", {}, text))) : null;
}

/** game.explain: each seat's score line by line (the lines worth points, and the rest folded). */
function drawExplanation(explained) {
  return h("div.explanation", { "data-testid": "explanation" },
    h("h3", {}, explained.final ? t("How the final score adds up") : t("How the score adds up")),
    explained.seats.map((seat) => {
      const lines = [...seat.goods, ...seat.economic, ...seat.settlements];
      const worth = lines.filter((line) => line.points !== 0);
      return h("div.seat-explained", {},
        h("p.total", {}, seat.text),
        worth.length ? h("ul", {}, worth.map((line) => h("li", {}, line.text))) : null,
        lines.length > worth.length
          ? h("p.muted.nothing", {}, t(lines.length - worth.length > 1
            ? "{n} more lines worth 0 points" : "{n} more line worth 0 points",
          { n: lines.length - worth.length })) : null);
    }));
}

// --- joining with an invitation -----------------------------------------------------------------

function showJoin(invite) {
  document.title = "ora: join a game";
  const requestId = newId();  // one per form: a second click after a lost answer is the same join
  const message = h("p.message", { role: "status" });
  const form = h("form.panel.create.join", {},
    h("h2", {}, t("Join a game")),
    h("p", {}, t("You were invited to a seat. Under which name do you play?")),
    h("div.row", {}, h("label", {}, `${t("Your name")} `, h("input", { name: "name", maxlength: 40,
                                                               required: true }))),
    h("button.primary", { type: "submit" }, t("Take the seat")), message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const joined = await ora.join(invite, new FormData(form).get("name"), { requestId });
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
  const mine = routed;
  let moves;
  let who;
  let before;  // the annotations of the game itself (move 0)
  try {
    [[moves, before], who] = await Promise.all([
      ora.call("game.log", read(gameId, { locale: locale() })).then((log) => [log.moves, log.notes]),
      names(gameId), loadCatalog(ora)]);
  } catch (error) {
    if (mine === routed) showProblem(error, t("Replay of game {id}", { id: shortId(gameId) }));
    return;
  }
  if (mine !== routed) return;
  // Position i is the game after its i-th move (0: before the first), as game.view's `move`.
  let index = at >= 0 && at <= moves.length ? at : moves.length;
  const popover = new Popover({ call: null, play: null, preview: null });
  const slider = h("input.slider", { type: "range", min: 0, max: moves.length, value: index,
                                     "data-testid": "slider", "aria-label": t("move") });
  const label = h("span.at", { "data-testid": "at" });
  const boardBox = h("div.board-box");
  const logBox = h("ol.log.replay-log", { "data-testid": "replay-log" },
    before?.length ? h("li.start", {}, notesOf(before)) : null,
    moves.map((m) => logEntry(m, { "data-index": m.number, onclick: () => go(m.number) },
                              () => go(m.number))));
  const scoreBox = h("div.panel.score-box");
  const analysis = new AnalysisPanel({ ora, params: (extra) => read(gameId, extra),
                                       jump: (i) => go(i) });
  analysis.load();
  const step = (delta) => go(Math.min(moves.length, Math.max(0, index + delta)));
  page.replaceChildren(
    h("div.game-header", {},
      h("h2", {}, t("Replay of game {id}", { id: shortId(gameId) })),
      h("button", { type: "button", "data-testid": "first", title: t("start"),
                    onclick: () => go(0) }, "◀◀"),
      h("button", { type: "button", "data-testid": "prev", title: t("previous move"),
                    onclick: () => step(-1) }, "◀"),
      slider,
      h("button", { type: "button", "data-testid": "next", title: t("next move"),
                    onclick: () => step(1) }, "▶"),
      h("button", { type: "button", "data-testid": "last", title: t("end"),
                    onclick: () => go(moves.length) }, "▶▶"),
      h("a.button", { href: `#/game/${gameId}` }, t("Live game")),
      h("button", { type: "button", "data-testid": "fork", title: t("A new game from this position"),
                    onclick: () => forkHere() }, t("Play from here")),
      h("a.button", { href: "#/" }, t("All games"))),
    h("p.position", {}, label),
    h("div.columns", {}, h("div.replay-main", {}, boardBox, analysis.box),
      h("aside.side", {}, scoreBox, h("div.panel", {}, h("h3", {}, t("Log")), logBox))),
    popover.box);
  boardBox.addEventListener("click", (event) => {  // a card's text; no moves in a replay
    const found = whatAt(event.target);
    if (found?.what.card) popover.open(found.thing, found.what, { index: null });
  });
  slider.addEventListener("input", () => go(Number(slider.value)));

  /** game.fork: a new game from the position shown; this browser takes its first seat, the
   * others are open (their invitations on the new game's page). */
  async function forkHere() {
    try {
      const forked = await ora.call("game.fork", read(gameId, { move: index }));
      keepTokens(forked.game_id, forked.seats);
      const invites = forked.seats.filter((s) => s.invite).map((s) => [s.seat, s.invite]);
      if (invites.length) {
        localStorage.setItem(`ora.invites.${forked.game_id}`,
                             JSON.stringify(Object.fromEntries(invites)));
      }
      location.hash = `#/game/${forked.game_id}?seat=${forked.seats[0].seat}`;
    } catch (error) {
      label.textContent = errorText(error);
    }
  }

  let shown = 0;
  async function go(i) {
    index = i;
    slider.value = i;
    const ticket = ++shown;
    const [view, explained] = await Promise.all([
      ora.call("game.view", read(gameId, { move: i, locale: locale() })),
      ora.call("game.explain", read(gameId, { move: i, locale: locale() })),
    ]);
    if (ticket !== shown) return;  // a later step overtook this one
    history.replaceState(null, "", `#/replay/${gameId}?at=${i}`);
    page.dataset.index = i;
    page.dataset.version = view.version;
    const move = moves[i - 1];
    label.textContent = i === 0 ? t("The start · {n} moves", { n: moves.length })
      : t("Move {i} of {n}: {text}", { i, n: moves.length, text: move.text });
    boardBox.replaceChildren(drawBoard(view, { names: who }));
    analysis.show(i, view, boardBox);
    for (const li of logBox.children) {
      li.classList.toggle("current", Number(li.dataset.index) === i);
    }
    const current = logBox.querySelector(".current");  // scroll the log, not the page
    logBox.scrollTop = current ? current.offsetTop - 80 : 0;  // .log is position: relative
    scoreBox.replaceChildren(drawScores(view, { names: who }), drawExplanation(explained));
  }
  go(index);
}

/** The language switch in the page's header (the game's words come from the server). */
function drawLocaleSwitch() {
  const select = h("select", { id: "locale", "aria-label": t("Language"), "data-testid": "locale" },
    Object.entries(LOCALES).map(([code, name]) => h("option", {
      value: code, selected: code === locale(), lang: code }, name)));
  select.addEventListener("change", () => {
    setLocale(select.value);
    select.setAttribute("aria-label", t("Language"));
    route();
  });
  document.querySelector("header.top").append(select);
}

setLocale(locale());
drawLocaleSwitch();
installTips();
window.addEventListener("hashchange", route);
route();
