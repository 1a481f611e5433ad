// The table page: renders the match from the view embedded in the page, then live from the
// match's websocket (every {"type": "view"} frame), sends moves over it (or by POST to the API
// when it is down), and shows errors, the whole move log, the round summaries and the outcome.
//
// The game's board is a module named by the board template (data-board-module); it exports
//   render(container, state, ctx)       draw the board from a game view
//   seatDetails(state, index, ctx)      nodes for one seat in the seat list
//   describe({seat, action, by}, ctx)   one line for the move log
//   events(before, after, ctx)          extra log lines between two game views
//   keyAction(key, legal)               the legal action a key press asks for, or null
//   cardOf({seat, action, by})          (optional) the card code a log line names, for its preview
// ctx: {labels, legal, act(action) | null, pending, readOnly, seatName(index), guide}: guide is
// the move a guided match's hint asks for (one of legal, which the board marks), or null. What
// the boards share is in board_kit.js; the page's labels are #play-labels and #board-labels.
import { fill, h, isTypingOrModified, readJSON } from "../js/kit/dom.js";
import { get, send as sendRequest } from "../js/kit/http.js";
import { icon } from "../js/kit/icons.js";
import { labels as readLabels } from "../js/kit/labels.js";
import { format } from "../js/kit/text.js";
import { actionKey, markHandTitle, tableName } from "./board_kit.js";
import { chatPanel } from "./chat.js";
import { guestBadge, isFree, renderSeats, seatName as seatLabel } from "./seats.js";
import { MatchSocket } from "./socket.js";
import { turnAlert } from "./turn_alert.js";

const PENDING_TIMEOUT_MS = 10000;
const MAX_STALE_RETRIES = 5;

const root = document.getElementById("table");
const boardElement = document.querySelector("[data-board-module]");
const board = await import(boardElement.dataset.boardModule);
const labels = readLabels("play-labels", "board-labels");
const csrfToken = root.dataset.csrf;
const part = (id) => document.getElementById(id);

let view = readJSON("match-view");
let previous = null;
let pending = false;
let pendingTimer = null;
let clockTimer = null;
let dropped = false;
const logEntries = new Map();

function seatName(index) {
  const seat = view.seats[index];
  return seat ? seatLabel(seat, labels) : format(labels.seat_number, { number: index + 1 });
}

function context() {
  const canAct = view.status === "running" && view.seat !== null && view.legal_actions.length > 0;
  return { labels, legal: view.legal_actions, act: canAct ? act : null, pending, readOnly: false, seatName, guide: guideAction() };
}

// -- a guided match's hint ----------------------------------------------------------------------
// The view's guide names the hint (play.tutorials.guide); the page brings every hint of the
// match in the reader's language (#guide-hints).
const guideHints = readJSON("guide-hints", null);

function guideAction() {
  const guide = view.guide;
  if (!guide || !guide.action || view.seat === null || !view.to_act.includes(view.seat)) return null;
  const wanted = actionKey(guide.action);
  return view.legal_actions.find((a) => actionKey(a) === wanted) || null;
}

function renderGuide() {
  const panel = part("guide");
  if (!panel || !guideHints) return;
  // The hints speak to the learner: a spectator sees the table only.
  const guide = view.seat === null ? null : view.guide;
  panel.hidden = !guide;
  if (!guide) return;
  panel.dataset.hint = guide.hint;
  const text = guideHints[guide.hint] || "";
  if (part("guide-hint").textContent !== text) part("guide-hint").textContent = text;
  part("guide-progress").textContent = guide.step === null ? ""
    : format(labels.guide_progress, { step: Math.min(guide.step + 1, guide.steps), steps: guide.steps });
}

// -- messages ---------------------------------------------------------------------------------
function showMessage(text, detail = "") {
  const box = part("table-message");
  fill(box, h("span", {}, text), detail ? h("span", { class: "detail" }, ` ${detail}`) : null,
    h("button", { type: "button", class: "link-button dismiss", "aria-label": labels.dismiss, onclick: clearMessage }, "×"));
  box.hidden = false;
}

function clearMessage() {
  part("table-message").hidden = true;
  fill(part("table-message"));
}

function errorText(error) {
  return labels[`err_${error.code}`] || labels.err_generic;
}

