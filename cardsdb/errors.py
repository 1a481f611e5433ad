"""The catalogue's error codes, registered with their HTTP status and meaning (``core.errors``).

The search language's ``tcg.search.SearchError`` (code ``bad_query``) and the card endpoints'
refusals are ``tcg.errors.DomainError``\\ s; the API's one handler answers them, and the pages'
(``core.middleware.DomainErrorMiddleware``) a page's. The card faces' two refusals are here:

- ``CardNotFound``: 404 ``not_found``, no card has the code asked for; details ``{"code"}``;
- ``BadLanguage``: 400 ``invalid_request``, a face ``lang`` other than ``ja`` and ``en``.
"""
from core.errors import register_codes
from tcg.errors import DomainError
from tcg.message import Message, gettext_noop

#: The API paths the catalogue's codes are answered on.
PATHS = ("/api/cards/",)

CODES = {
    "bad_query": (400, "The query (or its order or direction) is not in the card search language; "
                       "details: the offending term, its position and the query."),
    "ambiguous": (404, "Several cards have this name; details.candidates lists them."),
}

register_codes(CODES, PATHS)


class CardNotFound(DomainError):
    """No card has the code ``code`` (404 ``not_found``)."""

    def __init__(self, code: str):
        super().__init__("not_found", Message(gettext_noop("No card has the code %(code)s."), code=code),
                         {"code": code})


class BadLanguage(DomainError):
    """A card face asked for in a language other than ``ja`` and ``en`` (400 ``invalid_request``)."""

    def __init__(self, lang: str):
        super().__init__("invalid_request", Message(
            gettext_noop("The language of a card face is ja or en, not “%(lang)s”."), lang=lang[:20]))
        self.lang = lang
