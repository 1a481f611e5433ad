"""Websocket routes of every app."""
from django.urls import path

from core.consumers import HealthConsumer
from play.routing import websocket_urlpatterns as play_websocket_urlpatterns

websocket_urlpatterns = [
    path("ws/health/", HealthConsumer.as_asgi()),
    *play_websocket_urlpatterns,
]
