// takeback.js: taking moves back at the table (docs/web.md "Take-backs", docs/api.md "Undo").
// A "Take back" button asks game.undo_request for the position before this seat's last move,
// or after a move chosen in a list of the game's line; the seats asked answer in a prompt
// (Accept / Refuse, game.undo_answer); everyone at the table sees the outcome. What may be
// taken back and who must agree is the server's (ora_rules/undo.py): the panel only follows
// the game's events, which every browser at the table receives alike.

import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";

/** How many moves of the line the list offers. */
const CHOICES = 30;

export class TakeBack {
  /**
   * @param {object} o {gameId, seat (null: watching), call(method, params) -> Promise,
   *   token() -> this seat's token, name(seat) -> words, errorText(error) -> words}
   */
  constructor({ gameId, seat, call, token, name, errorText }) {
    Object.assign(this, { gameId, seat, call, token, name, errorText });
    this.policy = "by_consent";
    this.line = [];        // the game's current line: [{number, seat}] (moves taken back go)
    this.played = 0;       // moves played, taken back or not: game.log's numbers
    this.asked = null;     // the take-back waiting for answers: {seat, to_move, waiting}
    this.outcome = null;   // the last one's end, shown until this seat moves: {kind, seat, to}
    this.over = false;
    this.texts = new Map();  // move number -> its sentence in game.log, for the list
    this.busy = false;
    this.error = "";
    this.choice = null;      // the move chosen in the list, kept across redraws
    // The controls are redrawn; the status and the error stay the same elements, so a screen
    // reader hears each change of their text (a live region must exist before it changes).
    this.controls = h("div.undo-controls");
    this.status = h("p.undo-outcome", { role: "status", "data-testid": "undo-outcome" });
    this.errorBox = h("p.message", { role: "alert" });
    this.box = h("section.panel.takeback", { "data-testid": "takeback",
                                             "aria-labelledby": "takeback-title" },
      h("h3", { id: "takeback-title" }, t("Take-back")), this.controls, this.status,
      this.errorBox);
    this.box.hidden = true;
  }

  /** Follows one event of the game (every one, in order, as ora.watch delivers them). */
  event(event) {
    const data = event.data ?? {};
    switch (event.type) {
      case "game_started":
        this.policy = data.config?.undo ?? "by_consent";
        break;
      case "move_played":
        this.played += 1;
        this.line.push({ number: this.played, seat: data.seat });
        // The outcome stays until this seat moves: a bot's move right after it would hide it.
        if (data.seat === this.seat) this.outcome = null;
        break;
      case "undo_requested":
        this.asked = { seat: data.seat, to: data.to_move, waiting: [...(data.waiting ?? [])] };
        this.outcome = null;
        break;
      case "undo_answered":
        if (!data.accepted) {
          this.outcome = { kind: "refused", seat: data.seat, to: this.asked?.to };
          this.asked = null;
        } else if (this.asked) {
          this.asked.waiting = this.asked.waiting.filter((s) => s !== data.seat);
        }
        break;
      case "undo_lapsed":
        this.asked = null;
        this.outcome = { kind: "lapsed" };
        break;
      case "position_restored":
        this.line = this.line.filter((m) => m.number <= data.to_move);
        this.asked = null;
        this.outcome = { kind: "restored", to: data.to_move };
        break;
      case "game_ended":
        this.over = true;
        break;
      default:
    }
  }

  /** A move of game.log: its sentence names it in the list of moves to go back to. */
  said(entry) {
    this.texts.set(entry.number, entry.text);
  }

  /** Marks the moves of the log (li items numbered by game.log) that were taken back. */
  markLog(logBox) {
    const onLine = new Set(this.line.map((m) => m.number));
    for (const li of logBox.children) {
      const number = Number(li.querySelector(".number")?.textContent);
      const gone = number > 0 && number <= this.played && !onLine.has(number);
      if (gone === li.classList.contains("taken-back")) continue;
      li.classList.toggle("taken-back", gone);
      if (gone) li.append(h("span.gone", {}, ` (${t("taken back")})`));
      else li.querySelector(".gone")?.remove();
    }
  }

