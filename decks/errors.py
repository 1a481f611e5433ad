"""The deck services' errors: ``tcg.errors.DomainError``\\ s with translatable messages
(``tcg.message.Message``), and the deck codes registered with their HTTP status and meaning
(``core.errors``). The API's one handler answers them; nothing maps them by hand.

- ``DeckListError``: 400 ``invalid_deck_list``, the list does not resolve; details
  ``{"problems": [blocking problems], "validation": the whole report}`` (``tcg.decks.rules``);
- ``DeckPermissionError``: 403 ``permission_denied``, only the deck's owner may change it;
- ``DeckNotFound``: 404 ``not_found``, the deck was deleted after the caller read it;
- ``VersionNotFound``: 404 ``not_found``, the deck has no version of that number;
- ``GoldfishRefused``: 400 ``invalid_request``, runs or turns out of range, or a deck too small;
- ``TooManyRuns``: 429 ``too_many_runs``, the user has as many goldfish runs queued or running as one
  may have; details ``{"limit", "count"}``;
- ``CopyLimitError``: 400 ``too_many_copies``, adding a card would pass the copy limit; details
  ``{"name", "count", "max"}``.
"""
from __future__ import annotations

from core.errors import register_codes
from tcg.decks.rules import DeckReport
from tcg.errors import DomainError
from tcg.cards.names import CardName
from tcg.message import Message, gettext_noop, joined, ngettext
from tcg.numbers import MAX_COPIES

#: The API paths the deck codes are answered on.
PATHS = ("/api/decks/", "/api/goldfish/")

CODES = {
    "invalid_deck_list": (400, "The deck list does not resolve (unreadable lines, unknown or ambiguous cards); "
                               "nothing was saved. details.problems lists each problem, details.validation the report."),
    "too_many_runs": (429, "The caller has as many goldfish runs queued or running as one user may have "
                           "(GOLDFISH_RUNS_PER_USER); details give the limit and the count. Start another once one is done."),
    "too_many_copies": (400, f"Adding the card would put more copies of its name in the deck than the {MAX_COPIES} the rules allow; "
                             "details name the card, the copies held and the limit."),
}

register_codes(CODES, PATHS)


class DeckListError(DomainError):
    """The deck list does not resolve; ``report`` holds every problem."""

    def __init__(self, report: DeckReport):
        problems = report.blocking_problems
        super().__init__(
            "invalid_deck_list",
            Message(gettext_noop("The deck list does not resolve, so nothing was saved: %(problems)s"),
                    problems=joined(p["message"] for p in problems)),
            {"problems": problems, "validation": report.to_dict()},
        )
        self.report = report


_NOT_OWNER = {
    "change": gettext_noop("Only the deck's owner may change it."),
    "delete": gettext_noop("Only the deck's owner may delete it."),
    "restore": gettext_noop("Only the deck's owner may restore it."),
    "draft": gettext_noop("Only the deck's owner may keep a draft of it."),
}


class DeckPermissionError(DomainError):
    """The user may not ``doing`` (``change``, ``delete``, ``restore``, ``draft``) this deck (403
    ``permission_denied``)."""

    def __init__(self, doing: str = "change"):
        super().__init__("permission_denied", Message(_NOT_OWNER[doing]))


class DeckNotFound(DomainError):
    """The deck does not exist (any more): it was deleted after the caller read it (404
    ``not_found``)."""

    def __init__(self):
        super().__init__("not_found", Message(gettext_noop("Not found.")))


class VersionNotFound(DomainError):
    """The deck has no version of that number (404 ``not_found``)."""

    def __init__(self, deck_id, number):
        super().__init__("not_found", Message(gettext_noop("Deck %(deck)s has no version %(number)s."),
                                              deck=deck_id, number=number))


class GoldfishRefused(DomainError):
    """A goldfish run that cannot be started (400 ``invalid_request``)."""

    def __init__(self, message: Message):
        super().__init__("invalid_request", message)


class TooManyRuns(DomainError):
    """The user has ``count`` goldfish runs queued or running, ``limit`` being the most one may
    have (429 ``too_many_runs``)."""

    def __init__(self, limit: int, count: int):
        super().__init__("too_many_runs", ngettext(
            "You have %(count)s simulation waiting or running; one user may have at most %(limit)s. "
            "Start another once one is done.",
            "You have %(count)s simulations waiting or running; one user may have at most %(limit)s. "
            "Start another once one is done.", count, count=count, limit=limit), {"limit": limit, "count": count})


class CopyLimitError(DomainError):
    """Adding a card to the deck ``deck`` (its name) would put more copies of its name there than
    the rules allow (400 ``too_many_copies``; the deck rules, "Deck construction"). ``name`` and
    ``name_en`` are the card's names, ``count`` the copies the deck holds already, ``max`` the
    limit; details ``{"name", "count", "max"}``."""

    def __init__(self, deck: str, name: str, count: int, limit: int, name_en: str = ""):
        super().__init__("too_many_copies", ngettext(
            "“%(deck)s” holds %(count)s copy of %(name)s already; a deck may hold at most %(max)s.",
            "“%(deck)s” holds %(count)s copies of %(name)s already; a deck may hold at most %(max)s.",
            count, deck=deck, count=count, name=CardName(name, name_en), max=limit,
        ), {"name": name, "count": count, "max": limit})
        self.name, self.name_en, self.count, self.max = name, name_en, count, limit
