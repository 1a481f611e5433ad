"""The search language's reference for the syntax help page (``/cards/syntax/``): every
keyword and form, its operators, what it means, and examples, in the visitor's language.

The keywords listed here are checked against the parser's (``tcg.search.keywords.ALIASES``)
by the tests, so a keyword cannot be added to the language without being documented here.
"""
from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from tcg.search.keywords import COMPARISONS, EQUALITY


@dataclass(frozen=True)
class Entry:
    """One form of the language: ``forms`` as written (keywords with their aliases, or a
    pattern such as ``"phrase"``), the ``operators`` it takes (empty for forms that are not
    keywords), what it means, and ``(query, what it finds)`` examples."""

    forms: tuple[str, ...]
    about: str
    examples: tuple[tuple[str, str], ...]
    operators: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    title: str
    entries: tuple[Entry, ...]


SECTIONS = (
    Section(_("Names"), (
        Entry(("word",), _("A word searches the Japanese name, the kana reading and the English name; case, full or "
                           "half width and hiragana or katakana do not matter."),
              (("炎", _("names containing 炎")), ("かえん", _("readings containing かえん")),
               ("flame", _("English names containing flame")))),
        Entry(('"phrase"',), _("Words in double quotes are searched together, spaces included."),
              (('"flame club"', _("names containing “flame club”")),)),
        Entry(("!name", '!"exact name"'), _("An exclamation mark asks for exactly this name."),
              (("!火炎弾", _("the card named exactly 火炎弾")),
               ('!"fire drake cloak"', _("the card named exactly Fire Drake Cloak")))),
        Entry(("/regex/",), _("A regular expression between slashes, matched against the names (case ignored)."),
              (("/^かえん/", _("readings starting with かえん")),)),
    )),
    Section(_("Combining terms"), (
        Entry(("a b",), _("Terms separated by spaces must all match."),
              (("c:r t:event", _("red events")),)),
        Entry(("or",), _("Either term may match. Spaces bind tighter: a or b c means a or (b c)."),
              (("c:r or c:w", _("red or white cards")),)),
        Entry(("( )",), _("Parentheses group terms."),
              (("(c:r or c:w) t:event", _("red or white events")),)),
        Entry(("-",), _("A minus sign just before a term or a group leaves out what it finds."),
              (("-t:character c:g", _("green cards that are not characters")),
               ("-(c:r or c:w)", _("cards neither red nor white")))),
    )),
    Section(_("Keywords"), (
        Entry(("t", "type"), _("Card type: character, item or event (the start of the word is enough)."),
              (("t:character", _("characters")), ("t:char", _("characters")), ("t!=event", _("everything but events"))),
              EQUALITY),
        Entry(("c", "color", "colour"),
              _("Colours: letters r g b w (combined, e.g. rg), red, green, black, white, or colorless. c:rg and "
                "c>=rg: at least these colours; c=rg: exactly these; c<=rg: at most these, colourless cards "
                "included."),
              (("c:r", _("red cards (at least red)")), ("c=rg", _("exactly red and green")),
               ("c<=rg", _("cards whose colours are all red or green, colourless included")),
               ("c:colorless", _("colourless cards"))),
              COMPARISONS),
        Entry(("size",), _("SIZE, a whole number."), (("size>=3", _("SIZE 3 or more")), ("size=0", _("SIZE 0"))),
              COMPARISONS),
        Entry(("bonus",), _("The value of the SIZE bonus; cards without a bonus never match."),
              (("bonus<0", _("a negative SIZE bonus")), ("bonus>=2", _("a SIZE bonus of 2 or more"))), COMPARISONS),
        Entry(("bonuscolor", "bonuscolour"), _("The colour of the SIZE bonus: r, g, b, w or a colour name."),
              (("bonuscolor:r", _("a red SIZE bonus")),), EQUALITY),
        Entry(("hp",), _("HP (characters only)."), (("hp>=5", _("HP 5 or more")),), COMPARISONS),
        Entry(("mv",), _("Movement power, in squares (characters only)."),
              (("mv>=2", _("movement power 2 or more")),), COMPARISONS),
        Entry(("dir",), _("Movement directions: orthogonal, diagonal or any (characters only)."),
              (("dir:diagonal", _("characters that move diagonally")),), EQUALITY),
        Entry(("step1", "step2", "step3"),
              _("An action in that STEP of the action table: move, attack, defend, charge or special."),
              (("step1:charge", _("a charge in STEP 1")), ("step3:special", _("a special in STEP 3"))), EQUALITY),
        Entry(("act",), _("An action in any STEP of the action table."),
              (("act:special", _("a special in some STEP")),), EQUALITY),
        Entry(("o", "oracle", "text"), _("The card's text contains this (a word, a quoted phrase or a /regex/)."),
              (("o:回復", _("the text mentions 回復 (healing)")),
               ("o:/キャラクター[0-9]体/", _("the text names a number of characters"))), EQUALITY),
        Entry(("ft", "flavor", "flavour"), _("The flavour text contains this (a word, a quoted phrase or a /regex/)."),
              (("ft:森", _("flavour text mentioning 森 (forest)")),), EQUALITY),
        Entry(("a", "artist"), _("The artist's name contains this (a word, a quoted phrase or a /regex/)."),
              (("a:白石", _("cards drawn by an artist named 白石 (Shiraishi)")),), EQUALITY),
        Entry(("r", "rarity"), _("Rarity, e.g. C, U, R, SR or P (case ignored)."), (("r:sr", _("SR cards")),),
              EQUALITY),
        Entry(("s", "set", "e"), _("Set code (case ignored)."), (("s:smp", _("cards of the sample set SMP")),),
              EQUALITY),
        Entry(("cn",), _("Collector number: the part of the code after the hyphen; comparisons are numeric."),
              (("cn:1", _("collector number 1 (e.g. SMP-001)")), ("cn<=10", _("collector numbers 1 to 10"))),
              COMPARISONS),
        Entry(("is",),
              _("is:manual: cards whose effect the players resolve by hand; is:vanilla: cards with no effect."),
              (("is:vanilla", _("cards with no effect")), ("-is:vanilla", _("cards with an effect"))), (":", "=")),
    )),
    Section(_("Order"), (
        Entry(("order",), _("Sort by name, code, size, hp, mv, rarity or colour; cards that tie are sorted by code."),
              (("t:character order:hp", _("characters, lowest HP first")),), (":", "=")),
        Entry(("dir:asc", "dir:desc"), _("Sort direction: ascending or descending."),
              (("t:character order:hp dir:desc", _("characters, highest HP first")),), (":", "=")),
    )),
)
