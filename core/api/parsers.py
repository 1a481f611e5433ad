"""JSON parsing for the API: a body nested more deeply than the site reads from any client
(``core.json_input.MAX_DEPTH``, the same limit as the websocket frames) is a malformed body (400)."""
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from core import json_input

TOO_DEEP = "JSON parse error - the body is nested too deeply"


class SafeJSONParser(JSONParser):
    """DRF's JSON parser, answering a body nested more than ``json_input.MAX_DEPTH`` levels
    deep (e.g. 100,000 brackets, which make the decoder raise ``RecursionError``) with 400."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
            json_input.check_depth(data)
        except (RecursionError, json_input.TooDeep):
            raise ParseError(TOO_DEEP) from None
        return data
