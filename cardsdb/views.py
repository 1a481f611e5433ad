"""Card pages: the searchable card list (``/cards/``), the search syntax (``/cards/syntax/``),
a random card (``/cards/random/``), a card's page (``/cards/<code>/``) and its face
(``/cards/<code>/face.svg``, ``face.png``).

Views only read request parameters, call ``cardsdb.selectors`` and prepare labels for the
templates; a query that cannot be understood is answered 400 with its message, in the
visitor's language.
"""
from __future__ import annotations

import re
from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from core.labels import active_language, label
from core.messages import localize, localize_all
from core.params import page_number
from tcg.cards.names import display_name, other_name
from tcg.effects.language import MANUAL
from tcg.effects.text import card_text
from tcg.search import SearchError, without_options
from tcg.vocabulary import ACTION_LABELS, COLOUR_LABELS, COLOUR_LETTERS, DIRECTION_LABELS, STEPS, TYPE_LABELS

from . import face_http
from .faces import face_path, image_uris, reader_language
from .labels import SEARCH
from .models import Card
from .paginator import CountedRows, CountLastPaginator
from .selectors import catalogue, search
from .syntax import SECTIONS

PAGE_SIZE = 60
MAX_QUERY_LENGTH = 1000
_CODE_PATH = re.compile(r"^[A-Za-z0-9]{1,10}-[A-Za-z0-9]{1,10}$")

ORDER_LABELS = {
    "code": gettext_lazy("Code"),
    "name": gettext_lazy("Name"),
    "size": gettext_lazy("SIZE"),
    "hp": gettext_lazy("HP"),
    "mv": gettext_lazy("Movement power"),
    "rarity": gettext_lazy("Rarity"),
    "colour": gettext_lazy("Colour"),
}

#: Example queries of the syntax help: (query, what it finds).
EXAMPLES = [
    ("t:character", gettext_lazy("characters")),
    ("c:r", gettext_lazy("red cards (at least red)")),
    ("c=rg", gettext_lazy("exactly red and green")),
    ("size>=3", gettext_lazy("SIZE 3 or more")),
    ("hp>=5", gettext_lazy("HP 5 or more")),
    ("dir:diagonal", gettext_lazy("characters that move diagonally")),
    ("step1:charge", gettext_lazy("a charge in STEP 1")),
    ("o:回復", gettext_lazy("the text mentions 回復 (healing)")),
    ('"flame club"', gettext_lazy("a name containing a quoted phrase")),
    ("!火炎弾", gettext_lazy("exactly this name")),
]


def search_url(query: str) -> str:
    """The card list URL of a search for ``query``."""
    return f"{reverse('card-list')}?{urlencode({'q': query})}"


def colour_labels(card: Card) -> list[dict]:
    """``[{"key", "label", "letter"}]`` of the card's colours, in the order printed."""
    return [
        {"key": c, "label": label(COLOUR_LABELS, c), "letter": COLOUR_LETTERS.get(c, c)} for c in card.colours
    ]


def _decorate(card: Card) -> Card:
    card.colour_list = colour_labels(card)
    card.type_label = label(TYPE_LABELS, card.type)
    card.face_url = f"{face_path(card.code)}?lang={reader_language(get_language())}"
    return card


def _search_error(message: str, term: str | None = None, position: int | None = None) -> dict:
    return {"message": message, "term": term, "position": position}


def card_list(request):
    """``/cards/?q=&order=&dir=&page=&view=grid|list``: search results, 60 a page, with their
    count; a query that finds exactly one card opens that card's page (a redirect, as Scryfall
    does); one that finds none says so and offers the names its words may have meant
    (``search.did_you_mean``). The order controls show the order in effect, the query's own
    ``order:``/``dir:`` included."""
    params = request.GET
    q = params.get("q", "")
    order, direction = params.get("order") or "", params.get("dir") or ""
    view = "grid" if params.get("view") == "grid" else "list"
    context = {
        "q": q, "order": order, "dir": direction, "view": view, "error": None, "warnings": [], "page": None,
        "order_choices": list(ORDER_LABELS.items()),
        "search_labels": SEARCH,
        "examples": [{"query": e, "about": about, "url": search_url(e)} for e, about in EXAMPLES],
        "random_url": _random_url(q),
    }
    if len(q) > MAX_QUERY_LENGTH or "\x00" in q or "\x00" in order or "\x00" in direction:
        context["error"] = _search_error(
            _("A query may be at most %(max)s characters long, without control characters.") % {"max": MAX_QUERY_LENGTH}
        )
        context["random_url"] = _random_url("")
        return render(request, "cardsdb/card_list.html", context, status=400)
    try:
        result = search.search_cards(q, order or None, direction or None)
        page = CountLastPaginator(CountedRows(result.cards, result.count), PAGE_SIZE).get_page(page_number(params.get("page")))
        page.object_list = list(page.object_list)
        if q.strip() and not params.get("page") and len(page.object_list) == 1 and page.paginator.count == 1:
            return redirect("card-detail", page.object_list[0].code)
        page.object_list = [_decorate(card) for card in page.object_list]
    except SearchError as exc:
        context["error"] = _search_error(localize(exc.message), exc.term, exc.position)
        context["random_url"] = _random_url("")
        return render(request, "cardsdb/card_list.html", context, status=400)
    base_query = without_options(q)
    context.update(
        page=page, warnings=localize_all(result.warnings), order=result.order, dir=result.direction,
        base_query=base_query, sort_links=_sort_links(params, base_query, result.order, result.direction),
        did_you_mean=[_suggestion(card) for card in search.did_you_mean(q)] if not page.object_list else [],
    )
    return render(request, "cardsdb/card_list.html", context)


