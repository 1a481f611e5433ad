// Small DOM and text tools shared by the table, the replay and the boards.

// The JSON of a <script type="application/json" id="..."> block; {} when it is missing.
export function readJSON(id) {
  const element = document.getElementById(id);
  return element ? JSON.parse(element.textContent) : {};
}

// "%(name)s played %(card)s" with {name: "Ann", card: 4} → "Ann played 4" (Django's
// python-format placeholders, so the translated strings keep their usual shape).
export function format(text, params = {}) {
  return String(text).replace(/%\((\w+)\)s/g, (whole, key) => (key in params ? String(params[key]) : whole));
}

// The label "key", or "key_one" when count is 1 and the labels have it ("1 card", "2 cards").
export function counted(labels, key, count, params = {}) {
  const text = count === 1 && labels[`${key}_one`] ? labels[`${key}_one`] : labels[key];
  return format(text, params);
}

// h("li", {class: "seat", dataset: {seat: 2}, onclick: fn}, "text", child, [more, children])
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

// Replaces an element's children.
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

// True when a key press is meant for a text field or carries a modifier, so shortcuts keep out.
export function isTypingOrModified(event) {
  const target = event.target;
  const typing = target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
  return typing || event.altKey || event.ctrlKey || event.metaKey;
}
