"""Deck pages: the validator (``/decks/validate/``), the deck list and a deck's page.

Views read the request, call ``decks.selectors`` and shape the report for the templates
(problems translated with ``decks.messages``). Saving decks is done through the API.
"""
from __future__ import annotations

import re

from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext as _

from cardsdb.selectors.catalogue import card_by_code
from core.errors import error_message
from core.labels import active_language, label
from core.params import page_number
from tcg.cards.names import ORDERS, card_order_key
from tcg.decks.diff import diff_entries
from tcg.decks.format import DeckTextTooLong, export_deck_text
from tcg.integers import BadValue, parse_int
from tcg.numbers import DECK_SIZE, MAX_COPIES
from tcg.vocabulary import TYPE_LABELS

from . import selectors
from .forms import DeckTextForm
from .labels import GOLDFISH
from .messages import line_note, problem_message
from .presenters import odds_context, stats_context
from .models import Deck

_DECK_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
_CARD_CODE = re.compile(r"^[A-Za-z0-9]{1,10}-[A-Za-z0-9]{1,10}$")
DECKS_PER_PAGE = 50
#: Decks with a card listed on the card's own page (the rest on ``/decks/with-card/<code>/``).
CARD_PAGE_DECKS = 10


def visible_deck(user, deck_id: str) -> Deck | None:
    """The deck ``deck_id`` with its cards when ``user`` may read it, else ``None``."""
    if not deck_id or not _DECK_ID.match(deck_id):
        return None
    return selectors.with_cards(selectors.visible_decks(user)).filter(pk=deck_id).first()


def reader_language() -> str:
    """``"en"`` or ``"ja"``: the language the page is shown in."""
    return "en" if (get_language() or "").startswith("en") else "ja"


def list_order(raw: str | None) -> str:
    """The order a deck list is shown in, from ``?sort=`` (one of ``tcg.cards.names.ORDERS``:
    ``name``, ``size``, ``code``); ``name`` for anything else."""
    return raw if raw in ORDERS else "name"


def sort_choices() -> list[tuple[str, str]]:
    """The orders a deck list can be shown in, as ``(value, translated label)``."""
    return [("name", _("By name")), ("size", _("By SIZE")), ("code", _("By code"))]


def named_diff(before: list[dict], after: list[dict]) -> dict:
    """``tcg.decks.diff.diff_entries`` of two lists (``[{"code", "name", "type", "count"}]``)
    with each change's English name and reading (versions keep the Japanese name only) and the
    changes in the reader's order (``tcg.cards.names``): the diff the history page and the
    builder's stale-draft notice show (``decks/_diff.html``)."""
    diff = diff_entries(before, after)
    details = selectors.card_details([c["code"] for c in diff["changes"]])
    for change in diff["changes"]:
        row = details.get(change["code"], {})
        change.update(name_en=row.get("name_en", ""), reading=row.get("reading", ""))
    lang = reader_language()
    diff["changes"].sort(key=lambda c: card_order_key(c, lang))
    return diff


def group_by_type(cards: list[dict], by: str = "name") -> list[dict]:
    """``[{"type", "label", "count", "cards"}]``: characters, items, events, each with its total
    and its type's label as a heading ("Character"),
    the cards in the order a reader of the page's language expects
    (``tcg.cards.names.card_order_key``: by reading in Japanese, by English name in English;
    ``by`` ``"size"`` or ``"code"`` for those orders)."""
    groups: dict[str, dict] = {}
    lang = reader_language()
    for card in sorted(cards, key=lambda c: card_order_key(c, lang, by)):
        kind = card["type"]
        group = groups.setdefault(
            kind, {"type": kind, "label": capfirst(label(TYPE_LABELS, kind)), "count": 0, "cards": []}
        )
        group["count"] += card["count"]
        group["cards"].append(card)
    return list(groups.values())


def _problems(problems: list[dict], with_place: bool = True, with_lines: bool = True) -> list[dict]:
    """``problems`` each with its ``text_message`` (``messages.problem_message``)."""
    return [dict(p, text_message=problem_message(p, with_place=with_place, with_lines=with_lines)) for p in problems]


def _report_context(text: str, report) -> dict:
    """The report shaped for the page: per-line problems beside the numbered lines."""
    by_line: dict[int, list[dict]] = {}
    general = []
    for problem in report.problems:
        if "line" in problem:
            by_line.setdefault(problem["line"], []).append(problem)
        else:
            general.append(problem)
    notes: dict[int, list[dict]] = {}
    for problem in general:  # a deck-wide problem of some lines: a note beside each of them
        for n in problem.get("lines") or ():
            notes.setdefault(n, []).append({"code": problem["code"], "text_message": line_note(problem)})
    lines = [
        {"number": n, "text": raw,
         "problems": _problems(by_line.get(n, []), with_place=False) + notes.get(n, [])}
        for n, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1)
    ]
    return {
        "report": report,
        "expected": DECK_SIZE,
        "lines": lines,
        "general_problems": _problems(general),
        "line_problem_count": sum(len(v) for v in by_line.values()),
        "groups": group_by_type([dict(c.to_dict(), reading=c.reading) for c in report.cards]),
    }


