"""The catalogue's side of the card search language: ``compile.compile_query`` turns the syntax
tree that ``tcg.search.parse_query`` reads (plain Python) into a ``Q`` over ``cardsdb.models.Card``."""
