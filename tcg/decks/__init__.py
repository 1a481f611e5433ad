"""Decks, in plain Python (no Django): the deck text format (``format``); the deck rules, a deck
list resolved against a card index and checked (``rules``; elements-of-chaos.md, "Decks"); what a
deck is made of and the damage it deals (``stats``); exact draw odds (``odds``); the goldfish, a
deck playing its opening turns alone (``goldfish``; "Set-up" and "A turn"); the JSON forms of
statistics and odds (``analysis``); the difference of two lists (``diff``). The numbers are
``tcg.numbers``'s, the words ``tcg.vocabulary``'s."""
