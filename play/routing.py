"""Websocket routes of the table."""
from django.urls import path

from .consumers import MatchConsumer

websocket_urlpatterns = [
    path("ws/matches/<str:match_id>/", MatchConsumer.as_asgi()),
]
