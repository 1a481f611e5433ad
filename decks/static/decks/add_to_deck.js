// "Add to a deck" on a card page and on the search results: the user's decks (from the API)
// in a menu, the deck chosen last remembered; a button adds one copy of a card to the chosen
// deck (POST /api/decks/<id>/cards/), whose answer (done, or refused past the limit of 3
// copies of a name) is shown as it comes. On the search results every card (an element with
// data-card-code and data-card-name) gets a "+1" button.
import { fill, h, onReady } from "../js/kit/dom.js";
import { get, send } from "../js/kit/http.js";
import { labels as readLabels } from "../js/kit/labels.js";
import { format } from "../js/kit/text.js";

const REMEMBER = "add-to-deck:last";

// The user's decks in the menu; false when they have none (the menu and buttons are hidden
// then, and the status says how to start one).
async function loadDecks(root, select, status, labels) {
  try {
    const response = await get(root.dataset.decksUrl);
    const body = await response.json();
    const decks = response.ok ? body.results : [];
    if (!decks.length) {
      root.classList.add("has-no-decks");
      fill(status, labels.none);
      return false;
    }
    let last = null;
    try { last = window.localStorage.getItem(REMEMBER); } catch (error) { /* private mode */ }
    fill(select, decks.map((deck) => h("option", { value: deck.id, selected: deck.id === last }, deck.name)));
    return true;
  } catch (error) {
    fill(status, labels.failed);
    return false;
  }
}

// A "+1" on every card of the search results.
function addButtons(labels) {
  for (const card of document.querySelectorAll("[data-card-code]")) {
    const name = card.dataset.cardName || card.dataset.cardCode;
    card.append(h("button", {
      type: "button", class: "secondary add-card-button", dataset: { addToDeck: card.dataset.cardCode },
      "aria-label": format(labels.add_one, { name }), title: format(labels.add_one, { name }),
    }, labels.add));
  }
}

async function add(root, select, status, labels, code) {
  const deck = select.value;
  if (!deck) {
    fill(status, h("span", { class: "form-error" }, labels.choose));
    return;
  }
  try { window.localStorage.setItem(REMEMBER, deck); } catch (error) { /* private mode */ }
  const csrf = root.querySelector("input[name=csrfmiddlewaretoken]").value;
  try {
    const response = await send(`/api/decks/${encodeURIComponent(deck)}/cards/`, { body: { code }, csrf });
    const body = await response.json();
    if (response.ok) {
      // a deck taken past its size is kept, and says so in the warning colour
      fill(status, h("span", { class: "add-done" }, body.message),
        body.warning ? h("span", { class: "form-error add-warning" }, ` ${body.warning}`) : null);
    }
    else fill(status, h("span", { class: "form-error", dataset: { code: body.error?.code || "" } }, body.error?.message || labels.failed));
  } catch (error) {
    fill(status, h("span", { class: "form-error" }, labels.failed));
  }
}

onReady(async () => {
  const root = document.getElementById("add-to-deck");
  if (!root) return;
  const labels = readLabels("add-to-deck-labels");
  const select = root.querySelector("#add-to-deck-deck");
  const status = root.querySelector("#add-to-deck-status");
  // Listening at once: a click made while the decks are still loading waits for them
  // instead of being lost.
  const ready = loadDecks(root, select, status, labels).then((has) => {
    if (has) addButtons(labels);
    return has;
  });
  document.addEventListener("click", async (event) => {
    const button = event.target.closest("button[data-add-to-deck]");
    if (button && await ready) add(root, select, status, labels, button.dataset.addToDeck);
  });
});
