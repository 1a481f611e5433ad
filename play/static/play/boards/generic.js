// The board of a game without one of its own: the view as data and each legal action as a
// button showing the action. Same exports as every board (see table.js).
import { fill, h } from "../../js/kit/dom.js";
import { format } from "../../js/kit/text.js";
import { parts } from "../board_kit.js";

export function render(container, state, ctx) {
  const actions = ctx.act ? ctx.legal.map((action) => h("button", {
    type: "button", class: "secondary", disabled: ctx.pending, onclick: () => ctx.act(action),
  }, JSON.stringify(action))) : [];
  const part = parts(container);
  fill(part("actions"), actions);
  fill(part("state"), JSON.stringify(state, null, 2));
}

export function seatDetails() {
  return [];
}

export function describe(entry, ctx) {
  return `${format(ctx.labels.moved, { name: ctx.seatName(entry.seat) })}: ${JSON.stringify(entry.action)}`;
}

export function events() {
  return [];
}

export function keyAction() {
  return null;
}
