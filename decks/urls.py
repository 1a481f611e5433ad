"""Deck pages."""
from django.urls import path

from . import views

urlpatterns = [
    path("decks/", views.deck_list, name="deck-list"),
    path("decks/validate/", views.validate, name="deck-validate"),
    path("decks/<str:deck_id>/", views.deck_detail, name="deck-detail"),
]
