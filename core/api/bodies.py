"""Write operations that take no body (leave, resign, dismiss, rematch, a delete): a body sent to
one is read by the same rules as any other (``core.api.parsers``: 415 for a type other than
JSON, 400 ``malformed_body`` or ``invalid_text``) and refused unless it is empty or ``{}`` (400
``invalid_request``, each field named ``unknown field``, as the input serializers refuse fields
they do not define), before the view runs, so nothing changes. Without this such an operation
ignored whatever it was sent, ``{"a":NaN`` included, and acted."""
from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import ValidationError

from .serializers import refuse_unknown_fields


def takes_no_body(method):
    """Decorates an API view method: the operation takes no body (documented so in the OpenAPI
    schema, and refused by the API views' base when one is sent; see the module)."""
    method = extend_schema(request=None)(method)
    method.takes_no_body = True
    return method


def refuse_a_body(request) -> None:
    """``ValidationError`` (400 ``invalid_request``) when ``request`` carries a body other than
    nothing or ``{}``; the parser's own refusals (415, 400 ``malformed_body``, ``invalid_text``)
    come first."""
    data = request.data
    if isinstance(data, Mapping):
        refuse_unknown_fields(sorted(data))
        return
    raise ValidationError(["this operation takes no body"])
