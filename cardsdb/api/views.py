"""Card endpoints under ``/api/cards/``: search (the list), one card by code, by name
(``named``), name completion (``autocomplete``), a random card, a collection of identifiers,
the whole catalogue (``bulk``), and a card's face (``<code>/face.svg``, ``face.png``).

Views only read parameters, call ``cardsdb.selectors`` and write the answer. GET answers that
depend only on the catalogue carry ``ETag``/``Last-Modified`` and answer a matching
``If-None-Match`` with 304 (``conditional_get``).
"""
from django.http import Http404, StreamingHttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample, OpenApiResponse, extend_schema, extend_schema_view, inline_serializer,
)
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.response import Response

from cardsdb import face_http
from cardsdb.conditional import catalogue_state, conditional_get
from cardsdb.faces import MEDIA_TYPES, reader_language
from cardsdb.paginator import CountedRows, CountLastPaginator
from cardsdb.selectors import autocomplete, catalogue, collection, names, search
from core.api.base import ApiView, ListApiView, RetrieveApiView
from core.api.pagination import PAGINATION, PageNumberPagination
from core.api.params import Choice, Text, query_parameters
from core.api.renderers import FastJSONRenderer
from core.messages import localize_all
from tcg.errors import DomainError

from .bulk import bulk_parts
from .serializers import (
    CardCollectionRequestSerializer,
    CardCollectionSerializer,
    CardNamesSerializer,
    CardSerializer,
    ROW_FIELDS,
    image_uris_for,
)

_ERROR = inline_serializer(
    "CardError",
    {"error": inline_serializer("CardErrorBody", {
        "code": serializers.CharField(), "message": serializers.CharField(), "details": serializers.DictField(),
    })},
)
#: The longest query (or name) the card endpoints read, as the card pages.
MAX_QUERY = 1000
#: The longest card name ``named`` looks up (and the part of ``q`` autocompletion reads).
MAX_NAME = 200
_QUERY = Text("q", "A query in the card search language (empty: every card).", max_length=MAX_QUERY)


class CardPagination(PageNumberPagination):
    """The API's pages (``page``, ``page_size`` up to 200), counting only when the results go
    on past the page (``cardsdb.paginator.CountLastPaginator``)."""

    django_paginator_class = CountLastPaginator


@conditional_get
class CardList(ListApiView):
    """Cards matching a query in the card search language, paginated, with the query's
    ``warnings`` (terms that are understood but can never match)."""

    serializer_class = CardSerializer
    pagination_class = CardPagination

    @query_parameters(
        _QUERY,
        Choice("order", "Sort key (default code; order: in the query wins).",
               choices=tuple(sorted(search.ORDER_FIELDS))),
        Choice("dir", "Sort direction (default asc).", choices=("asc", "desc")),
        *PAGINATION,
    )
    @extend_schema(responses={200: CardSerializer(many=True), 400: _ERROR})
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        params = self.request.parameters
        # A SearchError (400 bad_query, details {"term", "position", "query"}) is answered by the API's handler.
        # The catalogue's state, read once for the ETag: the search's count is filed under it.
        self.result = search.search_cards(params["q"], params["order"], params["dir"], catalogue_state(self.request))
        return CountedRows(self.result.cards.values(*ROW_FIELDS), self.result.count)

    def list(self, request, *args, **kwargs):
        response = super().list(request, *args, **kwargs)
        response.data["warnings"] = localize_all(self.result.warnings)
        return response


@conditional_get
class CardDetail(RetrieveApiView):
    """One card by its code, e.g. ``SMP-001``."""

    serializer_class = CardSerializer

    def get_object(self):
        card = catalogue.card_by_code(self.kwargs["code"])
        if card is None:
            raise Http404
        return card


@conditional_get
class CardNamed(ApiView):
    """One card by name: ``exact`` (after folding case, width and kana) or ``fuzzy`` (a part
    of the name, or a misspelt one). A name several cards could have is 404 ``ambiguous`` with
    the ``candidates``; no such card is 404 ``not_found``."""

    @query_parameters(
        Text("exact", "The name (Japanese, kana reading or English).", max_length=MAX_NAME),
        Text("fuzzy", "Part of a name, or a misspelt name.", max_length=MAX_NAME),
        Text("set", "Only cards of this set, e.g. SMP.", max_length=MAX_NAME),
    )
    @extend_schema(
        responses={
            200: CardSerializer, 400: _ERROR, 404: OpenApiResponse(_ERROR, description="not_found or ambiguous"),
        },
    )
    def get(self, request):
        params = request.parameters
        given = [key for key in ("exact", "fuzzy") if params[key]]
        if len(given) != 1 or not params[given[0]].strip():
            raise DomainError("invalid_request", _("Give exactly one of exact= and fuzzy=, with a name."))
        text, set_code = params[given[0]], params["set"] or None
        match = (names.card_named if given[0] == "exact" else names.card_named_fuzzy)(text, set_code)
        if match.ambiguous:
            raise DomainError(
                "ambiguous",
                _("Several cards match “%(text)s”: %(names)s. Give more of the name.")
                % {"text": text, "names": _(", ").join(match.candidates)},
                {"candidates": match.candidates},
            )
        if match.card is None:
            raise DomainError("not_found", _("No card is named “%(text)s”.") % {"text": text}, {"name": text})
        return Response(CardSerializer(match.card, context={"request": request}).data)


