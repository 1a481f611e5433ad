"""Matches, seats and the action log of the online table (DESIGN.md, "Matches").

A ``Match`` holds a game's state as JSON (``game.dump(state)``, read back with
``game.load(match.state, match.options)``: what every state of the match shares, such as the
card data of Elements of Chaos decks, is kept once in its ``options``) and a ``version`` that
counts the actions applied to it; ``MatchAction`` logs each of them, so a match can be replayed
from (game, players, seed, options, log). A ``Seat`` is taken by a user, by a guest (a browser
session with a display name), or played by a bot. ``ChatMessage`` keeps the table chat;
``DismissedMatch`` the matches a person took off their list. A finished match's ``rematch`` is
the new match proposed with the same seats. Writes go through ``play.services``.

A match is ``open`` while a person's seat is free, ``running`` once every seat is taken,
``finished`` when the game is over, or ``abandoned``: it expired while open (nobody joined for
``PLAY_OPEN_TTL`` seconds) or its last person was timed out (``play.services.clocks.time_out``).
A guided match (``guide``: the game's slug, ``play.tutorials``) is a learner's stacked deal
against a bot with a hint at each step; it is unrated and the lobby does not list it.
``created_by`` / ``created_session`` and ``created_address`` say who made it and from where (the
limits of ``play.services.limits`` and the lobby count by them). ``think_seconds`` is the time a
bot that thinks (the ``strong`` level, ``play.levels``) takes per move.
"""
from __future__ import annotations

import secrets
import string

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from play.bots import DEFAULT_THINK_SECONDS

_ALPHABET = string.ascii_letters + string.digits


def new_match_id() -> str:
    """A fresh random match id: 10 letters (either case) and digits."""
    return "".join(secrets.choice(_ALPHABET) for _ in range(10))


