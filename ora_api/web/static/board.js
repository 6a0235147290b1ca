// board.js: draws a game from its drawing view (game.view, docs/api.md) as HTML with a drawn
// wheel (wheel.js) and drawn terrain in the colours of `ora render`. It only shows what the
// server says (names, prices, who decides, what may be built where); it decides nothing. What
// may be played is passed in as `marks` (table.js reads it from game.moves): those cards,
// spaces and indicators are highlighted buttons.

import { cardFace } from "/static/cards.js";
import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";
import { drawWheel } from "/static/wheel.js";

export { h };

/** The same terrain colours as ora_rules/views/svg.py (a test compares them). */
export const TERRAIN_FILL = { water: "#8ec3e6", coast: "#ecdca6", plains: "#bfdc8f",
                              hillside: "#9cc27a", mountain: "#a9a096" };
export const FOREST_FILL = "#3f7d3a";
export const MOOR_FILL = "#7a5a3a";

const NO_MARKS = { cards: new Set(), spaces: new Set(), indicators: new Set(), bar: [] };

/** "Green (you)", "Red (bot builder)" or "Green". */
export function seatName(view, seat, names = {}) {
  const player = view.seats.find((p) => p.seat === seat);
  const colour = player ? player.colour_name : t("Seat {n}", { n: seat + 1 });
  return names[seat] ? `${colour} (${names[seat]})` : colour;
}

/** The readings the game is played under, when they are not the rulebook's (game.view's
`profile`: kennerspiel-0.21, weblabora or single options; docs/records.md). */
export function profileBadge(view) {
  if (!view.profile || view.profile === "rulebook") return null;
  return h("span.profile", { "data-testid": "profile",
    title: t("The game follows these readings of the rules, not the rulebook's.") },
  t("Rules: {profile}", { profile: view.profile }));
}

/** The whole table: the common part, then one panel per seat. */
export function drawBoard(view, { names = {}, you = null, marks = NO_MARKS, bar = null } = {}) {
  return h("div.board", { "data-testid": "board", "data-version": view.version },
    drawCommon(view, marks),
    bar,
    h("div.players", {}, view.seats.map((seat) => drawSeat(view, seat, {
      name: seatName(view, seat.seat, names), you: you === seat.seat, marks }))));
}

function drawCommon(view, marks) {
  const s = view.schedule;
  const next = s.settlement_phases.find((p) => !p.held);
  const stacks = Object.entries(view.stacks).filter(([, n]) => n > 0);
  const forSale = view.display.reduce((n, d) => n + d.buildings.length, 0);
  return h("section.common", {},
    h("div.panel.wheel", {},
      h("h3", {}, t("Production wheel")),
      drawWheel(view.wheel, { title: t("Production wheel"), playable: marks.indicators }),
      h("dl.facts.schedule", {},
        fact(s.unit_name, s.last_round ? `${s.round} / ${s.last_round}` : s.round),
        fact(view.turn.name, s.now_name),
        next ? fact(next.name, next.rounds_until === null ? "—"
          : next.rounds_until === 0 ? "✓" : `+${next.rounds_until}`) : null)),
    h("div.panel.display", {},
      h("h3", {}, `${t("Buildings for sale")} (${forSale})`),
      view.display.map((stage) => h("div.stage", {},
        view.display.length > 1 ? h("h4", {}, stage.name) : null,
        h("ul.cards", {}, stage.buildings.map((b) => h("li", {}, cardFace(b.id, b.name, {
          cost: costCodes(b.cost),
          extra: marks.cards.has(b.id) ? { class: "card-face kind-building playable",
                                           "aria-haspopup": "dialog" } : {} })))))),
      view.wonder_display?.length ? h("ul.cards.wonders", {}, view.wonder_display.map((w) =>
        h("li", {}, cardFace(w.id, w.name ?? w.id, { kind: "wonder" })))) : null),
    h("div.panel.market", {},
      h("h3", {}, t("Market")),
      h("dl.facts", {},
        fact(t("District"), price(view.prices.district, view.prices.districts_left)),
        fact(t("Plot"), price(view.prices.plot, view.prices.plots_left)),
        fact(t("Work contract"), view.prices.work_contract),
        fact(t("Wonders left"), view.wonders_left),
        stacks.length ? fact(t("Stacks"), stacks.map(([k, n]) => `${k} ${n}`).join(" · "))
          : null),
      h("p.end", { title: s.end_rule }, s.end)));
}

