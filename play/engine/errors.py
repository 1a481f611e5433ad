"""Refusals of the engines (DESIGN.md, "The game engine protocol": ``apply`` raises
``IllegalAction(code, message)`` and nothing changes).

:class:`IllegalAction` is the domain's one error type (:class:`tcg.errors.DomainError`, status
400) with a :class:`tcg.message.Message` for its message: one English sentence that the Django
side says again in the reader's language. Every template is marked with :func:`gettext_noop` where
it is written, so ``makemessages`` finds it; parameters are values shown as they are (seats,
codes, numbers, action types) or ``Message``\\ s translated in turn (a card's name). Build a
refusal with :func:`illegal` or the helpers below, e.g.
``rule(gettext_noop("You have no %(card)s in hand."), card=code)``.

``setup`` refuses its arguments (the player count, the seed, an option) with :class:`BadOption`,
a ``ValueError`` (the protocol's) whose ``message`` is a ``Message`` too, so that the match
services answer ``bad_options`` all in the reader's language; build one with :func:`bad_option`.
"""
from __future__ import annotations

import json

from tcg.errors import DomainError
from tcg.message import Message, gettext_noop


class IllegalAction(DomainError):
    """An action ``apply`` refuses; the state it was given is unchanged.

    ``code`` is snake_case: ``not_your_turn``, ``game_over``, ``malformed_action`` (wrong shape or
    type), ``illegal_action`` (against the rules; ``message`` names the rule and its section of
    the rules page), or a game's own more precise code. ``message`` is one sentence, a
    :class:`~tcg.message.Message` (English as a ``str``); ``details`` is ``{}``; ``status`` 400.
    """

    def __init__(self, code: str, message: Message | str):
        super().__init__(code, message)


def illegal(code: str, template: str, **params) -> IllegalAction:
    """``IllegalAction(code, Message(template, **params))``; mark ``template`` with
    ``gettext_noop`` where it is written."""
    return IllegalAction(code, Message(template, **params))


def rule(template: str, **params) -> IllegalAction:
    """An ``illegal_action`` refusal: the action breaks a rule, which the message names."""
    return illegal("illegal_action", template, **params)


def malformed(template: str, **params) -> IllegalAction:
    """A ``malformed_action`` refusal: the action is not of a shape the game knows."""
    return illegal("malformed_action", template, **params)


def game_over() -> IllegalAction:
    """``game_over``: no action is taken once the game is over."""
    return illegal("game_over", gettext_noop("The game is over."))


def not_your_turn(turn: int, seat) -> IllegalAction:
    """``not_your_turn`` for ``seat`` when it is seat ``turn``'s turn."""
    return illegal("not_your_turn", gettext_noop("It is seat %(turn)s's turn, not seat %(seat)s's."),
                   turn=turn, seat=shown(seat))


def shown(value, width: int = 40) -> str:
    """``value`` as a message shows a value it was given: as JSON, the way a client wrote it
    (``"0"`` for a seat sent as a string, ``null``, ``true``), cut to ``width`` characters with
    ``…`` where it was cut, so that a long value is never echoed whole."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (TypeError, ValueError, RecursionError):  # keys that are not strings, a cycle, ...
        text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"


#: The JSON name of each type an action's field may have to be (``play.engine.actions``).
JSON_TYPES = {int: "an integer", str: "a string", bool: "a boolean"}


def either(values) -> str:
    """``"a or b"`` (a ``Message``, its ``or`` said in the reader's language) for two values,
    ``"a, b or c"`` for more, the value itself for one."""
    items = [str(v) for v in values]
    if len(items) < 2:
        return "".join(items)
    return Message(gettext_noop("%(first)s or %(last)s"), first=", ".join(items[:-1]), last=items[-1])


class BadOption(ValueError):
    """``setup`` refuses an argument: the player count, the seed, an option's name or value
    (DESIGN.md, "The game engine protocol": bad options make ``setup`` raise ``ValueError``).
    ``message`` is the :class:`~tcg.message.Message` naming the argument and what is wrong;
    ``str`` of the error is its English sentence."""

    def __init__(self, message: Message | str):
        super().__init__(message)
        self.message = message


def bad_option(template: str, **params) -> BadOption:
    """``BadOption(Message(template, **params))``; mark ``template`` with ``gettext_noop`` where it
    is written, e.g. ``bad_option(gettext_noop("seed: must be an integer, not %(value)s"),
    value=shown(seed))``."""
    return BadOption(Message(template, **params))
