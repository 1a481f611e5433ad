from django.urls import path

from . import views

urlpatterns = [
    path("cards/", views.CardList.as_view(), name="api-card-list"),
    path("cards/<str:code>/", views.CardDetail.as_view(), name="api-card-detail"),
]
