"""A guided first match: a stacked deal against a bot and a script of steps (see the package's
docstring)."""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from play.engine import same_action
from play.examples.example import IllegalExample
from play.games import GAMES
from tcg.message import gettext_noop

WAIT = gettext_noop("The bot is thinking about its move: watch what it plays.")
OFF_SCRIPT = gettext_noop("You left the guided path: that is allowed. Play on as you like; the bot now plays its "
                          "usual game.")
OVER = gettext_noop("The match is over. Start the guided match again, or open a new match.")
"""The hints every guided match shares (English, marked for the translation catalogue)."""


@dataclass(frozen=True)
class Step:
    """One scripted move: ``seat`` makes ``action``. A learner's step has its ``hint``: what to do
    and why, one or two English sentences marked with ``gettext_noop``."""

    seat: int
    action: dict
    hint: str = ""


@dataclass(frozen=True, eq=False)
class Tutorial:
    """The guided first match of game ``slug``: ``players`` seats, the learner in seat
    ``learner`` and the ``bot`` (a ``play.bots`` name) in every other; the stacked deal
    (``seed``, ``options``, whose stacked ones the game's record names); ``steps`` in the order
    they are made, each of which the engine allows at that point; ``done``: the hint once the
    script's last move ended the match. Compared (and hashed) by identity: one per game."""

    slug: str
    players: int
    seed: int
    options: dict
    steps: tuple[Step, ...]
    done: str
    learner: int = 0
    bot: str = "heuristic"

    def __post_init__(self):
        missing = [i for i, step in enumerate(self.steps) if step.seat == self.learner and not step.hint]
        if missing:
            raise ValueError(f"{self.slug}: the learner's steps {missing} have no hint")

    @property
    def learner_steps(self) -> int:
        """How many moves the learner makes on the guided path."""
        return sum(1 for step in self.steps if step.seat == self.learner)


def _key(dump) -> str:
    return json.dumps(dump, sort_keys=True)


def walk(tutorial: Tutorial) -> list:
    """The states of the guided path: ``setup`` and then one per step (``len(steps) + 1``
    states). Raises ``IllegalExample`` naming the step when a step is not among its seat's
    ``legal_actions`` at that point."""
    game = GAMES[tutorial.slug]
    state = game.setup(tutorial.players, tutorial.seed, tutorial.options)
    states = [state]
    for index, step in enumerate(tutorial.steps):
        if not any(same_action(step.action, legal) for legal in game.legal_actions(state, step.seat)):
            raise IllegalExample(f"{tutorial.slug} guided step {index}: seat {step.seat} may not {step.action} now")
        state = game.apply(state, step.seat, step.action)
        states.append(state)
    return states


@dataclass(frozen=True)
class _Path:
    """The guided path as canonical JSON dumps, one per version (``states``), and the states of
    its swaps (``swapped``: version -> dump): where two seats may act at once (a set-up that both
    players answer in either order) and the script has them one after the other, the second may
    go first; the state after both is the same."""

    states: tuple[str, ...]
    swapped: dict[int, str]


def _stored(game, state) -> str:
    return _key(json.loads(json.dumps(game.dump(state))))


@functools.cache
def _path(tutorial: Tutorial) -> _Path:
    game = GAMES[tutorial.slug]
    states = walk(tutorial)
    keys = tuple(_stored(game, state) for state in states)
    swapped = {}
    for i, (first, second) in enumerate(zip(tutorial.steps, tutorial.steps[1:], strict=False)):
        if first.seat == second.seat or not {first.seat, second.seat} <= set(game.to_act(states[i])):
            continue
        if not any(same_action(second.action, legal) for legal in game.legal_actions(states[i], second.seat)):
            continue
        early = game.apply(states[i], second.seat, second.action)
        if not any(same_action(first.action, legal) for legal in game.legal_actions(early, first.seat)):
            continue
        if _stored(game, game.apply(early, first.seat, first.action)) == keys[i + 2]:
            swapped[i + 1] = _stored(game, early)
    return _Path(keys, swapped)


