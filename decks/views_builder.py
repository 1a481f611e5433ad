"""The deck builder page (``/decks/new/``, ``/decks/<id>/edit/``) and its live panel
(``POST /decks/builder/panel/``).

The page keeps the list being built in the browser; every change posts it to the panel view,
which answers the server-rendered panel: the validator's verdict with every problem, the deck
grouped by type with +/− buttons and each card's key fields (or as stacks of card faces, by the
page's List / Cards switch), and the statistics. Saving goes
through the API (``POST /api/decks/``, ``PUT /api/decks/<id>/``) with the page's session.
"""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseBadRequest
from django.shortcuts import render
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from core.errors import error_message
from core.jsonbody import JsonRefused, read_json
from core.labels import active_language, label
from core.messages import localize
from decks.api.serializers import DeckListInput
from tcg.decks.format import DeckTextTooLong
from tcg.decks.goldfish import MAX_CARDS, MIN_CARDS, sample_game
from tcg.effects.text import reader_effect_text
from tcg.message import Message, gettext_noop
from tcg.numbers import AREA_CARDS, DECK_SIZE, HAND_SIZE
from tcg.vocabulary import ACTION_LABELS, COLOUR_LABELS, COLOURLESS, DIRECTION_LABELS, STEPS

from . import selectors
from .labels import builder_labels
from .messages import problem_message
from .presenters import stats_context
from .views import group_by_type, named_diff, reader_language, visible_deck

MAX_PANEL_BODY = 200_000


def _tip_row(name: str, value: str, lang: str = "", wide: bool = False) -> dict:
    return {"label": name, "value": value, "lang": lang, "wide": wide}


def card_tip(card: dict) -> list[dict]:
    """A card's key fields for the builder's tips, as translated rows ``{"label", "value",
    "lang", "wide"}``: colours, SIZE and bonus, the action table, HP, movement and special
    ability for characters, the effect for events and items. The ability or effect is in the
    reader's language (``tcg.effects.text.reader_effect_text``); ``lang`` is ``"ja"`` for a text
    only the Japanese catalogue has (a ``"manual"`` effect read in English), else ``""``;
    ``wide`` rows take the tip's whole width. ``card`` is a ``selectors.card_details`` row."""
    lang = active_language()
    size = str(card["size"])
    if card.get("bonus_colour"):
        size += f" ({label(COLOUR_LABELS, card['bonus_colour'])} {card['bonus_value']:+d})"
    rows = [
        _tip_row(_("Colour"), capfirst(", ".join(label(COLOUR_LABELS, c) for c in card["colours"])
                                       or label(COLOUR_LABELS, COLOURLESS))),
        _tip_row(_("SIZE"), size),
    ]
    for n, step in enumerate(STEPS, start=1):
        actions = " / ".join(capfirst(label(ACTION_LABELS, a)) for a in card[step].split())
        rows.append(_tip_row(_("STEP %(number)s") % {"number": n}, actions))
    character = card.get("hp") is not None
    if character:
        rows.append(_tip_row(_("HP"), str(card["hp"])))
        rows.append(_tip_row(_("Movement power"),
                             f"{card['movement']} ({label(DIRECTION_LABELS, card.get('directions') or '', '')})",
                             wide=True))
    written = card.get("ability") if character else card.get("text")
    text, text_lang = reader_effect_text(card.get("effect"), card["type"], written or "", lang)
    if text:
        rows.append(_tip_row(_("Special ability") if character else _("Effect"), text,
                             "" if text_lang == lang else text_lang, wide=True))
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
        cards.append(row)
    stat_cards = selectors.stat_cards([{"code": c.code, "count": c.count} for c in report.cards], details)
    return {
        "report": report,
        "entries": [{"code": c.code, "count": c.count} for c in report.cards],
        "expected": DECK_SIZE,
        "problems": [dict(p, text_message=problem_message(p, with_place=False, with_lines=False))
                     for p in report.problems],
        "groups": group_by_type(cards),
        "face_lang": reader_language(),
        "stats": stats_context(stat_cards),
        "insight_id": "builder",
    }


