"""Card pages."""
from django.urls import path

from . import views

urlpatterns = [
    path("cards/", views.card_list, name="card-list"),
    path("cards/syntax/", views.syntax_help, name="card-syntax"),
    path("cards/<str:code>/", views.card_detail, name="card-detail"),
]
