"""Card faces over HTTP, the same for the page path (``/cards/<code>/face.svg``) and the API
path (``/api/cards/<code>/face.svg``): the language asked for, the face's ``ETag``, and the
answer with its cache and security headers. Its two refusals (``BadLanguage``, ``CardNotFound``,
``cardsdb.errors``) are domain errors, answered 400 and 404 by each door's one handler.

- Language: ``?lang=ja`` or ``?lang=en``, else the request's language (pages: the visitor's,
  Japanese by default; API: ``Accept-Language``, else English). Another ``lang`` is refused.
- ``ETag``: the catalogue's version, the card's code, the format, the language and the
  renderer's version (``tcg.face.RENDERER_VERSION``); a matching ``If-None-Match`` is answered
  304 before the card is read or drawn (``cardsdb.conditional``).
- ``Cache-Control: public, max-age=86400, must-revalidate``: caches keep a face a day, then
  ask again with the tag.
- ``Content-Security-Policy: default-src 'none'``: a face has no script and loads nothing, so
  the tightest policy holds even when the file is opened on its own. Faces are public images:
  ``Access-Control-Allow-Origin: *`` lets other sites draw them on a canvas.
"""
from __future__ import annotations

import hashlib
import re

from django.http import HttpResponse
from django.utils.translation import get_language

from tcg.face import RENDERER_VERSION
from tcg.vocabulary import LANGUAGES

from .conditional import catalogue_state, conditional_on
from .errors import BadLanguage, CardNotFound
from .faces import MEDIA_TYPES, face_bytes, reader_language
from .selectors import catalogue

CACHE_CONTROL = "public, max-age=86400, must-revalidate"
CONTENT_SECURITY_POLICY = "default-src 'none'"
_CODE = re.compile(r"^[A-Za-z0-9]{1,10}-[A-Za-z0-9]{1,10}$")


def face_language(request) -> str:
    """The face language ``request`` asks for (see the module's description); raises
    ``BadLanguage``."""
    lang = request.GET.get("lang")
    if not lang:  # absent or empty: as with every query parameter, empty is the same as absent
        return reader_language(get_language())
    if lang not in LANGUAGES:
        raise BadLanguage(lang)
    return lang


def face_etag(request, code: str, fmt: str, lang: str) -> str:
    """The (unquoted) ETag of a face in the catalogue's current state."""
    version, changed_at = catalogue_state(request)
    source = repr((version, changed_at, code.upper(), fmt, lang, RENDERER_VERSION))
    return hashlib.blake2b(source.encode(), digest_size=16).hexdigest()


@conditional_on(face_etag, headers={"Cache-Control": CACHE_CONTROL})
def serve_face(request, code: str, fmt: str, lang: str) -> HttpResponse:
    """The 200 answer with the face of the card ``code`` (any case) as ``fmt`` (``"svg"`` or
    ``"png"``) in ``lang``, or 304 for a matching ``If-None-Match``; raises ``CardNotFound``."""
    card = catalogue.card_by_code(code) if _CODE.match(code) else None
    if card is None:
        raise CardNotFound(code)
    response = HttpResponse(face_bytes(card, lang, fmt), content_type=MEDIA_TYPES[fmt])
    response["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    response["Content-Disposition"] = f'inline; filename="{card.code}-{lang}.{fmt}"'
    response["Access-Control-Allow-Origin"] = "*"
    response["Content-Language"] = lang
    return response
