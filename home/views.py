"""The home page (``/``)."""
from django.shortcuts import render

from decks.selectors import visible_decks
from tcg.numbers import DECK_SIZE, MAX_COPIES

#: The sample decks shown on the home page, in this order.
SAMPLE_DECK_IDS = ("SMP-RED", "SMP-GREEN", "SMP-BLACK", "SMP-WHITE")


def home(request):
    """The home page: what the site is (with the deck limits, ``tcg.numbers``), a card search box,
    the validator and the sample decks."""
    decks = {d.id: d for d in visible_decks(request.user).filter(id__in=SAMPLE_DECK_IDS)}
    sample_decks = [decks[i] for i in SAMPLE_DECK_IDS if i in decks]
    return render(request, "home.html", {"sample_decks": sample_decks, "deck_size": DECK_SIZE, "max_copies": MAX_COPIES})
