"""Statistics, draw odds and the goldfish: ``/api/decks/<id>/stats/``, ``/odds/``,
``/goldfish/``, ``POST /api/decks/analyse/`` (an unsaved list, for the builder) and
``GET /api/goldfish/<run>/``."""
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, status
from django.utils.translation import gettext as _
from rest_framework.response import Response

from core.api.base import ApiView
from core.api.params import Codes, Integer, parameter_refusal, query_parameters
from core.errors import localized
from decks import selectors, services
from tcg.decks.analysis import odds_json, stats_json
from tcg.decks.odds import DEFAULT_PLAYED_PER_TURN, DEFAULT_TURNS, MAX_TURNS

from .serializers import AnalyseInput, GoldfishInput, GoldfishRunSerializer
from .views import ERROR, list_report, readable_deck

STATS = OpenApiResponse(description=(
    '{"total", "types": {type: n}, "colours": {colour | "colourless": n}, "size_curve": [{"value", "count"}], '
    '"average_size": {"p", "exact"}, "characters": {"count", "hp": [...], "movement": [...], "directions": {...}}, '
    '"actions": {"step1": {action: n}, ...}, "damage": {attacker: {"distribution": [{"damage", "p", "exact"}], '
    '"mean": {"p", "exact"}}}}. Counts count copies; "exact" is the fraction "n/d".'
))
ODDS = OpenApiResponse(description=(
    '{"deck_size", "played_per_turn", "points": [{"key": "opening"|"turnN", "turn", "cards"}], "groups": '
    '[{"key": "card:NAME"|"type:T"|"colour:C"|"custom", "kind", "label", "copies", "codes", '
    '"at_least": {"1": [{"p", "exact"} per point], ...}, "opening_with_mulligan": {"1": {"p", "exact"}, ...}}]}: '
    "the exact chance of holding at least k cards of the group among the cards drawn into hand by each point."
))
_TURNS = Integer("turns", f"odds up to this turn, 1–{MAX_TURNS}", low=1, high=MAX_TURNS,
                 default=DEFAULT_TURNS)
_PLAYED = Integer("played", "cards leaving the hand each turn, drawn back at the next refill, 0–7",
                  low=0, high=7, default=DEFAULT_PLAYED_PER_TURN)
_CARDS = Codes("cards", "comma-separated codes of cards in the deck, counted together as the group 'custom' "
                       "(at most 100; 400 bad_parameter for more, or for a code the deck does not hold)")


def odds_params(request, entries: list[dict]) -> tuple[int, int, tuple[str, ...]]:
    """``(turns, played, custom codes)`` from the checked query parameters; ``DomainError`` 400
    ``bad_parameter`` naming the codes of ``cards`` that ``entries`` (the deck's ``{"code",
    "count"}``) does not hold."""
    params = request.parameters
    codes = params["cards"]
    held = {entry["code"] for entry in entries}
    missing = [code for code in codes if code not in held]
    if missing:
        value = request.query_params["cards"]
        expected = _("codes of cards in this deck")
        sentence = _("The query parameter cards names cards this deck does not hold: %(codes)s.") % {
            "codes": ", ".join(missing)[:200]}
        raise parameter_refusal([{"parameter": "cards", "value": value, "expected": expected}], [sentence],
                                missing=missing)
    return params["turns"], params["played"], codes


def _entries(deck) -> list[dict]:
    return [{"code": e.card.code, "count": e.count} for e in deck.entries.all()]


class DeckStats(ApiView):
    """A saved deck's statistics and the damage it deals per attack, by attacker colour."""

    @extend_schema(responses={200: STATS, 404: ERROR})
    def get(self, request, deck_id):
        return Response(stats_json(selectors.stat_cards(_entries(readable_deck(request, deck_id)))))


class DeckOdds(ApiView):
    """A saved deck's exact draw odds: each card name, type and colour (and a chosen group),
    at least 1…3 of them in the opening hand and after each refill."""

    @query_parameters(_TURNS, _PLAYED, _CARDS)
    @extend_schema(responses={200: ODDS, 400: ERROR, 404: ERROR})
    def get(self, request, deck_id):
        entries = _entries(readable_deck(request, deck_id))
        turns, played, codes = odds_params(request, entries)
        return Response(odds_json(selectors.stat_cards(entries), turns, played, codes))


class AnalyseDeck(ApiView):
    """Everything the builder shows for a list that need not be saved: the validation report,
    the cards' key fields, statistics and odds."""

    writes = False  # a report on the list given: nothing is saved

    @extend_schema(
        request=AnalyseInput,
        responses={200: OpenApiResponse(description=(
            '{"validation": <validation report>, "cards": {code: key fields}, "stats": <as /stats/>, '
            '"odds": <as /odds/>}')), 400: ERROR},
        examples=[OpenApiExample("list", value={"cards": [{"code": "SMP-001", "count": 3}], "turns": 3},
                                 request_only=True)],
    )
    def post(self, request):
        body = AnalyseInput(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        report = list_report(data)
        entries = [{"code": c.code, "count": c.count} for c in report.cards]
        details = selectors.card_details([e["code"] for e in entries])
        cards = selectors.stat_cards(entries, details)
        return Response({
            "validation": localized(report.to_dict()),
            "cards": details,
            "stats": stats_json(cards),
            "odds": odds_json(cards, data.get("turns", DEFAULT_TURNS), data.get("played", DEFAULT_PLAYED_PER_TURN)),
        })


class StartGoldfish(ApiView):
    """Queue a goldfish simulation of a deck you may read: its opening turns played alone,
    many times (a Celery task). Answers 202 with the run; poll its ``url`` for progress."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=GoldfishInput, responses={202: GoldfishRunSerializer, 400: ERROR, 401: ERROR, 404: ERROR})
    def post(self, request, deck_id):
        deck = readable_deck(request, deck_id)
        body = GoldfishInput(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        run = services.start_goldfish(deck, request.user, runs=data.get("runs", 2000), turns=data.get("turns", 5),
                                      seed=data.get("seed"), mulligan=data.get("mulligan", True))
        return Response(GoldfishRunSerializer(run, context={"request": request}).data, status=status.HTTP_202_ACCEPTED)


class GoldfishRunDetail(ApiView):
    """A goldfish run's progress (``done`` of ``runs``) and, once ``status`` is ``done``, its result."""

    @extend_schema(parameters=[OpenApiParameter("run_id", OpenApiTypes.STR, OpenApiParameter.PATH)],
                   responses={200: GoldfishRunSerializer, 404: ERROR})
    def get(self, request, run_id):
        run = selectors.goldfish_run(run_id, request.user)
        if run is None:
            raise Http404
        response = Response(GoldfishRunSerializer(run, context={"request": request}).data)
        response["Cache-Control"] = "no-store"
        return response
