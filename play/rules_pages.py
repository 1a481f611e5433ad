"""The how-to-play pages: ``/play/rules/`` (the games) and ``/play/rules/<slug>/`` (one game's
rules, written for players from the game's rules page, with pictures of example positions).

A game's prose is a template per language, ``play/rules/<slug>.<language>.html`` (chosen by the
active language, English when a language has none); the page around it is
``play/rules/page.html``. The pictures are the examples of ``play.examples`` (positions the
game's engine reaches from a stacked deal by legal moves), drawn in the browser by the game's own
board module, read-only (``play/static/play/rules.js``). With ``?embed=1`` the page comes without
the site's header, to be framed by a table's rules drawer (same origin only).
"""
from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.template.loader import select_template
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from csp.constants import SELF
from csp.decorators import csp_replace
from django.views.decorators.clickjacking import xframe_options_sameorigin

from play.bots import DEFAULT_THINK_SECONDS, MAX_THINK_SECONDS, MIN_THINK_SECONDS, thinks
from play.examples import figures
from play.games import GAMES
from play.tutorials import TUTORIALS

from .boards import board_context
from .forms import game_label
from .levels import levels_for
from .turn_clock import MAX_SECONDS_PER_TURN, MIN_SECONDS_PER_TURN


def rules_url(slug: str) -> str:
    """The path of ``slug``'s how-to-play page (every game of ``play.games.GAMES`` has one)."""
    return reverse("play-rules-game", kwargs={"slug": slug})


def _game_facts(slug: str) -> dict:
    """What the pages say of a game, from its record: its name in the reader's language, the
    player range, the playing time (``None`` where its rules page gives none), what it is about
    and the limits of the options the new-match form offers (``options[name]["low"|"high"]``)."""
    spec = GAMES[slug].spec
    return {
        "slug": slug, "label": game_label(slug), "min": spec.min_players, "max": spec.max_players,
        "minutes": spec.minutes, "summary": _(spec.summary) if spec.summary else "", "url": rules_url(slug),
        "options": {o.name: {"low": o.low, "high": f"{o.high:,}" if o.high else None} for o in spec.form_options},
    }


def reader_name() -> str:
    """The display name of the reader's seat in the pictures."""
    # Translators: the display name of the reader's seat in the pictures of the rules pages.
    return _("Aoi")


def _figure_seats(figure: dict) -> list[dict]:
    """The seat list a figure is drawn with, in the shape of a match view's ``seats``: the
    example's seat is the reader ("you", under a display name), the others heuristic bots, as in
    a first match against bots."""
    name = reader_name()
    return [
        {"index": i, "name": name if i == figure["seat"] else "", "kind": "human" if i == figure["seat"] else "bot",
         "bot": "" if i == figure["seat"] else "heuristic", "resigned": False, "you": i == figure["seat"]}
        for i in range(figure["players"])
    ]


def rules_index(request):
    """The games, each with its player count, what it is about and a link to its rules."""
    return render(request, "play/rules/index.html", {"games": [_game_facts(slug) for slug in GAMES]})


def _think_time(slug: str) -> dict | None:
    """The new-match form's time to think, as the options section explains it (its label and
    range), for a game that a level's thinking bot plays; else ``None``."""
    if not any(thinks(level.bot) for level in levels_for(GAMES[slug])):
        return None
    return {"label": _("The strong bot's time to think"), "min": f"{MIN_THINK_SECONDS:g}",
            "max": f"{MAX_THINK_SECONDS:g}", "default": f"{DEFAULT_THINK_SECONDS:g}"}


@xframe_options_sameorigin
@csp_replace({"frame-ancestors": [SELF]})
def rules_page(request, slug: str):
    """One game's how-to-play page in the active language; 404 for a game the site does not
    host. ``?embed=1``: without the site's header and footer (for a table's rules drawer)."""
    if slug not in GAMES:
        raise Http404(_("There is no game called “%(game)s”.") % {"game": slug})
    language = (get_language() or "en").split("-")[0]
    prose = select_template([f"play/rules/{slug}.{language}.html", f"play/rules/{slug}.en.html"])
    pictures = [{**figure, "seats": _figure_seats(figure)} for figure in figures(slug)]
    embed = request.GET.get("embed") == "1"
    return render(request, "play/rules/page.html", {
        "game": _game_facts(slug),
        "prose_template": prose.template.name,
        **board_context(slug),
        "figures": pictures,
        "reader": reader_name(),
        "turn_clock": {"min": f"{MIN_SECONDS_PER_TURN:,}", "max": f"{MAX_SECONDS_PER_TURN:,}"},
        "bot_levels": levels_for(GAMES[slug]),
        "think": _think_time(slug),
        "embed": embed,
        "guided": slug in TUTORIALS,
        "base_template": "play/rules/embed.html" if embed else "base.html",
    })
