"""Playing whole games headless with bots (the ``play`` command, the bot benchmark, tests).

Bots see only what a player sees: ``game.view(state, seat)`` and ``game.legal_actions(state,
seat)`` less the actions left to people (``game.spec.bot_actions``: e.g. sandbox moves, but for the
game's fallback), as in a match; they never get the state itself."""
from __future__ import annotations

from collections.abc import Callable, Sequence

from play.engine import Game, State, derive_seed

from . import BOTS, Bot, make_bot

StepHook = Callable[[State, int, dict, State], None]


def make_bots(game: Game, names: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat from ``BOTS`` names; seat ``i``'s bot gets its own seed
    ``derive_seed(seed, i)``. ``ValueError`` for an unknown name or a game without that bot."""
    unknown = [n for n in names if n not in BOTS]
    if unknown:
        raise ValueError(f"unknown bot {unknown[0]!r}; known: {', '.join(BOTS)}")
    return [make_bot(name, game, derive_seed(seed, seat)) for seat, name in enumerate(names)]


def play_game(
    game: Game,
    players: int,
    seed: int,
    options: dict | None,
    bots: Sequence[Bot],
    on_step: StepHook | None = None,
    max_steps: int = 100_000,
) -> tuple[State, list[dict]]:
    """Play a game from ``setup(players, seed, options)`` to its end, ``bots[seat]`` choosing for
    each seat: when several seats may act, the first of ``to_act`` goes first. ``on_step(before,
    seat, action, after)`` is called after every action. Returns ``(final_state, log)`` where
    ``log`` is ``[{"seat", "action"}, ...]`` in order, enough to replay the game.
    ``ValueError`` for a wrong number of bots or bad options; ``RuntimeError`` when the game is
    not over after ``max_steps`` actions; a bot's illegal action raises ``IllegalAction``. A bot
    chooses among ``game.spec.bot_actions`` of the legal actions, as a bot seat of a match does."""
    if len(bots) != players:
        raise ValueError(f"{players} seats need {players} bots, not {len(bots)}")
    state = game.setup(players, seed, options)
    log: list[dict] = []
    while game.outcome(state) is None:
        if len(log) >= max_steps:
            raise RuntimeError(f"{game.slug}: no end after {max_steps} actions")
        seat = game.to_act(state)[0]
        legal = game.spec.bot_actions(game.legal_actions(state, seat), seat)
        action = bots[seat].choose(game.view(state, seat), legal)
        after = game.apply(state, seat, action)
        log.append({"seat": seat, "action": action})
        if on_step is not None:
            on_step(state, seat, action, after)
        state = after
    return state, log
