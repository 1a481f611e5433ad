// The site's DOM helpers, shared by every page script (cards, decks, play): building elements,
// replacing an element's children, reading a JSON block, running a set-up once the page is read.

// h("li", {class: "seat", dataset: {seat: 2}, onclick: fn}, "text", child, [more, children]):
// an element with those attributes (null, undefined and false ones left out, true ones empty)
// and children (strings become text; null, undefined and false are skipped; arrays flattened).
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") element.className = value;
    else if (key === "dataset") Object.assign(element.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") element.addEventListener(key.slice(2), value);
    else if (value === true) element.setAttribute(key, "");
    else element.setAttribute(key, String(value));
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

// Replaces an element's children (as h takes them); returns the element.
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

// Empties an element and hides it.
export function conceal(element) {
  element.hidden = true;
  return fill(element);
}

// The JSON of a <script type="application/json" id="..."> block (Django's json_script);
// fallback ({} unless told) when the page has none.
export function readJSON(id, fallback = {}) {
  const element = document.getElementById(id);
  return element ? JSON.parse(element.textContent) : fallback;
}

// Runs setUp once the document is parsed (at once when it already is).
export function onReady(setUp) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
}

// True when a key press is meant for a text field or carries a modifier, so shortcuts keep out.
export function isTypingOrModified(event) {
  const target = event.target;
  const typing = target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
  return typing || event.altKey || event.ctrlKey || event.metaKey;
}

// The nodes of `html`, markup the site itself rendered (a view's fragment), as a fragment to
// put into the page.
export function fragment(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content;
}
