// A card's page: the public decks with the card, loaded from the decks' own page (its
// ?part=list fragment) into the "Decks with this card" section. Without JavaScript the section
// links to that page.
import { onReady } from "../js/kit/dom.js";

async function loadDecks(box) {
  try {
    const response = await fetch(box.dataset.src, { credentials: "same-origin", headers: { Accept: "text/html" } });
    if (!response.ok) return;
    const template = document.createElement("template");
    template.innerHTML = await response.text();
    box.replaceChildren(template.content);
    box.dataset.loaded = "true";
  } catch {
    // The link to the decks' page stays.
  }
}

onReady(() => {
  const box = document.getElementById("card-decks");
  if (box?.dataset.src) loadDecks(box);
});
