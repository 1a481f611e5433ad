// The L.A.M.A. board: discard pile, draw pile, your hand with the playable cards marked, the
// legal actions as buttons, and the last round's summary. Cards are 1–6 and 7 for the llama.
// A board module exports render, seatDetails, describe, events, toAct and keyAction (see
// table.js); it only draws from a game view (game.view(state, seat)) and the labels.
import { counted, fill, format, h } from "../dom.js";

const LLAMA = 7;
let openedSummary = null;

function cardFace(value, labels) {
  if (value === LLAMA) {
    return [h("span", { class: "card-glyph", "aria-hidden": "true" }, "🦙"), h("span", { class: "card-caption" }, labels.llama)];
  }
  return [h("span", { class: "card-glyph" }, String(value))];
}

export function cardName(value, labels) {
  return value === LLAMA ? labels.llama : String(value);
}

// A card that is only shown.
export function card(value, labels, size = "") {
  return h("span", { class: `card card-v${value} ${size}`.trim(), dataset: { card: value } }, cardFace(value, labels));
}

function cardList(values, labels) {
  return h("span", { class: "card-row" }, values.map((v) => card(v, labels, "card-small")));
}

function playable(legal) {
  return new Set(legal.filter((a) => a.type === "play").map((a) => a.card));
}

function has(legal, type) {
  return legal.some((a) => a.type === type);
}

function renderHand(part, state, ctx) {
  const { labels } = ctx;
  if (state.hand === null) {
    fill(part, h("p", { class: "muted" }, labels.spectating));
    return;
  }
  const canPlay = playable(ctx.legal);
  const cards = state.hand.map((value) => {
    if (!canPlay.has(value) || !ctx.act) return card(value, labels);
    return h("button", {
      type: "button", class: `card card-v${value} playable`, dataset: { card: value }, disabled: ctx.pending,
      "aria-label": format(labels.play_card, { card: cardName(value, labels) }),
      onclick: () => ctx.act({ type: "play", card: value }),
    }, cardFace(value, labels), h("kbd", { class: "key" }, String(value)));
  });
  fill(part, cards.length ? cards : h("p", { class: "muted" }, labels.empty_hand));
}

function renderActions(part, state, ctx) {
  const { labels, legal } = ctx;
  if (!ctx.act) {
    fill(part);
    return;
  }
  const buttons = [];
  if (has(legal, "draw")) {
    buttons.push(h("button", { type: "button", class: "action-draw", disabled: ctx.pending, onclick: () => ctx.act({ type: "draw" }) },
      labels.draw, " ", h("kbd", { class: "key" }, "D")));
  }
  if (has(legal, "quit")) {
    buttons.push(h("button", { type: "button", class: "action-quit secondary", disabled: ctx.pending, onclick: () => ctx.act({ type: "quit" }) },
      labels.quit, " ", h("kbd", { class: "key" }, "Q")));
  }
  let note = null;
  if (!legal.length && state.hand !== null && state.quit[state.seat] && !state.over) note = labels.you_quit;
  fill(part, buttons, note ? h("p", { class: "muted" }, note) : null);
}

function renderSummary(part, state, ctx) {
  const last = state.last_round;
  if (!last) {
    part.hidden = true;
    fill(part);
    return;
  }
  const { labels } = ctx;
  const fresh = openedSummary !== last.round || state.over || ctx.readOnly;
  let how = labels.everyone_quit;
  if (last.went_out !== null) {
    const key = last.returned ? `went_out_${last.returned}` : "went_out";
    how = format(labels[key], { name: ctx.seatName(last.went_out) });
  }
  const rows = last.hands.map((hand, seat) => h("tr", { class: seat === last.went_out ? "went-out" : null },
    h("th", { scope: "row" }, ctx.seatName(seat)),
    h("td", { class: "hand-cell" }, hand.length ? cardList(hand, labels) : "—"),
    h("td", { class: "num" }, String(last.points[seat])),
    h("td", { class: "num" }, String(state.scores[seat])),
  ));
  const details = h("details", { class: "summary-details", open: fresh || part.querySelector("details[open]") !== null },
    h("summary", {}, format(labels.round_over, { round: last.round })),
    h("p", {}, how),
    h("div", { class: "table-wrap" }, h("table", { class: "summary-table" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, labels.player), h("th", { scope: "col" }, labels.hand_left),
        h("th", { scope: "col", class: "num" }, labels.round_points), h("th", { scope: "col", class: "num" }, labels.total))),
      h("tbody", {}, rows))),
  );
  openedSummary = last.round;
  fill(part, details);
  part.hidden = false;
}

