from django.urls import path

from . import drafts, history, insight, sharing, views

urlpatterns = [
    path("decks/validate/", views.ValidateDeck.as_view(), name="api-deck-validate"),
    path("decks/analyse/", insight.AnalyseDeck.as_view(), name="api-deck-analyse"),
    path("decks/", views.DeckList.as_view(), name="api-deck-list"),
    path("decks/<str:deck_id>/", views.DeckDetail.as_view(), name="api-deck-detail"),
    path("decks/<str:deck_id>/cards/", drafts.AddCard.as_view(), name="api-deck-add-card"),
    path("deck-drafts/<str:deck_id>/", drafts.DeckDraft.as_view(), name="api-deck-draft"),
    path("decks/<str:deck_id>/stats/", insight.DeckStats.as_view(), name="api-deck-stats"),
    path("decks/<str:deck_id>/odds/", insight.DeckOdds.as_view(), name="api-deck-odds"),
    path("decks/<str:deck_id>/goldfish/", insight.StartGoldfish.as_view(), name="api-deck-goldfish"),
    path("decks/<str:deck_id>/versions/", history.VersionList.as_view(), name="api-deck-versions"),
    path("decks/<str:deck_id>/versions/<int:number>/", history.VersionDetail.as_view(), name="api-deck-version"),
    path("decks/<str:deck_id>/versions/<int:number>/restore/", history.RestoreVersion.as_view(),
         name="api-deck-restore"),
    path("decks/<str:deck_id>/diff/", history.VersionDiff.as_view(), name="api-deck-diff"),
    path("decks/<str:deck_id>/copy/", sharing.CopyDeck.as_view(), name="api-deck-copy"),
    path("decks/<str:deck_id>/export/", sharing.ExportDeck.as_view(), name="api-deck-export"),
    path("goldfish/<str:run_id>/", insight.GoldfishRunDetail.as_view(), name="api-goldfish-run"),
]
