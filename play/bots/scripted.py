"""The bot of a guided match (``play.tutorials``): it plays the move its script gives it, and
its fallback bot's choice when it has none (the learner left the guided path) or the scripted
move is not legal. No Django here."""
from __future__ import annotations

from play.engine import same_action

from . import Bot


class ScriptedBot:
    """``ScriptedBot(action, fallback)``: ``choose`` returns ``action`` when it is among the
    legal actions (the legal action equal to it), else ``fallback.choose(view, legal)``."""

    def __init__(self, action: dict | None, fallback: Bot):
        self.action = action
        self.fallback = fallback

    def choose(self, view: dict, legal: list[dict]) -> dict:
        """The scripted action if it is legal, else the fallback bot's choice."""
        if self.action is not None:
            for action in legal:
                if same_action(action, self.action):
                    return action
        return self.fallback.choose(view, legal)
