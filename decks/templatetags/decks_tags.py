"""Template tags of the deck pages that other apps' templates use (``{% load decks_tags %}``)."""
from django import template

from decks.labels import add_to_deck_labels

register = template.Library()


@register.simple_tag
def add_to_deck_words() -> dict:
    """The words of "add to a deck" (``decks/_add_to_deck.html``, ``add_to_deck.js``), in the
    request's language: ``decks.labels.add_to_deck_labels()``."""
    return add_to_deck_labels()
