"""Card endpoints: ``GET /api/cards/`` (search) and ``GET /api/cards/<code>/``."""
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics

from cardsdb import selectors
from cardsdb.search import SearchError
from core.api.errors import ApiError

from .serializers import CardSerializer


class CardList(generics.ListAPIView):
    """Cards matching a query in the card search language, paginated."""

    serializer_class = CardSerializer

    @extend_schema(
        parameters=[
            OpenApiParameter("q", OpenApiTypes.STR, description="A query in the card search language (empty: every card)."),
            OpenApiParameter(
                "order", OpenApiTypes.STR, enum=sorted(selectors.ORDER_FIELDS), description="Sort key (default code)."
            ),
            OpenApiParameter("dir", OpenApiTypes.STR, enum=["asc", "desc"], description="Sort direction."),
            OpenApiParameter("page", OpenApiTypes.INT),
            OpenApiParameter("page_size", OpenApiTypes.INT, description="1–200, default 60."),
        ],
        responses={200: CardSerializer(many=True)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        params = self.request.query_params
        try:
            self.result = selectors.search_cards(params.get("q", ""), params.get("order"), params.get("dir"))
        except SearchError as exc:
            raise ApiError(
                "bad_query", exc.message, {"term": exc.term, "position": exc.position, "query": params.get("q", "")}
            ) from None
        return self.result.cards

    def list(self, request, *args, **kwargs):
        response = super().list(request, *args, **kwargs)
        response.data["warnings"] = self.result.warnings
        return response


class CardDetail(generics.RetrieveAPIView):
    """One card by its code, e.g. ``SMP-001``."""

    serializer_class = CardSerializer

    def get_object(self):
        card = selectors.card_by_code(self.kwargs["code"])
        if card is None:
            raise Http404
        return card
