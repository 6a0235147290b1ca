// analysis.js: the replay's analysis (docs/web.md section 4, docs/analysis.md). Under the board:
// a bot judges every move (game.analyse, a few decisions a call, so the page shows its
// progress and the server's cache keeps what is done), the estimate of each seat's final
// score is drawn as a graph, a click on a point (or on a marked move in the list) shows the
// position where that move was played, and the bot's preferred move there is written under the
// graph and its cards and spaces outlined on the board. The page judges nothing itself.

import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";

/** The graph is drawn at its box's width (its words stay legible on a phone). */
const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 26 };
const LINE = { R: "#c0392b", G: "#2e8b57", B: "#2f63b0", W: "#8a8a80", Y: "#c89a10" };
const MARK = { inaccuracy: "#d4a017", mistake: "#e67e22", blunder: "#b03020" };
const markWord = (mark) => ({ inaccuracy: t("inaccuracy"), mistake: t("mistake"),
                              blunder: t("blunder") })[mark];
/** Decisions analysed a call: small, so the progress moves and a call never runs long. */
const STEP = 4;

export class AnalysisPanel {
  /** `jump(i)` shows the replay's position i (the game after its i-th move). */
  constructor({ ora, params, jump }) {
    this.ora = ora;
    this.params = params;
    this.jump = jump;
    this.result = null;
    this.view = null;
    this.board = null;
    this.index = 0;
    this.bot = h("select", { "data-testid": "analysis-bot", "aria-label": t("Analysing bot") },
      ["expert", "hard", "medium", "easy"].map((name) => h("option", { value: name }, name)));
    this.budget = h("input", { type: "number", min: 1, max: 5000, value: 200,
                               "data-testid": "analysis-budget",
                               "aria-label": t("Budget: positions valued by each estimate") });
    const chosen = lastChoice();
    if (["expert", "hard", "medium", "easy"].includes(chosen.bot)) this.bot.value = chosen.bot;
    if (Number(chosen.budget) > 0) this.budget.value = chosen.budget;
    this.button = h("button.primary", { type: "button", "data-testid": "analyse",
                                        onclick: () => this.run() }, t("Analyse"));
    this.status = h("p.muted.analysis-status", { "data-testid": "analysis-status",
                                                 "aria-live": "polite" },
      t("A bot judges every move: the estimated final scores, its better moves."));
    this.graph = h("div.analysis-graph", { "data-testid": "analysis-graph" });
    this.marks = h("ol.analysis-marks", { "data-testid": "analysis-marks" });
    this.here = h("p.analysis-here", { "data-testid": "analysis-here", "aria-live": "polite" });
    this.box = h("section.panel.analysis", { "aria-label": t("Analysis") },
      h("h3", {}, t("Analysis")),
      h("div.analysis-controls", {}, this.bot, this.budget, this.button),
      this.status, this.graph, this.here, this.marks);
  }

  /** What the server's cache already holds for the chosen bot and budget (limit 0: nothing
  new is analysed), drawn at once. */
  async load() {
    try {
      const result = await this.ora.call("game.analyse", this.params({
        bot: this.bot.value, budget: this.budgetText(), limit: 0 }));
      if (!result.decisions.length || this.result) return;
      this.result = result;
      this.status.textContent = t("Analysed {done} of {n} moves", {
        done: result.decisions.length, n: result.moves });
      this.redraw();
    } catch {
      // no cached analysis to show: the button still runs one
    }
  }

  budgetText() {
    return String(Math.max(1, Math.min(5000, Number(this.budget.value) || 200)));
  }

  async run() {
    this.button.disabled = true;
    const budget = this.budgetText();
    localStorage.setItem("ora.analysis", JSON.stringify({ bot: this.bot.value, budget }));
    try {
      for (;;) {
        const result = await this.ora.call("game.analyse", this.params({
          bot: this.bot.value, budget, limit: STEP }));
        this.result = result;
        this.status.textContent = t("Analysed {done} of {n} moves", {
          done: result.decisions.length, n: result.moves });
        this.redraw();
        if (result.complete) break;
      }
      const disagree = this.result.decisions.filter((d) => d.best && d.best !== d.played);
      this.status.textContent = t("The bot prefers another move at {k} of {n} moves.", {
        k: disagree.length, n: this.result.moves });
      this.box.dataset.complete = "true";
    } catch (error) {
      this.status.textContent = error.message;
    } finally {
      this.button.disabled = false;
    }
  }

  /** The graph, and the position shown again once the replay has drawn one. */
  redraw() {
    if (this.view) this.show(this.index, this.view, this.board);
    else this.draw();
  }