@conditional_get
class CardAutocomplete(ApiView):
    """Up to 20 card names completing ``q``: names starting with it first, then names
    containing it. Under 2 characters: an empty list."""

    @query_parameters(Text("q", "The start (or a part) of a card name.", max_length=MAX_QUERY))
    @extend_schema(
        responses={200: CardNamesSerializer},
        examples=[OpenApiExample("names", value={"results": ["火炎部長カグラ"]}, response_only=True)],
    )
    def get(self, request):
        text = request.parameters["q"][:MAX_NAME]
        return Response({"results": autocomplete.autocomplete_names(text)})


class CardRandom(ApiView):
    """A card chosen at random among those ``q`` finds (every card when ``q`` is empty); 404
    ``not_found`` when it finds none. Never cached."""

    @query_parameters(_QUERY)
    @extend_schema(responses={200: CardSerializer, 400: _ERROR, 404: _ERROR})
    def get(self, request):
        query = request.parameters["q"]
        card = search.random_card(query)  # a SearchError is 400 bad_query (the API's handler)
        if card is None:
            raise DomainError("not_found", _("No card matches this query."), {"query": query})
        response = Response(CardSerializer(card, context={"request": request}).data)
        response["Cache-Control"] = "no-store"
        return response


class CardCollection(ApiView):
    """Up to 75 cards at once, by code or by name (exact, folded; optionally in a set):
    the cards found, in the order asked, and the identifiers ``not_found``."""

    writes = False  # a lookup: nothing is saved

    @extend_schema(
        request=CardCollectionRequestSerializer,
        responses={200: CardCollectionSerializer, 400: _ERROR},
        examples=[
            OpenApiExample(
                "codes and names",
                value={"identifiers": [{"code": "SMP-001"}, {"name": "火炎部長カグラ"}, {"name": "Nope", "set": "SMP"}]},
                request_only=True,
            )
        ],
    )
    def post(self, request):
        body = CardCollectionRequestSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        found, missing = collection.cards_by_identifiers(body.validated_data["identifiers"])
        return Response(
            {"cards": CardSerializer(found, many=True, context={"request": request}).data, "not_found": missing}
        )


@conditional_get
class CardBulk(ApiView):
    """The whole catalogue in the JSON interchange format (``{"sets": […], "cards": […]}``,
    what ``manage.py import_cards`` reads), streamed a thousand cards at a time. Send
    ``If-None-Match`` with the last ``ETag`` to download it only when it changed."""

    @extend_schema(
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="The catalogue in the interchange format.")}
    )
    def get(self, request):
        uris = image_uris_for(request)
        response = StreamingHttpResponse(bulk_parts(extra=lambda card: {"image_uris": uris(card.code)}),
                                         content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = 'inline; filename="catalogue.json"'
        return response


class _ImageAnswers(BaseContentNegotiation):
    """The face is an image whatever the ``Accept`` header says; only a refusal is rendered,
    always as JSON in the error shape."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class CardFace(ApiView):
    """A card's face, drawn from its data (no art exists): frame in the card's colours, name in
    the reader's language with the other beneath, type, SIZE and SIZE bonus, the action table
    with an icon per action, HP, movement power and directions for characters, the effect text,
    flavour, rarity, code and set, and a sample mark on cards of a set made for the site.

    The same image as ``/cards/<code>/face.svg``, the URL ``image_uris`` gives. ``ETag`` from
    the catalogue's version, the language and the renderer's version: a matching
    ``If-None-Match`` is answered 304; ``Cache-Control: public, max-age=86400,
    must-revalidate``. The SVG holds no script and no external reference
    (``Content-Security-Policy: default-src 'none'``)."""

    fmt = "svg"
    renderer_classes = [FastJSONRenderer]
    content_negotiation_class = _ImageAnswers

    @query_parameters(Choice("lang", "The face's language: the name in it first, the other beneath; labels and "
                             "text in it. Default: the Accept-Language asked for (ja or en), else en.",
                             choices=("ja", "en")))
    def get(self, request, code: str):
        lang = request.parameters["lang"] or reader_language(get_language())
        return face_http.serve_face(request, code, self.fmt, lang)


def _face_schema(fmt: str, about: str):
    return extend_schema(
        responses={
            (200, MEDIA_TYPES[fmt]): OpenApiResponse(OpenApiTypes.BINARY, description=about),
            (304, MEDIA_TYPES[fmt]): OpenApiResponse(description="Not modified: the If-None-Match tag is current."),
            404: OpenApiResponse(_ERROR, description="not_found: no card has this code"),
        },
    )


@extend_schema_view(get=_face_schema("svg", "The face as a standalone SVG document (244 × 340)."))
class CardFaceSvg(CardFace):
    fmt = "svg"


@extend_schema_view(get=_face_schema("png", "The face as a PNG image (488 × 680)."))
class CardFacePng(CardFace):
    fmt = "png"
