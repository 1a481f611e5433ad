// A card's page: the public decks with the card, loaded from the decks' own page (its
// ?part=list fragment) into the "Decks with this card" section. Without JavaScript the section
// links to that page.
import { fragment, onReady } from "../js/kit/dom.js";
import { get } from "../js/kit/http.js";

async function loadDecks(box) {
  try {
    const response = await get(box.dataset.src, { accept: "text/html" });
    if (!response.ok) return;
    box.replaceChildren(fragment(await response.text()));
    box.dataset.loaded = "true";
  } catch {
    // The link to the decks' page stays.
  }
}

onReady(() => {
  const box = document.getElementById("card-decks");
  if (box?.dataset.src) loadDecks(box);
});
