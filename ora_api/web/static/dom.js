// dom.js: the one helper every module of the page builds its elements with.

const SVG = "http://www.w3.org/2000/svg";

/** A DOM element: h("div.cls", {attr: value}, child, ...); strings become text. A tag
"svg:name" makes an SVG element. on* attributes are listeners; style is never an attribute
(the page keeps to CSS files and the CSSOM, so a strict Content-Security-Policy holds). */
export function h(tag, attrs = {}, ...children) {
  const [full, ...classes] = tag.split(".");
  const svg = full.startsWith("svg:");
  const name = svg ? full.slice(4) : full;
  const el = svg ? document.createElementNS(SVG, name) : document.createElement(name);
  if (classes.length) el.setAttribute("class", classes.join(" "));
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "style") Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}
