// The new-match form: shows only the chosen game's options, its deck choices (your deck, and a
// deck per bot seat) when the game is played with one's own deck, as many seat rows as the
// match has seats, within the game's player range, the bots' levels that play the game (a seat
// at a level that does not goes to the default level), and the strong bot's time to think when
// a seat has it. The form works without it.
import { onReady } from "../js/kit/dom.js";

function setUp() {
  const form = document.getElementById("match-form");
  if (!form) return;
  const game = form.elements.game;
  const players = form.elements.players;
  const ranges = new Map([...document.querySelectorAll("#game-ranges [data-game]")]
    .map((item) => [item.dataset.game, { min: Number(item.dataset.min), max: Number(item.dataset.max), item }]));

  const people = new Set(["you", "open"]);
  const isBot = (kind) => kind !== "" && !people.has(kind);
  const playsGame = (element) => element.dataset.games.split(" ").includes(game.value);

  // The bots' levels: only those whose bot plays the chosen game, in the list and in each seat.
  function updateLevels() {
    for (const item of form.querySelectorAll(".bot-level")) item.hidden = !playsGame(item);
    for (const note of form.querySelectorAll(".level-note")) note.hidden = note.dataset.game !== game.value;
    for (const select of form.querySelectorAll(".seat-field select[name^='seat_']:not([name$='_deck'])")) {
      for (const option of select.querySelectorAll("option[data-games]")) {
        option.hidden = option.disabled = !playsGame(option);
      }
      const chosen = select.selectedOptions[0];
      if (chosen && chosen.disabled) {
        const fallback = select.querySelector(`option[value="${form.dataset.defaultLevel}"]:not([disabled])`)
          || select.querySelector("option[data-games]:not([disabled])");
        if (fallback) select.value = fallback.value;
      }
    }
  }

  function update() {
    updateLevels();
    const range = ranges.get(game.value);
    if (range) {
      players.min = range.min;
      players.max = range.max;
      const count = Number(players.value);
      if (players.value !== "" && count < range.min) players.value = range.min;
      if (count > range.max) players.value = range.max;
      for (const [slug, other] of ranges) other.item.hidden = slug !== game.value;
    }
    const count = Number(players.value) || 0;
    for (const row of form.querySelectorAll(".seat-field")) {
      const used = Number(row.dataset.seatIndex) < count;
      row.hidden = !used;
      for (const control of row.querySelectorAll("select")) control.disabled = !used;
    }
    // Decks: the creator's and each bot seat's, in games played with one's own deck.
    for (const box of form.querySelectorAll(".deck-field, .seat-deck")) {
      let shown = box.dataset.games.split(" ").includes(game.value);
      const row = box.closest(".seat-field");
      if (row) {
        const kind = row.querySelector("select").value;
        shown = shown && !row.hidden && isBot(kind);
      }
      box.hidden = !shown;
      for (const control of box.querySelectorAll("select")) control.disabled = !shown;
    }
    // The time to think: shown while a used seat is at a level whose bot thinks.
    const think = form.querySelector(".think-field");
    if (think) {
      const levels = think.dataset.levels.split(" ");
      const used = [...form.querySelectorAll(".seat-field:not([hidden]) select")].map((s) => s.value);
      const shown = used.some((kind) => levels.includes(kind));
      think.hidden = !shown;
      for (const control of think.querySelectorAll("input")) control.disabled = !shown;
    }
    for (const box of form.querySelectorAll(".game-options")) {
      const shown = box.dataset.game === game.value;
      box.hidden = !shown;
      box.disabled = !shown;
    }
  }

  game.addEventListener("change", update);
  players.addEventListener("input", update);
  for (const row of form.querySelectorAll(".seat-field")) row.querySelector("select").addEventListener("change", update);
  update();
}

onReady(setUp);
