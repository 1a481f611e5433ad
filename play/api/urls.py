from django.urls import path

from . import views

urlpatterns = [
    path("games/", views.GameList.as_view(), name="api-game-list"),
    path("games/<str:slug>/leaderboard/", views.GameLeaderboard.as_view(), name="api-game-leaderboard"),
    path("matches/", views.MatchList.as_view(), name="api-match-list"),
    path("matches/guided/", views.GuidedMatch.as_view(), name="api-match-guided"),
    path("matches/<str:match_id>/", views.MatchDetail.as_view(), name="api-match-detail"),
    path("matches/<str:match_id>/join/", views.MatchJoin.as_view(), name="api-match-join"),
    path("matches/<str:match_id>/leave/", views.MatchLeave.as_view(), name="api-match-leave"),
    path("matches/<str:match_id>/resign/", views.MatchResign.as_view(), name="api-match-resign"),
    path("matches/<str:match_id>/actions/", views.MatchActions.as_view(), name="api-match-actions"),
    path("matches/<str:match_id>/log/", views.MatchLog.as_view(), name="api-match-log"),
    path("matches/<str:match_id>/replay/", views.MatchReplay.as_view(), name="api-match-replay"),
    path("matches/<str:match_id>/replay/frames/", views.MatchReplayFrames.as_view(), name="api-match-replay-frames"),
    path("matches/<str:match_id>/card-texts/", views.MatchCardTexts.as_view(), name="api-match-card-texts"),
    path("matches/<str:match_id>/chat/", views.MatchChat.as_view(), name="api-match-chat"),
    path("matches/<str:match_id>/rematch/", views.MatchRematch.as_view(), name="api-match-rematch"),
    path("matches/<str:match_id>/dismiss/", views.MatchDismiss.as_view(), name="api-match-dismiss"),
    path("matches/<str:match_id>/abandon/", views.MatchAbandon.as_view(), name="api-match-abandon"),
]
