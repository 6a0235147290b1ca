// table.js: playing on the board. The legal moves are read from game.moves (verb -> target ->
// moves) and laid onto the table: a building with uses, a display card or settlement that may
// be built, a space to build or settle on, a forest or moor to clear, a wheel indicator whose
// goods a move takes. A click (Enter, Space) opens a popover beside it with the card's text
// and the moves, grouped as game.moves groups them; a move chosen shows what it does before
// it is sent. Every word of a move comes from the server; nothing here knows a rule.

import { cardText, entry, hideTip, verbName } from "/static/cards.js";
import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";

/** Verbs played on a space of a landscape: their moves' first two tokens are the space. */
const ON_SPACE = new Set(["FELL_TREES", "CUT_PEAT"]);
/** Verbs whose targets are the buildings on a landscape. */
const ON_BUILDING = new Set(["USE", "PRIOR", "WORK_CONTRACT"]);
const PAGE = 400;

/**
 * The legal moves of the position with every verb opened at its targets, all at one version;
 * null when the game moved on between two reads (the caller reads again).
 */
export async function loadIndex(call) {
  const root = await call({ path: [] });
  let verbs;
  try {
    verbs = await Promise.all(root.verbs.map(async (v) => {
      if (v.targets) return v;
      const opened = await call({ path: [v.verb] });
      if (opened.version !== root.version) throw new Error("moved on");
      return opened.verbs.find((x) => x.verb === v.verb);
    }));
  } catch {
    return null;
  }
  if (verbs.some((v) => !v?.targets)) return null;
  return { version: root.version, seat: root.seat, verbs, cache: new Map() };
}

/** The marks of board.js: what to highlight, from an index and the view. */
export function marksOf(index, view, catalogWheel) {
  const marks = { cards: new Set(), spaces: new Set(), indicators: new Set(), bar: [],
                  seat: index?.seat ?? null };
  if (!index) return marks;
  const onBoard = new Set();
  for (const seat of view.seats) {
    for (const s of seat.landscape.spaces) if (s.card) onBoard.add(s.card);
  }
  const decider = view.seats.find((s) => s.seat === index.seat);
  const targets = (verb) => index.verbs.find((v) => v.verb === verb)?.targets ?? [];
  for (const v of index.verbs) {
    if (ON_BUILDING.has(v.verb)) {
      for (const target of v.targets) {
        marks.cards.add(target.target);
        for (const good of catalogWheel(target.target)) marks.indicators.add(good);
        if (!onBoard.has(target.target)) marks.bar.push(v.verb);
      }
    } else if (ON_SPACE.has(v.verb)) {
      for (const m of v.targets[0]?.moves ?? []) {
        const [col, row] = m.rest.split(" ");
        marks.spaces.add(`${index.seat}:${col} ${row}`);
      }
      marks.indicators.add(v.verb === "FELL_TREES" ? "wood" : "peat");
      if (v.targets[0]?.moves.some((m) => /\bJo/.test(m.rest))) marks.indicators.add("joker");
    } else if (v.verb === "BUILD" || v.verb === "SETTLE") {
      const ids = new Set(v.targets.map((x) => x.target));
      for (const id of ids) marks.cards.add(id);
      for (const s of decider?.landscape.spaces ?? []) {
        const fits = v.verb === "BUILD" ? s.buildable : s.settleable;
        if (fits.some((id) => ids.has(id))) marks.spaces.add(`${index.seat}:${s.col} ${s.row}`);
      }
    } else {
      marks.bar.push(v.verb);
    }
  }
  marks.bar = [...new Set(marks.bar)];
  marks.targets = targets;
  return marks;
}

/** The moves of one group, read once per version (a page of PAGE, then more on demand). */
async function movesOf(index, call, verb, target, offset = 0) {
  const key = `${verb}/${target}/${offset}`;
  const opened = index.verbs.find((v) => v.verb === verb)?.targets.find((x) => x.target === target);
  if (opened?.moves && offset === 0) return { moves: opened.moves, more: false };
  if (!index.cache.has(key)) {
    index.cache.set(key, call({ path: [verb, target], offset, limit: PAGE }).then((tree) => {
      if (tree.version !== index.version) throw Object.assign(new Error("moved on"), { stale: true });
      const node = tree.verbs.find((v) => v.verb === verb).targets.find((x) => x.target === target);
      return { moves: node.moves ?? [], more: offset + PAGE < node.count, count: node.count };
    }));
  }
  return index.cache.get(key);
}

