from django.urls import path

from . import views

urlpatterns = [
    path("decks/validate/", views.ValidateDeck.as_view(), name="api-deck-validate"),
    path("decks/", views.DeckList.as_view(), name="api-deck-list"),
    path("decks/<str:deck_id>/", views.DeckDetail.as_view(), name="api-deck-detail"),
]
