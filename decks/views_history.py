"""Deck pages around the deck itself: its history with diffs and restore
(``/decks/<id>/history/``), copying a deck into your own (``POST /decks/<id>/copy/``) and the
printable list (``/decks/<id>/print/``). A deck deleted while a write waited for it, or a version
it does not have, is a ``decks.errors`` domain error (404) that the pages' handler answers
(``core.middleware.DomainErrorMiddleware``)."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import ShownBadRequest
from tcg.integers import BadValue, parse_int
from tcg.numbers import DECK_SIZE

from . import selectors, services
from .messages import problem_message
from .views import group_by_type, list_order, named_diff, visible_deck


def _deck_or_404(request, deck_id: str):
    deck = visible_deck(request.user, deck_id)
    if deck is None:
        raise Http404(_("No deck %(id)s.") % {"id": deck_id})
    return deck


def _number(raw: str | None) -> int | None:
    """A version number (``tcg.integers.parse_int``, 1 or more) from a request; ``None`` for
    anything else."""
    try:
        return parse_int(raw, 1)
    except BadValue:
        return None


def history(request, deck_id: str):
    """The deck's versions, newest first, and the diff between two of them (``?from=&to=``;
    by default the latest and the one before). The owner may restore any older version."""
    deck = _deck_or_404(request, deck_id)
    versions = list(selectors.deck_versions(deck))
    numbers = {v.number for v in versions}
    to_raw, from_raw = request.GET.get("to"), request.GET.get("from")
    to, start = _number(to_raw), _number(from_raw)
    bad = bool(to_raw and to not in numbers) or bool(from_raw and start not in numbers)
    diff = old = new = None
    if versions and not bad:
        to = to or versions[0].number
        start = start or max(to - 1, 1)
        old = next(v for v in versions if v.number == start)
        new = next(v for v in versions if v.number == to)
        diff = named_diff(old.entries, new.entries)
    return render(request, "decks/history.html", {
        "deck": deck, "versions": versions, "diff": diff, "old": old, "new": new, "bad_choice": bad,
        "is_owner": deck.owner_id is not None and deck.owner_id == request.user.pk,
    }, status=400 if bad else 200)


@require_POST
@login_required
def restore(request, deck_id: str):
    """Restore the version ``number`` (POST field) of a deck of yours, then back to its history."""
    deck = _deck_or_404(request, deck_id)
    number = _number(request.POST.get("number"))
    if number is None:
        raise ShownBadRequest(_("A version number is a whole number of at least 1."))
    try:
        version = services.restore_version(deck, request.user, number)
    except services.DeckPermissionError:
        return render(request, "decks/not_yours.html", {"deck": deck}, status=403)
    except services.DeckListError as exc:
        for problem in exc.report.blocking_problems:
            messages.error(request, problem_message(problem))
        return redirect("deck-history", deck_id=deck.pk)
    messages.success(request, _("Version %(old)s restored as version %(new)s.") % {"old": number, "new": version.number})
    return redirect(f"{reverse('deck-history', args=[deck.pk])}?from={number}&to={version.number}")


@require_POST
@login_required
def copy(request, deck_id: str):
    """Copy a deck you may read into a new private deck of yours, then open it in the builder."""
    deck = _deck_or_404(request, deck_id)
    try:
        mine = services.copy_deck(deck, request.user)
    except services.DeckListError as exc:
        for problem in exc.report.blocking_problems:
            messages.error(request, problem_message(problem))
        return redirect("deck-detail", deck_id=deck.pk)
    messages.success(request, _("Copied “%(name)s” into your decks.") % {"name": deck.name})
    return redirect("deck-edit", deck_id=mine.pk)


def print_deck(request, deck_id: str):
    """The deck as a printable list: cards by type with counts, the total and its validity, in
    the deck page's order (``?sort=name|size|code``) and the reader's language."""
    deck = _deck_or_404(request, deck_id)
    cards = selectors.deck_rows(deck)
    report = selectors.report_for_deck(deck)
    by = list_order(request.GET.get("sort"))
    return render(request, "decks/print.html", {
        "deck": deck, "groups": group_by_type(cards, by), "sort": by, "total": sum(c["count"] for c in cards),
        "expected": DECK_SIZE, "report": report,
        "problems": [dict(p, text_message=problem_message(p, with_lines=False)) for p in report.problems],
    })
