"""The language of machine-facing answers (the REST API and the websockets): the language the
client asks for when the site has it, else English. Pages follow Django's LocaleMiddleware and
default to Japanese instead."""
from __future__ import annotations

from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header

FALLBACK = "en"


def client_language(accept_language: str = "", cookie: str | None = None) -> str:
    """The first of the language ``cookie`` and the ``Accept-Language`` header's languages
    (in the header's order of preference) that the site supports, else English.
    E.g. ``client_language("fr, ja;q=0.5") == "ja"``, ``client_language("fr") == "en"``."""
    candidates = [cookie] + [code for code, _q in parse_accept_lang_header(accept_language or "")]
    for code in candidates:
        if code and code != "*":
            try:
                return translation.get_supported_language_variant(code)
            except LookupError:
                continue
    return FALLBACK
