from django.apps import AppConfig


class CardsdbConfig(AppConfig):
    verbose_name = "Card catalogue"
    name = "cardsdb"
