"""Deck endpoints: ``POST /api/decks/validate/`` and saved decks under ``/api/decks/``.

The deck services' refusals (``decks.errors``: ``DeckListError`` 400 ``invalid_deck_list``,
``DeckPermissionError`` 403, ``DeckNotFound`` 404) are answered by the API's one handler, every
message (and every problem's) in the language asked for."""
from django.http import Http404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response

from core.api.base import ApiView, ListApiView
from core.api.bodies import takes_no_body
from core.api.pagination import PAGINATION
from core.api.params import Boolean, query_parameters
from core.errors import localized
from decks import selectors, services
from decks.errors import DeckPermissionError
from tcg.decks.format import export_deck_text

from .serializers import (
    DeckDetailSerializer,
    DeckListInput,
    DeckSummarySerializer,
    DeckWriteInput,
    ValidationReportSerializer,
)

ERROR = OpenApiResponse(description='{"error": {"code", "message", "details"}}')


def list_report(data: dict):
    """The validator's report on a request's ``text`` or ``cards``; a text too long to read
    raises ``tcg.decks.format.DeckTextTooLong`` (400 ``invalid_request``)."""
    if "text" in data:
        return selectors.check_text(data["text"])
    return selectors.check_entries(data["cards"])


class ValidateDeck(ApiView):
    """Check a deck list: exactly 51 cards, at most 3 copies of a name, every card known."""

    writes = False  # a report on the list given: nothing is saved

    @extend_schema(
        request=DeckListInput,
        responses={200: ValidationReportSerializer, 400: ERROR, 413: ERROR},
        description=(
            'Body: {"text": "3 Name\\n…"} in the deck text format, or {"cards": [{"code": "SMP-001", "count": 3}]}. '
            "Answers 200 with every problem found; 400 only when the body itself is malformed."
        ),
    )
    def post(self, request):
        body = DeckListInput(data=request.data)
        body.is_valid(raise_exception=True)
        return Response(localized(list_report(body.validated_data).to_dict()))


def readable_deck(request, deck_id):
    """The deck ``deck_id`` with its cards if the caller may read it; else ``Http404``."""
    deck = selectors.with_cards(selectors.visible_decks(request.user)).filter(pk=deck_id).first()
    if deck is None:
        raise Http404
    return deck


def owned_deck(request, deck_id):
    """The deck ``deck_id`` if the caller owns it: ``Http404`` when they cannot read it,
    403 ``permission_denied`` when they can but it is not theirs."""
    deck = readable_deck(request, deck_id)
    if deck.owner_id is None or deck.owner_id != request.user.pk:
        raise DeckPermissionError("change")
    return deck


def deck_detail_data(deck, request) -> dict:
    """The full JSON of a deck (``DeckDetailSerializer``)."""
    cards = selectors.deck_entries_as_list(deck)
    report = selectors.check_entries([{"code": c["code"], "count": c["count"]} for c in cards])
    deck.cards = cards
    deck.text = export_deck_text(selectors.deck_rows(deck), title=deck.name)
    deck.validation = localized(report.to_dict())
    deck.version = deck.versions.order_by("-number").values_list("number", flat=True).first()
    return DeckDetailSerializer(deck, context={"request": request}).data



class DeckList(ListApiView):
    """Decks you may read (public ones and your own); create a deck (needs a user)."""

    serializer_class = DeckSummarySerializer

    def get_permissions(self):
        if self.request.method == "POST":
            return [permissions.IsAuthenticated()]
        return [permissions.AllowAny()]

    def get_queryset(self):
        decks = selectors.visible_decks(self.request.user)
        if self.request.parameters["mine"]:
            decks = decks.filter(owner=self.request.user) if self.request.user.is_authenticated else decks.none()
        return decks

    @query_parameters(Boolean("mine", "only your own decks"), *PAGINATION)
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(request=DeckWriteInput, responses={201: DeckDetailSerializer, 400: ERROR, 401: ERROR})
    def post(self, request):
        body = DeckWriteInput(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        deck = services.create_deck(
            request.user, data["name"], list_report(data),
            description=data.get("description", ""), is_public=data.get("public", False),
            note=data.get("note", ""),
        )
        deck = selectors.with_cards(selectors.visible_decks(request.user)).get(pk=deck.pk)
        return Response(deck_detail_data(deck, request), status=status.HTTP_201_CREATED)


class DeckDetail(ApiView):
    """One deck: read (public, or yours), change or delete (yours only)."""

    def get_permissions(self):
        if self.request.method in permissions.SAFE_METHODS:
            return [permissions.AllowAny()]
        return [permissions.IsAuthenticated()]

    def _deck(self, request, deck_id):
        return readable_deck(request, deck_id)

    @extend_schema(responses={200: DeckDetailSerializer, 404: ERROR})
    def get(self, request, deck_id):
        return Response(deck_detail_data(self._deck(request, deck_id), request))

    def _change(self, request, deck_id, partial):
        deck = self._deck(request, deck_id)
        body = DeckWriteInput(data=request.data, partial=partial)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        report = list_report(data) if ("text" in data or "cards" in data) else None
        services.update_deck(
            deck, request.user, report, note=data.get("note", ""),
            name=data.get("name"), description=data.get("description"), is_public=data.get("public"),
        )
        return Response(deck_detail_data(self._deck(request, deck_id), request))

    @extend_schema(request=DeckWriteInput, responses={200: DeckDetailSerializer, 400: ERROR, 403: ERROR, 404: ERROR})
    def put(self, request, deck_id):
        return self._change(request, deck_id, partial=False)

    @extend_schema(request=DeckWriteInput, responses={200: DeckDetailSerializer, 400: ERROR, 403: ERROR, 404: ERROR})
    def patch(self, request, deck_id):
        return self._change(request, deck_id, partial=True)

    @takes_no_body
    @extend_schema(responses={204: None, 403: ERROR, 404: ERROR})
    def delete(self, request, deck_id):
        services.delete_deck(self._deck(request, deck_id), request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