// -- sending moves ----------------------------------------------------------------------------
function setPending(value) {
  pending = value;
  window.clearTimeout(pendingTimer);
  if (value) pendingTimer = window.setTimeout(() => { setPending(false); render(); }, PENDING_TIMEOUT_MS);
  root.classList.toggle("is-pending", value);
}

function act(action) {
  if (pending) return;
  clearMessage();
  setPending(true);
  render();
  send({ type: "act", version: view.version, action }, view);
}

// The last move sent and the view it was based on, for a retry after a stale refusal.
let sent = null;

function send(frame, basedOn) {
  sent = { frame, basedOn, retries: 0 };
  if (!socket.send(frame)) postAction(frame);
}

// When several seats act at once (everyone gives up cards, say), another seat's move makes
// ours stale without changing what we may do: send the same move again on the new version if
// it is still among our legal actions (a few times: each of the other seats may land first).
function retryStale(current) {
  if (!sent || sent.retries >= MAX_STALE_RETRIES || !current || current.id !== view.id) return false;
  // The other seats may all have acted meanwhile, leaving ours the only one to act.
  const simultaneous = (sent.basedOn.to_act || []).length > 1 && (current.to_act || []).includes(current.seat);
  const wanted = JSON.stringify(sent.frame.action);
  if (!simultaneous || !(current.legal_actions || []).some((a) => sameAction(a, sent.frame.action, wanted))) return false;
  receiveView(current);
  setPending(true);
  const frame = { type: "act", version: current.version, action: sent.frame.action };
  sent = { frame, basedOn: current, retries: sent.retries + 1 };
  if (!socket.send(frame)) postAction(frame);
  return true;
}

function sameAction(a, b, bJson) {
  if (JSON.stringify(a) === bJson) return true;
  // Card lists compare as sets (elements.md, "Actions (API)": their order does not matter).
  const norm = (x) => JSON.stringify(x, (key, value) => (Array.isArray(value) && key === "cards"
    ? value.map((c) => JSON.stringify(c)).sort() : value));
  return norm(a) === norm(b);
}

async function postAction(frame) {
  let response;
  let body = {};
  try {
    response = await sendRequest(root.dataset.actionsUrl, { body: { version: frame.version, action: frame.action }, csrf: csrfToken });
    body = await response.json();
  } catch (error) {
    setPending(false);
    showMessage(labels.err_network);
    render();
    return;
  }
  if (response.ok) receiveView(body);
  else receiveError(body.error || {}, body.view);
}

// -- receiving ----------------------------------------------------------------------------------
function receiveView(next) {
  if (!next || next.id !== view.id) return;
  if (next.version < view.version) return;
  previous = view;
  view = next;
  setPending(false);
  logStep(previous, view);
  render();
}

function receiveError(error, current) {
  if (error.code === "stale_version" && retryStale(current)) return;
  setPending(false);
  if (error.code !== "stale_version") {
    const text = errorText(error);
    showMessage(text, error.message && error.message !== text ? error.message : "");
  }
  if (current) receiveView(current);
  else render();
}

function onFrame(frame) {
  if (frame.type === "view") receiveView(frame.view);
  else if (frame.type === "chat") chat.add(frame.message);
  else if (frame.type === "error" && frame.about === "chat") chat.refused(frame.error || {});
  else if (frame.type === "error") receiveError(frame.error || {}, frame.view);
}

// -- the move log -------------------------------------------------------------------------------
// The whole log, oldest first: each move numbered with the match version it made, the board's
// extra lines (a new turn, …) after the move that caused them ("order" is version + 0.5). The
// list follows new moves, scrolled to its end, unless the reader has scrolled up to read.
function atEnd(list) {
  return list.scrollHeight - list.scrollTop - list.clientHeight < 8;
}

function addLog(text, key, order, card = null, number = null) {
  if (logEntries.has(key)) return;
  logEntries.set(key, order);
  const list = part("move-log");
  const following = atEnd(list);
  const item = h("li", { class: number === null ? "log-event" : "log-move", dataset: { order, ...(card ? { card } : {}) } },
    number === null ? null : h("span", { class: "log-no" }, String(number)),
    h("span", { class: "log-text" }, text));
  const last = list.lastElementChild;
  const after = last && Number(last.dataset.order) > order ? [...list.children].find((li) => Number(li.dataset.order) > order) : null;
  list.insertBefore(item, after || null);
  part("log-empty").hidden = true;
  if (following) list.scrollTop = list.scrollHeight;
}

