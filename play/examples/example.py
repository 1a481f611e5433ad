"""An example position: a stacked deal and a script of legal moves (see the package's docstring)."""
from __future__ import annotations

from dataclasses import dataclass, field

from play.engine import same_action
from play.games import GAMES


@dataclass(frozen=True)
class Example:
    """One position of a game, reached from a stacked deal by legal moves.

    ``key``: the figure's name on the page (e.g. ``"first-turn"``); ``players``: seats; ``seed``:
    the match seed; ``options``: setup options (a stacked deal); ``moves``: ``(seat, action)``
    pairs in the order they are made; ``seat``: whose view the picture shows; ``show_moves``:
    draw that seat's legal moves as the table offers them (buttons that do nothing on the page).
    """

    key: str
    players: int
    seed: int
    options: dict = field(default_factory=dict)
    moves: tuple[tuple[int, dict], ...] = ()
    seat: int = 0
    show_moves: bool = False


class IllegalExample(ValueError):
    """A scripted move that the engine does not allow at that point (its index and the reason)."""


def play(slug: str, example: Example):
    """The state the example reaches: ``setup`` then each scripted move. Raises
    :class:`IllegalExample` naming the move when a move is not among the seat's
    ``legal_actions`` at that point (or the engine refuses it)."""
    game = GAMES[slug]
    state = game.setup(example.players, example.seed, example.options)
    for index, (seat, action) in enumerate(example.moves):
        if not any(same_action(action, legal) for legal in game.legal_actions(state, seat)):
            raise IllegalExample(f"{slug} example {example.key!r}, move {index}: seat {seat} may not {action} now")
        state = game.apply(state, seat, action)
    return state


def figure(slug: str, example: Example) -> dict:
    """What the example's picture is drawn from: ``{"key", "players", "seat", "state", "to_act",
    "legal"}`` with ``state`` the game view of ``seat`` (what the table sends that seat),
    ``to_act`` the seats to act and ``legal`` that seat's legal moves when the example shows them
    (else ``[]``). JSON-safe."""
    game = GAMES[slug]
    state = play(slug, example)
    return {
        "key": example.key,
        "players": example.players,
        "seat": example.seat,
        "state": game.view(state, example.seat),
        "to_act": game.to_act(state),
        "legal": game.legal_actions(state, example.seat) if example.show_moves else [],
    }
