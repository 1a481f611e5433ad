// Runs before the page is drawn (a plain script in <head>, not a module): shows a deck's cards
// in the view the reader chose last (deck_view.js), so the page does not open in the other one
// and then jump. The stylesheet shows the list or the card faces by <html data-deck-view>.
(function () {
  let view = "list";
  try {
    if (window.localStorage.getItem("deck-view") === "cards") view = "cards";
  } catch (error) { /* storage refused (private mode): the list */ }
  document.documentElement.dataset.deckView = view;
}());
