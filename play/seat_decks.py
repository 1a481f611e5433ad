"""Decks the seats bring to a match (games whose record names a ``seat_decks`` option, e.g.
Elements of Chaos's ``decks``; its rules page, "Decks" and "Stacked deals").

The record fills that option with one deck per seat, each a list of catalogue interchange dicts
(``GameSpec.with_seat_decks``), and tells a match whose options already hold it (a stacked deal,
so the seats bring none: ``GameSpec.plays_with_seat_decks``).

A seat's deck is a saved deck its player may see (their own or a public one; the sample decks
``SMP-*`` are public site decks), checked with the deck validator (``tcg.decks.rules``): an
invalid deck is refused with every problem. It is kept on the seat as ``{"id", "name",
"cards"}`` (``cards``: the 51 interchange dicts in list order), and the game is set up when the
last seat is taken (see ``play.services.join``).
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import F
from django.utils.translation import gettext as _

from core.templatetags.card_names import deck_title
from decks.selectors import report_for_deck, site_decks, visible_decks, with_cards

from .errors import MatchError
from .identity import Player

#: The deck a bot seat brings when none is chosen for it.
DEFAULT_BOT_DECK = "SMP-RED"
SAMPLE_PREFIX = "SMP-"
MAX_DECK_ID = 64


def plays_with_seat_decks(engine, options: dict | None) -> bool:
    """Whether a match of ``engine`` with ``options`` needs a deck from each seat: the game is
    played with one's own deck and the options hold no stacked deal."""
    return engine.spec.plays_with_seat_decks(options)


def _user(player: Player | None):
    if player is None or player.user_id is None:
        return None
    return get_user_model().objects.filter(pk=player.user_id).first()


def decks_for(player: Player | None):
    """The decks ``player`` may bring: their own and the public ones (sample decks first, then
    by name). A guest may bring public decks only."""
    return visible_decks(_user(player)).order_by(F("owner").asc(nulls_first=True), "name", "id")


def deck_choices(player: Player | None) -> list[tuple[str, str]]:
    """``[(deck id, label)]`` of :func:`decks_for`, for the forms: the sample decks, the
    player's own decks, then other public decks (labelled with their owner)."""
    choices = []
    for deck in decks_for(player):
        if deck.owner_id is None:
            label = f"{deck_title(deck)} ({deck.id})"
        elif player is not None and deck.owner_id == player.user_id:
            label = deck.name
        else:
            label = f"{deck.name} — {deck.owner.get_username()}"
        choices.append((deck.id, label))
    return choices


def sample_deck_choices() -> list[tuple[str, str]]:
    """``[(deck id, label)]`` of the sample decks (for bot seats), titled in the reader's
    language."""
    samples = site_decks()
    return [(d.id, f"{deck_title(d)} ({d.id})") for d in samples]


def seat_deck(player: Player | None, deck_id, seat: int) -> dict:
    """The deck ``deck_id`` as seat ``seat`` brings it: ``{"id", "name", "cards"}`` with the 51
    cards as catalogue interchange dicts, in list order. ``player`` is who chooses it (the
    creator for a bot seat); the deck must be visible to them.

    Raises ``MatchError``: ``unknown_deck`` (no such deck, or a private deck of someone else;
    details ``{"seat", "deck"}``), ``invalid_deck`` (it breaks the deck rules; the message names
    every problem, details ``{"seat", "deck", "problems"}`` as the validator gives them).
    """
    if not isinstance(deck_id, str) or not deck_id.strip() or len(deck_id) > MAX_DECK_ID:
        raise MatchError(
            "unknown_deck", _("Choose a deck by its id."), {"seat": seat, "deck": str(deck_id)[:MAX_DECK_ID]})
    deck = with_cards(decks_for(player).filter(pk=deck_id.strip())).first()
    if deck is None:
        raise MatchError(
            "unknown_deck", _("There is no deck “%(deck)s” that you can use.") % {"deck": deck_id},
            {"seat": seat, "deck": deck_id},
        )
    report = report_for_deck(deck)
    if not report.valid:
        raise MatchError(
            "invalid_deck",
            _("The deck “%(name)s” breaks the deck rules, so it cannot be played: %(problems)s")
            % {"name": deck.name, "problems": " ".join(p["message"] for p in report.problems)},
            {"seat": seat, "deck": deck.id, "problems": report.problems},
        )
    cards = []
    for entry in deck.entries.all():
        record = entry.card.to_record().to_dict()
        cards.extend(dict(record) for _ in range(entry.count))
    return {"id": deck.id, "name": deck.name, "cards": cards}


def not_used(engine, seat: int | None = None) -> MatchError:
    """The refusal of a deck chosen for a match that takes none (``deck_not_used``)."""
    return MatchError(
        "deck_not_used",
        _("This match is not played with decks of the players' own: choose no deck."),
        {"game": engine.slug, "seat": seat},
    )
