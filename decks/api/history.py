"""A deck's versions: ``/api/decks/<id>/versions/``, one version, the diff between two, and
restoring an old one."""
from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from core.api.base import ApiView, ListApiView
from core.api.errors import ApiError
from core.api.pagination import PAGINATION
from core.api.params import Integer, query_parameters
from decks import selectors, services
from tcg.decks.diff import diff_entries
from tcg.decks.format import export_deck_text

from .serializers import DeckDetailSerializer, DiffSerializer, NoteInput, VersionSerializer, VersionSummarySerializer
from .views import ERROR, deck_detail_data, owned_deck, readable_deck, refused


def version_data(version) -> dict:
    """The JSON of one version, with its list as text (in kana order: the cards' readings are
    the catalogue's)."""
    details = selectors.card_details([e["code"] for e in version.entries])
    rows = [dict(e, reading=details.get(e["code"], {}).get("reading", "")) for e in version.entries]
    version.text = export_deck_text(rows, title=version.name)
    return VersionSerializer(version).data


def _version(deck, number):
    version = selectors.deck_version(deck, number)
    if version is None:
        raise ApiError("not_found", f"Deck {deck.pk} has no version {number}.", status_code=404)
    return version


class VersionList(ListApiView):
    """The versions of a deck you may read, newest first (every save of its cards is one)."""

    serializer_class = VersionSummarySerializer

    def get_queryset(self):
        return selectors.deck_versions(readable_deck(self.request, self.kwargs["deck_id"]))

    @query_parameters(*PAGINATION)
    @extend_schema(responses={200: VersionSummarySerializer(many=True), 404: ERROR})
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)


class VersionDetail(ApiView):
    """One version of a deck: its cards and its list as text."""

    @extend_schema(responses={200: VersionSerializer, 404: ERROR})
    def get(self, request, deck_id, number):
        return Response(version_data(_version(readable_deck(request, deck_id), number)))


class VersionDiff(ApiView):
    """What changed between two versions of a deck: each card whose count differs, with the
    change (+1, −2). ``to`` defaults to the latest version, ``from`` to the one before ``to``."""

    @query_parameters(Integer("from", "the older version (default: to − 1)", low=1),
                      Integer("to", "the newer version (default: the latest)", low=1))
    @extend_schema(responses={200: DiffSerializer, 400: ERROR, 404: ERROR})
    def get(self, request, deck_id):
        deck = readable_deck(request, deck_id)
        to, start = request.parameters["to"], request.parameters["from"]
        if to is None:
            latest = selectors.deck_versions(deck).first()
            if latest is None:
                raise ApiError("not_found", f"Deck {deck.pk} has no versions.", status_code=404)
            to = latest.number
        if start is None:
            start = max(to - 1, 1)
        old, new = _version(deck, start), _version(deck, to)
        diff = diff_entries(old.entries, new.entries)
        return Response(DiffSerializer({"deck": deck.pk, "from": start, "to": to, **diff}).data)


class RestoreVersion(ApiView):
    """Make an old version's cards the deck's cards again, as a new version (owner only)."""

    @extend_schema(request=NoteInput, responses={200: DeckDetailSerializer, 400: ERROR, 401: ERROR, 403: ERROR, 404: ERROR})
    def post(self, request, deck_id, number):
        if not request.user.is_authenticated:
            raise ApiError("not_authenticated", "Authentication credentials were not provided.", status_code=401)
        deck = owned_deck(request, deck_id)
        body = NoteInput(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            services.restore_version(deck, request.user, number, body.validated_data.get("note", ""))
        except services.DeckNotFound:
            raise Http404 from None
        except services.VersionNotFound as exc:
            raise ApiError("not_found", str(exc), status_code=404) from None
        except services.DeckListError as exc:
            raise refused(exc) from None
        except services.DeckPermissionError as exc:
            raise ApiError("permission_denied", str(exc), status_code=403) from None
        return Response(deck_detail_data(readable_deck(request, deck_id), request))
