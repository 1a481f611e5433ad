// The replay page: steps through a finished match's frames (each a game view from the
// caller's seat, or a spectator's, with the seats to act then) with buttons, a slider and the
// arrow keys, drawn by the same board module as the table, read-only.
import { fill, isTypingOrModified, readJSON } from "../js/kit/dom.js";
import { labels as readLabels } from "../js/kit/labels.js";
import { format } from "../js/kit/text.js";
import { renderSeats, seatName as seatLabel } from "./seats.js";

const boardElement = document.querySelector("[data-board-module]");
const board = await import(boardElement.dataset.boardModule);
const labels = readLabels("play-labels", "board-labels", "replay-labels");
const data = readJSON("replay-data");
const frames = data.frames;
const seats = data.match.seats;
const slider = document.getElementById("replay-slider");
let index = 0;

function seatName(i) {
  return seats[i] ? seatLabel(seats[i], labels) : format(labels.seat_number, { number: i + 1 });
}

const ctx = { labels, legal: [], act: null, pending: false, readOnly: true, seatName };

function show(next) {
  index = Math.max(0, Math.min(frames.length - 1, next));
  const frame = frames[index];
  slider.value = String(index);
  fill(document.getElementById("replay-position"), index === 0 ? labels.start : format(labels.position, { current: index, total: frames.length - 1 }));
  fill(document.getElementById("replay-move"), frame.action ? board.describe(frame, ctx) : "");
  renderSeats(document.getElementById("seats"), { seats, toAct: frame.to_act, labels, board, state: frame.state, ctx, join: null });
  board.render(boardElement, frame.state, ctx);
  document.getElementById("replay-first").disabled = index === 0;
  document.getElementById("replay-prev").disabled = index === 0;
  document.getElementById("replay-next").disabled = index === frames.length - 1;
  document.getElementById("replay-last").disabled = index === frames.length - 1;
}

document.getElementById("replay-first").addEventListener("click", () => show(0));
document.getElementById("replay-prev").addEventListener("click", () => show(index - 1));
document.getElementById("replay-next").addEventListener("click", () => show(index + 1));
document.getElementById("replay-last").addEventListener("click", () => show(frames.length - 1));
slider.addEventListener("input", () => show(Number(slider.value)));
document.addEventListener("keydown", (event) => {
  if (isTypingOrModified(event) || event.target === slider) return;
  const step = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: frames.length - 1 }[event.key];
  if (step === undefined) return;
  event.preventDefault();
  show(step);
});

show(0);
