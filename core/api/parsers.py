"""JSON parsing for the API: DRF's JSON parser with the rules of ``core.jsonbody`` (the same
as every other door): a body nested more than ``core.jsonbody.MAX_DEPTH`` deep, or not strict
JSON, is 400 ``malformed_body``; a string (or key) with a NUL character or a lone surrogate is
400 ``invalid_text`` naming where it is, before anything reaches a view or the database."""
from django.conf import settings
from rest_framework.parsers import JSONParser

from core.jsonbody import JsonRefused, read_json


class SafeJSONParser(JSONParser):
    """``application/json`` bodies read with ``core.jsonbody.read_json``."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        raw = stream.read() if stream is not None else b""
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise JsonRefused("malformed_body", f"JSON parse error - the body is not {encoding} text") from None
        return read_json(text)  # JsonRefused is a DomainError: the API's handler answers it
