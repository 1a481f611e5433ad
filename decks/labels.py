"""The words the deck pages' scripts draw with, in the request's language, rendered by the pages
with Django's ``json_script`` and read by ``labels()`` of the site's JS kit
(``static/js/kit/labels.js``); placeholders are python-format (``%(count)s``), filled in the browser.

- ``builder_labels()`` (``#builder-labels``): the deck builder (``decks/static/decks/builder.js``);
- ``GOLDFISH`` (``#goldfish-labels``): the goldfish run of a deck's page (``deck.js``).
- ``add_to_deck_labels()`` (``#add-to-deck-labels``): "add to a deck" on card pages and search
  results (``add_to_deck.js``).
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.labels import label, labels
from tcg.vocabulary import ACTION_LABELS, COLOUR_LABELS, COLOURLESS, COLOURS, TYPE_LABELS

GOLDFISH = {
    "failed": gettext_lazy("The simulation could not run."),
    "progress": gettext_lazy("%(done)s of %(runs)s games played"),
    "opening": gettext_lazy("First 7 cards hold a character: %(first)s; kept hand holds one: %(kept)s."),
}


def builder_labels() -> dict:
    """Translated names of types, colours and actions for the builder's search results, and the
    builder's messages: ``{"types", "colours", "actions": {code: name}, "size", "hp",
    "movement", "messages": {key: text}}``."""
    return {
        "types": labels(TYPE_LABELS),
        "colours": {c: label(COLOUR_LABELS, c) for c in COLOURS + (COLOURLESS,)},
        "actions": labels(ACTION_LABELS),
        "size": _("SIZE"), "hp": _("HP"), "movement": _("movement power"),
        "messages": {
            "searching": _("Searching…"),
            "found": _("Cards found: %(count)s"),
            "none": _("No card matches this search."),
            "add": _("Add"),
            "add_one": _("Add one %(name)s"),
            "failed": _("The server did not answer; try again."),
            "saving": _("Saving…"),
            "saved": _("Saved as version %(version)s."),
            "unchanged": _("Saved; the cards are those of version %(version)s, so no new version was made."),
            "imported_one": ngettext("Imported %(count)s card; the deck now holds that list.",
                                     "Imported %(count)s cards; the deck now holds that list.", 1),
            "imported": ngettext("Imported %(count)s card; the deck now holds that list.",
                                 "Imported %(count)s cards; the deck now holds that list.", 2),
            "name_needed": _("Give the deck a name."),
            "edit_heading": _("Edit %(name)s"),
            "unsaved": _("Unsaved changes"),
            "draft_saved": _("Draft kept at %(time)s: your changes are safe until you save."),
            "draft_failed": _("The draft could not be kept; save the deck to keep your changes."),
            "play_invalid": _("Only a legal deck can be played: fix the problems above first."),
            "stale_restored": _("The draft is restored. Saving it makes a new version on top of version "
                                "%(version)s, which stays in the history."),
        },
    }


def add_to_deck_labels() -> dict:
    """The words of "add to a deck" on the card page and the search results
    (``decks/static/decks/add_to_deck.js``): ``{"add", "add_one", "none", "failed"}``."""
    return {
        "add": _("+1"),
        "add_one": _("Add one %(name)s to the chosen deck"),
        "none": _("You have no decks yet: start one in the builder."),
        "choose": _("Choose a deck first."),
        "failed": _("The server did not answer; try again."),
    }
