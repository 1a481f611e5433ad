"""The deck builder page (``/decks/new/``, ``/decks/<id>/edit/``) and its live panel
(``POST /decks/builder/panel/``).

The page keeps the list being built in the browser; every change posts it to the panel view,
which answers the server-rendered panel: the validator's verdict with every problem, the deck
grouped by type with +/− buttons and each card's key fields, and the statistics. Saving goes
through the API (``POST /api/decks/``, ``PUT /api/decks/<id>/``) with the page's session.
"""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import error_message
from core.jsonbody import JsonRefused, read_json
from core.labels import label
from decks.api.serializers import DeckListInput
from tcg.decks.format import DeckTextTooLong
from tcg.numbers import DECK_SIZE
from tcg.vocabulary import ACTION_LABELS, COLOUR_LABELS, COLOURLESS, DIRECTION_LABELS, STEPS

from . import selectors
from .labels import builder_labels
from .messages import problem_message
from .presenters import stats_context
from .views import group_by_type, visible_deck

MAX_PANEL_BODY = 200_000


def card_tip(card: dict) -> list[tuple[str, str]]:
    """A card's key fields for the builder's tips, as translated ``(label, value)`` rows:
    colours, SIZE and bonus, the action table, and HP / movement / ability for characters.
    ``card`` is a ``selectors.card_details`` row."""
    size = str(card["size"])
    if card.get("bonus_colour"):
        size += f" ({label(COLOUR_LABELS, card['bonus_colour'])} {card['bonus_value']:+d})"
    rows = [
        (_("colour"), ", ".join(label(COLOUR_LABELS, c) for c in card["colours"]) or label(COLOUR_LABELS, COLOURLESS)),
        (_("SIZE"), size),
    ]
    for n, step in enumerate(STEPS, start=1):
        actions = " / ".join(label(ACTION_LABELS, a) for a in card[step].split())
        rows.append((_("STEP %(number)s") % {"number": n}, actions))
    if card.get("hp") is not None:
        rows.append((_("HP"), str(card["hp"])))
        rows.append((_("movement power"), f"{card['movement']} ({label(DIRECTION_LABELS, card.get('directions') or '', '')})"))
        if card.get("ability"):
            rows.append((_("special ability"), card["ability"]))
    return rows


def panel_context(entries: list[dict]) -> dict:
    """Everything the builder panel shows for ``entries`` (``[{"code", "count"}]``)."""
    report = selectors.check_entries(entries)
    details = selectors.card_details([c.code for c in report.cards])
    cards = []
    for card in report.cards:
        row = card.to_dict()
        row["reading"] = card.reading
        row["tip"] = card_tip(details[card.code]) if card.code in details else []
        row["tip_text"] = "\n".join(f"{name}: {value}" for name, value in row["tip"])
        cards.append(row)
    stat_cards = selectors.stat_cards([{"code": c.code, "count": c.count} for c in report.cards], details)
    return {
        "report": report,
        "entries": [{"code": c.code, "count": c.count} for c in report.cards],
        "expected": DECK_SIZE,
        "problems": [dict(p, text_message=problem_message(p, with_place=False)) for p in report.problems],
        "groups": group_by_type(cards),
        "stats": stats_context(stat_cards),
        "insight_id": "builder",
    }


@login_required
def builder(request, deck_id: str | None = None):
    """The builder: empty at ``/decks/new/``, or loaded with a deck of yours at
    ``/decks/<id>/edit/`` (404 for a deck you cannot see, 403 for another's public deck)."""
    deck, initial = None, []  # initial: [{"code", "count"}]
    if deck_id is not None:
        deck = visible_deck(request.user, deck_id)
        if deck is None:
            raise Http404(_("No deck %(id)s.") % {"id": deck_id})
        if deck.owner_id != request.user.pk:
            return render(request, "decks/not_yours.html", {"deck": deck}, status=403)
        initial = [{"code": e["code"], "count": e["count"]} for e in selectors.deck_entries_as_list(deck)]
    context = {"deck": deck, "labels": builder_labels(), **panel_context(initial)}
    return render(request, "decks/builder.html", context)


@require_POST
def builder_panel(request):
    """The panel for the list in the JSON body: ``{"cards": [{"code", "count"}]}``, or
    ``{"text": "3 Name\n…"}`` (an import). An import that does not resolve (unreadable lines,
    unknown cards…) answers 422 with every problem and changes nothing; a body of neither
    shape answers 400 with the reason, as does a body that JSON's rules for every door refuse
    (``core.jsonbody``: nested too deeply, a NUL character or a lone surrogate in a string).
    The panel carries the resolved list as JSON
    (``#builder-entries``), which becomes the page's list."""
    if len(request.body) > MAX_PANEL_BODY:
        return HttpResponseBadRequest(_("The list is too long."), content_type="text/plain; charset=utf-8")
    try:
        data = read_json(request.body or b"null")
    except JsonRefused as exc:
        if exc.code == "invalid_text":
            return HttpResponseBadRequest(
                _("The list holds a character that text cannot hold (%(character)s).") % exc.details,
                content_type="text/plain; charset=utf-8")
        data = None
    body = DeckListInput(data=data if isinstance(data, dict) else {})
    if not isinstance(data, dict) or not body.is_valid():
        return HttpResponseBadRequest(
            _("Send the list as JSON: {\"cards\": [{\"code\": \"SMP-001\", \"count\": 3}]} or {\"text\": \"3 Name\"}."),
            content_type="text/plain; charset=utf-8",
        )
    if "text" in body.validated_data:
        try:
            report = selectors.check_text(body.validated_data["text"])
        except DeckTextTooLong as exc:
            return HttpResponseBadRequest(error_message(exc), content_type="text/plain; charset=utf-8")
        if report.blocking_problems:
            problems = [dict(p, text_message=problem_message(p)) for p in report.blocking_problems]
            return render(request, "decks/_import_problems.html", {"problems": problems}, status=422)
        entries = [{"code": c.code, "count": c.count} for c in report.cards]
    else:
        entries = [dict(c) for c in body.validated_data["cards"]]
    response = render(request, "decks/_builder_panel.html", panel_context(entries))
    response["Cache-Control"] = "no-store"
    return response
