// cards.js: the card component shared by the display, the hands and the landscapes, and the
// card texts (name, cost, terrain, points, dwelling value, function) from `rules.catalog`. A
// hover or keyboard focus shows the text in a tooltip; a click or tap opens it in the table's
// popover (table.js), with the card's legal moves when it has any.

import { h } from "/static/dom.js";
import { locale, t } from "/static/i18n.js";

const catalogs = {};  // locale -> the promise of rules.catalog
let catalog = null;   // the catalogue of the shown locale, once loaded

/** Loads the catalogue of the chosen locale (once per locale); resolves to it. */
export async function loadCatalog(ora) {
  const code = locale();
  catalogs[code] ??= ora.call("rules.catalog", { locale: code }).then((c) => indexed(c));
  catalog = await catalogs[code];
  return catalog;
}

function indexed(c) {
  const byId = new Map();
  for (const b of c.buildings) byId.set(b.id, { kind: "building", ...b });
  for (const s of c.settlements) byId.set(s.id, { kind: "settlement", ...s });
  for (const w of c.liesborn?.wonders ?? []) byId.set(w.id, { kind: "wonder", ...w });
  const terrain = Object.fromEntries(c.terrain.map((w) => [w.key, w.name]));
  const actions = Object.fromEntries(c.actions.map((w) => [w.key, w.name]));
  return { ...c, byId, terrainNames: terrain, actionNames: actions };
}

/** The catalogue's entry of a card id of the notation: heartland ids of a seat (LR2) read as
the heartland card (L02); forests and moors (LFO, LMO) have their own words. */
export function entry(id) {
  if (!catalog || !id) return null;
  const heartland = /^L[A-Z](\d)$/.exec(id);
  return catalog.byId.get(heartland ? `L0${heartland[1]}` : id) ?? null;
}

export function verbName(verb) {
  return catalog?.actionNames[verb] ?? verb;
}

function terrainText(list) {
  return list.map((key) => catalog?.terrainNames[key] ?? key).join(", ");
}

function costText(entry) {
  if (entry.kind === "settlement") {
    return `${t("Food")} ${entry.food}, ${t("Energy")} ${entry.energy}`;
  }
  return entry.cost?.length ? entry.cost.map((c) => `${c.count} ${c.name}`).join(", ")
    : t("nothing");
}

/** The card's text as a definition list (for the tooltip and the popover). */
export function cardText(id, { name = null, kind = null } = {}) {
  if (kind === "forest" || kind === "moor") {
    return h("div.card-text", {},
      h("p.card-title", {}, name ?? t(kind === "forest" ? "Forest" : "Moor")),
      h("p", {}, t(kind === "forest"
        ? "Fell the trees to take wood; the space is then free to build on."
        : "Cut the peat to take peat; the space is then free to build on.")));
  }
  const card = entry(id);
  if (!card) return h("div.card-text", {}, h("p.card-title", {}, name ?? id));
  const facts = [];
  const fact = (label, value) => facts.push(h("dt", {}, label), h("dd", {}, value));
  if (card.kind !== "wonder") {
    fact(t("Cost"), costText(card));
    fact(t("Terrain"), terrainText(card.terrain ?? []));
    fact(t("Points"), card.economic);
    fact(t("Dwelling value"), card.dwelling);
    if (card.cloister) fact(t("Cloister"), "✝");
  }
  return h("div.card-text", {},
    h("p.card-title", {}, `${card.name} `, h("span.muted", {}, `(${id})`)),
    h("dl.facts", {}, facts),
    h("p.card-function", {}, card.text ?? card.condition ?? ""));
}

let ruler = null;

/** The width of `word` in em of a card name's font (style.css .card-face), measured once on a
canvas with the page's own fonts, Greek and Cyrillic included. */
function emWidth(word, condensed = false) {
  ruler ??= document.createElement("canvas").getContext("2d");
  ruler.font = '600 100px system-ui, "DejaVu Sans", sans-serif';
  ruler.fontStretch = condensed ? "condensed" : "normal";
  return ruler.measureText(word).width / 100;
}

/** One card as a button: its id, its whole name (wrapped, never cut) and, on the display, its
cost. `data-card` makes the tooltip and the popover find it. Its accessible name begins with
what it shows, in that order (WCAG 2.5.3: a voice command says what it sees), then `where`. */
export function cardFace(id, name, { kind = "building", cost = null, where = "", extra = {} } = {}) {
  // Names break between words only: the font shrinks so that the widest word fits the card
  // (style.css, .name.eN: the word is N/2 em wide), so "Slaughterhouse" never breaks in two.
  // A word wider than 5.5 em is set condensed first (DejaVu Sans Condensed), so it shrinks less.
  const words = String(name).split(/\s+/);
  const wide = Math.max(0, ...words.map((w) => emWidth(w))) > 5.5;
  const widest = Math.max(0, ...words.map((w) => emWidth(w, wide)));
  const bucket = Math.min(28, Math.max(4, Math.ceil((widest + 0.15) * 2)));
  const size = `span.name.e${bucket}${wide ? ".narrow" : ""}`;
  return h(`button.card-face.kind-${kind}`, {
    type: "button", "data-card": id, "data-kind": kind,
    "aria-label": [id, name, cost, where].filter(Boolean).join(" "), ...extra },
  // the spaces between the parts (not drawn between flex items) make the text it shows read
  // "F04 Windmill 3Wo 2Cl", as its name says it
  h("span.id", { "aria-hidden": "true" }, id), " ", h(size, { "aria-hidden": "true" }, name),
  cost ? [" ", h("span.cost", { "aria-hidden": "true" }, cost)] : null);
}

// --- the tooltip: one for the page, shown on hover (a mouse) and on keyboard focus -----------

let tip = null;

function showTip(target) {
  if (!target?.dataset.card) return;
  tip ??= document.body.appendChild(h("div.cardtip", { role: "tooltip", id: "cardtip" }));
  tip.replaceChildren(cardText(target.dataset.card, {
    name: target.dataset.name ?? null, kind: target.dataset.kind }));
  tip.hidden = false;
  const box = target.getBoundingClientRect();
  const width = Math.min(320, document.documentElement.clientWidth - 16);
  tip.style.width = `${width}px`;
  const left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
  tip.style.left = `${left + window.scrollX}px`;
  tip.style.top = `${box.bottom + window.scrollY + 6}px`;
  target.setAttribute("aria-describedby", "cardtip");
}

export function hideTip() {
  if (tip) tip.hidden = true;
}

/** Hover and focus show a card's text anywhere on the page. */
export function installTips(root = document) {
  root.addEventListener("pointerover", (event) => {
    if (event.pointerType !== "mouse") return;
    const card = event.target.closest?.("[data-card]");
    if (card) showTip(card);
  });
  root.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "mouse") return;
    const card = event.target.closest?.("[data-card]");
    if (card && !card.contains(event.relatedTarget)) hideTip();
  });
  // Focus shows the text only when the keyboard moved it (not a click, a tap or the page
  // giving the focus back after a popover).
  let keyboard = false;
  root.addEventListener("pointerdown", () => { keyboard = false; }, true);
  root.addEventListener("focusin", (event) => {
    const card = event.target.closest?.("[data-card]");
    if (card && keyboard) showTip(card);
    else hideTip();
  });
  root.addEventListener("focusout", () => hideTip());
  root.addEventListener("keydown", (event) => {
    keyboard = event.key === "Tab" || event.key.startsWith("Arrow");
    if (event.key === "Escape") hideTip();
  }, true);
}
