// notify.js: telling a player that it is their move when they look elsewhere (docs/web.md
// "Turn notices"): the tab's title starts with "▶ Your move" while the seat decides, and when
// the turn comes to it while the page is hidden, a browser notification is raised (once the
// player allowed them with the button this module draws; the browser asks only after a click).

import { h } from "/static/dom.js";
import { t } from "/static/i18n.js";

const MARK = "▶";

export class TurnNotice {
  /** @param {string} title the page's title while it is not the seat's move */
  constructor(title, gameId) {
    this.title = title;
    this.gameId = gameId;
    this.yours = false;
    this.raised = null;
  }

  /** Called at each redraw with whether the seat decides now. */
  update(yours) {
    document.title = yours ? `${MARK} ${t("Your move")} · ${this.title}` : this.title;
    if (yours && !this.yours) this.raise();
    if (!yours) this.close();
    this.yours = yours;
  }

  raise() {
    if (!("Notification" in window) || Notification.permission !== "granted"
        || !document.hidden) return;
    try {
      this.raised = new Notification(`ora: ${t("Your move")}`, {
        body: t("It is your move in game {id}.", { id: this.gameId.slice(0, 8) }),
        tag: `ora-turn-${this.gameId}`,  // one at a time per game
      });
      this.raised.onclick = () => { window.focus(); this.close(); };
    } catch {
      // Chromium on Android raises notifications only from a service worker: the title stays.
    }
  }

  close() {
    this.raised?.close?.();
    this.raised = null;
  }

  /** The button asking the browser's permission, or null when there is nothing to ask. */
  button() {
    if (!("Notification" in window) || Notification.permission !== "default") return null;
    const button = h("button.notify", { type: "button", "data-testid": "notify-me" },
      t("Notify me on my turn"));
    button.addEventListener("click", async () => {
      await Notification.requestPermission();
      button.remove();
    });
    return button;
  }
}
