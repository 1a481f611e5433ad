"""``tcg``: the plain-Python domain of cards and decks. It imports no Django and no app of the
site; the apps (``cardsdb``, ``decks``, ``play``, ``core``) and the engines (``play.games``) import
it. Each rule is where its section of the rules page (elements-of-chaos.md) sends you:

- ``vocabulary``: the words ("Cards": types, colours, actions, STEPs, directions and their
  vectors; rarities, kinds of set), each labelled in Japanese and English;
- ``numbers``: the rules' numbers (51 cards and 3 copies, "Decks"; a hand of 7, 4 area cards,
  "Set-up"; 3 characters, "A turn"; 4 down, "Winning"; the area's 4 columns, "The area");
- ``cards``: the card record (``model``) and the catalogue interchange format (``interchange``,
  JSON and CSV), "Cards";
- ``effects``: the card effect language (``language``) and its text in both languages
  (``text``), "Cards";
- ``decks``: the deck text format (``format``), the deck rules (``rules``, "Decks"), statistics
  (``stats``), exact draw odds (``odds``), the goldfish (``goldfish``, "Set-up" and "A turn"),
  the JSON forms of the three (``analysis``) and the difference of two lists (``diff``);
- ``search``: the card search language (lexer, parser, syntax tree, keywords, regexes, errors);
  the catalogue compiles its tree to a database query (``cardsdb.search.compile``);
- ``face``: a card drawn as SVG and PNG from its data;
- ``folding`` (the key names and text are compared by), ``integers`` (the one rule for a whole
  number a person types), ``message`` (a sentence said in the reader's language), ``errors``
  (the one domain error type).
"""
