// The replay page: steps through a finished match's frames (each a game view from the
// caller's seat, or a spectator's, with the seats to act then) with buttons, a slider, the
// arrow keys and the list of moves, drawn by the same board module as the table, read-only.
// The page holds only the moves (#replay-data: {match, total, moves}); the frames are fetched
// from data-frames-url (?start=N&count=M) as they are viewed, a chunk at a time, and kept.
// The chat of the match (data-chat-url) is shown beside, the lines said after the frame shown
// dimmed.
import { fill, h, isTypingOrModified, readJSON } from "../js/kit/dom.js";
import { get } from "../js/kit/http.js";
import { labels as readLabels } from "../js/kit/labels.js";
import { format, sentences } from "../js/kit/text.js";
import { markHandTitle } from "./board_kit.js";
import { chatPanel } from "./chat.js";
import { renderSeats, seatName as seatLabel } from "./seats.js";

const CHUNK = 20;

const root = document.getElementById("replay");
const boardElement = document.querySelector("[data-board-module]");
const board = await import(boardElement.dataset.boardModule);
const labels = readLabels("play-labels", "board-labels", "replay-labels");
const data = readJSON("replay-data");
const total = data.total;
const moves = data.moves;
const seats = data.match.seats;
const slider = document.getElementById("replay-slider");
const part = (id) => document.getElementById(id);
const frames = new Map();
const loading = new Map();
let index = 0;

function seatName(i) {
  return seats[i] ? seatLabel(seats[i], labels) : format(labels.seat_number, { number: i + 1 });
}

const ctx = { labels, legal: [], act: null, pending: false, readOnly: true, seatName };

// The chunk holding frame n, fetched once (the promise is kept while it loads).
function load(n) {
  const start = Math.floor(n / CHUNK) * CHUNK;
  if (frames.has(n)) return Promise.resolve();
  if (!loading.has(start)) {
    const url = `${root.dataset.framesUrl}?start=${start}&count=${CHUNK}`;
    loading.set(start, get(url).then(async (response) => {
      if (!response.ok) throw new Error(String(response.status));
      const body = await response.json();
      body.frames.forEach((frame, i) => frames.set(body.start + i, frame));
      // The text of each card these frames show, for boards whose cards carry one.
      if (board.learnTexts) board.learnTexts(body.texts);
    }).finally(() => loading.delete(start)));
  }
  return loading.get(start);
}

// -- the move list --------------------------------------------------------------------------------
const moveButtons = [];

function moveText(n) {
  return n === 0 ? labels.start : board.describe(moves[n - 1], ctx);
}

// {card: code} when move n names a card the viewer may see (for its preview), else {}.
function cardOfMove(n) {
  const card = n > 0 && board.cardOf ? board.cardOf(moves[n - 1]) : null;
  return card ? { card } : {};
}

function buildMoves() {
  const list = part("replay-moves");
  fill(list, Array.from({ length: total }, (_, n) => {
    const button = h("button", { type: "button", class: "link-button replay-move-button", dataset: { frame: n, ...cardOfMove(n) }, onclick: () => show(n) }, moveText(n));
    moveButtons.push(button);
    return h("li", {}, button);
  }));
}

// The board learns card names from the frames it draws: say the moves again with them.
function retellMoves() {
  moveButtons.forEach((button, n) => {
    const text = moveText(n);
    if (button.textContent !== text) button.textContent = text;
  });
}

function markMove() {
  moveButtons.forEach((button, n) => {
    if (n === index) button.setAttribute("aria-current", "step");
    else button.removeAttribute("aria-current");
  });
  const current = moveButtons[index];
  if (current) scrollWithinList(part("replay-moves"), current);
}

// Bring the current move into view by scrolling the move list alone: scrollIntoView would scroll
// the page too, and on a phone, where the list sits under the board, each step would carry the
// step buttons off the top of the screen.
function scrollWithinList(list, item) {
  const box = list.getBoundingClientRect();
  const at = item.getBoundingClientRect();
  if (at.top < box.top) list.scrollTop -= box.top - at.top;
  else if (at.bottom > box.bottom) list.scrollTop += at.bottom - box.bottom;
}

// Under the last frame of a finished match, who won (the table says it as well; a replay used to
// end on the last round's summary alone).
function showOutcome(outcome) {
  const line = part("replay-outcome");
  line.hidden = !outcome;
  if (outcome) fill(line, sentences(labels.game_over, format(labels.winners, { names: outcome.winners.map(seatName).join(", ") })));
}

// -- showing a frame ------------------------------------------------------------------------------
let wanted = 0;

async function show(next) {
  wanted = Math.max(0, Math.min(total - 1, next));
  const n = wanted;
  index = n;
  slider.value = String(n);
  fill(part("replay-position"), n === 0 ? labels.start : format(labels.position, { current: n, total: total - 1 }));
  part("replay-first").disabled = n === 0;
  part("replay-prev").disabled = n === 0;
  part("replay-next").disabled = n === total - 1;
  part("replay-last").disabled = n === total - 1;
  markMove();
  showOutcome(n === total - 1 ? data.match.outcome : null);
  const status = part("replay-loading");
  if (!frames.has(n)) {
    fill(status, labels.loading);
    status.hidden = false;
    try {
      await load(n);
    } catch (error) {
      fill(status, labels.load_failed);
      return;
    }
  }
  if (wanted !== n) return;
  status.hidden = true;
  const frame = frames.get(n);
  fill(part("replay-move"), frame.action ? board.describe(frame, ctx) : "");
  const named = frame.action && board.cardOf ? board.cardOf(frame) : null;
  if (named) part("replay-move").dataset.card = named;
  else delete part("replay-move").dataset.card;
  renderSeats(part("seats"), { seats, toAct: frame.to_act, labels, board, state: frame.state, ctx, join: null });
  board.render(boardElement, frame.state, ctx);
  markHandTitle(boardElement, data.match.seat);
  retellMoves();
  chat.upTo(frame.version);
  // Fetch the next chunk ahead, so that stepping on does not wait.
  const ahead = n + CHUNK / 2;
  if (ahead < total && !frames.has(ahead)) load(ahead).catch(() => {});
}

part("replay-first").addEventListener("click", () => show(0));
part("replay-prev").addEventListener("click", () => show(index - 1));
part("replay-next").addEventListener("click", () => show(index + 1));
part("replay-last").addEventListener("click", () => show(total - 1));
slider.addEventListener("input", () => show(Number(slider.value)));
document.addEventListener("keydown", (event) => {
  if (isTypingOrModified(event) || event.target === slider) return;
  const step = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: total - 1 }[event.key];
  if (step === undefined) return;
  event.preventDefault();
  show(step);
});

const chat = chatPanel(part("chat-panel"), { labels, send: null });

async function loadChat() {
  try {
    const response = await get(root.dataset.chatUrl);
    if (response.ok) (await response.json()).forEach(chat.add);
    chat.upTo(frames.has(index) ? frames.get(index).version : index);
  } catch (error) {
    // The chat is a convenience; the replay works without it.
  }
}

buildMoves();
show(0);
loadChat();
