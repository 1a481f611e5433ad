"""A person says a line at a match's table (``say``): the seats' holders and the spectators
with a name (a user, or a guest who chose a display name) may chat, in any status of the
match; the line is kept with the match (``ChatMessage``) and, once committed, sent to every
socket at the table (``play.notify.chat_said``)."""
from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core.validators import check_shown_text
from tcg.shown_text import is_invisible
from play.errors import MatchError
from play.identity import Player
from play.models import ChatMessage
from play.notify import chat_said
from play.payloads import chat_entry
from play.seat_holders import find_seat

from .checks import lock

#: The longest line, in characters (after the spaces around it are cut off).
CHAT_MAX_LENGTH = 300


def clean_text(text) -> str:
    """``text`` as a chat line: runs of whitespace (new lines included) made one space, the
    ends trimmed. Raises ``MatchError``: ``chat_empty`` (not a string, or nothing but spaces, or
    nothing visible: only fillers such as U+3164 or U+2800, ``tcg.shown_text.is_invisible``),
    ``chat_bad_text`` (a character the rule for text shown to others refuses,
    ``core.validators.check_shown_text``: a control character such as ESC, a bidirectional
    formatting one such as U+202E; details ``{"character": "U+202E"}``), ``chat_too_long`` (more
    than ``CHAT_MAX_LENGTH`` characters; details ``{"limit", "length"}``)."""
    if not isinstance(text, str) or not text.strip():
        raise MatchError("chat_empty", _("A chat message is some text: {\"type\": \"chat\", \"text\": \"…\"}."))
    line = " ".join(text.split())
    try:
        check_shown_text(line)
    except ValidationError as exc:
        refused = exc.error_list[0]
        raise MatchError("chat_bad_text", refused.messages[0], {"character": "U+" + refused.params["code"]}) from None
    if is_invisible(line):
        raise MatchError("chat_empty", _("A chat message needs a visible character: this one is only blank or "
                                         "invisible characters."))
    if len(line) > CHAT_MAX_LENGTH:
        raise MatchError(
            "chat_too_long",
            _("The message is too long: at most %(limit)s characters (it has %(length)s).")
            % {"limit": CHAT_MAX_LENGTH, "length": len(line)},
            {"limit": CHAT_MAX_LENGTH, "length": len(line)})
    return line


@transaction.atomic
def say(player: Player | None, match_id: str, text) -> ChatMessage:
    """``player`` says ``text`` (``clean_text``) at the table of ``match_id``: as the seat they
    hold (its index in ``seat``, its name), else as a spectator (``seat`` ``None``, their name).

    Raises ``MatchError``: ``match_not_found``, ``name_required`` (a visitor without a
    display name watches but does not chat), ``chat_empty``, ``chat_bad_text``, ``chat_too_long``.
    """
    match = lock(match_id)
    if player is None:
        raise MatchError("name_required", _("Choose a display name to chat, or log in."))
    line = clean_text(text)
    seat = find_seat(list(match.seats.all()), player)
    message = ChatMessage.objects.create(
        match=match, seat=None if seat is None else seat.index, user_id=player.user_id,
        session_key=player.session_key or "", name=(seat.name if seat is not None and seat.name else player.name),
        text=line, version=match.version,
    )
    entry = chat_entry(message)
    transaction.on_commit(lambda: chat_said(match.id, match.players, entry), robust=True)
    return message