  /** The list's words for going back to after move `n`. */
  label(n) {
    if (n === 0) return t("Back to the start");
    const text = this.texts.get(n) ?? "";
    const short = text.length > 70 ? `${text.slice(0, 69)}…` : text;
    return `${t("Back to after move {n}", { n })}${short ? `: ${short}` : ""}`;
  }

  /** The line's moves that may be gone back to: every one before the last (0: the set-up). */
  targets() {
    const before = this.line.slice(0, -1).map((m) => m.number);
    return [0, ...before].slice(-CHOICES).reverse();
  }

  /** Where "Take back" goes: the position before this seat's last move on the line. */
  beforeMine() {
    const at = this.line.map((m) => m.seat).lastIndexOf(this.seat);
    if (at < 0) return null;
    return at === 0 ? 0 : this.line[at - 1].number;
  }

  async send(method, params) {
    this.busy = true;
    this.error = "";
    this.draw();
    try {
      await this.call(method, { game_id: this.gameId, token: this.token(), ...params });
    } catch (error) {
      this.error = this.errorText(error);
    } finally {
      this.busy = false;
      this.draw();
    }
  }

  draw() {
    const mine = this.seat !== null && Boolean(this.token());
    // Redrawn only when something shown changed: a prompt keeps its focus and is said once.
    const key = JSON.stringify([mine, this.asked, this.outcome, this.error, this.busy,
                                this.line.length, this.over, this.name(this.asked?.seat ?? 0),
                                this.texts.size]);
    if (key === this.drawn) return;
    this.drawn = key;
    const parts = [];
    const asked = this.asked;
    if (asked) {
      const who = this.name(asked.seat);
      const said = [asked.to === 0 ? t("{who} asks to take the game back to the start.", { who })
        : t("{who} asks to take the game back to after move {n}.", { who, n: asked.to }),
      " ", t("Moves taken back: {k}.", {
        k: this.line.filter((m) => m.number > asked.to).length })];
      if (mine && asked.waiting.includes(this.seat)) {
        parts.push(h("div.undo-prompt", { role: "group", "data-testid": "undo-prompt",
                                          "aria-labelledby": "undo-asked" },
          h("p", { id: "undo-asked" }, ...said),
          h("div.buttons", {},
            h("button.primary", { type: "button", "data-testid": "undo-accept",
                                  disabled: this.busy,
                                  onclick: () => this.send("game.undo_answer", { accept: true }) },
              t("Accept")),
            h("button", { type: "button", "data-testid": "undo-refuse", disabled: this.busy,
                          onclick: () => this.send("game.undo_answer", { accept: false }) },
              t("Refuse")))));
      } else {
        parts.push(h("p", { "data-testid": "undo-waiting" }, ...said, " ",
          t("Waiting for {who} to agree.", {
            who: asked.waiting.map((s) => this.name(s)).join(", ") })));
      }
    } else if (mine && !this.over && this.policy !== "none" && this.line.length > 0) {
      const targets = this.targets();
      const back = targets.includes(this.choice) ? this.choice : this.beforeMine();
      const select = h("select", { "data-testid": "undo-to", "aria-label": t("Take back to"),
                                   onchange: () => { this.choice = Number(select.value); } },
        targets.map((n) => h("option", { value: n, selected: n === back }, this.label(n))));
      parts.push(h("div.undo-ask", {}, select,
        h("button", { type: "button", "data-testid": "take-back", disabled: this.busy,
                      onclick: () => {
                        this.choice = null;
                        this.send("game.undo_request", { to_move: Number(select.value) });
                      } },
          t("Take back"))));
    }
    this.controls.replaceChildren(...parts);
    const outcome = this.outcome;
    this.status.dataset.kind = outcome?.kind ?? "";
    this.status.textContent = outcome?.kind === "restored"
      ? t("The moves after move {n} were taken back.", { n: outcome.to })
      : outcome?.kind === "refused" ? t("{who} refused the take-back.",
                                        { who: this.name(outcome.seat) })
        : outcome?.kind === "lapsed" ? t("The take-back lapsed: a move was played.") : "";
    this.errorBox.textContent = this.error;
    this.box.hidden = !parts.length && !outcome && !this.error;
  }
}
