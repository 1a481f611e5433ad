"""The builder's drafts (``GET|PUT|DELETE /api/deck-drafts/new/`` for a new deck,
``/api/deck-drafts/<deck id>/`` for a deck of yours being edited) and adding one card to a deck
of yours (``POST /api/decks/<id>/cards/``, the card page's and search's "add to a deck")."""
from django.http import Http404
from django.utils.translation import gettext as _, ngettext
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response

from core.api.base import ApiView
from core.api.bodies import takes_no_body
from core.labels import active_language
from decks import selectors, services
from decks.errors import DeckPermissionError
from tcg.cards.names import display_name
from tcg.numbers import DECK_SIZE

from .serializers import AddCardInput, AddCardResultSerializer, DraftInput, DraftSerializer
from .views import ERROR, owned_deck, readable_deck

NEW = "new"


def _name(name: str, name_en: str) -> str:
    """A card's name in the reader's language (``tcg.cards.names.display_name``)."""
    return display_name({"name": name, "name_en": name_en}, active_language())


def _draft_deck(request, deck_id: str, *, keeping: bool = False):
    """``None`` for the new-deck draft (``new``), else the caller's deck ``deck_id``.

    A draft is its owner's alone: nobody else has one of the deck, whether they may read the
    deck or not. Reading or discarding a draft of a deck that is not the caller's answers 404,
    as for a deck they cannot see (there is no such draft, and none is said to be refused).
    Keeping one (``keeping``, the ``PUT``) of a deck they can read but do not own answers 403
    ``permission_denied`` "Only the deck's owner may keep a draft of it.", as every other write
    on a readable deck does (``PUT /api/decks/<id>/``, adding a card); a deck they cannot read
    is 404 there too."""
    if deck_id == NEW:
        return None
    deck = readable_deck(request, deck_id)
    if deck.owner_id is None or deck.owner_id != request.user.pk:
        if keeping:
            raise DeckPermissionError("draft")
        raise Http404
    return deck


class DeckDraft(ApiView):
    """Your unsaved builder work for a new deck (``new``) or for a deck of yours: kept as you
    type, restored when you reopen the builder, deleted when you save or discard it."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: DraftSerializer, 401: ERROR, 404: ERROR})
    def get(self, request, deck_id):
        draft = selectors.deck_draft(request.user, _draft_deck(request, deck_id))
        if draft is None:
            raise Http404
        return Response(DraftSerializer(draft).data)

    @extend_schema(request=DraftInput, responses={200: DraftSerializer, 400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR})
    def put(self, request, deck_id):
        deck = _draft_deck(request, deck_id, keeping=True)
        body = DraftInput(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        draft = services.save_draft(
            request.user, deck, [dict(c) for c in data["cards"]], name=data.get("name", ""),
            description=data.get("description", ""), is_public=data.get("public", False),
            base_version=data.get("base_version"), writer=data.get("writer", ""), sequence=data.get("sequence"))
        return Response(DraftSerializer(draft).data)

    @takes_no_body
    @extend_schema(responses={204: None, 401: ERROR, 403: ERROR, 404: ERROR})
    def delete(self, request, deck_id):
        try:
            services.discard_draft(request.user, _draft_deck(request, deck_id))
        except services.DeckNotFound:
            raise Http404 from None
        return Response(status=status.HTTP_204_NO_CONTENT)


class AddCard(ApiView):
    """Add copies of a card to a deck of yours (default 1), keeping the limit of 3 copies of a
    name: past it, 400 ``too_many_copies`` naming the card and the copies held. A deck taken past
    51 cards is kept (a player may be trading cards in and out), with a ``warning`` saying so."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=AddCardInput, responses={201: AddCardResultSerializer, 400: ERROR, 401: ERROR, 403: ERROR,
                                                     404: ERROR})
    def post(self, request, deck_id):
        deck = owned_deck(request, deck_id)
        body = AddCardInput(data=request.data)
        body.is_valid(raise_exception=True)
        count = body.validated_data.get("count", 1)
        version, card, copies = services.add_card(deck, request.user, body.validated_data["code"], count)
        message = ngettext(
            "Added to “%(deck)s”: it now holds %(copies)s copy of %(name)s (%(total)s cards).",
            "Added to “%(deck)s”: it now holds %(copies)s copies of %(name)s (%(total)s cards).",
            copies) % {"deck": deck.name, "copies": copies, "name": _name(card.name, card.name_en), "total": version.total}
        warning = None
        if version.total > DECK_SIZE:
            warning = _("A deck has exactly %(size)s cards, and this one now has %(total)s: take %(extra)s out "
                        "before playing it.") % {"size": DECK_SIZE, "total": version.total,
                                                 "extra": version.total - DECK_SIZE}
        return Response({
            "deck": deck.pk, "code": body.validated_data["code"].strip().upper(), "copies": copies,
            "total": version.total, "version": version.number, "message": message, "warning": warning,
        }, status=status.HTTP_201_CREATED)
