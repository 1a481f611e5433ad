"""Deck pages."""
from django.urls import path

from . import views, views_builder, views_history

urlpatterns = [
    path("decks/", views.deck_list, name="deck-list"),
    path("decks/validate/", views.validate, name="deck-validate"),
    path("decks/new/", views_builder.builder, name="deck-new"),
    path("decks/builder/panel/", views_builder.builder_panel, name="deck-builder-panel"),
    path("decks/with-card/<str:code>/", views.decks_with_card, name="deck-with-card"),
    path("decks/<str:deck_id>/", views.deck_detail, name="deck-detail"),
    path("decks/<str:deck_id>/edit/", views_builder.builder, name="deck-edit"),
    path("decks/<str:deck_id>/history/", views_history.history, name="deck-history"),
    path("decks/<str:deck_id>/history/restore/", views_history.restore, name="deck-restore"),
    path("decks/<str:deck_id>/copy/", views_history.copy, name="deck-copy"),
    path("decks/<str:deck_id>/print/", views_history.print_deck, name="deck-print"),
]