function logMove(entry) {
  addLog(board.describe(entry, context()), `move-${entry.version}`, entry.version, board.cardOf ? board.cardOf(entry) : null,
    entry.version);
}

// The board's events see the new view first, so that a board may learn from it (e.g. the
// names of cards the move log is about to name).
function logStep(before, after) {
  if (before && before.version !== after.version && before.state && after.state) {
    board.events(before.state, after.state, context())
      .forEach((text, i) => addLog(text, `event-${after.version}-${i}`, after.version + 0.5));
  }
  if (after.last_action) logMove(after.last_action);
  // A view that skipped versions (several moves between two frames, e.g. bots answering at
  // once) names only its last move: fetch the log for the ones between.
  if (before && after.last_action && after.last_action.version - before.version > 1) catchUpLog();
}

// After the socket was down, fetch the moves and chat lines that may have been missed (the
// log endpoint gives the whole log; the moves already shown are kept once).
async function catchUpLog() {
  try {
    const response = await get(root.dataset.logUrl);
    if (response.ok) (await response.json()).forEach(logMove);
    const said = await get(root.dataset.chatUrl);
    if (said.ok) (await said.json()).forEach(chat.add);
  } catch (error) {
    // The log and the chat are a convenience; the table itself is up to date.
  }
}

// -- rendering ----------------------------------------------------------------------------------
function turnText() {
  if (view.status === "open") return labels.waiting_players;
  if (view.status === "finished") return labels.game_over;
  if (view.status === "abandoned") return labels.abandoned;
  if (view.seat !== null && view.to_act.includes(view.seat)) return labels.your_turn;
  const names = view.to_act.map(seatName).join(", ");
  return names ? format(labels.waiting_for, { name: names }) : "";
}

// In a game played with one's own deck the page lists the decks one may bring ([[id, label]]).
const joinDecks = readJSON("join-decks", null);

function deckPicker(seat) {
  if (!joinDecks) return null;
  const id = `join-deck-${seat.index}`;
  return h("span", { class: "join-deck" },
    h("label", { for: id }, labels.join_deck, " "),
    h("select", { id, name: "deck", required: true }, joinDecks.map(([value, text]) => h("option", { value }, text))));
}

function joinForm(seat) {
  if (view.status !== "open" || view.seat !== null || !isFree(seat)) return null;
  return h("form", { method: "post", action: root.dataset.joinUrl, class: "join-form" },
    h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: csrfToken }),
    h("input", { type: "hidden", name: "seat", value: seat.index }),
    deckPicker(seat),
    h("button", { type: "submit", class: "join-button" }, labels.join));
}

