"""Table pages: the lobby, a new match, a guest's name, a match's table and its replay, and the
how-to-play pages of the games, the games' leaderboards and the players' pages."""
from django.urls import path

from . import ratings_pages, rules_pages, views

urlpatterns = [
    path("play/", views.lobby, name="play-lobby"),
    path("play/new/", views.new_match, name="play-new"),
    path("play/deck/<str:deck_id>/", views.play_deck, name="play-deck"),
    path("play/name/", views.guest_name, name="play-name"),
    path("play/m/<str:match_id>/", views.table, name="play-table"),
    path("play/m/<str:match_id>/join/", views.join, name="play-join"),
    path("play/m/<str:match_id>/leave/", views.leave, name="play-leave"),
    path("play/m/<str:match_id>/resign/", views.resign, name="play-resign"),
    path("play/m/<str:match_id>/replay/", views.replay, name="play-replay"),
    path("play/m/<str:match_id>/rematch/", views.rematch, name="play-rematch"),
    path("play/m/<str:match_id>/dismiss/", views.dismiss, name="play-dismiss"),
    path("play/m/<str:match_id>/abandon/", views.abandon, name="play-abandon"),
    path("play/m/<str:match_id>/invite/<int:seat>/", views.invite, name="play-invite"),
    path("play/guided/<slug:slug>/", views.guided, name="play-guided"),
    path("play/rules/", rules_pages.rules_index, name="play-rules"),
    path("play/rules/<slug:slug>/", rules_pages.rules_page, name="play-rules-game"),
    path("play/leaderboard/", ratings_pages.leaderboard_index, name="play-leaderboard"),
    path("play/leaderboard/<slug:slug>/", ratings_pages.leaderboard, name="play-leaderboard-game"),
    path("players/<str:username>/", ratings_pages.player, name="play-player"),
]