/** A move's label: the server's sentence, and the joker named when the move spends it. */
export function moveLabel(m) {
  const joker = m.rest.split(" ").some((token) => token.startsWith("Jo"));
  return joker && !/joker/i.test(m.text) && !m.text.includes(t("with the joker"))
    ? `${m.text.replace(/\.$/, "")} (${t("with the joker")}).` : m.text;
}

/**
 * The groups a clicked thing opens: [{verb, target, name, filter}]. `what` is
 * {card, kind, space: "c r", seat} or {indicator} or {verb} (the action bar).
 */
function groupsFor(index, what, view, catalogWheel) {
  const groups = [];
  const add = (verb, target, name, filter = null) => groups.push({ verb, target, name, filter });
  for (const v of index.verbs) {
    for (const target of v.targets) {
      const here = what.space && Number(what.seat) === index.seat;
      if (what.verb) {
        if (v.verb === what.verb) add(v.verb, target.target, target.name);
      } else if (what.indicator) {
        const wheel = catalogWheel(target.target);
        const joker = what.indicator === "joker";
        const spends = (m) => /(^|\s)Jo/.test(m.rest);
        if (ON_SPACE.has(v.verb) && (joker || what.indicator === (v.verb === "FELL_TREES"
          ? "wood" : "peat"))) {
          add(v.verb, "", verbName(v.verb), (m) => spends(m) === joker);
        } else if (ON_BUILDING.has(v.verb) && wheel.includes(what.indicator)) {
          add(v.verb, target.target, target.name, joker ? spends : null);
        }
      } else if (ON_SPACE.has(v.verb)) {
        if (here && what.card) {
          add(v.verb, "", verbName(v.verb), (m) => m.rest.startsWith(`${what.space} `)
            || m.rest === what.space);
        }
      } else if (target.target && target.target === what.card
                 && (ON_BUILDING.has(v.verb) || !what.space)
                 && (what.seat === null || ON_BUILDING.has(v.verb)
                     || Number(what.seat) === index.seat)) {
        add(v.verb, target.target, target.name);
      } else if (here && !what.card && (v.verb === "BUILD" || v.verb === "SETTLE")) {
        const space = view.seats.find((s) => s.seat === index.seat).landscape.spaces
          .find((s) => `${s.col} ${s.row}` === what.space);
        const fits = v.verb === "BUILD" ? space?.buildable : space?.settleable;
        if (fits?.includes(target.target)) {
          add(v.verb, target.target, target.name,
              (m) => m.rest === what.space || m.rest.startsWith(`${what.space} `));
        }
      }
    }
  }
  return groups;
}

/**
 * The popover: the card's text, then the legal moves of the thing clicked; choosing a move
 * shows what it does (the server's sentence and, when the server previews, the changes) and
 * asks for a confirmation before `play(move)` sends it.
 */
export class Popover {
  constructor({ call, play, preview }) {
    this.call = call;
    this.play = play;
    this.preview = preview;
    this.box = h("div.popover", { role: "dialog", "aria-modal": "false", hidden: true,
                                  "aria-labelledby": "popover-title", "data-testid": "popover",
                                  onkeydown: (e) => { if (e.key === "Escape") this.close(); } });
    this.opener = null;
    document.addEventListener("pointerdown", (event) => {
      if (!this.box.hidden && !this.box.contains(event.target)
          && !event.target.closest?.("[data-card],[data-space],[data-indicator],[data-bar-verb]")) {
        this.close();
      }
    });
  }

  close() {
    if (this.box.hidden) return;
    this.box.hidden = true;
    this.box.replaceChildren();
    if (this.opener?.isConnected) this.opener.focus();
    this.opener = null;
  }

  place(opener) {
    const page = document.documentElement.clientWidth;
    const width = Math.min(420, page - 16);
    this.box.style.width = `${width}px`;
    const box = opener.getBoundingClientRect();
    let left = box.right + 8;
    if (left + width > page - 8) left = Math.max(8, Math.min(box.left, page - width - 8));
    const top = left === box.right + 8 ? box.top : box.bottom + 6;
    this.box.style.left = `${left + window.scrollX}px`;
    this.box.style.top = `${Math.max(0, top) + window.scrollY}px`;
  }

