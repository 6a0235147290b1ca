// board.js: draws a game from its drawing view (game.view, docs/api.md), as plain HTML. It
// only shows what the server says (names, prices, who decides, what may be built where); it
// decides nothing.

/** A DOM element: h("div.cls", {attr: value}, child, ...); strings become text. */
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** "Green (you)", "Red (bot builder)" or "Green". */
export function seatName(view, seat, names = {}) {
  const player = view.seats.find((p) => p.seat === seat);
  const colour = player ? player.colour_name : `Seat ${seat}`;
  return names[seat] ? `${colour} (${names[seat]})` : colour;
}

/** The whole table: the common part, then one card per seat. */
export function drawBoard(view, { names = {}, you = null } = {}) {
  return h("div.board", { "data-testid": "board", "data-version": view.version },
    drawCommon(view),
    h("div.players", {}, view.seats.map((seat) => drawSeat(view, seat, {
      name: seatName(view, seat.seat, names), you: you === seat.seat }))));
}

function drawCommon(view) {
  const s = view.schedule;
  const indicators = view.wheel.indicators.slice()
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name));
  const next = s.settlement_phases.find((p) => !p.held);
  const stacks = Object.entries(view.stacks).filter(([, n]) => n > 0);
  return h("section.common", {},
    h("div.panel.wheel", {},
      h("h3", {}, "Production wheel"),
      h("ul.chips", {}, indicators.map((i) =>
        h("li.chip.good", { title: `${i.name}: ${i.value} on the wheel` },
          h("span.name", {}, i.name), h("span.count", {}, i.value)))),
      h("dl.facts.schedule", {},
        fact(s.unit_name, s.last_round ? `${s.round} of ${s.last_round}` : s.round),
        fact("Now", s.now_name),
        next ? fact(next.name, next.rounds_until === null ? "at the end"
          : next.rounds_until === 0 ? "this round" : `in ${next.rounds_until}`) : null,
        s.final_phase ? fact("Final phase", "yes") : null)),
    h("div.panel.display", {},
      h("h3", {}, `Buildings for sale (${view.display.reduce((n, d) => n + d.buildings.length, 0)})`),
      view.display.map((stage) => h("div.stage", {},
        view.display.length > 1 ? h("h4", {}, stage.name) : null,
        h("ul.cards", {}, stage.buildings.map((b) => h("li.card", {
          title: `${b.id} ${b.name}: costs ${costText(b.cost)}; economic ${b.economic}, ` +
            `dwelling ${b.dwelling}${b.cloister ? ", cloister" : ""}; on ${b.terrain.join(", ")}`,
        }, h("span.id", {}, b.id), " ", b.name, h("span.cost", {}, costCodes(b.cost)))))))),
    h("div.panel.market", {},
      h("h3", {}, "Market"),
      h("dl.facts", {},
        fact("District", price(view.prices.district, view.prices.districts_left)),
        fact("Plot", price(view.prices.plot, view.prices.plots_left)),
        fact("Work contract", view.prices.work_contract),
        fact("Wonders left", view.wonders_left),
        stacks.length ? fact("Stacks", stacks.map(([k, n]) => `${k} ${n}`).join(" · ")) : null),
      h("p.end", { title: s.end_rule }, s.end)));
}

function price(value, left) {
  return value === null ? "none left" : `${value} (${left} left)`;
}

function costText(cost) {
  return cost.length ? cost.map((c) => `${c.count} ${c.name}`).join(", ") : "nothing";
}

function costCodes(cost) {
  return cost.length ? cost.map((c) => `${c.count}${c.code}`).join(" ") : "free";
}

function fact(name, value) {
  return [h("dt", {}, name), h("dd", {}, value)];
}

function drawSeat(view, seat, { name, you }) {
  const goods = seat.goods.filter((g) => g.count > 0);
  const classes = ["player", `colour-${seat.colour}`];
  if (seat.deciding) classes.push("deciding");
  if (you) classes.push("you");
  const home = seat.clergy_home;
  const atHome = [home.prior ? "the prior" : null,
    home.lay_brothers ? `${home.lay_brothers} lay brother${home.lay_brothers > 1 ? "s" : ""}`
      : null].filter(Boolean);
  return h(`div.panel.${classes.join(".")}`, { "data-seat": seat.seat },
    h("h3", {},
      h("span.dot", { "aria-hidden": "true" }),
      name, seat.neutral ? " · neutral" : "",
      seat.score ? h("span.points", { title: "provisional score" }, `${seat.score.total} pts`)
        : null,
      seat.deciding ? h("span.badge", {}, "to move") : null),
    h("ul.chips.goods", {},
      goods.length ? goods.map((g) =>
        h("li.chip.good", { title: `${g.name} (${g.code})` },
          h("span.name", {}, g.name), h("span.count", {}, g.count)))
        : h("li.empty", {}, "no goods")),
    h("p.clergy", {}, "At home: ", atHome.length ? atHome.join(" and ") : "nobody"),
    seat.settlements.length ? h("p.hand", {}, "Settlements in hand: ",
      seat.settlements.map((s) => s.name).join(", ")) : null,
    drawLandscape(seat.landscape));
}

function drawLandscape(landscape) {
  const [minCol] = landscape.cols;
  const [minRow] = landscape.rows;
  const grid = h("div.landscape", {
    style: `grid-template-columns: repeat(${landscape.cols.length}, 4.6em);` });
  for (const space of landscape.spaces) {
    const title = [`${space.col} ${space.row}`, space.terrain_name, space.card
      ? `${space.card} ${space.card_name}` : "empty", ...space.clergy.map((c) => c.name)];
    grid.append(h(`div.space.${space.terrain}${space.card_kind ? `.${space.card_kind}` : ""}`, {
      style: `grid-column: ${space.col - minCol + 1}; grid-row: ${space.row - minRow + 1}`,
      title: title.join(" · "),
    },
    space.card ? h("span.card-id", {}, space.card) : null,
    space.card_kind === "building" || space.card_kind === "settlement"
      ? h("span.card-name", {}, space.card_name) : null,
    space.clergy.map((c) => h(`span.clergyman.colour-${c.colour}`, {
      title: c.name }, c.kind === "prior" ? "P" : "L"))));
  }
  return grid;
}

/** The score table from the view's seats (provisional until the game's end). */
export function drawScores(view, { names = {} } = {}) {
  const winners = view.winners ?? [];
  return h("table.scores", { "data-testid": "scores" },
    h("caption", {}, view.final ? "Final score" : "Score so far (provisional)"),
    h("thead", {}, h("tr", {},
      ["", "Goods", "Buildings", "Settlements", "Total"].map((t) => h("th", {}, t)))),
    h("tbody", {}, view.seats.filter((s) => s.score).map((s) =>
      h(`tr${winners.includes(s.seat) ? ".winner" : ""}`, {},
        h("td", {}, seatName(view, s.seat, names), winners.includes(s.seat) ? " ★" : ""),
        h("td.num", {}, s.score.goods),
        h("td.num", {}, s.score.economic),
        h("td.num", { title: s.score.settlements.join(" + ") || "none" },
          s.score.settlements.reduce((a, b) => a + b, 0)),
        h("td.num.total", {}, s.score.total)))),
    h("tfoot", {}, h("tr", {}, h("td.explain", { colspan: 5 },
      "Goods: the points of the goods held (R-SCORE-2). Buildings: the economic values of " +
      "the buildings and settlements built (R-SCORE-3). Settlements: each settlement's " +
      "dwelling value plus its orthogonal neighbours' (R-SCORE-4)."))));
}
