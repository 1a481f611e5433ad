"""The card catalogue (Django app): the ``Card`` and ``CardSet`` models, the importer and the
synthetic set (``services``), reads by use case (``selectors``), the search language's compiler to
``Q`` (``search.compile``), the card API, pages, faces and admin. The rules of cards, the
interchange format and the search language are plain Python in ``tcg``; the catalogue knows
neither decks nor play (import-linter contracts, ``pyproject.toml``)."""