function price(value, left) {
  return value === null ? "—" : `${value} (${t("{n} left", { n: left })})`;
}

function costCodes(cost) {
  return cost.length ? cost.map((c) => `${c.count}${c.code}`).join(" ") : t("free");
}

function fact(name, value) {
  return [h("dt", {}, name), h("dd", {}, value)];
}

function drawSeat(view, seat, { name, you, marks }) {
  const goods = seat.goods.filter((g) => g.count > 0);
  const classes = ["player", `colour-${seat.colour}`];
  if (seat.deciding) classes.push("deciding");
  if (you) classes.push("you");
  const home = seat.clergy_home;
  const atHome = [home.prior ? "P" : null, ...Array(home.lay_brothers).fill("L")].filter(Boolean);
  const start = view.start_seat === seat.seat;
  return h(`section.panel.${classes.join(".")}`, {
    "data-seat": seat.seat, "aria-label": `${t("Seat {n}", { n: seat.seat + 1 })}: ${name}` },
  h("h3", {},
    h("span.dot", { "aria-hidden": "true" }),
    h("span.seat-no", {}, `${seat.seat + 1}`), name, seat.neutral ? ` · ${t("neutral")}` : "",
    start ? h("span.start-marker", { "data-testid": "start-player", title: t("Start player") },
      "⚑ ", t("Start player")) : null,
    seat.score ? h("span.points", {}, `${seat.score.total} ${t("Points").toLowerCase()}`) : null,
    seat.deciding ? h("span.badge", {}, t("to move")) : null),
  h("div.seat-info", {},
    h("ul.chips.goods", { "aria-label": t("Goods") },
      goods.length ? goods.map((g) => h("li.chip.good", {},
        h("span.name", {}, g.name), h("span.count", {}, g.count)))
        : h("li.empty", {}, "—")),
    h("p.clergy", {}, `${t("At home")}: `, atHome.length ? atHome.map((k) =>
      h(`span.clergyman.colour-${seat.colour}`, {
        title: k === "P" ? t("prior") : t("lay brother") }, k)) : "—"),
    seat.settlements.length ? h("div.hand", {}, h("h4", {}, t("Settlements in hand")),
      h("ul.cards", {}, seat.settlements.map((s) => h("li", {}, cardFace(s.id, s.name, {
        kind: "settlement",
        extra: marks.seat === seat.seat && marks.cards.has(s.id)
          ? { class: "card-face kind-settlement playable", "aria-haspopup": "dialog",
              "data-seat": seat.seat } : { "data-seat": seat.seat } }))))) : null),
  h("div.landscape-box", {}, drawLandscape(seat, marks)));
}

function treeIcon(kind) {
  const fill = kind === "forest" ? FOREST_FILL : MOOR_FILL;
  return h("svg:svg.terrain-icon", { viewBox: "0 0 60 24", "aria-hidden": "true" },
    h("svg:rect", { x: 0, y: 0, width: 60, height: 24, rx: 6, fill }),
    kind === "forest" ? [-18, 0, 18].map((dx) => h("svg:polygon", {
      points: `${22 + dx},20 ${38 + dx},20 ${30 + dx},3`, fill: "#2a5a27" }))
      : [10, 30, 50].map((x) => h("svg:path", { d: `M${x - 7},16 q7,-9 14,0`, fill: "none",
        stroke: "#c9a77a", "stroke-width": 2 })));
}