class Match(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")

    id = models.CharField(_("id"), max_length=32, primary_key=True, default=new_match_id)
    game = models.SlugField(_("game"), max_length=40)
    players = models.PositiveSmallIntegerField(_("players"))
    options = models.JSONField(_("options"), default=dict, blank=True)
    seed = models.BigIntegerField(_("seed"))
    state = models.JSONField(
        _("state"), null=True, blank=True,
        help_text=_("null while a game whose seats bring their own decks waits for its last seat"),
    )
    version = models.PositiveIntegerField(_("version"), default=0, help_text=_("the number of applied actions"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    seconds_per_turn = models.PositiveIntegerField(_("seconds per turn"), null=True, blank=True)
    think_seconds = models.FloatField(
        _("time to think"), default=DEFAULT_THINK_SECONDS,
        help_text=_("the seconds a bot that thinks (the strong level) takes per move"),
    )
    turn_deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True)
    outcome = models.JSONField(_("outcome"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("created by"),
    )
    created_session = models.CharField(_("created by guest session"), max_length=40, blank=True)
    created_address = models.CharField(
        _("created from address"), max_length=100, blank=True, db_index=True,
        help_text=_("the client key (core.addresses.client_key) of the request that made the match"),
    )
    rematch = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch_of",
        verbose_name=_("rematch"),
        help_text=_("the match proposed as a rematch of this finished one (play.services.rematch)"),
    )
    guide = models.SlugField(
        _("guided match"), max_length=40, blank=True, default="",
        help_text=_("the game whose guided first match (play.tutorials) this is; empty for an ordinary match"),
    )
    created = models.DateTimeField(_("created"), auto_now_add=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-created", "id"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        # Also the index of status alone: a column that leads a wider index has no index of its own
        # (tests/core/test_index_prefixes.py), so a move updates one index fewer.
        indexes = [models.Index(fields=["status", "updated"], name="match_status_updated")]

    def __str__(self) -> str:
        return f"{self.id} {self.game} ({self.status})"


class Seat(models.Model):
    """Seat ``index`` of a match. A person's seat has ``user`` (or ``session_key`` for a guest),
    ``name`` and the client ``address`` it was taken from; a free seat has none of them; a bot's
    seat has ``bot``. A free seat of a rematch (``play.services.rematch``) may be reserved for
    the person who held it in the finished match (``reserved_user`` or ``reserved_session``):
    nobody else may take it. A person who resigns keeps the seat, marked ``resigned``, and the heuristic
    bot (``bot``) plays it from then on; a person timed out for being away on their turn
    (``play.services.clocks.time_out``) is marked ``timed_out`` as well."""

    class Bot(models.TextChoices):
        NONE = "", _("none")
        RANDOM = "random", _("random")
        HEURISTIC = "heuristic", _("heuristic")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats", verbose_name=_("match"), db_index=False)
    index = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("user"),
    )
    session_key = models.CharField(_("guest session"), max_length=40, blank=True, db_index=True)
    name = models.CharField(_("name"), max_length=150, blank=True)
    bot = models.CharField(_("bot"), max_length=20, choices=Bot.choices, blank=True, default="")
    resigned = models.BooleanField(_("resigned"), default=False)
    timed_out = models.BooleanField(
        _("timed out"), default=False,
        help_text=_("the person was away on their turn too long; a bot plays the seat (resigned is set too)"),
    )
    address = models.CharField(
        _("address"), max_length=100, blank=True, db_index=True,
        help_text=_("the client key (core.addresses.client_key) of the request that took the seat"),
    )
    deck = models.JSONField(
        _("deck"), null=True, blank=True,
        help_text=_("the deck the seat brings, for games played with one's own deck: {id, name, cards}"),
    )
    reserved_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("reserved for user"),
        help_text=_("a free seat of a rematch kept for the user who held it in the finished match"),
    )
    reserved_session = models.CharField(
        _("reserved for guest session"), max_length=40, blank=True,
        help_text=_("a free seat of a rematch kept for the guest who held it in the finished match"),
    )

    class Meta:
        ordering = ["match", "index"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [models.UniqueConstraint(fields=["match", "index"], name="seat_one_row_per_index")]

    def __str__(self) -> str:
        return f"{self.match_id} seat {self.index}"

    @property
    def kind(self) -> str:
        """``"bot"`` for a seat made for a bot, else ``"human"`` (resigned people included)."""
        return "bot" if self.bot and not self.resigned else "human"

    @property
    def is_free(self) -> bool:
        """A human seat nobody has taken yet."""
        return self.kind == "human" and self.user_id is None and not self.session_key


class MatchAction(models.Model):
    """One applied action: ``version`` is the match version it produced (1 for the first)."""

    class By(models.TextChoices):
        PLAYER = "player", _("player")
        BOT = "bot", _("bot")
        CLOCK = "clock", _("clock")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions", verbose_name=_("match"),
                              db_index=False)
    version = models.PositiveIntegerField(_("version"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    action = models.JSONField(_("action"))
    by = models.CharField(_("by"), max_length=10, choices=By.choices, default=By.PLAYER)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["match", "version"]
        verbose_name = _("match action")
        verbose_name_plural = _("match actions")
        constraints = [
            models.UniqueConstraint(fields=["match", "version"], name="matchaction_one_row_per_version"),
            models.CheckConstraint(condition=Q(version__gte=1), name="matchaction_version_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id} v{self.version} seat {self.seat}"


class ChatMessage(models.Model):
    """One line of a match's table chat, said by a person at the table (a seat's holder or a
    spectator with a name): ``seat`` is the index of the seat they held then (``None`` for a
    spectator), ``name`` the name shown, ``version`` the match version when it was said (the
    replay shows it beside that move). Written by ``play.services.chat``."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat", verbose_name=_("match"))
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("user"),
    )
    session_key = models.CharField(_("guest session"), max_length=40, blank=True)
    name = models.CharField(_("name"), max_length=150)
    text = models.CharField(_("text"), max_length=300)
    version = models.PositiveIntegerField(_("version"), default=0)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["match", "created", "id"]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")

    def __str__(self) -> str:
        return f"{self.match_id} {self.name}: {self.text[:40]}"


class DismissedMatch(models.Model):
    """A finished or abandoned match a person took off their lobby list (``user`` for a user,
    else the guest's ``session_key``). Written by ``play.services.dismiss``."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="+", verbose_name=_("match"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, null=True, blank=True, related_name="+",
        verbose_name=_("user"),
    )
    session_key = models.CharField(_("guest session"), max_length=40, blank=True)
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("dismissed match")
        verbose_name_plural = _("dismissed matches")
        constraints = [
            models.UniqueConstraint(fields=["match", "user"], condition=Q(user__isnull=False),
                                    name="dismissed_once_per_user"),
            models.UniqueConstraint(fields=["match", "session_key"], condition=Q(user__isnull=True),
                                    name="dismissed_once_per_session"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id} dismissed by {self.user_id or self.session_key}"


class Rating(models.Model):
    """A logged-in person's rating at one game (``play.services.ratings``): openskill's
    Plackett-Luce ``mu`` and ``sigma`` (a new player is 25 and 25/3), the conservative
    ``ordinal`` shown to people (mu − 3·sigma, kept for ordering), the number of rated
    ``games`` and when it last changed."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("user"), db_index=False,
    )
    game = models.SlugField(_("game"), max_length=40, db_index=False)
    mu = models.FloatField(_("mu"))
    sigma = models.FloatField(_("sigma"))
    ordinal = models.FloatField(_("rating"), help_text=_("mu − 3 × sigma: the rating shown"))
    games = models.PositiveIntegerField(_("rated games"), default=0)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["game", "-ordinal", "user_id"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="rating_one_row_per_user_game")]
        indexes = [models.Index(fields=["game", "-ordinal"], name="rating_game_ordinal")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game} {self.ordinal:.2f}"


class RatingChange(models.Model):
    """What one rated match did to one person's rating: the seat, the ``rank`` they were given
    (1 for the best; tied seats share a rank) and the rating before and after. One row per
    person and match: a match is rated once (``play.services.ratings.rate_match``)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="rating_changes", verbose_name=_("match"),
                              db_index=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("user"), db_index=False,
    )
    game = models.SlugField(_("game"), max_length=40)
    seat = models.PositiveSmallIntegerField(_("seat"))
    rank = models.PositiveSmallIntegerField(_("rank"))
    mu_before = models.FloatField(_("mu before"))
    sigma_before = models.FloatField(_("sigma before"))
    mu_after = models.FloatField(_("mu after"))
    sigma_after = models.FloatField(_("sigma after"))
    created = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-created", "match_id", "seat"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [models.UniqueConstraint(fields=["match", "user"], name="ratingchange_one_row_per_match_user")]
        indexes = [models.Index(fields=["user", "-created"], name="ratingchange_user_created")]

    def __str__(self) -> str:
        return f"{self.match_id} {self.user_id} rank {self.rank}"
