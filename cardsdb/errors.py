"""The catalogue's error codes, registered with their HTTP status and meaning (``core.errors``).

The search language's ``tcg.search.SearchError`` (code ``bad_query``) and the card endpoints'
refusals are ``tcg.errors.DomainError``\\ s; the API's one handler answers them.
"""
from core.errors import register_codes

#: The API paths the catalogue's codes are answered on.
PATHS = ("/api/cards/",)

CODES = {
    "bad_query": (400, "The query (or its order or direction) is not in the card search language; "
                       "details: the offending term, its position and the query."),
    "ambiguous": (404, "Several cards have this name; details.candidates lists them."),
}

register_codes(CODES, PATHS)
