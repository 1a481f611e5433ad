// The seat list shared by the table and the replay: each seat's name, person or bot, "you",
// resigned, whose turn, plus the game's own details (hand size, chips, score…) from the board.
import { h } from "../js/kit/dom.js";
import { format } from "../js/kit/text.js";

// A seat kept for a person that nobody has taken yet (people always have a name).
export function isFree(seat) {
  return seat.kind === "human" && !seat.name;
}

// The badge beside a guest's name (a seat or a chat line held by a display name, no account):
// its text is read with the name; its title says what it means.
export function guestBadge(labels) {
  return h("span", { class: "badge badge-guest", title: labels.guest_title }, labels.guest);
}

// The name shown for a seat: the person's name, "Bot 2" for a bot, "Seat 2" when free.
export function seatName(seat, labels) {
  if (seat.name) return seat.name;
  return format(seat.kind === "bot" ? labels.bot_name : labels.seat_number, { number: seat.index + 1 });
}

function kindLabel(seat, labels) {
  if (isFree(seat)) return labels.free_seat;
  if (seat.kind === "bot") return labels[`bot_${seat.bot}`] || labels.bot;
  return labels.person;
}

// options: {seats, toAct, labels, board, state, ctx, join: (index) => Node | null}
export function renderSeats(list, { seats, toAct, labels, board, state, ctx, join }) {
  list.replaceChildren();
  for (const seat of seats) {
    const turn = toAct.includes(seat.index);
    const classes = ["seat"];
    if (turn) classes.push("is-turn");
    if (seat.you) classes.push("is-you");
    if (isFree(seat)) classes.push("is-free");
    if (seat.resigned) classes.push("is-resigned");
    const name = seatName(seat, labels);
    list.append(h("li", { class: classes.join(" "), dataset: { seat: seat.index }, "aria-current": turn ? "true" : null },
      h("div", { class: "seat-head" },
        h("span", { class: "seat-name" }, name),
        seat.guest ? guestBadge(labels) : null,
        seat.you ? h("span", { class: "badge badge-you" }, labels.you) : null,
        h("span", { class: "seat-kind" }, kindLabel(seat, labels)),
        seat.timed_out ? h("span", { class: "badge badge-resigned badge-timed-out" }, labels.timed_out)
          : seat.resigned ? h("span", { class: "badge badge-resigned" }, labels.resigned) : null,
        turn ? h("span", { class: "turn-marker" }, labels.to_play) : null,
      ),
      state && !isFree(seat) ? h("div", { class: "seat-details" }, board.seatDetails(state, seat.index, ctx)) : null,
      join ? join(seat) : null,
    ));
  }
}