@never_cache
@login_required
def builder(request, deck_id: str | None = None):
    """The builder: empty at ``/decks/new/``, or loaded with a deck of yours at
    ``/decks/<id>/edit/`` (404 for a deck you cannot see, 403 for another's public deck).

    Unsaved work is kept as a draft on the server while one builds (``/api/deck-drafts/…``);
    when the user has a draft of this deck (or of a new deck), the page opens with it, says
    so, and offers to discard it. A draft started from an older version than the deck's latest
    (the deck changed meanwhile: a card added from a card page, a version restored) is not
    restored by itself: the page opens with the deck as saved, says from which version the
    draft was started and which the deck is at, shows what the draft would change in it, and
    offers to restore the draft anyway or to discard it.

    Never cached (``Cache-Control: no-store``): going Back to the builder showed the browser's
    copy of the page as it was first loaded, and the next change wrote that old list over the
    draft."""
    deck, initial = None, []  # initial: [{"code", "count"}]
    if deck_id is not None:
        deck = visible_deck(request.user, deck_id)
        if deck is None:
            raise Http404(_("No deck %(id)s.") % {"id": deck_id})
        if deck.owner_id != request.user.pk:
            return render(request, "decks/not_yours.html", {"deck": deck}, status=403)
        initial = [{"code": e["code"], "count": e["count"]} for e in selectors.deck_entries_as_list(deck)]
    draft = selectors.deck_draft(request.user, deck)
    latest = selectors.deck_versions(deck).first() if deck else None
    form = {"name": deck.name if deck else "", "description": deck.description if deck else "",
            "public": deck.is_public if deck else False}
    stale = None
    if draft is not None and latest is not None and draft.base_version is not None \
            and draft.base_version < latest.number:
        drafted = [c.to_dict() for c in selectors.check_entries(draft.entries).cards]
        stale = {"base": draft.base_version, "latest": latest.number, "diff": named_diff(latest.entries, drafted),
                 "work": {"cards": draft.entries, "name": draft.name, "description": draft.description,
                          "public": draft.is_public}}
    elif draft is not None:
        initial = draft.entries
        form = {"name": draft.name, "description": draft.description, "public": draft.is_public}
    context = {"deck": deck, "draft": draft, "stale": stale, "form": form,
               "version": latest.number if latest else None, "labels": builder_labels(), **panel_context(initial)}
    return render(request, "decks/builder.html", context)


MAX_SAMPLE_TURNS = 5


def _whole(value, low: int, high: int) -> bool:
    """Whether the JSON ``value`` is a whole number (not a boolean) from ``low`` to ``high``."""
    return type(value) is int and low <= value <= high


@require_POST
def sample_hand(request):
    """A sample hand of the list in the JSON body ``{"cards": [{"code", "count"}], "seed": int,
    "turns": 1..5}`` (seed default 0, turns default 4), as an HTML fragment of card faces: the
    7 kept (after a mulligan of a hand with no character), the 4 area cards, then each turn's
    refill and what the goldfish (``tcg.decks.goldfish``) did with it. 400 with the reason for a
    body of another shape, a code that names no card (each named as the validator names it), or a
    list of fewer than 11 cards or more than 999 (``MAX_CARDS``)."""
    try:
        data = read_json(request.body or b"null")
    except JsonRefused:
        data = None
    body = DeckListInput(data={"cards": data.get("cards")} if isinstance(data, dict) else {})
    if not isinstance(data, dict) or not body.is_valid():
        return HttpResponseBadRequest(_("Send the list as JSON: {\"cards\": [{\"code\": \"SMP-001\", \"count\": 3}]}."),
                                      content_type="text/plain; charset=utf-8")
    seed, turns = data.get("seed", 0), data.get("turns", 4)
    if not (_whole(seed, 0, 2**31 - 1) and _whole(turns, 1, MAX_SAMPLE_TURNS)):
        return HttpResponseBadRequest(
            _("The seed is a whole number from 0 to %(max)s and the turns from 1 to %(turns)s.")
            % {"max": 2**31 - 1, "turns": MAX_SAMPLE_TURNS}, content_type="text/plain; charset=utf-8")
    entries = [dict(c) for c in body.validated_data["cards"]]
    details = selectors.card_details([e["code"] for e in entries])
    unknown = [Message(gettext_noop("%(place)s: no card has the code %(code)s."),
                       place=Message(gettext_noop("Entry %(entry)s"), entry=i), code=e["code"])
               for i, e in enumerate(entries) if e["code"] not in details]
    if unknown:  # named, as the validator names them, rather than left out of a list then too short
        return HttpResponseBadRequest(" ".join(localize(m) for m in unknown), content_type="text/plain; charset=utf-8")
    cards = selectors.stat_cards(entries, details)
    if sum(c.count for c in cards) < MIN_CARDS:
        return HttpResponseBadRequest(
            _("A sample hand needs at least %(min)s cards (%(hand)s in hand and %(area)s on the area).")
            % {"min": MIN_CARDS, "hand": HAND_SIZE, "area": AREA_CARDS}, content_type="text/plain; charset=utf-8")
    total = sum(c.count for c in cards)
    if total > MAX_CARDS:
        return HttpResponseBadRequest(
            _("A sample hand plays at most %(max)s cards; this list has %(count)s.") % {"max": MAX_CARDS, "count": total},
            content_type="text/plain; charset=utf-8")
    game = sample_game(cards, turns=turns, seed=seed)
    lang = active_language()

    def shown(codes):
        """The cards ``codes`` with their name in the reader's language (English falls back to
        the Japanese name when the card has none)."""
        names = {"ja": "name", "en": "name_en"}
        return [{"code": c, "name": details[c][names[lang]] or details[c]["name"]} for c in codes]

    context = {
        "seed": seed, "mulligan": game["mulligan"], "hand": shown(game["hand"]), "area": shown(game["area"]),
        "turns": [{"turn": t["turn"], "drawn": shown(t["drawn"]), "placed": shown([t["placed"]] if t["placed"] else []),
                   "laid": shown(t["laid"])} for t in game["turns"]],
        "lang": lang,
    }
    response = render(request, "decks/_sample_hand.html", context)
    response["Cache-Control"] = "no-store"
    return response


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
