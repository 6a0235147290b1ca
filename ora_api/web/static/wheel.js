// wheel.js: the production wheel drawn as SVG in the page, with the geometry and colours of
// `ora render` (ora_rules/views/svg.py, _wheel): thirteen sectors, the values on the rim and
// each indicator's name at its position. An indicator with legal moves is a button: a click
// (or Enter) opens the moves that take its goods (table.js).

import { h } from "/static/dom.js";

/** The same colours as svg.py (a test compares them). */
export const WHEEL_STYLE = { sectorEven: "#e9dcbc", sectorOdd: "#f4ecd8", stroke: "#8a7a5a",
                             value: "#6a4a1a", hub: "#6a4a1a" };

export function drawWheel(wheel, { title, playable = new Set(), onPick = null } = {}) {
  const radius = 150;
  const c = radius + 4;
  const n = wheel.values.length;
  const at = new Map();
  for (const ind of wheel.indicators) {
    if (!at.has(ind.position)) at.set(ind.position, []);
    at.get(ind.position).push(ind);
  }
  const parts = [];
  wheel.values.forEach((value, i) => {
    const a0 = -Math.PI / 2 + (i - 0.5) * 2 * Math.PI / n;
    const a1 = a0 + 2 * Math.PI / n;
    const p0 = [c + radius * Math.cos(a0), c + radius * Math.sin(a0)];
    const p1 = [c + radius * Math.cos(a1), c + radius * Math.sin(a1)];
    parts.push(h("svg:path", {
      d: `M${c},${c} L${p0[0].toFixed(1)},${p0[1].toFixed(1)} A${radius},${radius} 0 0 1 ` +
         `${p1[0].toFixed(1)},${p1[1].toFixed(1)} Z`,
      fill: i % 2 ? WHEEL_STYLE.sectorOdd : WHEEL_STYLE.sectorEven, stroke: WHEEL_STYLE.stroke }));
    const mid = a0 + Math.PI / n;
    parts.push(h("svg:text", { x: (c + (radius - 14) * Math.cos(mid)).toFixed(1),
      y: (c + (radius - 14) * Math.sin(mid) + 5).toFixed(1), "font-size": 14,
      "text-anchor": "middle", "font-weight": "bold", fill: WHEEL_STYLE.value,
      "aria-hidden": "true" }, value));
  });
  parts.push(h("svg:circle", { cx: c, cy: c, r: 16, fill: WHEEL_STYLE.hub }));
  // The names after every sector, so no later sector covers them; a crowded position moves
  // its stack towards the hub so that it stays inside the rim.
  wheel.values.forEach((value, i) => {
    const names = at.get(i) ?? [];
    const mid = -Math.PI / 2 + i * 2 * Math.PI / n;
    names.forEach((ind, j) => {
      const r = Math.max(13 * (names.length - 1) / 2 + 26,
                         radius * (0.62 - 0.045 * (names.length - 1)));
      const x = c + r * Math.cos(mid);
      const y = c + r * Math.sin(mid) + 13 * (j - (names.length - 1) / 2);
      const live = playable.has(ind.indicator);
      const width = Math.max(30, ind.name.length * 6.2 + 8);
      parts.push(h(`svg:g.indicator${live ? ".playable" : ""}`, {
        "data-indicator": ind.indicator,
        role: live ? "button" : "img", tabindex: live ? 0 : null,
        "aria-label": `${ind.name}: ${ind.value}`,
        onclick: live && onPick ? (e) => onPick(ind, e.currentTarget) : null,
        onkeydown: live && onPick ? (e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onPick(ind, e.currentTarget); }
        } : null },
      h("svg:rect", { x: (x - width / 2).toFixed(1), y: (y - 8).toFixed(1), width: width.toFixed(1),
                      height: 13, rx: 4 }),
      h("svg:text", { x: x.toFixed(1), y: (y + 3).toFixed(1), "font-size": 9.5,
                      "text-anchor": "middle" }, ind.name)));
    });
  });
  return h("svg:svg.wheel-svg", { viewBox: `0 0 ${2 * c} ${2 * c}`, role: "group",
                                  "aria-label": title }, parts);
}
