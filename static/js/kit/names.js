// A card's name in the reader's language: the same rule as the pages' card_name filter
// (tcg.cards.names). The reader's language is the page's <html lang> ("ja" or "en").

// The page's language: "en" when <html lang> starts with "en", else "ja".
export function pageLanguage() {
  return String(document.documentElement.lang || "ja").toLowerCase().startsWith("en") ? "en" : "ja";
}

// The name shown first: in English the card's English name when it has one (name_en),
// else its Japanese name (name). card: any object with name and optionally name_en.
export function cardName(card, lang = pageLanguage()) {
  if (!card) return "";
  if (lang === "en" && card.name_en) return card.name_en;
  return card.name || card.name_en || "";
}

// The name shown small beneath it: the other language's, "" when there is none or it is the same.
export function otherName(card, lang = pageLanguage()) {
  if (!card) return "";
  const first = cardName(card, lang);
  const other = first === card.name_en ? card.name : card.name_en;
  return other && other !== first ? other : "";
}
