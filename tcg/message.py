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
    #: The plural template and the number that chooses between the two (see :func:`ngettext`);
    #: ``None`` for a message with one template.
    plural: str | None = None
    number: int | None = None

    def __new__(cls, template: str, **params) -> "Message":
        self = super().__new__(cls, template % params if params else template)
        self.template = template
        self.params = params
        return self

    def __reduce__(self):
        if self.plural is not None:
            return (_rebuild_plural, (self.template, self.plural, self.number, self.params))
        return (_rebuild, (self.template, self.params))


def _rebuild(template: str, params: dict) -> Message:
    return Message(template, **params)


def _rebuild_plural(singular: str, plural: str, number: int, params: dict) -> Message:
    return ngettext(singular, plural, number, **params)


def ngettext(singular: str, plural: str, number: int, **params) -> Message:
    """A ``Message`` with a singular and a plural template, ``number`` choosing between them:
    in English ``singular`` for 1, else ``plural``; in another language, as its catalogue's
    plural forms say. Named as Django's ``ngettext`` so that ``makemessages`` finds both
    templates where it is called."""
    message = Message(singular if number == 1 else plural, **params)
    message.template, message.plural, message.number = singular, plural, number
    return message


class InLanguages(Localizable):
    """A text given in each language rather than translated (a game's Japanese and English
    names), as a ``Message`` parameter: said in the reader's language, the Japanese one when
    there is no other. ``str`` of it is the English text (the Japanese one when there is none)."""

    texts: dict

    def __new__(cls, ja: str, en: str = "") -> "InLanguages":
        self = super().__new__(cls, en or ja)
        self.texts = {"ja": ja, "en": en or ja}
        return self

    def __reduce__(self):
        return (InLanguages, (self.texts["ja"], self.texts["en"]))

    def in_language(self, lang: str) -> str:
        """The text in ``lang`` (``"ja"`` or ``"en"``); the Japanese one for any other."""
        return self.texts.get(lang, self.texts["ja"])


def joined(parts, separator: str = " ") -> Message:
    """One ``Message`` saying ``parts`` (messages or plain text) one after the other, with
    ``separator`` between them; each part is said in the reader's language in its turn."""
    parts = list(parts)
    template = separator.replace("%", "%%").join(f"%(p{i})s" for i in range(len(parts)))
    return Message(template, **{f"p{i}": part for i, part in enumerate(parts)})