def _position(tutorial: Tutorial, dump: dict | None, version: int) -> tuple[tuple[int, ...], int | None] | None:
    """Where a match at ``version`` with state ``dump`` stands on the guided path: the indices
    of the steps made and the index of the next one (``None`` at the end), or ``None`` off the
    path."""
    if dump is None:
        return None
    path, key = _path(tutorial), _key(dump)
    if version < len(path.states) and key == path.states[version]:
        return tuple(range(version)), (version if version < len(tutorial.steps) else None)
    if path.swapped.get(version) == key:
        return (*range(version - 1), version), version - 1
    return None


def on_path(tutorial: Tutorial, dump: dict | None, version: int) -> bool:
    """Whether a match of the tutorial at ``version`` with state ``dump`` (``game.dump``, as
    stored) stands where the guided path does: the learner (and the bot) made every scripted
    move so far (two moves of seats that may act at once in either order)."""
    return _position(tutorial, dump, version) is not None


def _ahead(tutorial: Tutorial, made: tuple[int, ...], following: int | None, seat: int) -> int | None:
    """The step ``seat`` may make now: the next one if it is that seat's, else the one after it
    when the two seats may act at once (``_Path.swapped``) and nothing was swapped yet."""
    if following is None:
        return None
    if tutorial.steps[following].seat == seat:
        return following
    after = following + 1
    if made == tuple(range(following)) and after in _path(tutorial).swapped and tutorial.steps[after].seat == seat:
        return after
    return None


def guide(tutorial: Tutorial, dump: dict | None, version: int, over: bool) -> dict:
    """What the table shows a guided match's learner at ``version``: ``{"game", "hint", "step",
    "steps", "action"}``. ``hint`` names the hint to show: ``"step-<k>"`` (the learner's k-th
    scripted move, from 0; ``action`` is that move), ``"wait"`` (a bot's scripted move is next),
    ``"done"`` (the script ended the match), ``"off"`` (the learner left the path and the match
    runs on) or ``"over"`` (the match ended off the path); ``step`` counts the learner's moves made
    on the path (``steps`` in all). JSON-safe."""
    entry = {"game": tutorial.slug, "hint": "off", "step": None, "steps": tutorial.learner_steps, "action": None}
    position = _position(tutorial, dump, version)
    if position is None:
        entry["hint"] = "over" if over else "off"
        return entry
    made, following = position
    entry["step"] = sum(1 for i in made if tutorial.steps[i].seat == tutorial.learner)
    mine = _ahead(tutorial, made, following, tutorial.learner)
    if following is None:
        entry["hint"] = "done" if over else "off"
    elif mine is not None:
        entry["hint"] = f"step-{sum(1 for step in tutorial.steps[:mine] if step.seat == tutorial.learner)}"
        entry["action"] = tutorial.steps[mine].action
    else:
        entry["hint"] = "wait"
    return entry


def hints(tutorial: Tutorial) -> dict[str, str]:
    """Every hint of the tutorial by the names ``guide`` gives them (English templates)."""
    steps = [step.hint for step in tutorial.steps if step.seat == tutorial.learner]
    return {**{f"step-{k}": hint for k, hint in enumerate(steps)},
            "wait": WAIT, "off": OFF_SCRIPT, "done": tutorial.done, "over": OVER}


def scripted_action(tutorial: Tutorial, dump: dict | None, version: int, seat: int) -> dict | None:
    """The bot's scripted move for ``seat`` at ``version``, or ``None`` when the match has left
    the guided path or no scripted move of that seat may be made now (the bot then plays its own
    game). Where the learner and the bot may act at once, the bot makes its next move without
    waiting for the learner's (``_Path.swapped``)."""
    position = _position(tutorial, dump, version)
    if position is None:
        return None
    step = _ahead(tutorial, *position, seat)
    return None if step is None else tutorial.steps[step].action
