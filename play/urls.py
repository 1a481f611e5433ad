"""Table pages: the lobby, a new match, a guest's name, a match's table and its replay."""
from django.urls import path

from . import views

urlpatterns = [
    path("play/", views.lobby, name="play-lobby"),
    path("play/new/", views.new_match, name="play-new"),
    path("play/name/", views.guest_name, name="play-name"),
    path("play/m/<str:match_id>/", views.table, name="play-table"),
    path("play/m/<str:match_id>/join/", views.join, name="play-join"),
    path("play/m/<str:match_id>/leave/", views.leave, name="play-leave"),
    path("play/m/<str:match_id>/resign/", views.resign, name="play-resign"),
    path("play/m/<str:match_id>/replay/", views.replay, name="play-replay"),
]
