from django.urls import path

from cardsdb.faces import FORMATS

from . import views

_FACES = {"svg": views.CardFaceSvg, "png": views.CardFacePng}

urlpatterns = [
    path("cards/", views.CardList.as_view(), name="api-card-list"),
    path("cards/named/", views.CardNamed.as_view(), name="api-card-named"),
    path("cards/autocomplete/", views.CardAutocomplete.as_view(), name="api-card-autocomplete"),
    path("cards/random/", views.CardRandom.as_view(), name="api-card-random"),
    path("cards/collection/", views.CardCollection.as_view(), name="api-card-collection"),
    path("cards/bulk/", views.CardBulk.as_view(), name="api-card-bulk"),
    path("cards/<str:code>/", views.CardDetail.as_view(), name="api-card-detail"),
] + [
    path(f"cards/<str:code>/face.{fmt}", _FACES[fmt].as_view(), name=f"api-card-face-{fmt}") for fmt in FORMATS
]
