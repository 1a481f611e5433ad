"""What the deck writes share: the deck's row locked for the write, the owner's check, and the
deck's cards written as its next version (``DeckVersion``). Each caller is one transaction."""
from __future__ import annotations

from cardsdb.selectors.catalogue import card_ids
from tcg.decks.rules import DeckReport

from ..errors import DeckListError, DeckNotFound, DeckPermissionError
from ..models import Deck, DeckCard, DeckVersion
from ..selectors import check_entries

MAX_NOTE = 500


def lock_deck(deck: Deck, no_key: bool = False) -> Deck:
    """``deck``'s row read afresh and locked until the transaction ends, so that a ``DELETE``
    of it waits for this write (and a write that waited for a ``DELETE`` finds it gone).
    ``no_key``: a lock that still lets rows referring to the deck be added (a copy, a
    goldfish run only read it). Raises ``DeckNotFound`` when the row is gone."""
    locked = Deck.objects.select_for_update(no_key=no_key).filter(pk=deck.pk).first()
    if locked is None:
        raise DeckNotFound
    return locked


def write_entries(deck: Deck, report: DeckReport, user=None, note: str = "", kind: str = "saved",
                  restored_from: int | None = None) -> DeckVersion:
    """Replace ``deck``'s cards with ``report``'s and record them as the deck's next version
    (``kind`` and ``restored_from`` as in ``DeckVersion``).

    Raises ``DeckListError`` when the report has blocking problems, or when one of its cards is
    no longer in the catalogue (gone since the list was checked): the list is then checked again
    against the catalogue as it is (its version moved with the delete), and that report's
    problems are the error's."""
    if report.blocking_problems:
        raise DeckListError(report)
    ids = card_ids([c.code for c in report.cards])
    if any(c.code not in ids for c in report.cards):
        raise DeckListError(check_entries([{"code": c.code, "count": c.count} for c in report.cards]))
    deck.entries.all().delete()
    DeckCard.objects.bulk_create(
        DeckCard(deck=deck, card_id=ids[c.code], count=c.count, position=i) for i, c in enumerate(report.cards)
    )
    last = deck.versions.order_by("-number").values_list("number", flat=True).first() or 0
    entries = [{"code": c.code, "name": c.name, "type": c.type, "count": c.count} for c in report.cards]
    return DeckVersion.objects.create(
        deck=deck, number=last + 1, name=deck.name, entries=entries, total=report.total,
        note=(note or "")[:MAX_NOTE], kind=kind, restored_from=restored_from,
        created_by=user if getattr(user, "pk", None) else None,
    )


def check_owner(deck: Deck, user, doing: str) -> None:
    """``DeckPermissionError`` (``doing``: ``change``, ``delete``, ``restore``, ``draft``) unless
    ``user`` owns ``deck``."""
    if deck.owner_id is None or deck.owner_id != getattr(user, "pk", None):
        raise DeckPermissionError(doing)
