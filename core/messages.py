"""The domain's sentences in the reader's language.

Plain Python (the search language, the deck rules, the engines) says everything in English, as
``tcg.message.Message`` strings that keep their template and parameters; ``localize`` rebuilds
one in the active language. Pages always use it; the API uses it too, and so answers in English
unless the request sends ``Accept-Language``.
"""
from __future__ import annotations

from django.utils.translation import gettext

from core.labels import active_language
from tcg.message import Localizable, Message


def _said(value):
    """A parameter of a ``Message`` in the active language: a ``Message`` translated, a
    ``Localizable`` (a card's name) as its reader sees it, any other value as it is."""
    if isinstance(value, Message):
        return localize(value)
    if isinstance(value, Localizable):
        return value.in_language(active_language())
    return value


def localize(message: str) -> str:
    """``message`` in the active language: a ``Message`` is rebuilt from its translated
    template and its parameters (those that are ``Message`` themselves translated in turn,
    card names (``tcg.cards.names.CardName``) in the reader's language); any other text is
    returned as it is."""
    if not isinstance(message, Message):
        return str(message)
    return gettext(message.template) % {key: _said(value) for key, value in message.params.items()}


def localize_all(messages) -> list[str]:
    """``[localize(m) for m in messages]``."""
    return [localize(m) for m in messages]
