"""``manage.py import_cards FILE [--format json|csv]``: import a catalogue file, all or nothing."""
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from cardsdb.services import CatalogueImportError, import_catalogue, parse_catalogue


class Command(BaseCommand):
    help = (
        "Import cards from a JSON file ({\"cards\": [...]}, the interchange format) or a CSV file "
        "(columns: see tcg.cards.interchange.CSV_COLUMNS). New codes are added, known codes updated. "
        "A file with any bad row imports nothing and every bad row is reported."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path)
        parser.add_argument("--format", choices=["json", "csv"], help="default: from the file's extension")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, file: Path, format=None, no_progress=False, **options):
        fmt = format or file.suffix.lstrip(".").lower()
        if fmt not in ("json", "csv"):
            raise CommandError(f"cannot tell the format of {file}: use --format json or --format csv")
        try:
            content = file.read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise CommandError(f"cannot read {file}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise CommandError(f"{file} is not UTF-8 text") from None
        try:
            parsed = parse_catalogue(content, fmt)
        except CatalogueImportError as exc:
            raise CommandError(str(exc)) from None
        with tqdm(total=len(parsed.cards), unit="card", disable=no_progress, file=self.stderr._out) as bar:
            summary = import_catalogue(parsed, progress=bar.update)
        self.stdout.write(
            f"Imported {len(parsed.cards)} card(s) from {file}: {summary.created} new, {summary.updated} updated."
        )
