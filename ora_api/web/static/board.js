// board.js: draws a game from its state view (game.state), as plain HTML. It only shows what
// the server says; it decides nothing.

export const COLOURS = { R: "red", G: "green", B: "blue", W: "white", Y: "yellow" };

/** A DOM element: h("div.cls", {attr: value}, child, ...); strings become text. */
export function h(tag, attrs = {}, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name);
  if (classes.length) el.className = classes.join(" ");
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function seatName(state, seat, names = {}) {
  const player = state.players.find((p) => p.seat === seat);
  const colour = player ? COLOURS[player.colour] ?? player.colour : "?";
  return names[seat] ? `${names[seat]} (${colour})` : `Seat ${seat} (${colour})`;
}

/** The whole board: the common part, then one card per player. */
export function drawBoard(state, { names = {}, you = null } = {}) {
  const turn = state.flow.turn;
  return h("div.board", { "data-testid": "board", "data-version": state.version },
    drawCommon(state),
    h("div.players", {},
      state.players.map((player) => drawPlayer(state, player, {
        name: seatName(state, player.seat, names),
        deciding: state.status === "playing" && turn.decider === player.seat,
        you: you === player.seat,
      }))));
}

function drawCommon(state) {
  const indicators = Object.entries(state.wheel.indicators)
    .sort(([, a], [, b]) => b.value - a.value || a.position - b.position);
  const stacks = Object.entries(state.stacks).filter(([, n]) => n > 0);
  return h("section.common", {},
    h("div.panel.wheel", {},
      h("h3", {}, "Production wheel"),
      h("ul.chips", {}, indicators.map(([name, { value }]) =>
        h("li.chip.good", { title: `${name}: ${value} on the wheel` },
          h("span.name", {}, name), h("span.count", {}, value))))),
    h("div.panel.display", {},
      h("h3", {}, `Buildings for sale (${state.display.length})`),
      h("ul.cards", {}, state.display.map((id) => h("li.card", {}, id)))),
    h("div.panel.market", {},
      h("h3", {}, "Market"),
      h("dl.facts", {},
        fact("District", state.prices.district[0] ?? "–"),
        fact("Plot", state.prices.plot[0] ?? "–"),
        fact("Work contract", state.work_contract_price),
        fact("Wonders left", state.wonders_left),
        fact("Settlement phases", state.settlement_phases.join(" ") || "–"),
        stacks.length ? fact("Stacks", stacks.map(([k, n]) => `${k}: ${n}`).join(", ")) : null)));
}

function fact(name, value) {
  return [h("dt", {}, name), h("dd", {}, value)];
}

function drawPlayer(state, player, { name, deciding, you }) {
  const goods = Object.entries(player.goods).sort(([a], [b]) => a.localeCompare(b));
  const classes = ["player", `colour-${player.colour}`];
  if (deciding) classes.push("deciding");
  if (you) classes.push("you");
  return h(`div.panel.${classes.join(".")}`, { "data-seat": player.seat },
    h("h3", {},
      h("span.dot", { "aria-hidden": "true" }),
      name, player.neutral ? " · neutral" : "",
      deciding ? h("span.badge", {}, "to move") : null),
    h("ul.chips.goods", {},
      goods.length ? goods.map(([good, n]) =>
        h("li.chip.good", {}, h("span.name", {}, good), h("span.count", {}, n)))
        : h("li.empty", {}, "no goods")),
    h("p.clergy", {}, player.clergy.map((c) =>
      h("span.clergyman", { title: c.at ? `on ${c.at}` : "free" },
        c.kind === "prior" ? "Prior" : "Brother", c.at ? ` @ ${c.at}` : " (free)"))),
    player.settlements.length
      ? h("p.hand", {}, "Settlements in hand: ", player.settlements.join(" ")) : null,
    drawLandscape(player.landscape));
}

function drawLandscape(spaces) {
  if (!spaces.length) return null;
  const cols = spaces.map((s) => s.col);
  const rows = spaces.map((s) => s.row);
  const minCol = Math.min(...cols);
  const minRow = Math.min(...rows);
  const grid = h("div.landscape", {
    style: `grid-template-columns: repeat(${Math.max(...cols) - minCol + 1}, 3.2em);` });
  for (const space of spaces) {
    grid.append(h(`div.space.${space.terrain}`, {
      style: `grid-column: ${space.col - minCol + 1}; grid-row: ${space.row - minRow + 1}`,
      title: `${space.col} ${space.row} · ${space.terrain}` +
        (space.card ? ` · ${space.card}` : "") +
        (space.covered.length ? ` (over ${space.covered.join(", ")})` : ""),
    }, space.card ? h("span.card-id", {}, space.card) : ""));
  }
  return grid;
}

/** The score table (game.score's result, or a finished state's scores). */
export function drawScores(state, scores, { names = {}, winners = null, final = false } = {}) {
  return h("table.scores", { "data-testid": "scores" },
    h("caption", {}, final ? "Final score" : "Score so far (provisional)"),
    h("thead", {}, h("tr", {},
      ["Player", "Goods", "Economic", "Settlements", "Total"].map((t) => h("th", {}, t)))),
    h("tbody", {}, scores.map((s) => h(`tr${winners?.includes(s.seat) ? ".winner" : ""}`, {},
      h("td", {}, seatName(state, s.seat, names), winners?.includes(s.seat) ? " ★" : ""),
      h("td.num", {}, s.goods),
      h("td.num", {}, s.economic),
      h("td.num", { title: s.settlements.join(" + ") || "none" },
        s.settlements.reduce((a, b) => a + b, 0)),
      h("td.num.total", {}, s.total)))));
}
