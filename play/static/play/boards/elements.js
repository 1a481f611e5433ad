// The Elements board: the colour row in rank order with the box at its head (phase-1 cards under
// the colour cards), the prizes in auction order, the bids on the table, your hand with the moves
// it may make, and the last deal's summary. A card is {colour, value}. Moves are only ever built
// from the legal actions: a hand card bids at once in bidding rounds 1–2; in round 3 two chosen
// cards are bid together; in phase 1 a chosen card goes under an empty colour card; at the end
// of a deal the chosen cards (any number) are given up with one button.
// Same exports as every board (see table.js).
import { fill, h } from "../../js/kit/dom.js";
import { counted, format } from "../../js/kit/text.js";
import {
  cardRow, firstOf, guided, handSize, moveLine, newSummary, note, ofType, parts, redrawing, roundEndLine, roundSummary, score, tableName,
  withKey,
} from "../board_kit.js";

// What the player has chosen in hand and which moment it belongs to (cleared when it changes).
let chosen = [];
let chosenFor = "";
// A choice re-renders with the latest render's arguments. What the hand was drawn from: while
// that stays the same the hand's buttons are kept, so another player's move arriving mid-click
// (everyone gives up cards at once) cannot swallow the click.
const redraw = redrawing(render);
let handDrawnFrom = "";

const cardKey = (card) => `${card.colour}:${card.value}`;
const setKey = (cards) => cards.map(cardKey).sort().join(",");

export function cardName(card, labels) {
  return format(labels.card, { colour: labels[card.colour] || card.colour, value: card.value });
}

function cardsName(cards, labels) {
  return cards.map((c) => cardName(c, labels)).join(", ");
}

// A card that is only shown.
export function card(c, labels, size = "") {
  return h("span", {
    class: `card el-card el-${c.colour} ${size}`.trim(), dataset: { colour: c.colour, value: c.value },
    title: cardName(c, labels),
  }, h("span", { class: "card-glyph" }, String(c.value)), h("span", { class: "card-caption" }, labels[c.colour] || c.colour));
}

function cardList(cards, labels, size = "card-small") {
  return cardRow(cards, (c) => card(c, labels, size));
}

function back(labels, size = "") {
  return h("span", { class: `card card-back ${size}`.trim(), title: labels.face_down, "aria-label": labels.face_down }, "");
}

// The moment a choice in hand belongs to: a new phase, auction, round or hand clears it.
function moment(state) {
  const a = state.auction;
  return [state.deal, state.phase, a ? a.number : "", a ? a.round : "", state.hand ? state.hand.length : ""].join("|");
}

function isChosen(c) {
  return chosen.some((x) => cardKey(x) === cardKey(c));
}

function toggle(c, limit) {
  if (isChosen(c)) chosen = chosen.filter((x) => cardKey(x) !== cardKey(c));
  else if (limit === 1) chosen = [c];
  else if (!limit || chosen.length < limit) chosen = [...chosen, c];
  redraw();
}

// What the hand and its buttons are drawn from.
function handInputs(state, ctx) {
  return JSON.stringify([moment(state), state.hand, state.gave_up, chosen.map(cardKey), ctx.pending, Boolean(ctx.act),
    ctx.legal.length, ctx.legal[0] || null, ctx.legal[ctx.legal.length - 1] || null, ctx.guide || null]);
}

// -- parts ----------------------------------------------------------------------------------------
function renderHeader(container, state, ctx) {
  const { labels } = ctx;
  const part = parts(container);
  fill(part("deal"), format(labels.deal, { deal: state.deal, deals: state.deals }), " · ",
    format(labels.starts, { name: ctx.seatName(state.start_player) }), " · ",
    h("span", { class: "el-stock", dataset: { count: state.stock_size } }, format(labels.stock, { count: state.stock_size })));
  fill(part("phase"), labels[`phase_${state.phase}`] || "");
}

