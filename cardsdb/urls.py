"""Card pages."""
from django.urls import path

from . import views
from .faces import FORMATS

urlpatterns = [
    path("cards/", views.card_list, name="card-list"),
    path("cards/syntax/", views.syntax_help, name="card-syntax"),
    path("cards/random/", views.random_card, name="card-random"),
    path("cards/<str:code>/", views.card_detail, name="card-detail"),
] + [
    path(f"cards/<str:code>/face.{fmt}", views.card_face, {"fmt": fmt}, name=f"card-face-{fmt}") for fmt in FORMATS
]
