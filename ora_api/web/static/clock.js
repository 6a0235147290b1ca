// clock.js: the seats' clocks of a game with a time control (game.view's `clock`, docs/api.md
// "Clocks"): each seat's time left, the running seat's counting down between refreshes. It
// only shows what the server says: a time run out is the server's to notice (its sweep), and
// the game's events then redraw the table.

import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";

/** "4:05", "1:02:03", "3 d 04 h", "0:00": a time left in milliseconds. */
export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${String(Math.floor(s % 86400 / 3600)).padStart(2, "0")} h`;
  const mm = String(Math.floor(s % 3600 / 60)).padStart(s >= 3600 ? 2 : 1, "0");
  const ss = String(s % 60).padStart(2, "0");
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${mm}:${ss}`;
}

let ticking = null;  // the one interval that counts the running clock down

/** The clocks as a list (empty without a clock): `seatName(seat)` names a seat. */
export function drawClocks(view, seatName) {
  if (ticking !== null) clearInterval(ticking);
  ticking = null;
  const clock = view.clock;
  if (!clock) return [];
  const drawnAt = performance.now();
  const cells = clock.left.map((left, seat) => {
    const running = seat === clock.running;
    const out = clock.timed_out.includes(seat);
    return h(`li${running ? ".running" : ""}`, { "data-testid": `clock-${seat}`,
                                                  "data-left": left },
      h("span", {}, seatName(seat)), " ",
      h("time", {}, out && !running ? t("out of time") : clockText(left)));
  }).filter((_, seat) => view.seats.some((s) => s.seat === seat));
  if (clock.running !== null) {
    const cell = cells.find((c) => c.dataset.testid === `clock-${clock.running}`);
    const left = Number(cell?.dataset.left ?? 0);
    ticking = setInterval(() => {
      if (!cell?.isConnected) { clearInterval(ticking); ticking = null; return; }
      cell.querySelector("time").textContent = clockText(left - (performance.now() - drawnAt));
    }, 1000);
  }
  return [h("ul.clocks", { "data-testid": "clocks", "aria-label": t("Clocks") }, cells)];
}
