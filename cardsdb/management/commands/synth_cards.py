"""``manage.py synth_cards N``: fill the synthetic set SYN with N invented cards, for measuring
the site at scale; ``manage.py synth_cards --remove`` takes them all away again."""
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from cardsdb.services import SyntheticSetError, add_synthetic_cards, remove_synthetic_cards
from cardsdb.synthetic import MAX_NUMBER
from tcg.integers import int_argument


class Command(BaseCommand):
    help = (
        "Make the synthetic set SYN (kind 'synthetic') hold N invented cards SYN-000001…, with realistic types, "
        "colours, SIZE, HP, movement, action tables, Japanese names with kana readings, English names and rules text. "
        "Cards already there are kept, so running it again is safe. --remove deletes the set and all its cards."
    )

    def add_arguments(self, parser):
        parser.add_argument("count", nargs="?", type=int_argument(), help=f"how many cards the set should hold (0–{MAX_NUMBER})")
        parser.add_argument("--seed", type=int_argument(), default=0, help="the same seed makes the same cards (default 0)")
        parser.add_argument("--remove", action="store_true", help="delete the synthetic set and all its cards")
        parser.add_argument("--no-progress", action="store_true", help="no progress bar")

    def handle(self, count=None, seed=0, remove=False, no_progress=False, **options):
        if remove == (count is not None):
            raise CommandError("give either a number of cards or --remove")
        try:
            if remove:
                removed = remove_synthetic_cards()
                self.stdout.write(f"Removed {removed} synthetic card(s) and the set SYN.")
                return
            with tqdm(total=count, unit="card", disable=no_progress, file=self.stderr._out) as bar:
                created = add_synthetic_cards(count, seed, progress=bar.update)
        except SyntheticSetError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"Created {created} synthetic card(s); the set SYN holds cards 1 to {count}.")
