// The Completto board: every row with its face-down backs and face-up numbers, the pool's
// face-up tiles and its count of face-down ones, the tile in play with a choice of reading for an
// upside-down tile, and a clear sign of an extra turn. Set-up inserts by clicking a gap of your
// row; take, place, return and move by clicking. Only the legal actions are offered: every
// button comes from ctx.legal. Same exports as every board (see table.js); it draws only from a
// game view (game.view(state, seat)) and the labels.
import { conceal, fill, h } from "../../js/kit/dom.js";
import { counted, format } from "../../js/kit/text.js";
import { firstOf, guided, moveLine, newSummary, parts, redrawing, roundEndLine, roundSummary, score, withKey } from "../board_kit.js";

// Tiles that read as another number turned 180° (completto.md, "Upside-down tiles").
const FLIPS = { 6: 9, 9: 6, 16: 91, 91: 16, 18: 81, 81: 18, 19: 61, 61: 19, 66: 99, 99: 66, 68: 89, 89: 68, 86: 98, 98: 86 };

let picked = null; // {key, index}: your face-down tile chosen for a move
let reading = null; // {key, value}: the reading chosen for the tile you hold
const redraw = redrawing(render); // after a local choice

// A key for "this moment of the game": a choice made at one moment is dropped at the next.
function momentKey(state) {
  return `${state.game}:${state.turns}:${state.phase}:${state.turn}:${state.held}:${state.rows.map((r) => r.length).join(",")}`;
}

// The tile number as printed, drawn: 6 and 9 (and the other reversible tiles) are underlined so
// that they read the right way up, as on the real tiles.
function face(value) {
  return h("span", { class: value in FLIPS ? "cp-num cp-underline" : "cp-num" }, String(value));
}

function tileUp(value, attributes = {}) {
  return h("span", { ...attributes, class: `cp-tile cp-up ${attributes.class || ""}`.trim(), dataset: { value, ...(attributes.dataset || {}) } }, face(value));
}

function tileBack(labels, attributes = {}) {
  return h("span", { "aria-label": labels.face_down_tile, role: "img", ...attributes, class: `cp-tile cp-back ${attributes.class || ""}`.trim() });
}

// What you may do with your own row now: gaps to click (insert, or the target of a move), face-down
// tiles to click (place, or pick for a move), each mapped to its legal action.
function ownChoices(state, ctx) {
  const choices = { gaps: new Map(), tiles: new Map(), picks: new Map(), readings: [], value: null };
  if (!ctx.act) return choices;
  const legal = ctx.legal;
  const key = momentKey(state);
  const valued = legal.filter((a) => a.type === "insert" || a.type === "place");
  choices.readings = [...new Set(valued.map((a) => a.value))].sort((a, b) => a - b);
  if (choices.readings.length) {
    const kept = reading && reading.key === key && choices.readings.includes(reading.value);
    choices.value = kept ? reading.value : choices.readings[0];
    for (const action of valued) {
      if (action.value !== choices.value) continue;
      if (action.type === "insert") choices.gaps.set(action.position, action);
      else choices.tiles.set(action.index, action);
    }
  }
  const moves = legal.filter((a) => a.type === "move");
  if (picked && (picked.key !== key || !moves.some((a) => a.from === picked.index))) picked = null;
  for (const action of moves) {
    if (!choices.picks.has(action.from)) choices.picks.set(action.from, true);
    if (picked && action.from === picked.index) {
      // a move ends at index `to` of the closed-up row: that is the gap before `to` left of the
      // tile, or before `to + 1` right of it
      choices.gaps.set(action.to < action.from ? action.to : action.to + 1, action);
    }
  }
  return choices;
}

function gapButton(k, action, state, ctx) {
  const { labels } = ctx;
  const label = action.type === "insert" ? format(labels.insert_here, { tile: action.value }) : labels.move_here;
  return h("button", {
    type: "button", class: `cp-gap cp-gap-${action.type}${guided(ctx, action)}`, dataset: { gap: k }, disabled: ctx.pending,
    "aria-label": label, title: label, onclick: () => { picked = null; ctx.act(action); },
  }, h("span", { "aria-hidden": "true" }, "▼"));
}

function rowTile(state, seat, index, value, choices, ctx) {
  const { labels } = ctx;
  const turned = state.upside_down[seat].includes(value);
  const lastAction = state.last;
  const isLast = lastAction && lastAction.seat === seat && (
    ((lastAction.kind === "insert" || lastAction.kind === "place") && lastAction.index === index)
    || (lastAction.kind === "move" && lastAction.to === index));
  const classes = [isLast ? "is-last" : "", turned ? "is-turned" : ""].join(" ").trim();
  if (value !== null) {
    return tileUp(value, { class: classes, dataset: { index }, title: turned ? format(labels.turned, { tile: FLIPS[value] }) : null });
  }
  if (choices && choices.tiles.has(index)) {
    const action = choices.tiles.get(index);
    const label = format(labels.place_here, { tile: action.value });
    return h("button", {
      type: "button", class: `cp-tile cp-back cp-place ${classes}${guided(ctx, action)}`.trim(), dataset: { index }, disabled: ctx.pending,
      "aria-label": label, title: label, onclick: () => ctx.act(action),
    });
  }
  if (choices && choices.picks.has(index)) {
    const chosen = picked && picked.index === index;
    return h("button", {
      type: "button", class: `cp-tile cp-back cp-pick ${chosen ? "is-picked" : ""} ${classes}`.trim(), dataset: { index },
      disabled: ctx.pending, "aria-pressed": chosen ? "true" : "false", "aria-label": labels.pick_tile, title: labels.pick_tile,
      onclick: () => { picked = chosen ? null : { key: momentKey(state), index }; redraw(); },
    });
  }
  return tileBack(labels, { class: classes, dataset: { index } });
}