function drawLandscape(seat, marks) {
  const landscape = seat.landscape;
  const [minCol] = landscape.cols;
  const [minRow] = landscape.rows;
  const grid = h("div.landscape", {
    role: "group", "aria-label": t("Landscape"),
    style: { gridTemplateColumns: `repeat(${landscape.cols.length}, var(--cell))` } });
  for (const space of landscape.spaces) {
    const key = `${seat.seat}:${space.col} ${space.row}`;
    const where = `(${space.col}, ${space.row})`;
    // A settlement's id is in every hand: only buildings are played by their card here.
    const live = marks.spaces.has(key)
      || (space.card_kind === "building" && marks.cards.has(space.card));
    const place = {
      gridColumn: `${space.col - minCol + 1}`,
      gridRow: `${space.row - minRow + 1} / span ${space.height ?? 1}` };
    const clergy = space.clergy.map((c) => h(`span.clergyman.colour-${c.colour}`, {
      title: c.name }, c.kind === "prior" ? "P" : "L"));
    const data = { "data-space": `${space.col} ${space.row}`, "data-seat": seat.seat };
    let inside;
    if (space.card_kind === "forest" || space.card_kind === "moor") {
      inside = h(`button.card-face.kind-${space.card_kind}${live ? ".playable" : ""}`, {
        type: "button", "data-card": space.card, "data-kind": space.card_kind,
        "data-name": space.card_name, ...data,
        "aria-label": `${space.card_name} ${where}`, "aria-haspopup": live ? "dialog" : null },
      treeIcon(space.card_kind), h("span.name", { "aria-hidden": "true" }, space.card_name));
    } else if (space.card) {
      inside = cardFace(space.card, space.card_name, { kind: space.card_kind, where, extra: {
        ...data, class: `card-face kind-${space.card_kind}${live ? " playable" : ""}`,
        "aria-haspopup": live ? "dialog" : null } });
    } else if (live) {
      inside = h("button.space-button.playable", { type: "button", ...data,
        "aria-haspopup": "dialog", "aria-label": `${space.terrain_name} ${where}` },
      h("span.terrain-name", {}, space.terrain_name));
    } else {
      inside = h("span.terrain-name", {}, space.terrain_name);
    }
    grid.append(h(`div.space.terrain-${space.terrain}`, { style: place,
      title: `${space.terrain_name} ${where}` }, inside, clergy));
  }
  return grid;
}

/** The score table from the view's seats (provisional until the game's end). */
export function drawScores(view, { names = {} } = {}) {
  const winners = view.winners ?? [];
  return h("table.scores", { "data-testid": "scores" },
    h("caption", {}, view.final ? t("Final score") : t("Score so far (provisional)")),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, h("span.visually-hidden", {}, t("Seat"))),
      [t("Goods"), t("Buildings"), t("Settlements"), t("Total")].map((x) =>
        h("th", { scope: "col" }, x)))),
    h("tbody", {}, view.seats.filter((s) => s.score).map((s) =>
      h(`tr${winners.includes(s.seat) ? ".winner" : ""}`, {},
        h("th", { scope: "row" }, seatName(view, s.seat, names), winners.includes(s.seat) ? " ★" : ""),
        h("td.num", {}, s.score.goods),
        h("td.num", {}, s.score.economic),
        h("td.num", { title: s.score.settlements.join(" + ") || t("none") },
          s.score.settlements.reduce((a, b) => a + b, 0)),
        h("td.num.total", {}, s.score.total)))),
    h("tfoot", {}, h("tr", {}, h("td.explain", { colspan: 5 },
      t("Goods: the points of the goods held (R-SCORE-2). Buildings: the economic values of " +
        "the buildings and settlements built (R-SCORE-3). Settlements: each settlement's " +
        "dwelling value plus its orthogonal neighbours' (R-SCORE-4).")))));
}
