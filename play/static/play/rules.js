// The how-to-play pages (play/rules_pages.py): draws every figure of the page, an example position
// built by the game's engine (play/examples/), with the game's own board module, as the table
// draws it for the figure's seat, read-only: there is no socket, ctx.act does nothing and the
// figure is inert, so the buttons the table would offer that seat are seen but cannot be used.
//
// All this needs from a board is the contract the table and the replay already use (table.js):
//   - the board template (play/boards/<slug>.html, given here inside <template id="rules-board">)
//     has one root element naming its module in data-board-module; anything else in it (a
//     stylesheet link) is moved into the page once; the page gives the board's labels
//     (#board-labels) as it gives the table's;
//   - the module exports render(container, state, ctx) and seatDetails(state, index, ctx), and
//     draws only inside the container it is given.
// The figures (#rules-figures: [{key, players, seat, seats, state, to_act, legal}]) are drawn into
// the prose's placeholders [data-figure="<key>"]: the turn line, the seat list and a copy of the
// board, whose ids are suffixed with the figure's key so that they stay unique on the page.
import { fill, h, readJSON } from "../js/kit/dom.js";
import { labels as readLabels } from "../js/kit/labels.js";
import { format } from "../js/kit/text.js";
import { renderSeats, seatName as seatLabel } from "./seats.js";

const template = document.getElementById("rules-board").content;
const prototype = template.querySelector("[data-board-module]");
const labels = readLabels("play-labels", "board-labels");
for (const link of template.querySelectorAll('link[rel="stylesheet"]')) document.head.append(link.cloneNode());
const board = await import(prototype.dataset.boardModule);

const REFERENCES = ["aria-labelledby", "aria-describedby", "aria-controls", "for"];

// A copy of the board's root whose ids (and the attributes naming them) end in "-<key>".
function boardCopy(key) {
  const copy = prototype.cloneNode(true);
  copy.removeAttribute("tabindex");
  const renamed = new Map();
  for (const element of [copy, ...copy.querySelectorAll("[id]")]) {
    if (!element.id) continue;
    renamed.set(element.id, `${element.id}-${key}`);
    element.id = `${element.id}-${key}`;
  }
  for (const attribute of REFERENCES) {
    for (const element of [copy, ...copy.querySelectorAll(`[${attribute}]`)]) {
      const value = element.getAttribute(attribute);
      if (value) element.setAttribute(attribute, value.split(/\s+/).map((id) => renamed.get(id) || id).join(" "));
    }
  }
  return copy;
}

function turnLine(figure, seatName) {
  if (figure.to_act.includes(figure.seat)) return h("p", { class: "turn-banner is-yours" }, labels.your_turn);
  if (!figure.to_act.length) return h("p", { class: "turn-banner" }, labels.game_over);  // nobody acts: the game is over
  return h("p", { class: "turn-banner" }, format(labels.waiting_for, { name: figure.to_act.map(seatName).join(", ") }));
}

function draw(placeholder, figure) {
  const seatName = (i) => (figure.seats[i] ? seatLabel(figure.seats[i], labels) : format(labels.seat_number, { number: i + 1 }));
  const ctx = { labels, legal: figure.legal, act: figure.legal.length ? () => {} : null, pending: false, readOnly: true, seatName };
  const seats = h("ol", { class: "seats" });
  const copy = boardCopy(figure.key);
  fill(placeholder, turnLine(figure, seatName), h("div", { class: "rules-figure-table" }, seats, copy));
  renderSeats(seats, { seats: figure.seats, toAct: figure.to_act, labels, board, state: figure.state, ctx, join: null });
  board.render(copy, figure.state, ctx);
  placeholder.inert = true;
  placeholder.classList.toggle("shows-moves", figure.legal.length > 0);
  placeholder.dataset.drawn = "true";
}

for (const figure of readJSON("rules-figures")) {
  const placeholder = document.querySelector(`[data-figure="${CSS.escape(figure.key)}"]`);
  if (placeholder) draw(placeholder, figure);
}

// Framed in a table's rules drawer: links open beside the table, not inside the drawer.
if (document.getElementById("rules").dataset.embed) {
  for (const link of document.querySelectorAll("a[href]")) {
    if (!link.getAttribute("href").startsWith("#")) link.target = "_blank";
  }
}