function renderOutcome() {
  const box = part("outcome");
  const outcome = view.outcome;
  if (view.status !== "finished" || !outcome) {
    box.hidden = true;
    return;
  }
  const wasHidden = box.hidden;
  const winners = outcome.winners.map(seatName).join(", ");
  const you = view.seat !== null && outcome.winners.includes(view.seat);
  fill(part("outcome-body"),
    h("p", { class: "winners" }, format(labels.winners, { names: winners }), you ? ` ${labels.you_won}` : ""),
    h("div", { class: "table-wrap" }, h("table", { class: "outcome-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, labels.player), h("th", { scope: "col", class: "num" }, labels.score))),
      h("tbody", {}, outcome.scores.map((score, seat) => h("tr", { class: outcome.winners.includes(seat) ? "is-winner" : null, dataset: { seat } },
        h("th", { scope: "row", class: "player-name" }, tableName(seatName(seat)), view.seats[seat]?.guest ? [" ", guestBadge(labels)] : "",
          outcome.winners.includes(seat) ? [" ", icon("trophy", { label: labels.winner })] : ""),
        h("td", { class: "num" }, String(score)))))),
    ),
  );
  box.hidden = false;
  if (wasHidden && previous) box.focus();
}

function renderClock() {
  window.clearInterval(clockTimer);
  const clock = part("clock");
  if (!view.clock || !view.clock.deadline || view.status !== "running") {
    clock.hidden = true;
    return;
  }
  const deadline = Date.parse(view.clock.deadline);
  const tick = () => {
    const seconds = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    clock.textContent = format(labels.clock, { seconds });
    clock.classList.toggle("is-short", seconds <= 10);
  };
  tick();
  clock.hidden = false;
  clockTimer = window.setInterval(tick, 1000);
}

// Re-rendering replaces the board's buttons: keep keyboard users' focus on the board.
function keepFocusInBoard() {
  const active = document.activeElement;
  if (active !== boardElement && boardElement.contains(active)) return;
  const button = boardElement.querySelector("button:not([disabled])");
  if (button) button.focus({ preventScroll: true });
  else boardElement.focus({ preventScroll: true });
}

function render() {
  const ctx = context();
  root.dataset.status = view.status;
  root.dataset.version = view.version;
  fill(part("match-status"), labels[`status_${view.status}`] || view.status);
  const turn = part("turn-banner");
  turn.textContent = turnText();
  turn.classList.toggle("is-yours", view.seat !== null && view.to_act.includes(view.seat) && view.status === "running");
  renderSeats(part("seats"), { seats: view.seats, toAct: view.to_act, labels, board, state: view.status === "open" ? null : view.state, ctx, join: joinForm });
  part("spectator-note").hidden = view.seat !== null || view.status === "open";
  const focusInBoard = boardElement.contains(document.activeElement);
  if (view.status !== "open") board.render(boardElement, view.state, ctx);
  markHandTitle(boardElement, view.seat);
  if (focusInBoard) keepFocusInBoard();
  boardElement.hidden = view.status === "open";
  const seated = view.seat !== null;
  const mine = seated ? view.seats[view.seat] : null;
  part("leave-form").hidden = !(seated && view.status === "open");
  if (part("invite")) part("invite").hidden = view.status !== "open";
  part("resign-control").hidden = !(seated && view.status === "running" && mine && !mine.resigned);
  if (part("stop-control")) part("stop-control").hidden = view.status !== "running";
  renderGuide();
  renderOutcome();
  renderClock();
  yourTurn.update(view.status === "running" && view.seat !== null && view.to_act.includes(view.seat));
  // A finished or abandoned match changes no more: no live badge, and the socket may close
  // (the chat is read-only from then on).
  const over = view.status === "finished" || view.status === "abandoned";
  part("connection").hidden = over;
  chat.close(over);
  if (over) socket.close();
}

// -- connection ---------------------------------------------------------------------------------
function onStatus(state, seconds) {
  const element = part("connection");
  element.dataset.state = state;
  if (state === "waiting") dropped = true;
  if (state === "open" && dropped) {
    dropped = false;
    catchUpLog();
  }
  if (state === "open") element.textContent = labels.conn_live;
  else if (state === "connecting") element.textContent = labels.conn_connecting;
  else element.textContent = format(labels.conn_retry, { seconds });
}

const socket = new MatchSocket(root.dataset.wsPath, { onMessage: onFrame, onStatus });
const chat = chatPanel(part("chat-panel"), { labels, send: (frame) => socket.send(frame) });
const yourTurn = turnAlert({ label: labels.title_your_turn, toggle: part("turn-sound") });

document.addEventListener("keydown", (event) => {
  if (isTypingOrModified(event) || event.repeat) return;
  const ctx = context();
  if (!ctx.act || pending) return;
  const action = board.keyAction(event.key, ctx.legal);
  if (action) {
    event.preventDefault();
    act(action);
  }
});
// The invite links' Copy buttons: the link to the clipboard (selected for copying by hand
// where the clipboard is not allowed).
document.querySelectorAll("[data-copy]").forEach((button) => button.addEventListener("click", async () => {
  const field = part(button.dataset.copy);
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    button.textContent = labels.copied;
  } catch (error) {
    // The link stays selected: Ctrl+C copies it.
  }
}));
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") socket.reconnectNow();
});

readJSON("match-log").forEach(logMove);
readJSON("match-chat", []).forEach(chat.add);
logStep(null, view);
render();
if (view.status !== "finished" && view.status !== "abandoned") socket.connect();
