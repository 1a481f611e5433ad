from django.apps import AppConfig


class CardsdbConfig(AppConfig):
    verbose_name = "Card catalogue"
    name = "cardsdb"

    def ready(self):
        # Register the app's error codes (core.errors) before any request is answered.
        from . import errors  # noqa: F401
