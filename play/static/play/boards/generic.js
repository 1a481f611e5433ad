// The board of a game without one of its own: the view as data and each legal action as a
// button showing the action. Same exports as every board (see table.js).
import { fill, format, h } from "../dom.js";

export function render(container, state, ctx) {
  const actions = ctx.act ? ctx.legal.map((action) => h("button", {
    type: "button", class: "secondary", disabled: ctx.pending, onclick: () => ctx.act(action),
  }, JSON.stringify(action))) : [];
  fill(container.querySelector('[data-part="actions"]'), actions);
  fill(container.querySelector('[data-part="state"]'), JSON.stringify(state, null, 2));
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

export function toAct(state) {
  return Array.isArray(state.to_act) ? state.to_act : [];
}

export function keyAction() {
  return null;
}
