// The L.A.M.A. board: discard pile, draw pile, your hand with the playable cards marked, the
// legal actions as buttons, and the last round's summary. Cards are 1–6 and 7 for the llama.
// A board module exports render, seatDetails, describe, events and keyAction (see table.js); it
// only draws from a game view (game.view(state, seat)) and the labels.
import { fill, h } from "../../js/kit/dom.js";
import { icon } from "../../js/kit/icons.js";
import { counted, format } from "../../js/kit/text.js";
import {
  cardRow, firstOf, guided, handSize, moveLine, newSummary, note, parts, roundEndLine, roundSummary, score, withKey,
} from "../board_kit.js";

const LLAMA = 7;

function cardFace(value, labels) {
  if (value === LLAMA) {
    return [h("span", { class: "card-glyph" }, icon("llama")), h("span", { class: "card-caption" }, labels.llama)];
  }
  return [h("span", { class: "card-glyph" }, String(value))];
}

export function cardName(value, labels) {
  return value === LLAMA ? labels.llama : String(value);
}

// A card that is only shown.
export function card(value, labels, size = "") {
  return h("span", { class: `card card-v${value} ${size}`.trim(), dataset: { value } }, cardFace(value, labels));
}

function cardList(values, labels) {
  return cardRow(values, (v) => card(v, labels, "card-small"));
}

function playable(legal) {
  return new Set(legal.filter((a) => a.type === "play").map((a) => a.card));
}

function renderHand(part, state, ctx) {
  const { labels } = ctx;
  if (state.hand === null) {
    fill(part, note(labels.spectating));
    return;
  }
  const canPlay = playable(ctx.legal);
  const cards = state.hand.map((value) => {
    if (!canPlay.has(value) || !ctx.act) return card(value, labels);
    return h("button", {
      type: "button", class: `card card-v${value} playable${guided(ctx, { type: "play", card: value })}`, dataset: { value }, disabled: ctx.pending,
      "aria-label": format(labels.play_card, { card: cardName(value, labels) }),
      onclick: () => ctx.act({ type: "play", card: value }),
    }, cardFace(value, labels), h("kbd", { class: "key" }, String(value)));
  });
  fill(part, cards.length ? cards : note(labels.empty_hand));
}

function renderActions(part, state, ctx) {
  const { labels, legal } = ctx;
  if (!ctx.act) {
    fill(part);
    return;
  }
  const buttons = [];
  if (firstOf(legal, "draw")) {
    buttons.push(h("button", { type: "button", class: `action-draw${guided(ctx, { type: "draw" })}`, disabled: ctx.pending, onclick: () => ctx.act({ type: "draw" }) },
      withKey(labels.draw, "D")));
  }
  if (firstOf(legal, "quit")) {
    buttons.push(h("button", { type: "button", class: `action-quit secondary${guided(ctx, { type: "quit" })}`, disabled: ctx.pending, onclick: () => ctx.act({ type: "quit" }) },
      withKey(labels.quit, "Q")));
  }
  const quitted = !legal.length && state.hand !== null && state.quit[state.seat] && !state.over;
  fill(part, buttons, quitted ? note(labels.you_quit) : null);
}

// The last round's summary: how it ended, each seat's hand left, its points and the totals.
function renderSummary(part, state, ctx) {
  const last = state.last_round;
  if (!last) return roundSummary(part, null, state.over, ctx);
  const { labels } = ctx;
  let how = labels.everyone_quit;
  if (last.went_out !== null) {
    const key = last.returned ? `went_out_${last.returned}` : "went_out";
    how = format(labels[key], { name: ctx.seatName(last.went_out) });
  }
  return roundSummary(part, {
    key: last.round,
    title: format(labels.round_over, { round: last.round }),
    how,
    columns: [{ label: labels.hand_left, cell: "hand-cell" }, { label: labels.round_points, num: true }, { label: labels.total, num: true }],
    rows: last.hands.map((hand, seat) => ({
      seat,
      class: seat === last.went_out ? "went-out" : null,
      cells: [hand.length ? cardList(hand, labels) : "—", String(last.points[seat]), String(state.scores[seat])],
    })),
  }, state.over, ctx);
}

export function render(container, state, ctx) {
  const { labels } = ctx;
  const part = parts(container);
  fill(part("round"), format(labels.round, { round: state.round }), " · ", counted(labels, "ends_at", state.end_at, { points: state.end_at }));
  fill(part("discard"), card(state.discard_top, labels, "card-big"),
    h("span", { class: "pile-count" }, counted(labels, "cards", state.discard_count, { count: state.discard_count })));
  fill(part("draw"), h("span", { class: "card card-back card-big", "aria-hidden": "true" }),
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
    handSize(state.hand_sizes[index], labels),
    h("span", { class: "chips", "aria-label": format(labels.chips, { white: chips.white, black: chips.black }) },
      h("span", { class: "chip chip-white", "aria-hidden": "true" }, String(chips.white)),
      h("span", { class: "chip chip-black", "aria-hidden": "true" }, String(chips.black))),
    score(state.scores[index], counted(labels, "points", state.scores[index], { points: state.scores[index] })),
    state.quit[index] && !state.over ? h("span", { class: "badge badge-quit" }, labels.quit_badge) : null,
    laid && laid.length && index !== state.seat ? h("span", { class: "laid-down" }, labels.laid_down, " ", cardList(laid, labels)) : null,
  ];
}

// One line for the move log: {seat, action, by}.
export function describe(entry, ctx) {
  const { labels } = ctx;
  return moveLine(entry, ctx, (action, name) => {
    if (action.type === "play") return format(labels.played, { name, card: cardName(action.card, labels) });
    if (action.type === "draw") return format(labels.drew, { name });
    if (action.type === "quit") return format(labels.quitted, { name });
    return null;
  });
}

// Extra log lines about the step from one view to the next (a round's end).
export function events(before, after, ctx) {
  const last = newSummary(before, after, "last_round", "round");
  return last ? [roundEndLine(format(ctx.labels.round_over, { round: last.round }), last.points, ctx)] : [];
}

// The action a key press asks for, when it is legal: 1–7 play that card, D draws, Q quits.
export function keyAction(key, legal) {
  const lower = key.toLowerCase();
  if (/^[1-7]$/.test(key)) return firstOf(legal, "play", (a) => a.card === Number(key));
  if (lower === "d") return firstOf(legal, "draw");
  if (lower === "q") return firstOf(legal, "quit");
  return null;
}
