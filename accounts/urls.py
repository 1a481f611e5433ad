"""Account pages: sign up, log in, log out (POST), API tokens."""
from django.urls import path

from . import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("tokens/", views.tokens, name="tokens"),
    path("tokens/<str:token_key>/revoke/", views.revoke_token, name="token-revoke"),
]