function renderRow(state, seat, ctx, choices) {
  const { labels } = ctx;
  const row = state.rows[seat];
  const nodes = [];
  for (let k = 0; k <= row.length; k += 1) {
    if (choices && choices.gaps.has(k)) nodes.push(gapButton(k, choices.gaps.get(k), state, ctx));
    if (k < row.length) nodes.push(rowTile(state, seat, k, row[k], choices, ctx));
  }
  const mine = seat === state.seat;
  const title = mine ? labels.your_row : format(labels.row_of, { name: ctx.seatName(seat) });
  const extra = state.extra_turn && state.turn === seat;
  return h("section", { class: `cp-row-area ${mine ? "is-mine" : ""} ${state.turn === seat ? "is-turn" : ""}`.trim(), dataset: { seat } },
    h("h3", {}, title, " ", h("span", { class: "cp-count muted" }, counted(labels, "face_down_count", state.face_down[seat], { count: state.face_down[seat] })),
      extra ? h("span", { class: "badge cp-extra-badge" }, labels.extra_badge) : null),
    h("div", { class: "cp-row", role: "group", "aria-label": title }, nodes));
}

function renderPool(container, state, ctx) {
  const { labels, legal } = ctx;
  const part = parts(container);
  const takeDown = ctx.act ? firstOf(legal, "take", (a) => !("tile" in a)) : null;
  fill(part("pile"),
    tileBack(labels, { class: "cp-pile-back" }),
    h("span", { class: "cp-pile-count", dataset: { count: state.pool_face_down } }, counted(labels, "pile", state.pool_face_down, { count: state.pool_face_down })),
    takeDown ? h("button", { type: "button", class: `cp-take-down${guided(ctx, takeDown)}`, disabled: ctx.pending, onclick: () => ctx.act(takeDown) },
      withKey(labels.take_face_down, "D")) : null);
  const tiles = state.pool.map((tile) => {
    const action = ctx.act ? firstOf(legal, "take", (a) => a.tile === tile) : null;
    if (!action) return tileUp(tile, { class: "cp-pool-tile" });
    const label = format(labels.take_tile, { tile });
    return h("button", {
      type: "button", class: `cp-tile cp-up cp-pool-tile cp-take-tile${guided(ctx, action)}`, dataset: { value: tile }, disabled: ctx.pending,
      "aria-label": label, title: label, onclick: () => ctx.act(action),
    }, face(tile));
  });
  fill(part("pool"), tiles.length ? tiles : h("span", { class: "muted" }, labels.no_face_up));
}

function renderHeld(container, state, ctx, choices) {
  const { labels } = ctx;
  const part = parts(container);
  const held = part("held");
  if (state.held === null) {
    conceal(held);
  } else {
    const who = state.turn === state.seat ? labels.you_hold : format(labels.held_by, { name: ctx.seatName(state.turn) });
    fill(held, h("span", {}, who), tileUp(state.held, { class: "cp-held-tile" }));
    held.hidden = false;
  }
  const box = part("readings");
  if (choices.readings.length < 2) {
    conceal(box);
    return;
  }
  box.setAttribute("aria-label", labels.read_as);
  fill(box, h("span", {}, labels.read_as), choices.readings.map((value) => h("button", {
    type: "button", class: `cp-reading secondary ${value === choices.value ? "is-chosen" : ""}`.trim(),
    dataset: { value }, "aria-pressed": value === choices.value ? "true" : "false", disabled: ctx.pending,
    "aria-label": format(labels.reading, { value }),
    onclick: () => { reading = { key: momentKey(state), value }; redraw(); },
  }, face(value))));
  box.hidden = false;
}

function promptText(state, ctx, choices) {
  const { labels } = ctx;
  if (!ctx.act) return "";
  if (state.phase === "insert") return format(labels.prompt_insert, { tile: choices.value ?? state.held });
  if (state.phase === "hold") {
    return choices.tiles.size || choices.readings.length
      ? format(labels.prompt_hold, { tile: choices.value ?? state.held })
      : format(labels.prompt_return_only, { tile: state.held });
  }
  return picked ? labels.prompt_move : labels.prompt_take;
}

