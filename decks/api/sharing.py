"""Copying a deck into your own (``POST /api/decks/<id>/copy/``) and exporting it
(``GET /api/decks/<id>/export/?as=text|json``; not ``format``, which DRF keeps for
content negotiation)."""
import json
import re
from urllib.parse import quote

from django.http import HttpResponse
from django.utils.http import content_disposition_header
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response

from core.api.base import ApiView
from core.api.params import Choice, query_parameters
from decks import selectors, services
from tcg.cards.names import LANGUAGES, ORDERS
from tcg.decks.format import export_deck_text

from .serializers import CopyInput, DeckDetailSerializer
from .views import ERROR, deck_detail_data, readable_deck

EXPORT_FORMATS = ("text", "json")
#: Characters a file name may not hold on common systems, and control characters.
_NOT_IN_FILE_NAMES = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f]+')


def download_name(deck, extension: str) -> str:
    """The file name a download of ``deck`` gets: its name (characters no file system takes
    replaced by ``_``, at most 100 characters), else its id, then ``.extension``."""
    name = _NOT_IN_FILE_NAMES.sub("_", deck.name).strip(" ._")[:100] or f"deck-{deck.pk}"
    return f"{name}.{extension}"


def attachment(deck, extension: str) -> str:
    """The ``Content-Disposition`` of a download of ``deck``, named by ``download_name``: a name
    that is not ASCII goes in ``filename*`` (RFC 6266, RFC 5987), with ``deck-<id>.<extension>``
    as the plain ``filename`` for clients that read only that."""
    name = download_name(deck, extension)
    if name.isascii():
        return content_disposition_header(True, name)
    return f"attachment; filename=\"deck-{deck.pk}.{extension}\"; filename*=utf-8''{quote(name)}"


class CopyDeck(ApiView):
    """Copy a deck you may read (public, or yours) into a new private deck of yours."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=CopyInput, responses={201: DeckDetailSerializer, 400: ERROR, 401: ERROR, 404: ERROR})
    def post(self, request, deck_id):
        deck = readable_deck(request, deck_id)
        body = CopyInput(data=request.data)
        body.is_valid(raise_exception=True)
        copy = services.copy_deck(deck, request.user, body.validated_data.get("name"))
        return Response(deck_detail_data(readable_deck(request, copy.pk), request), status=status.HTTP_201_CREATED)


def export_json(deck) -> dict:
    """A deck as a JSON document: ``{"id", "name", "description", "cards": [{"code", "name",
    "name_en", "type", "count"}], "total"}``."""
    cards = selectors.deck_entries_as_list(deck)
    return {"id": deck.pk, "name": deck.name, "description": deck.description, "cards": cards,
            "total": sum(c["count"] for c in cards)}


class ExportDeck(ApiView):
    """Download a deck: ``as=text`` (the deck text format, ``3 Name (CODE)`` lines, named and
    sorted for ``lang`` in the order ``sort``) or ``as=json``."""

    @query_parameters(
        Choice("as", "text (default) or json", choices=EXPORT_FORMATS, default="text"),
        Choice("lang", "as=text: the language cards are named and sorted in, ja (default: by kana reading) or en "
               "(English names, by English name)", choices=LANGUAGES, default="ja"),
        Choice("sort", "as=text: name (default), size or code, within each type", choices=ORDERS, default="name"),
    )
    @extend_schema(
        responses={(200, "text/plain"): OpenApiResponse(OpenApiTypes.STR, description="the deck text (as=text)"),
                   (200, "application/json"): OpenApiResponse(
                       OpenApiTypes.OBJECT, description='{"id", "name", "description", "cards": [...], "total"} (as=json)'),
                   400: ERROR, 404: ERROR},
    )
    def get(self, request, deck_id):
        deck = readable_deck(request, deck_id)
        if request.parameters["as"] == "json":
            body = json.dumps(export_json(deck), ensure_ascii=False, indent=1)
            response = HttpResponse(body, content_type="application/json; charset=utf-8")
            extension = "json"
        else:
            params = request.parameters
            text = export_deck_text(selectors.deck_rows(deck), title=deck.name, lang=params["lang"], by=params["sort"])
            response = HttpResponse(text, content_type="text/plain; charset=utf-8")
            extension = "txt"
        response["Content-Disposition"] = attachment(deck, extension)
        return response
