"""``manage.py load_samples``: load (or refresh) the sample catalogue and the sample decks.

The catalogue is ``fixtures/sample_catalogue.json``; each ``fixtures/decks/<ID>.txt`` becomes the
public site deck ``<ID>``, its first two ``#`` lines being its Japanese and English titles.
Safe to run again: cards are updated by code and decks replaced.
"""
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from decks.selectors import check_text
from decks.services import DeckListError, save_site_deck


class Command(BaseCommand):
    help = "Load the sample catalogue (set SMP) and the sample decks (SMP-RED, SMP-GREEN, …)."

    def handle(self, *args, **options):
        fixtures = Path(settings.BASE_DIR) / "fixtures"
        call_command("import_cards", str(fixtures / "sample_catalogue.json"), no_progress=True, stdout=self.stdout)
        for path in sorted((fixtures / "decks").glob("*.txt")):
            text = path.read_text(encoding="utf-8")
            titles = [line[1:].strip() for line in text.splitlines() if line.startswith("#")][:2]
            report = check_text(text)
            if not report.valid:
                raise CommandError(f"{path.name} is not a legal deck: " + "; ".join(p["message"] for p in report.problems))
            try:
                save_site_deck(path.stem, titles[0] if titles else path.stem, report, description="\n".join(titles[1:]))
            except DeckListError as exc:
                raise CommandError(f"{path.name}: {exc}") from None
        if options["verbosity"]:
            self.stdout.write("Sample decks loaded.")
