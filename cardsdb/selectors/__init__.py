"""Reads of the catalogue, one module a use case (each a read the API, the pages or another app
makes; none writes):

- ``catalogue``: every card and set, one card by code, the catalogue's version (the ETag);
- ``search``: the card search language (``tcg.search``) run on the database, a random card;
- ``names``: one card by name (exactly, or forgiving typos) and close names;
- ``autocomplete``: names completing what is typed;
- ``collection``: a list of codes and names resolved in one query;
- ``deck_index``: the deck rules' card index (``tcg.decks.rules.CardIndex``) over the catalogue.
"""
