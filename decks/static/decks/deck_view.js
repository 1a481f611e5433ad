// The List / Cards switch of a deck's page and of the builder (decks/_view_switch.html): the
// deck's cards as the table by type, or as stacks of card faces (decks/_card_stacks.html). The
// choice is <html data-deck-view="list|cards">, which the stylesheet reads, and is remembered in
// localStorage ("deck-view") for every deck page; deck_view_early.js applies it before the page
// is drawn. The switch's buttons say which view is on with aria-pressed.
export const VIEW_KEY = "deck-view";
const VIEWS = ["list", "cards"];

export function currentView() {
  return document.documentElement.dataset.deckView === "cards" ? "cards" : "list";
}

// Marks the pressed button of every switch under `root` (the builder calls it again after each
// new panel).
export function syncViewSwitches(root = document) {
  const view = currentView();
  for (const button of root.querySelectorAll("button[data-show-view]")) {
    button.setAttribute("aria-pressed", String(button.dataset.showView === view));
  }
}

export function showView(view) {
  if (!VIEWS.includes(view)) return;
  document.documentElement.dataset.deckView = view;
  try { window.localStorage.setItem(VIEW_KEY, view); } catch (error) { /* private mode: not remembered */ }
  syncViewSwitches();
}

// Listens (on the document, so switches drawn later work too) and marks the switches.
export function setUpDeckView() {
  document.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-show-view]");
    if (button) showView(button.dataset.showView);
  });
  syncViewSwitches();
}
