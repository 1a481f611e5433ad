"""Who is at the table: a logged-in user, or a guest (a browser session with a display name in
``session["guest_name"]``; the session key identifies the guest). API clients with a token are
users. Anyone else watches as a spectator.

A visitor with no display name may still make a match of bots only and stop it: they are the
*nameless* ``Player`` of their session (``name`` ``""``; ``maker_from_request`` when they make
one, ``visitor_from_request`` when they stop one), which ``play.services.checks.needs_player``
refuses everywhere else."""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from django.conf import settings

GUEST_NAME_KEY = "guest_name"
MAX_NAME_LENGTH = 40


@dataclass(frozen=True)
class Player:
    """A person: ``user_id`` for a user (``session_key`` None), or ``session_key`` for a guest
    (``user_id`` None); ``name`` is the username or the guest's display name, ``""`` for a
    nameless visitor (see the module)."""

    user_id: int | None
    session_key: str | None
    name: str


def _from_user(user) -> Player | None:
    if user is not None and user.is_authenticated:
        return Player(user.pk, None, user.get_username())
    return None


def _saved_session_key(request) -> str:
    """The key of the request's session, which is saved first when it has none yet."""
    session = request.session
    if not session.session_key:
        session.save()
    return session.session_key


def player_from_request(request) -> Player | None:
    """The caller of an HTTP request (a Django or DRF request). A guest's session is created
    (saved) if it has no key yet. ``None`` for a guest without a display name."""
    player = _from_user(getattr(request, "user", None))
    if player is not None:
        return player
    name = request.session.get(GUEST_NAME_KEY)
    return Player(None, _saved_session_key(request), name) if name else None


def maker_from_request(request) -> Player:
    """The caller of an HTTP request as the maker of a match: ``player_from_request``'s player,
    else the nameless ``Player`` of the visitor's session (``name`` ``""``), which is saved now
    when it has no key yet, so that the match records who made it and they can stop it."""
    return player_from_request(request) or Player(None, _saved_session_key(request), "")


def nameless_visitor(request) -> Player | None:
    """The nameless ``Player`` of the session the request brings (``name`` ``""``), or ``None``
    when it brings none (nothing is saved for one). For a caller ``player_from_request`` found
    no player for: ``player or nameless_visitor(request)`` is ``visitor_from_request(request)``
    without asking twice."""
    key = request.session.session_key
    return Player(None, key, "") if key else None


def visitor_from_request(request) -> Player | None:
    """The caller of an HTTP request as who may stop a match they made: ``player_from_request``'s
    player, else ``nameless_visitor``."""
    return player_from_request(request) or nameless_visitor(request)


def named_guest(request, name: str) -> Player:
    """The guest of ``request`` as the ``Player`` named ``name`` (as ``set_guest_name`` keeps
    it), without keeping the name yet: the caller keeps it with ``set_guest_name`` once what the
    guest asked for is done (a refused request leaves the session as it was). The session gets
    its key now if it has none."""
    return Player(None, _saved_session_key(request), name.strip()[:MAX_NAME_LENGTH])


def set_guest_name(request, name: str) -> None:
    """Give the guest of ``request`` the display name ``name`` (stripped, at most
    ``MAX_NAME_LENGTH`` characters; the caller checks it is not blank)."""
    request.session[GUEST_NAME_KEY] = name.strip()[:MAX_NAME_LENGTH]
    request.session.save()


def player_from_scope(scope) -> Player | None:
    """The person behind a websocket (``scope["user"]`` and ``scope["session"]`` from Channels'
    ``AuthMiddlewareStack``), or ``None`` for a spectator. The session is read afresh from the
    session store, so a guest who picked a name after connecting is recognised. Touches the
    database: call it from sync code (a database thread: ``core.database_threads``)."""
    player = _from_user(scope.get("user"))
    if player is not None:
        return player
    session = scope.get("session")
    key = getattr(session, "session_key", None) if session is not None else None
    if not key:
        return None
    store = import_module(settings.SESSION_ENGINE).SessionStore(key)
    name = store.get(GUEST_NAME_KEY)
    return Player(None, key, name) if name else None