def validate(request):
    """The deck validator: paste a list, POST it, see every problem next to its line.

    ``?deck=<id>`` fills the text area with a deck the visitor may read (e.g. ``SMP-RED``).
    """
    context: dict = {"report": None}
    status = 200
    if request.method == "POST":
        form = DeckTextForm(request.POST)
        if form.is_valid():
            text = form.cleaned_data["text"]
            try:
                context.update(_report_context(text, selectors.check_text(text)))
            except DeckTextTooLong as exc:
                form.add_error("text", error_message(exc))
        if form.errors:
            status = 400
    else:
        initial = {}
        deck_id = request.GET.get("deck")
        if deck_id:
            deck = visible_deck(request.user, deck_id)
            if deck is None:
                context["missing_deck"] = deck_id
                status = 404
            else:
                initial["text"] = export_deck_text(selectors.deck_rows(deck), title=deck.name, lang=reader_language())
                context["loaded_deck"] = deck
        form = DeckTextForm(initial=initial)
    context["form"] = form
    context["sample_decks"] = selectors.visible_decks(None).filter(owner__isnull=True).order_by("id")
    context.update(deck_size=DECK_SIZE, max_copies=MAX_COPIES)
    return render(request, "decks/validate.html", context, status=status)


def deck_list(request):
    """Public decks (paginated) and, for a logged-in visitor, their own decks."""
    public = Paginator(selectors.visible_decks(None).order_by("-updated_at", "id"), DECKS_PER_PAGE)
    mine = None
    if request.user.is_authenticated:
        mine = list(selectors.visible_decks(request.user).filter(owner=request.user).order_by("-updated_at", "id"))
    return render(request, "decks/deck_list.html", {"page": public.get_page(page_number(request.GET.get("page"))), "mine": mine})


def decks_with_card(request, code: str):
    """``/decks/with-card/<code>/``: the public decks that hold a card, most copies first
    (``selectors.public_decks_with_card``), 50 a page; 404 for an unknown card. With
    ``?part=list`` only the first ``CARD_PAGE_DECKS`` as an HTML fragment, which the card's page
    shows in its "Decks with this card" section."""
    card = card_by_code(code) if _CARD_CODE.match(code) else None
    if card is None:
        raise Http404(_("No card has the code %(code)s.") % {"code": code})
    decks = selectors.public_decks_with_card(card.code)
    names = [card.name_en, card.name] if active_language() == "en" and card.name_en else [card.name, card.name_en]
    context = {"card": card, "card_name": names[0], "card_other_name": names[1] or ""}
    if request.GET.get("part") == "list":
        shown = list(decks[: CARD_PAGE_DECKS + 1])
        context.update(decks=shown[:CARD_PAGE_DECKS], more=len(shown) > CARD_PAGE_DECKS)
        return render(request, "decks/_with_card_list.html", context)
    page = Paginator(decks, DECKS_PER_PAGE).get_page(page_number(request.GET.get("page")))
    context.update(page=page, decks=page.object_list, more=False)
    return render(request, "decks/with_card.html", context)


def _choice(raw: str | None, default: int, low: int, high: int) -> int:
    """A whole number from a query parameter (``tcg.integers.parse_int``), ``default`` unless it
    is one from low to high."""
    try:
        return parse_int(raw, low, high)
    except BadValue:
        return default


def deck_detail(request, deck_id: str):
    """A deck's page: its cards by type (a table, or stacks of card faces in the reader's
    language), validity, statistics, draw odds (``?k=`` at least k,
    ``?played=`` cards a turn uses), the goldfish, share and export links, and its text
    export. 404 when not visible."""
    deck = visible_deck(request.user, deck_id)
    if deck is None:
        raise Http404(_("No deck %(id)s.") % {"id": deck_id})
    cards = selectors.deck_rows(deck)
    report = selectors.report_for_deck(deck)
    stat_cards = selectors.stat_cards([{"code": c["code"], "count": c["count"]} for c in cards])
    lang, by = reader_language(), list_order(request.GET.get("sort"))
    k = _choice(request.GET.get("k"), 1, 1, 3)
    played = _choice(request.GET.get("played"), 2, 0, 7)
    latest = selectors.deck_versions(deck).first()
    return render(request, "decks/deck_detail.html", {
        "stats": stats_context(stat_cards),
        "odds": odds_context(stat_cards, k=k, played=played, names={c["code"]: c for c in cards}, lang=lang),
        "k_choices": [1, 2, 3],
        "played_choices": list(range(0, 8)),
        "latest_version": latest,
        "share_url": request.build_absolute_uri(reverse("deck-detail", args=[deck.pk])),
        "deck": deck,
        "groups": group_by_type(cards, by),
        "face_lang": lang,
        "sort": by,
        "sort_choices": sort_choices(),
        "total": sum(c["count"] for c in cards),
        "expected": DECK_SIZE,
        "report": report,
        "problems": _problems(report.problems, with_lines=False),
        "text": export_deck_text(cards, title=deck.name, lang=lang, by=by),
        "is_owner": deck.owner_id is not None and deck.owner_id == request.user.pk,
        "goldfish_labels": GOLDFISH,
        "entries": [{"code": c["code"], "count": c["count"]} for c in cards],
    })
