"""Translated sentences for the deck validator's problems, for the pages.

The API keeps the validator's English ``message``; pages show ``problem_message(problem)``,
built from the problem's keys (see ``tcg.decks.rules``) in the visitor's language.
"""
from __future__ import annotations

import unicodedata

from django.utils.translation import get_language, gettext as _, ngettext

from tcg.decks.format import BARE_COUNT_RE, MAX_COUNT, DeckLine, parse_line
from tcg.cards.names import display_name
from tcg.numbers import DECK_SIZE


def _named(name, name_en) -> str:
    """A card's name in the reader's language (``tcg.cards.names.display_name``)."""
    return display_name({"name": name or "", "name_en": name_en or ""}, get_language())


def _join(items) -> str:
    return _(", ").join(str(i) for i in items)


def problem_place(problem: dict) -> str:
    """"Line 3" or "Entry 0" (the JSON form), or "" for a problem of the whole deck."""
    if "line" in problem:
        return _("Line %(line)s") % {"line": problem["line"]}
    if "entry" in problem:
        return _("Entry %(entry)s") % {"entry": problem["entry"]}
    return ""


def _bad_line(p: dict) -> str:
    text = unicodedata.normalize("NFKC", str(p.get("text", ""))).strip()
    if BARE_COUNT_RE.match(text):
        return _("This line has a count but no card name.")
    if p.get("count_text") and p.get("card_text"):
        return _("“%(word)s” is not a count: write the count as a whole number from 1 to %(max)s, e.g. “3 %(card)s”.") % {
            "word": p["count_text"], "max": MAX_COUNT, "card": p["card_text"]}
    return _("The count must be a whole number from 1 to %(max)s.") % {"max": MAX_COUNT}


def _typed(p: dict) -> str:
    """The card name (or code) as typed on the problem's line, without its count."""
    text = str(p.get("text", ""))
    parsed = parse_line(0, text)
    if isinstance(parsed, DeckLine):
        return parsed.name or parsed.code or text.strip()
    return text.strip()


def _unknown_card(p: dict) -> str:
    if p.get("suggestions"):
        return _("No card matches “%(text)s”. Did you mean %(names)s?") % {
            "text": _typed(p), "names": _join(p["suggestions"]),
        }
    return _("No card matches “%(text)s”.") % {"text": _typed(p)}


def _ambiguous_card(p: dict) -> str:
    candidates = p.get("candidates") or []
    names = _join(dict.fromkeys(f"{_named(c.get('name'), c.get('name_en'))} ({c.get('code')})" for c in candidates))
    example = candidates[0].get("code") if candidates else "CODE"
    return _("“%(text)s” could be several cards: %(names)s. Add the card's code, e.g. (%(code)s).") % {
        "text": _typed(p), "names": names, "code": example,
    }


def _name_mismatch(p: dict) -> str:
    return _("The code %(code)s is %(card_name)s, not %(name)s.") % {
        "code": p.get("card_code", ""), "card_name": _named(p.get("card_name"), p.get("card_name_en")),
        "name": p.get("name", ""),
    }


def _too_many_copies(p: dict) -> str:
    values = {"count": p.get("count", ""), "name": _named(p.get("name"), p.get("name_en")), "max": p.get("max", 3)}
    if p.get("lines"):
        return ngettext(
            "%(count)s copies of %(name)s (line %(lines)s); a deck may hold at most %(max)s of a card, "
            "counting every printing.",
            "%(count)s copies of %(name)s (lines %(lines)s); a deck may hold at most %(max)s of a card, "
            "counting every printing.",
            len(p["lines"]),
        ) % {**values, "lines": _join(p["lines"])}
    return _(
        "%(count)s copies of %(name)s; a deck may hold at most %(max)s of a card, counting every printing."
    ) % values


def _count_too_large(p: dict) -> str:
    return _("%(count)s copies of %(code)s in all; a deck list holds at most %(max)s of a card.") % {
        "count": p.get("count", ""), "code": p.get("card_code", ""), "max": p.get("max", MAX_COUNT),
    }


def _deck_size(p: dict) -> str:
    return _("A deck has exactly %(expected)s cards; this one has %(total)s.") % {
        "expected": p.get("expected", DECK_SIZE), "total": p.get("total", 0),
    }


_MESSAGES = {
    "bad_line": _bad_line,
    "unknown_card": _unknown_card,
    "ambiguous_card": _ambiguous_card,
    "name_mismatch": _name_mismatch,
    "too_many_copies": _too_many_copies,
    "count_too_large": _count_too_large,
    "deck_size": _deck_size,
}


def line_note(problem: dict) -> str:
    """The short note shown beside each line a deck-wide problem names (``too_many_copies``,
    ``count_too_large``: ``lines``), so the lines to change stand out."""
    if problem.get("code") == "too_many_copies":
        return _("Too many copies: %(count)s of %(name)s in all, at most %(max)s.") % {
            "count": problem.get("count", ""), "name": _named(problem.get("name"), problem.get("name_en")),
            "max": problem.get("max", 3)}
    return _("Too many copies: %(count)s in all.") % {"count": problem.get("count", "")}


def problem_message(problem: dict, with_place: bool = True, with_lines: bool = True) -> str:
    """The problem as a sentence in the active language; prefixed with its line ("Line 3: …")
    unless ``with_place`` is false. ``with_lines`` false leaves out the lines a deck-wide
    problem names ("4 copies of Fireball (line 2); …"): for a report on a card list (the JSON
    form: a builder's list, a saved deck), whose ``lines`` are entry indexes no reader sees.
    Unknown codes fall back to the problem's own message."""
    build = _MESSAGES.get(problem.get("code"))
    if build is None:
        return str(problem.get("message", ""))
    message = build(problem if with_lines else {k: v for k, v in problem.items() if k != "lines"})
    place = problem_place(problem) if with_place else ""
    return _("%(place)s: %(message)s") % {"place": place, "message": message} if place else message