def _random_url(query: str) -> str:
    """The address of a random card among those ``query`` finds (every card for ``""``)."""
    url = reverse("card-random")
    return f"{url}?{urlencode({'q': query})}" if query.strip() else url


def _suggestion(card: Card) -> dict:
    """A "did you mean" entry: the card's names for the reader and the search for its exact
    name (which opens the card's page when no other card has that name)."""
    lang = active_language()
    return {"name": display_name(card, lang), "other": other_name(card, lang), "code": card.code, "url": search_url(f'!"{card.name}"')}


def random_card(request):
    """``/cards/random/?q=``: a redirect to the page of a card chosen at random among those
    ``q`` finds (``search.random_card``, the API's random card), every card without ``q``; to
    the search for ``q`` when it finds none or cannot be read (which says why)."""
    q = request.GET.get("q", "")
    card = None
    if len(q) <= MAX_QUERY_LENGTH and "\x00" not in q:
        try:
            card = search.random_card(q)
        except SearchError:
            card = None
    response = redirect("card-detail", card.code) if card is not None else redirect(search_url(q))
    response["Cache-Control"] = "no-store"
    return response


def _sort_links(params, base_query: str, order: str, direction: str) -> dict[str, dict]:
    """For each sortable column of the table: the URL that sorts by it (ascending, or the other
    way when it is already the order), and ``"ascending"``/``"descending"`` when it is.
    ``order``/``direction`` are the ones in effect; the links search for ``base_query``, the
    query without its own ``order:``/``dir:``, which would win over theirs."""
    links = {}
    for key in ("code", "name", "size", "hp", "mv"):
        active = key == order
        new_direction = "desc" if active and direction != "desc" else "asc"
        query = params.copy()
        if "q" in query:
            query["q"] = base_query
        query["order"], query["dir"] = key, new_direction
        query.pop("page", None)
        links[key] = {
            "url": f"?{query.urlencode()}",
            "sort": ("descending" if direction == "desc" else "ascending") if active else "",
        }
    return links


def syntax_help(request):
    """``/cards/syntax/``: every keyword and form of the search language, with examples that
    link to their results."""
    sections = [
        {
            "title": section.title,
            "entries": [
                {
                    "forms": entry.forms,
                    "operators": " ".join(entry.operators),
                    "about": entry.about,
                    "examples": [{"query": q, "about": about, "url": search_url(q)} for q, about in entry.examples],
                }
                for entry in section.entries
            ],
        }
        for section in SECTIONS
    ]
    return render(request, "cardsdb/syntax_help.html", {"sections": sections})


def _bonus_label(card: Card) -> str:
    if card.bonus_colour is None:
        return ""
    return f"{card.bonus_value:+d} {label(COLOUR_LABELS, card.bonus_colour)}"


def card_text_for_reader(card: Card, lang: str) -> tuple[str, str]:
    """(text, its language) of ``card``'s rules text, shown once on its page: in English the
    text written out from its effect (``tcg.effects.text.card_text``) when it has one; else, and
    in Japanese, the printed text, or the Japanese effect text when nothing is printed, or the
    special ability; ``("", "ja")`` when it has none of them."""
    if lang == "en":
        written = card_text(card.effect, card.type, "en")
        if written:
            return written, "en"
    printed = card.text or card_text(card.effect, card.type, "ja") or card.ability or ""
    return printed, "ja"


def card_detail(request, code: str):
    """``/cards/<code>/``: one card's face beside every field, its text once in the reader's
    language, links to related searches, the previous and next card by code and the public
    decks with it (loaded from the decks' pages); 404 when unknown."""
    card = catalogue.card_by_code(code) if _CODE_PATH.match(code) else None
    if card is None:
        raise Http404(_("No card has the code %(code)s.") % {"code": code})
    _decorate(card)
    lang = reader_language(get_language())
    action_rows = [
        {"label": _("STEP %(n)s") % {"n": n},
         "actions": [capfirst(label(ACTION_LABELS, a)) for a in card.action_table[step]]}
        for n, step in enumerate(STEPS, start=1)
    ]
    text, text_lang = card_text_for_reader(card, lang)
    previous, following = catalogue.card_neighbours(card.code)
    context = {
        "card": card,
        "action_rows": action_rows,
        "bonus": _bonus_label(card),
        "direction_label": label(DIRECTION_LABELS, card.directions, card.directions or ""),
        "type_search": search_url(f"t:{card.type}"),
        "size_search": search_url(f"size={card.size}"),
        "colour_searches": [dict(c, url=search_url(f"c:{c['letter']}")) for c in card.colour_list],
        "colourless_search": search_url("c:colorless"),
        "api_url": reverse("api-card-detail", args=[card.code]),
        "face": image_uris(reverse("card-list"), card.code, lang),
        "card_text": text,
        "card_text_lang": text_lang,
        "card_text_untranslated": bool(text) and text_lang != lang,
        "manual": card.effect == MANUAL,
        "manual_search": search_url("is:manual"),
        "previous": _decorate(previous) if previous else None,
        "next": _decorate(following) if following else None,
    }
    return render(request, "cardsdb/card_detail.html", context)


def card_face(request, code: str, fmt: str):
    """``/cards/<code>/face.svg?lang=ja|en`` (and ``face.png``): the card's face, cached by
    ``ETag`` (``cardsdb.face_http``); the 404 page for an unknown code, 400 for a bad ``lang``
(``cardsdb.errors``, answered by the pages' one handler)."""
    return face_http.serve_face(request, code, fmt, face_http.face_language(request))
