"""``tcg``: the plain-Python domain package of cards and decks; it imports no Django."""