function renderRow(part, state, ctx, placing) {
  const { labels } = ctx;
  const items = [h("li", { class: "el-box", "aria-label": labels.box }, h("span", { class: "el-box-glyph", "aria-hidden": "true" }, "▣"), labels.box)];
  state.row.forEach((slot, index) => {
    const colour = labels[slot.colour] || slot.colour;
    let below;
    if (slot.card) below = card(slot.card, labels);
    else if (slot.placed) below = back(labels);
    else if (placing && chosen.length === 1) {
      const action = placing.find((a) => a.colour === slot.colour && cardKey(a.card) === cardKey(chosen[0]));
      const text = format(labels.place_here, { card: cardName(chosen[0], labels), colour });
      below = action ? h("button", {
        type: "button", class: `el-slot el-place${guided(ctx, action)}`, dataset: { colour: slot.colour }, disabled: ctx.pending,
        "aria-label": text, title: text, onclick: () => ctx.act(action),
      }, "+") : h("span", { class: "el-slot" }, "");
    } else below = h("span", { class: "el-slot", title: labels.empty }, "");
    let by = "";
    if (slot.by === "stock") by = labels.from_stock;
    else if (slot.by !== null && slot.by !== undefined) by = format(labels.placed_by, { name: ctx.seatName(slot.by) });
    const zero = slot.card && slot.card.value === 0 && state.phase !== "place";
    items.push(h("li", { class: `el-pair${zero ? " is-zero" : ""}`, dataset: { colour: slot.colour, rank: index + 1 } },
      h("span", { class: `el-colour el-${slot.colour}`, title: format(labels.rank, { rank: index + 1 }) },
        h("span", { class: "el-rank" }, String(index + 1)), h("span", { class: "el-colour-name" }, colour)),
      below,
      h("span", { class: "el-by muted" }, zero ? labels.zero_set_aside : by)));
  });
  fill(part, items);
}

function renderPrizes(part, state, ctx) {
  const { labels } = ctx;
  if (!state.prizes.length) {
    fill(part, h("li", { class: "muted el-no-prizes" }, state.phase === "place" ? labels.no_prizes : "—"));
    return;
  }
  fill(part, state.prizes.map((prize) => {
    let status = labels[`status_${prize.status}`];
    if (prize.status === "won") status = format(labels.status_won, { name: ctx.seatName(prize.winner) });
    return h("li", { class: `el-prize is-${prize.status}`, dataset: { status: prize.status } },
      card(prize.card, labels), h("span", { class: "el-prize-status" }, status));
  }));
}

function renderAuction(container, state, ctx) {
  const { labels } = ctx;
  const part = parts(container);
  const auction = state.auction;
  const area = part("auction-area");
  area.hidden = !auction && !state.auctions.length;
  if (auction) {
    fill(part("auction-title"), format(labels.auction, {
      number: auction.number + 1, total: state.prizes.length, prize: cardName(auction.prize, labels), round: auction.round,
    }));
    fill(part("bids"), auction.bids.map((bid, seat) => {
      let status = labels.bidding;
      if (auction.passed[seat]) status = labels.passed;
      const leads = auction.leader === seat;
      return h("tr", { class: `${leads ? "is-leader" : ""} ${state.turn === seat ? "is-turn" : ""}`.trim(), dataset: { seat } },
        h("th", { scope: "row", class: "player-name" }, tableName(ctx.seatName(seat))),
        h("td", {}, bid.length ? cardList(bid, labels) : h("span", { class: "muted" }, labels.no_bid)),
        h("td", {}, status, leads ? h("span", { class: "badge el-leader" }, `★ ${labels.leads}`) : null));
    }));
    area.querySelector("table").hidden = false;
  } else {
    fill(part("auction-title"), labels.results);
    fill(part("bids"));
    area.querySelector("table").hidden = true;
  }
  fill(part("results"), state.auctions.map((result) => h("li", {},
    result.winner === null
      ? format(labels.nobody, { prize: cardName(result.prize, labels) })
      : [format(labels.takes, { name: ctx.seatName(result.winner), prize: cardName(result.prize, labels) }), " ",
        cardList(result.bids[result.winner], labels)])));
}

function handButton(c, labels, attributes) {
  return h("button", {
    type: "button", class: `card el-card el-${c.colour}`, dataset: { colour: c.colour, value: c.value }, ...attributes,
  }, h("span", { class: "card-glyph" }, String(c.value)), h("span", { class: "card-caption" }, labels[c.colour] || c.colour));
}

