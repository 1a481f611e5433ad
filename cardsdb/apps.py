from django.apps import AppConfig
from django.db.backends.signals import connection_created

from .search.regexp import register


class CardsdbConfig(AppConfig):
    verbose_name = "Card catalogue"
    name = "cardsdb"

    def ready(self):
        # Register the app's error codes (core.errors) before any request is answered.
        from . import errors  # noqa: F401
        # Every SQLite connection's REGEXP runs within a search's time budget.
        connection_created.connect(register, dispatch_uid="cardsdb.search.regexp")
