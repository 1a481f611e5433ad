"""The domain's sentences in the reader's language.

Plain Python (the search language, the deck rules, the engines) says everything in English, as
``tcg.message.Message`` strings that keep their template and parameters; ``localize`` rebuilds
one in the active language. Pages always use it; the API uses it too, and so answers in English
unless the request sends ``Accept-Language``.
"""
from __future__ import annotations

from django.utils.translation import gettext, ngettext

from core.labels import active_language
from tcg.message import Localizable, Message


def localize(message: str) -> str:
    """``message`` in the active language: a ``Message`` is rebuilt from its translated
    template (its plural form for a ``tcg.message.ngettext`` one) and its parameters (those that
    are ``Message`` themselves translated in turn, a ``Localizable`` — a card's name, a game's —
    said in the reader's language); a ``Localizable`` is said in the reader's language; any
    other text is returned as it is."""
    if isinstance(message, Localizable):
        return message.in_language(active_language())
    if not isinstance(message, Message):
        return str(message)
    params = {key: localize(value) if isinstance(value, (Message, Localizable)) else value
              for key, value in message.params.items()}
    if message.plural is not None:
        return ngettext(message.template, message.plural, message.number) % params
    return gettext(message.template) % params


def localize_all(messages) -> list[str]:
    """``[localize(m) for m in messages]``."""
    return [localize(m) for m in messages]