// The hand and the action buttons, from the legal actions only.
function renderHand(container, state, ctx) {
  const { labels, legal } = ctx;
  const part = parts(container);
  const inputs = handInputs(state, ctx);
  if (inputs === handDrawnFrom && part("hand").childElementCount) return;
  handDrawnFrom = inputs;
  const buttons = [];
  let hint = "";
  part("keys").hidden = true;
  if (state.hand === null) {
    fill(part("hand"), note(labels.spectating));
    fill(part("hint"));
    fill(part("actions"));
    return;
  }
  const act = ctx.act;
  const bids = act ? ofType(legal, "bid") : [];
  const discards = act ? ofType(legal, "discard") : [];
  const places = act ? ofType(legal, "place") : [];
  let cards;
  if (places.length) {
    const placeable = new Set(places.map((a) => cardKey(a.card)));
    hint = labels.place_hint;
    // A guided match marks the card its hint asks to place (then the colour, once it is chosen).
    const asked = ctx.guide && ctx.guide.type === "place" ? cardKey(ctx.guide.card) : null;
    cards = state.hand.map((c) => placeable.has(cardKey(c)) ? handButton(c, labels, {
      class: `card el-card el-${c.colour} choosable${isChosen(c) ? " is-chosen" : ""}${asked === cardKey(c) && !isChosen(c) ? " is-guided" : ""}`,
      "aria-pressed": isChosen(c) ? "true" : "false",
      disabled: ctx.pending, onclick: () => toggle(c, 1),
    }) : card(c, labels));
  } else if (bids.length && bids[0].cards.length === 1) {
    hint = labels.single_hint;
    const byCard = new Map(bids.map((a) => [cardKey(a.cards[0]), a]));
    cards = state.hand.map((c) => {
      const action = byCard.get(cardKey(c));
      return action ? handButton(c, labels, {
        class: `card el-card el-${c.colour} playable${guided(ctx, action)}`, disabled: ctx.pending,
        "aria-label": format(labels.bid_card, { card: cardName(c, labels) }), onclick: () => act(action),
      }) : card(c, labels);
    });
  } else if (bids.length) {
    hint = labels.pair_hint;
    const pairs = new Map(bids.map((a) => [setKey(a.cards), a]));
    cards = state.hand.map((c) => handButton(c, labels, {
      class: `card el-card el-${c.colour} choosable${isChosen(c) ? " is-chosen" : ""}`, "aria-pressed": isChosen(c) ? "true" : "false",
      disabled: ctx.pending, onclick: () => toggle(c, 2),
    }));
    const pair = chosen.length === 2 ? pairs.get(setKey(chosen)) : null;
    buttons.push(h("button", { type: "button", class: "el-bid-pair", disabled: ctx.pending || !pair, onclick: () => pair && act(pair) },
      labels.bid_pair));
  } else if (discards.length) {
    hint = labels.give_up_hint;
    const subsets = new Map(discards.map((a) => [setKey(a.cards), a]));
    cards = state.hand.map((c) => handButton(c, labels, {
      class: `card el-card el-${c.colour} choosable${isChosen(c) ? " is-chosen" : ""}`, "aria-pressed": isChosen(c) ? "true" : "false",
      disabled: ctx.pending, onclick: () => toggle(c, 0),
    }));
    const action = subsets.get(setKey(chosen));
    const text = chosen.length ? counted(labels, "give_up", chosen.length, { count: chosen.length }) : labels.keep_all;
    buttons.push(h("button", { type: "button", class: "el-give-up", disabled: ctx.pending || !action, onclick: () => action && act(action) }, text));
  } else {
    cards = state.hand.map((c) => card(c, labels));
    if (state.phase === "discard" && state.gave_up && state.gave_up[state.seat] !== null) hint = labels.waiting_others;
  }
  const pass = act ? firstOf(legal, "pass") : null;
  if (pass) {
    if (!bids.length) hint = labels.must_pass;
    buttons.push(h("button", { type: "button", class: `el-pass secondary${guided(ctx, pass)}`, disabled: ctx.pending, onclick: () => act({ type: "pass" }) },
      withKey(labels.pass, "P")));
  }
  fill(part("hand"), cards.length ? cards : note(labels.empty_hand));
  fill(part("hint"), hint);
  fill(part("actions"), buttons);
  part("keys").hidden = !pass;
}

