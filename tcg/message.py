"""Sentences that can be said in the reader's language, made in plain Python (no Django).

A rule, an engine or a validator says what is wrong as a :class:`Message`: a ``str`` holding
the English sentence, which also remembers its English template and parameters. The Django
layer rebuilds it in the reader's language from the translation catalogue
(``core.messages.localize``); templates are marked with :func:`gettext_noop` so that
``manage.py makemessages`` finds them in plain-Python modules too.
"""
from __future__ import annotations


def gettext_noop(template: str) -> str:
    """Mark ``template`` for the translation catalogue; return it unchanged."""
    return template


class Localizable(str):
    """A parameter of a :class:`Message` said differently in each language (a card's name):
    ``str(value)`` is the English, :meth:`in_language` the text for another reader."""

    def in_language(self, lang: str) -> str:
        """The value for a reader of ``lang`` (``"ja"``/``"en"``); the English one by default."""
        return str(self)


class Message(str):
    """An English sentence made from ``template`` (``%(name)s`` placeholders) and ``params``.

    ``str(message)`` (and the message itself, being a ``str``) is the English sentence;
    ``template`` and ``params`` let a reader in another language rebuild it: a parameter may be
    another ``Message``, translated in its turn, a :class:`Localizable` (a card's name), said in
    the reader's language, or a plain value, shown as it is.
    """

    template: str
    params: dict

    def __new__(cls, template: str, **params) -> "Message":
        self = super().__new__(cls, template % params if params else template)
        self.template = template
        self.params = params
        return self

    def __reduce__(self):
        return (_rebuild, (self.template, self.params))


def _rebuild(template: str, params: dict) -> Message:
    return Message(template, **params)


def joined(parts, separator: str = " ") -> Message:
    """One ``Message`` saying ``parts`` (messages or plain text) one after the other, with
    ``separator`` between them; each part is said in the reader's language in its turn."""
    parts = list(parts)
    template = separator.replace("%", "%%").join(f"%(p{i})s" for i in range(len(parts)))
    return Message(template, **{f"p{i}": part for i, part in enumerate(parts)})