  /** Opens the popover at `opener` for `what` (see groupsFor). */
  async open(opener, what, { index, view, catalogWheel }) {
    hideTip();
    this.opener = opener;
    const title = what.indicator ? opener.getAttribute("aria-label")
      : what.verb ? verbName(what.verb)
        : what.card ? (entry(what.card)?.name ?? opener.dataset.name ?? what.card)
          : opener.getAttribute("aria-label");
    const groups = index ? groupsFor(index, what, view, catalogWheel) : [];
    const list = h("div.groups", {}, groups.length ? h("p.muted", {}, t("Loading…")) : null);
    this.box.replaceChildren(...[
      h("div.popover-head", {}, h("h3", { id: "popover-title" }, title),
        h("button.close", { type: "button", "aria-label": t("Close"),
                            onclick: () => this.close() }, "×")),
      what.card ? cardText(what.card, { name: opener.dataset.name, kind: what.kind }) : null,
      list].filter(Boolean));
    this.box.hidden = false;
    this.box.dataset.loaded = "false";
    this.place(opener);
    if (!groups.length) {
      this.box.dataset.loaded = "true";
      list.replaceChildren(...(index ? [h("p.muted", {}, t("No legal move here."))] : []));
      this.box.querySelector("button.close").focus();
      return;
    }
    try {
      const loaded = await Promise.all(groups.map(async (g) => {
        let page = await movesOf(index, this.call, g.verb, g.target);
        const moves = g.filter ? page.moves.filter(g.filter) : [...page.moves];
        // A space's moves may lie further down a long group (a settlement's payments).
        for (let offset = PAGE; g.filter && page.more && moves.length < 40
             && offset < 25 * PAGE; offset += PAGE) {
          page = await movesOf(index, this.call, g.verb, g.target, offset);
          moves.push(...page.moves.filter(g.filter));
        }
        return { ...g, moves, more: page.more };
      }));
      if (this.box.hidden) return;
      list.replaceChildren(...loaded.filter((g) => g.moves.length).map((g) =>
        h("section.group", { "data-verb": g.verb, "data-target": g.target },
          h("h4", {}, verbName(g.verb), g.target && !what.card ? ` · ${g.name}` : ""),
          h("ul.options", {}, g.moves.map((m) => h("li", {}, h("button.option", {
            type: "button", "data-move": m.move,
            onclick: () => this.confirm(m, index),
          }, moveLabel(m))))),
          g.more ? h("p.muted", {}, "…") : null)));
      if (!list.children.length) list.append(h("p.muted", {}, t("No legal move here.")));
      this.box.dataset.loaded = "true";
      (this.box.querySelector("button.option") ?? this.box.querySelector("button.close"))
        ?.focus();
      this.place(opener);
    } catch (error) {
      if (error.stale) this.close();
      else list.replaceChildren(h("p.message", {}, error.message));
    }
  }

  async confirm(m, index) {
    const changes = h("div.preview-changes", { "aria-live": "polite" });
    const back = this.box.querySelector(".groups");
    const panel = h("div.preview", { "data-testid": "preview" },
      h("h4", {}, t("What this move does")),
      h("p.preview-text", {}, moveLabel(m)),
      changes,
      h("div.buttons", {},
        h("button.primary", { type: "button", "data-testid": "confirm", onclick: () => {
          this.close();
          this.play(m.move, index.version);
        } }, t("Play this move")),
        h("button", { type: "button", onclick: () => {
          panel.remove();
          back.hidden = false;
          back.querySelector(`[data-move="${CSS.escape(m.move)}"]`)?.focus();
        } }, t("Back"))));
    back.hidden = true;
    back.after(panel);
    panel.querySelector("[data-testid=confirm]").focus();
    if (this.preview) {
      this.preview(m.move).then((lines) => {
        if (lines?.length) changes.replaceChildren(h("ul", {}, lines.map((l) => h("li", {}, l))));
      }).catch(() => {});
    }
  }
}

/** The buttons of the verbs not tied to a thing on the board (end the turn, convert, buy a
district or plot, answer a work contract). */
export function drawBar(index, marks) {
  if (!index || !marks.bar.length) return null;
  return h("div.panel.action-bar", { "data-testid": "action-bar" },
    h("span.muted", {}, t("Moves on the board")),
    marks.bar.map((verb) => h("button.bar-verb.playable", { type: "button", "data-bar-verb": verb,
      "aria-haspopup": "dialog" }, verbName(verb))));
}

/** What a click or a key on the board opens (event delegation; null: not a board thing). */
export function whatAt(element) {
  const thing = element.closest?.("[data-bar-verb],[data-indicator],[data-card],[data-space]");
  if (!thing) return null;
  if (thing.dataset.barVerb) return { thing, what: { verb: thing.dataset.barVerb } };
  if (thing.dataset.indicator) {
    return thing.classList.contains("playable")
      ? { thing, what: { indicator: thing.dataset.indicator } } : null;
  }
  return { thing, what: { card: thing.dataset.card ?? null, kind: thing.dataset.kind ?? null,
                          space: thing.dataset.space ?? null, seat: thing.dataset.seat ?? null } };
}