// The last deal's summary: each seat's prizes won, its points, the totals and the cards given up.
function renderSummary(part, state, ctx) {
  const last = state.last_deal;
  if (!last) return roundSummary(part, null, state.over, ctx);
  const { labels } = ctx;
  return roundSummary(part, {
    key: last.deal,
    title: format(labels.deal_over, { deal: last.deal }),
    columns: [{ label: labels.prizes_won, cell: "hand-cell" }, { label: labels.deal_points, num: true },
      { label: labels.total, num: true }, { label: labels.gave_up_col, num: true }],
    rows: last.points.map((points, seat) => ({
      seat,
      cells: [last.won[seat].length ? cardList(last.won[seat], labels) : "—", String(points), String(state.scores[seat]),
        last.gave_up ? String(last.gave_up[seat]) : "—"],
    })),
  }, state.over, ctx);
}

export function render(container, state, ctx) {
  redraw.keep(container, state, ctx);
  if (moment(state) !== chosenFor) {
    chosen = [];
    chosenFor = moment(state);
  }
  const part = parts(container);
  renderHeader(container, state, ctx);
  const placing = ctx.act ? ofType(ctx.legal, "place") : [];
  renderRow(part("row"), state, ctx, placing.length ? placing : null);
  renderPrizes(part("prizes"), state, ctx);
  renderAuction(container, state, ctx);
  renderHand(container, state, ctx);
  renderSummary(part("summary"), state, ctx);
}

export function seatDetails(state, index, ctx) {
  const { labels } = ctx;
  const won = state.won[index];
  let giving = null;
  if (state.gave_up) {
    const count = state.gave_up[index];
    giving = h("span", { class: "badge el-giving" }, count === null ? labels.choosing : format(labels.gave_up, { count }));
  }
  return [
    handSize(state.hand_sizes[index], labels),
    score(state.scores[index], format(labels.points, { points: state.scores[index] })),
    index === state.start_player && !state.over ? h("span", { class: "badge el-start" }, labels.start_badge) : null,
    state.auction && state.auction.passed[index] ? h("span", { class: "badge badge-quit" }, labels.passed) : null,
    giving,
    won.length ? h("span", { class: "laid-down" }, labels.won, " ", cardList(won, labels)) : null,
  ];
}

// One line for the move log: {seat, action, by}. A placed card and given-up cards are never named
// (elements.md, "Hidden information"), even when the entry carries them.
export function describe(entry, ctx) {
  const { labels } = ctx;
  return moveLine(entry, ctx, (action, name) => {
    if (action.type === "place") return format(labels.placed, { name, colour: labels[action.colour] || action.colour });
    if (action.type === "bid") return format(labels.bid, { name, cards: cardsName(action.cards || [], labels) });
    if (action.type === "pass") return format(labels.passes, { name });
    if (action.type === "discard") {
      const count = Array.isArray(action.cards) ? action.cards.length : action.count || 0;
      return format(labels.gives_up, { name, count });
    }
    return null;
  });
}

// Extra log lines between two views, newest first as the log shows them: a deal's end, each
// auction's result, the ranking after phase 1.
export function events(before, after, ctx) {
  if (!before) return [];
  const { labels } = ctx;
  const lines = [];
  const last = newSummary(before, after, "last_deal", "deal");
  if (last) lines.push(roundEndLine(format(labels.deal_over, { deal: last.deal }), last.points, ctx));
  if (after.deal === before.deal && after.auctions.length > before.auctions.length) {
    after.auctions.slice(before.auctions.length).reverse().forEach((result) => {
      const prize = cardName(result.prize, labels);
      lines.push(result.winner === null ? format(labels.nobody, { prize }) : format(labels.takes, { name: ctx.seatName(result.winner), prize }));
    });
  }
  if (before.phase === "place" && after.phase !== "place" && after.deal === before.deal) {
    const row = after.row.map((slot) => `${labels[slot.colour] || slot.colour} ${slot.card ? slot.card.value : ""}`.trim()).join(" › ");
    lines.push(format(labels.ranked, { row }));
  }
  return lines;
}

// The action a key press asks for, when it is legal: P passes.
export function keyAction(key, legal) {
  if (key.toLowerCase() === "p") return firstOf(legal, "pass");
  return null;
}
