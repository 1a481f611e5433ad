"""Cards (elements-of-chaos.md, "Cards"): the record of a card (``model``) and the catalogue's
interchange format, JSON and CSV (``interchange``). Plain Python, no Django."""