// The last game's summary: how it ended, each seat's minus points and the totals.
function renderSummary(part, state, ctx) {
  const summary = state.last_game;
  if (!summary) return roundSummary(part, null, state.over, ctx);
  const { labels } = ctx;
  return roundSummary(part, {
    key: summary.game,
    title: format(labels.game_ended, { game: summary.game }),
    how: summary.completed === null
      ? format(labels.turn_limit, { turns: summary.turns })
      : format(labels.completed, { name: ctx.seatName(summary.completed) }),
    columns: [{ label: labels.game_points, num: true }, { label: labels.total, num: true }],
    rows: summary.points.map((points, seat) => ({
      seat, class: summary.winners.includes(seat) ? "went-out" : null, cells: [String(points), String(state.totals[seat])],
    })),
  }, state.over, ctx);
}

export function render(container, state, ctx) {
  redraw.keep(container, state, ctx);
  const { labels } = ctx;
  const part = parts(container);
  const choices = ownChoices(state, ctx);

  const status = [];
  if (state.games > 1) status.push(format(labels.game_line, { game: state.game, games: state.games }));
  if (state.over) status.push(labels.over_line);
  else if (state.phase === "insert") status.push(labels.setup_line);
  else status.push(format(labels.turn_line, { turn: state.turns + 1, max: state.max_turns }));
  fill(part("status"), status.join(" · "));

  const extra = part("extra");
  if (state.extra_turn && state.turn !== null) {
    fill(extra, h("span", { class: "cp-extra-star", "aria-hidden": "true" }, "★"), " ",
      state.turn === state.seat ? labels.extra_you : format(labels.extra_other, { name: ctx.seatName(state.turn) }));
    extra.hidden = false;
  } else {
    conceal(extra);
  }
  fill(part("prompt"), promptText(state, ctx, choices));
  renderPool(container, state, ctx);
  renderHeld(container, state, ctx, choices);

  const buttons = [];
  const back = ctx.act ? firstOf(ctx.legal, "return") : null;
  if (back) {
    buttons.push(h("button", { type: "button", class: "cp-return secondary", disabled: ctx.pending, onclick: () => ctx.act(back) },
      withKey(labels.return, "R")));
  }
  if (picked) {
    buttons.push(h("button", { type: "button", class: "cp-cancel secondary", onclick: () => { picked = null; redraw(); } },
      withKey(labels.cancel_move, "Esc")));
  }
  fill(part("actions"), buttons);

  const order = state.rows.map((_, seat) => seat);
  if (state.seat !== null) order.sort((a, b) => ((a - state.seat + state.players) % state.players) - ((b - state.seat + state.players) % state.players));
  fill(part("rows"), order.map((seat) => renderRow(state, seat, ctx, seat === state.seat ? choices : null)));
  part("keys").hidden = !ctx.act || !ctx.legal.length;
  renderSummary(part("summary"), state, ctx);
}

export function seatDetails(state, index, ctx) {
  const { labels } = ctx;
  const total = state.totals[index];
  return [
    h("span", { class: "cp-face-down", dataset: { count: state.face_down[index] } },
      counted(labels, "face_down_count", state.face_down[index], { count: state.face_down[index] })),
    state.phase === "insert" && state.to_insert[index]
      ? h("span", { class: "cp-to-reveal" }, format(labels.to_reveal, { count: state.to_insert[index] })) : null,
    state.games > 1 || state.over
      ? score(total, counted(labels, "minus_points", total, { points: total })) : null,
    state.extra_turn && state.turn === index ? h("span", { class: "badge cp-extra-badge" }, labels.extra_badge) : null,
  ];
}

// One line for the move log: {seat, action, by}.
export function describe(entry, ctx) {
  const { labels } = ctx;
  return moveLine(entry, ctx, (action, name) => {
    if (action.type === "insert") return format(labels.inserted, { name, value: action.value });
    if (action.type === "take") return "tile" in action ? format(labels.took, { name, tile: action.tile }) : format(labels.took_face_down, { name });
    if (action.type === "place") return format(labels.placed, { name, value: action.value });
    if (action.type === "return") return format(labels.returned, { name });
    if (action.type === "move") return format(labels.moved_tile, { name });
    return null;
  });
}

// Extra log lines about the step from one view to the next: an extra turn, a game's end.
export function events(before, after, ctx) {
  const lines = [];
  const lastAction = after.last;
  if (lastAction && lastAction.kind === "place" && lastAction.extra) {
    lines.push(format(ctx.labels.extra_log, { name: ctx.seatName(lastAction.seat) }));
  }
  const summary = newSummary(before, after, "last_game", "game");
  if (summary) lines.push(roundEndLine(format(ctx.labels.game_ended, { game: summary.game }), summary.points, ctx));
  return lines;
}

// The action a key press asks for, when it is legal: D takes a face-down tile, R returns the
// tile held.
export function keyAction(key, legal) {
  const lower = key.toLowerCase();
  if (lower === "d") return firstOf(legal, "take", (a) => !("tile" in a));
  if (lower === "r") return firstOf(legal, "return");
  return null;
}

// Esc drops the face-down tile chosen for a move (a local choice, not an action).
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && picked) {
    picked = null;
    redraw();
  }
});
