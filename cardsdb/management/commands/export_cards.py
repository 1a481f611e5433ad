"""``manage.py export_cards [--format json|csv] [--set CODE] [-o FILE]``: write the catalogue."""
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cardsdb.models import Card, CardSet
from cardsdb.services import export_catalogue


class Command(BaseCommand):
    help = "Export cards in the interchange format (JSON or CSV), ordered by code. Reads back with import_cards."

    def add_arguments(self, parser):
        parser.add_argument("--format", choices=["json", "csv"], default=None, help="default: from -o's extension, else json")
        parser.add_argument("--set", dest="set_codes", action="append", default=[], help="only this set (repeatable)")
        parser.add_argument("-o", "--output", type=Path, help="file to write (default: standard output)")

    def handle(self, format=None, set_codes=(), output=None, **options):
        fmt = format or (output.suffix.lstrip(".").lower() if output else "json")
        if fmt not in ("json", "csv"):
            raise CommandError("use --format json or --format csv")
        cards = Card.objects.select_related("card_set").order_by("code")
        sets = CardSet.objects.filter(cards__isnull=False).distinct()
        if set_codes:
            cards = cards.filter(card_set_id__in=set_codes)
            sets = sets.filter(code__in=set_codes)
        text = export_catalogue(cards.iterator(chunk_size=2000), fmt, sets=sets)
        if output:
            output.write_text(text, encoding="utf-8")
            self.stderr.write(f"Wrote {cards.count()} card(s) to {output}.")
        else:
            sys.stdout.write(text)