export function render(container, state, ctx) {
  const { labels } = ctx;
  const part = (name) => container.querySelector(`[data-part="${name}"]`);
  fill(part("round"), format(labels.round, { round: state.round }), " · ", counted(labels, "ends_at", state.end_at, { points: state.end_at }));
  fill(part("discard"), card(state.discard_top, labels, "card-big"),
    h("span", { class: "pile-count" }, counted(labels, "cards", state.discard_count, { count: state.discard_count })));
  fill(part("draw"), h("span", { class: "card card-back card-big", "aria-hidden": "true" }, "🂠"),
    h("span", { class: "pile-count", dataset: { count: state.draw_count } }, counted(labels, "cards", state.draw_count, { count: state.draw_count })));
  renderHand(part("hand"), state, ctx);
  renderActions(part("actions"), state, ctx);
  part("keys").hidden = !ctx.act || !ctx.legal.length;
  renderSummary(part("summary"), state, ctx);
}

export function seatDetails(state, index, ctx) {
  const { labels } = ctx;
  const chips = state.chips[index];
  const laid = state.laid_down[index];
  return [
    h("span", { class: "hand-size", dataset: { count: state.hand_sizes[index] } }, format(labels.hand_size, { count: state.hand_sizes[index] })),
    h("span", { class: "chips", "aria-label": format(labels.chips, { white: chips.white, black: chips.black }) },
      h("span", { class: "chip chip-white", "aria-hidden": "true" }, String(chips.white)),
      h("span", { class: "chip chip-black", "aria-hidden": "true" }, String(chips.black))),
    h("span", { class: "score", dataset: { score: state.scores[index] } }, counted(labels, "points", state.scores[index], { points: state.scores[index] })),
    state.quit[index] && !state.over ? h("span", { class: "badge badge-quit" }, labels.quit_badge) : null,
    laid && laid.length && index !== state.seat ? h("span", { class: "laid-down" }, labels.laid_down, " ", cardList(laid, labels)) : null,
  ];
}

// One line for the move log: {seat, action, by}.
export function describe(entry, ctx) {
  const { labels } = ctx;
  const name = ctx.seatName(entry.seat);
  const action = entry.action || {};
  let text = format(labels.moved, { name });
  if (action.type === "play") text = format(labels.played, { name, card: cardName(action.card, labels) });
  else if (action.type === "draw") text = format(labels.drew, { name });
  else if (action.type === "quit") text = format(labels.quitted, { name });
  return entry.by === "clock" ? `${text} ${labels.by_clock}` : text;
}

// Extra log lines about the step from one view to the next (a round's end).
export function events(before, after, ctx) {
  const last = after.last_round;
  if (!last || (before && before.last_round && before.last_round.round === last.round)) return [];
  const points = last.points.map((p, seat) => `${ctx.seatName(seat)} ${p}`).join(", ");
  return [`${format(ctx.labels.round_over, { round: last.round })} (${points})`];
}

export function toAct(state) {
  return state.turn === null ? [] : [state.turn];
}

// The action a key press asks for, when it is legal: 1–7 play that card, D draws, Q quits.
export function keyAction(key, legal) {
  const lower = key.toLowerCase();
  if (/^[1-7]$/.test(key)) return legal.find((a) => a.type === "play" && a.card === Number(key)) || null;
  if (lower === "d") return legal.find((a) => a.type === "draw") || null;
  if (lower === "q") return legal.find((a) => a.type === "quit") || null;
  return null;
}
