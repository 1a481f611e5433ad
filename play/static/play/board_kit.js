// What the boards (boards/*.js) have in common, written once: finding a board's parts and its
// legal actions, the lines of the move log (a move, with the clock's suffix; a round's end),
// the summary of the last round, the seat details every game shows, and redrawing a board after
// a choice that is only local. A board module's contract is table.js's; this is its toolbox.
import { conceal, fill, h } from "../js/kit/dom.js";
import { format } from "../js/kit/text.js";

// A spectator (seat null) holds no hand: the board's "Your hand" heading goes, leaving the note
// that the hands are hidden. The table and the replay both draw boards for spectators.
export function markHandTitle(boardElement, seat) {
  const handTitle = boardElement.querySelector("#hand-title");
  if (handTitle) handTitle.hidden = seat === null;
}

// part("hand") is the board's element [data-part="hand"] inside container.
export function parts(container) {
  return (name) => container.querySelector(`[data-part="${name}"]`);
}

// The legal actions of one type.
export function ofType(legal, type) {
  return legal.filter((a) => a.type === type);
}

// The first legal action of a type that also passes test, or null.
export function firstOf(legal, type, test = () => true) {
  return legal.find((a) => a.type === type && test(a)) || null;
}

// An action as JSON with the keys of every object in order, so that equal actions read alike.
export function actionKey(action) {
  const sorted = (x) => (Array.isArray(x) ? x.map(sorted) : x && typeof x === "object"
    ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, sorted(x[k])])) : x);
  return JSON.stringify(sorted(action));
}

// " is-guided" when action is the move a guided match's hint asks for (ctx.guide, one of the
// legal actions), else "": the board marks that button.
export function guided(ctx, action) {
  return ctx.guide && action && actionKey(ctx.guide) === actionKey(action) ? " is-guided" : "";
}

// A text followed by its key: [text, " ", <kbd class="key">D</kbd>].
export function withKey(text, key) {
  return [text, " ", h("kbd", { class: "key" }, key)];
}

// A muted line in place of what cannot be shown ("You are watching: the hands are hidden.").
export function note(text) {
  return h("p", { class: "muted" }, text);
}

// A row of small cards, each drawn by draw(card).
export function cardRow(cards, draw) {
  return h("span", { class: "card-row" }, cards.map(draw));
}

// -- the seat list ------------------------------------------------------------------------------
// "5 in hand", with the count in data-count.
export function handSize(count, labels) {
  return h("span", { class: "hand-size", dataset: { count } }, format(labels.hand_size, { count }));
}

// A seat's score, with the number in data-score and text ("12 points") shown.
export function score(value, text) {
  return h("span", { class: "score", dataset: { score: value } }, text);
}

// -- the move log -------------------------------------------------------------------------------
// One line for the move log from {seat, action, by}: what describeAction(action, name) says, or
// the label `fallback` ("%(name)s moved") when it says nothing, then "(time ran out)" when the
// clock made the move.
export function moveLine(entry, ctx, describeAction, fallback = "moved") {
  const name = ctx.seatName(entry.seat);
  const text = describeAction(entry.action || {}, name) || format(ctx.labels[fallback], { name });
  return entry.by === "clock" ? `${text} ${ctx.labels.by_clock}` : text;
}

// The summary a view holds under `field` (last_round, last_game, last_deal) when the view before
// did not hold it, told apart by its `key` (round, game, deal): a round has just ended. Else null.
export function newSummary(before, after, field, key) {
  const summary = after[field];
  if (!summary || (before && before[field] && before[field][key] === summary[key])) return null;
  return summary;
}

// The log line of a round's end: its title, then each seat's points ("Round 2 is over (Ann 5, Bot 2 0)").
export function roundEndLine(title, points, ctx) {
  return `${title} (${points.map((p, seat) => `${ctx.seatName(seat)} ${p}`).join(", ")})`;
}

// -- the summary of the last round ---------------------------------------------------------------
// What each summary part was last drawn for, to tell a new summary from one drawn before.
const summaryKeys = new WeakMap();

// Draws the last round's summary into part, folded in a <details>: open when the summary is new,
// at the end of the match (over) and on a read-only board, else open or closed as the player left
// it; hidden while there is none (summary null). summary: {key, title, how, columns, rows} with
// columns [{label, num, cell}] after the player's (num: a number column; cell: the class of its
// cells) and rows [{seat, class, cells: [...]}], one cell per column.
// A player's name in a table's row heading (class player-name on the cell): whole words only, a
// name too long for the column cut with an ellipsis, the whole of it in its title.
export function tableName(name) {
  return h("span", { class: "name-text", title: name }, name);
}

export function roundSummary(part, summary, over, ctx) {
  if (!summary) {
    conceal(part);
    return;
  }
  const { labels } = ctx;
  const fresh = summaryKeys.get(part) !== summary.key || over || ctx.readOnly;
  const rows = summary.rows.map((row) => h("tr", { class: row.class || null, dataset: { seat: row.seat } },
    h("th", { scope: "row", class: "player-name" }, tableName(ctx.seatName(row.seat))),
    row.cells.map((cell, i) => h("td", { class: summary.columns[i].num ? "num" : summary.columns[i].cell || null }, cell))));
  const details = h("details", { class: "summary-details", open: fresh || part.querySelector("details[open]") !== null },
    h("summary", {}, summary.title),
    summary.how ? h("p", {}, summary.how) : null,
    h("div", { class: "table-wrap" }, h("table", { class: "summary-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, labels.player),
        summary.columns.map((column) => h("th", { scope: "col", class: column.num ? "num" : null }, column.label)))),
      h("tbody", {}, rows))));
  summaryKeys.set(part, summary.key);
  fill(part, details);
  part.hidden = false;
}

// -- local choices ------------------------------------------------------------------------------
// redraw() draws the board again with the arguments redraw.keep(...) last kept (its latest
// render's), after a choice that changes only what the board shows (a card picked, a reading).
export function redrawing(render) {
  let latest = null;
  const redraw = () => {
    if (latest) render(...latest);
  };
  redraw.keep = (...args) => {
    latest = args;
  };
  return redraw;
}