  /** The replay shows position `index` in `board` (the box of the board), drawn from `view`. */
  show(index, view, board) {
    this.index = index;
    this.view = view;
    this.board = board;
    if (!this.result) return;
    this.draw();
    const next = this.result.decisions.find((d) => d.number === index + 1);
    this.here.replaceChildren();
    if (!next || !next.best || next.best === next.played) {
      this.here.textContent = next ? t("Move {i}: the bot plays {move} too.", {
        i: next.number, move: next.played }) : "";
      return;
    }
    const mark = next.mark ? ` (${markWord(next.mark)})` : "";
    this.here.append(t("Move {i} played {played}; the bot prefers {best}: {loss} points{mark}.",
      { i: next.number, played: next.played, best: next.best, loss: next.loss.toFixed(1),
        mark }));
    outline(board, next.best, next.seat);
  }

  draw() {
    const r = this.result;
    const points = [[r.first - 1, r.start], ...r.decisions.map((d) => [d.number, d.after])];
    const values = points.flatMap(([, row]) => row);
    let low = Math.min(...values);
    let high = Math.max(...values);
    if (high - low < 10) { low -= 5; high += 5; }
    const first = points[0][0];
    const last = Math.max(r.moves, first + 1);
    const width = Math.max(300, this.graph.clientWidth || WIDTH);
    const x = (m) => PAD.left + (width - PAD.left - PAD.right) * (m - first) / (last - first);
    const y = (v) => PAD.top + (HEIGHT - PAD.top - PAD.bottom) * (1 - (v - low) / (high - low));
    const colours = r.seats.map((seat) => {
      const found = this.view?.seats.find((s) => s.seat === seat);
      return LINE[found?.colour] ?? "#555";
    });
    const svg = h("svg:svg", { viewBox: `0 0 ${width} ${HEIGHT}`, role: "img",
                               "aria-label": t("Estimated final scores by move") });
    for (const v of [low, (low + high) / 2, high]) {
      svg.append(h("svg:line", { x1: PAD.left, x2: width - PAD.right, y1: y(v), y2: y(v),
                                 class: "grid" }),
                 h("svg:text", { x: PAD.left - 4, y: y(v) + 4, "text-anchor": "end" },
                   Math.round(v)));
    }
    const every = Math.max(1, Math.ceil((last - first) / Math.max(2, Math.floor(width / 70))));
    for (let m = first; m <= last; m += every) {
      svg.append(h("svg:text", { x: x(m), y: HEIGHT - PAD.bottom + 14, "text-anchor": "middle" },
        m));
    }
    svg.append(h("svg:text", { x: width - PAD.right, y: HEIGHT - 2, "text-anchor": "end" },
      t("move")));
    r.seats.forEach((seat, k) => {
      svg.append(h("svg:polyline", { class: "seat-line", stroke: colours[k], fill: "none",
        "data-seat": seat, points: points.map(([m, row]) => `${x(m)},${y(row[k])}`).join(" ") }));
    });
    for (const d of r.decisions) {
      const k = r.seats.indexOf(d.seat);
      if (k < 0) continue;
      const point = h("svg:circle", {
        class: `point${d.mark ? " marked" : ""}`, "data-move": d.number,
        cx: x(d.number), cy: y(d.after[k]), r: d.mark ? 5 : 3,
        fill: MARK[d.mark] ?? colours[k], onclick: () => this.jump(d.number - 1) },
        h("svg:title", {}, `${d.number}. ${d.played} ${d.after[k]}`));
      svg.append(point);
    }
    this.graph.replaceChildren(svg);
    for (const point of svg.querySelectorAll(".point")) {
      point.classList.toggle("current", Number(point.dataset.move) === this.index + 1);
    }
    const marked = r.marked.map((n) => r.decisions.find((d) => d.number === n));
    this.marks.replaceChildren(...marked.map((d) => h("li", {},
      h("button.link", { type: "button", "data-move": d.number,
                         onclick: () => this.jump(d.number - 1) },
        t("Move {i}: {mark}, {loss} points: {played}; better {best}", {
          i: d.number, mark: markWord(d.mark), loss: d.loss.toFixed(1),
          played: d.played, best: d.best })))));
  }
}

/** The bot and budget of the last analysis run in this browser ({} if none or unreadable). */
function lastChoice() {
  try {
    return JSON.parse(localStorage.getItem("ora.analysis") ?? "{}") ?? {};
  } catch {
    return {};
  }
}

/** Outline on the board the cards a move names and the spaces it names in the mover's
landscape ("BUILD I35 5 3": card I35 and space 5 3 of that seat). */
function outline(board, move, seat) {
  for (const el of board.querySelectorAll(".suggested")) el.classList.remove("suggested");
  const words = move.split(" ").slice(1);
  for (const word of words) {
    for (const el of board.querySelectorAll(`[data-card="${CSS.escape(word)}"]`)) {
      el.classList.add("suggested");
    }
  }
  for (let i = 0; i + 1 < words.length; i++) {
    if (/^-?\d+$/.test(words[i]) && /^-?\d+$/.test(words[i + 1])) {
      const space = `[data-space="${words[i]} ${words[i + 1]}"][data-seat="${seat}"]`;
      for (const el of board.querySelectorAll(space)) el.classList.add("suggested");
    }
  }
}
