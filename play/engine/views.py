"""Hidden information: what one seat may see of the hands (DESIGN.md, "The game engine protocol":
a view holds exactly what that seat may know, no other hand, no deck order), and the other way:
the checks and cuts a game's ``determinize`` uses to draw a full state from one seat's view."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .seats import is_seat


def check_viewer(seat, players: int) -> None:
    """``ValueError`` unless ``seat`` is ``None`` (a spectator) or a seat of the game."""
    if seat is not None and not is_seat(seat, players):
        raise ValueError(f"no seat {seat!r} in a {players}-player game")


def hand_sizes(hands: Sequence[Sequence]) -> list[int]:
    """Every hand's size, per seat: what everyone sees of hands (lama.md and elements.md,
    "Hidden information")."""
    return [len(h) for h in hands]


def own_hand(hands: Sequence[Sequence], seat: int | None) -> list | None:
    """The viewer's own hand as a list, or ``None`` for a spectator."""
    return None if seat is None else list(hands[seat])


def public_hands(hands: Sequence[Sequence], public: Sequence[bool]) -> list[list | None]:
    """Per seat, the hand when it is public to all (e.g. laid down after quitting, lama.md
    "Hidden information"), else ``None``."""
    return [list(h) if shown else None for h, shown in zip(hands, public)]


# -- determinization: a full state from one seat's view (protocol.Game.determinize) -----------------

def check_seat_view(view, seat, keys: frozenset[str] | set[str], game: str) -> None:
    """``ValueError`` unless ``view`` is a dict with exactly the keys ``keys`` of ``game``'s views
    (another game's view has others) and ``view["seat"]`` is the int ``seat`` (not a spectator's
    view, not another seat's)."""
    if not isinstance(view, dict) or set(view) != set(keys):
        raise ValueError(f"not a view of {game}")
    if type(seat) is not int or type(view["seat"]) is not int or view["seat"] != seat:
        raise ValueError(f"a view of seat {view['seat']!r}, not of seat {seat!r}")


def unseen_cards(full: Counter, seen: Iterable) -> list:
    """The cards of the multiset ``full`` less the ``seen`` ones, sorted: what may lie hidden.
    ``ValueError`` when ``seen`` holds a card ``full`` has not, or more copies than it has."""
    rest = Counter(full)
    rest.subtract(Counter(seen))
    over = sorted(card for card, n in rest.items() if n < 0)
    if over:
        raise ValueError(f"the view shows more of {over!r} than the game has")
    return sorted(rest.elements())


def split_cards(cards: Sequence, sizes: Sequence[int]) -> list[tuple]:
    """``cards`` cut into consecutive runs of the given ``sizes`` (a run per size, in order);
    ``ValueError`` unless the sizes add up to ``len(cards)``."""
    if sum(sizes) != len(cards) or any(n < 0 for n in sizes):
        raise ValueError(f"cannot cut {len(cards)} cards into {list(sizes)}")
    out, start = [], 0
    for n in sizes:
        out.append(tuple(cards[start:start + n]))
        start += n
    return out
