"""Errors of the pages that the site's error handlers answer with their own message."""
from django.core.exceptions import BadRequest


class ShownBadRequest(BadRequest):
    """A 400 whose message (a translated sentence) is shown to the visitor on the error page
    (``core.views.bad_request``); under ``/api/`` it is the error shape's message, code
    ``bad_request``."""
