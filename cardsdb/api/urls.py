from django.urls import path

from . import views

urlpatterns = [
    path("cards/", views.CardList.as_view(), name="api-card-list"),
    path("cards/named/", views.CardNamed.as_view(), name="api-card-named"),
    path("cards/autocomplete/", views.CardAutocomplete.as_view(), name="api-card-autocomplete"),
    path("cards/random/", views.CardRandom.as_view(), name="api-card-random"),
    path("cards/collection/", views.CardCollection.as_view(), name="api-card-collection"),
    path("cards/bulk/", views.CardBulk.as_view(), name="api-card-bulk"),
    path("cards/<str:code>/", views.CardDetail.as_view(), name="api-card-detail"),
]
