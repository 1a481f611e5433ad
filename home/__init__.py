"""The home page: what the site is, a card search box, the deck validator and the sample decks.
A small app of its own, above the feature apps it shows (it reads ``decks.selectors``), so that
``core`` knows no feature app."""
