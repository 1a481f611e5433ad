"""A guided first match: a stacked deal against a bot and a script of steps (see the package's
docstring)."""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass

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


def _same(a: dict, b: dict) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


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
        if not any(_same(step.action, legal) for legal in game.legal_actions(state, step.seat)):
            raise IllegalExample(f"{tutorial.slug} guided step {index}: seat {step.seat} may not {step.action} now")
        state = game.apply(state, step.seat, step.action)
        states.append(state)
    return states


@functools.cache
def _path(tutorial: Tutorial) -> tuple[str, ...]:
    """The dumps of the guided path's states as canonical JSON, one per version."""
    game = GAMES[tutorial.slug]
    return tuple(_key(json.loads(json.dumps(game.dump(state)))) for state in walk(tutorial))


def on_path(tutorial: Tutorial, dump: dict | None, version: int) -> bool:
    """Whether a match of the tutorial at ``version`` with state ``dump`` (``game.dump``, as
    stored) stands where the guided path does: the learner (and the bot) made every scripted
    move so far."""
    path = _path(tutorial)
    return dump is not None and version < len(path) and _key(dump) == path[version]


def guide(tutorial: Tutorial, dump: dict | None, version: int, over: bool) -> dict:
    """What the table shows a guided match's learner at ``version``: ``{"game", "hint", "step",
    "steps", "action"}``. ``hint`` names the hint to show: ``"step-<k>"`` (the learner's k-th
    scripted move, from 0; ``action`` is that move), ``"wait"`` (a bot's scripted move is next),
    ``"done"`` (the script ended the match), ``"off"`` (the learner left the path and the match
    runs on) or ``"over"`` (the match ended off the path); ``step`` counts the learner's moves made
    on the path (``steps`` in all). JSON-safe."""
    entry = {"game": tutorial.slug, "hint": "off", "step": None, "steps": tutorial.learner_steps, "action": None}
    if not on_path(tutorial, dump, version):
        entry["hint"] = "over" if over else "off"
        return entry
    made = sum(1 for step in tutorial.steps[:version] if step.seat == tutorial.learner)
    entry["step"] = made
    if version == len(tutorial.steps):
        entry["hint"] = "done" if over else "off"
    elif tutorial.steps[version].seat == tutorial.learner:
        entry["hint"] = f"step-{made}"
        entry["action"] = tutorial.steps[version].action
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
    the guided path or the next scripted move is not that seat's (the bot then plays its own
    game)."""
    if not on_path(tutorial, dump, version) or version >= len(tutorial.steps):
        return None
    step = tutorial.steps[version]
    return step.action if step.seat == seat else None
