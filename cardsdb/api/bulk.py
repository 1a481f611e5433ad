"""The whole catalogue as a stream (``GET /api/cards/bulk/``): the JSON interchange text is
read and sent a batch of cards at a time, so the server never holds all of it. Each card may
carry more keys (the API gives its ``image_uris``), which the importer ignores."""
from collections.abc import Callable

from asgiref.sync import sync_to_async

from cardsdb import services
from cardsdb.selectors import catalogue
from cardsdb.models import Card

BULK_BATCH = 1000


def _bulk_start() -> str:
    return services.catalogue_json_start(catalogue.sets())


def _bulk_batch(after: str, first: bool, batch: int, extra) -> tuple[str, str]:
    cards = catalogue.cards_after(after, batch)
    return services.catalogue_json_cards(cards, first, extra), (cards[-1].code if cards else "")


async def bulk_parts(batch: int = BULK_BATCH, extra: Callable[[Card], dict] | None = None):
    """The catalogue's JSON, read and sent ``batch`` cards at a time (by code), so the server
    never holds the whole of it: an async iterator, which the ASGI server streams. ``extra``
    gives keys to add to each card (``services.catalogue_json_cards``)."""
    yield await sync_to_async(_bulk_start)()
    after, first = "", True
    while True:
        text, after = await sync_to_async(_bulk_batch)(after, first, batch, extra)
        if not text:
            break
        first = False
        yield text
    yield services.CATALOGUE_JSON_END
