"""Account pages: sign up, log in/out (Django's views), the locked-out page and API tokens."""
import math

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import status_of
from core.messages import localize
from core.redirects import safe_next

from . import selectors, services
from .forms import SignupForm


def _next_url(request) -> str:
    return safe_next(request, reverse(settings.LOGIN_REDIRECT_URL))


class SafeNextMixin:
    """Django's login and logout views following ``next`` only to a local path (``core.redirects``)."""

    def get_redirect_url(self) -> str:
        return safe_next(self.request, "")


class LoginView(SafeNextMixin, auth_views.LoginView):
    """Django's ``LoginView`` (``next``: see ``SafeNextMixin``)."""


class LogoutView(SafeNextMixin, auth_views.LogoutView):
    """Django's ``LogoutView`` (POST; ``next``: see ``SafeNextMixin``)."""


def signup(request):
    """Create an account with Django's ``UserCreationForm`` and log the new user in."""
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        welcome = _("Welcome, %(name)s! Your account has been created.") % {"name": user.get_username()}
        messages.success(request, welcome)
        return HttpResponseRedirect(_next_url(request))
    status = 400 if request.method == "POST" else 200
    return render(request, "registration/signup.html", {"form": form, "next": _next_url(request)}, status=status)


@login_required
def tokens(request):
    """The user's API tokens; POST creates one and shows its full key once, or, when the user
    holds ``API_TOKENS_PER_USER`` already, says so (429) and makes none."""
    new_key, refusal = None, None
    if request.method == "POST":
        try:
            _token, new_key = services.create_token(request.user)
        except services.TooManyTokens as error:
            refusal = error
    api_url = request.build_absolute_uri("/api/decks/?mine=true")
    return render(request, "accounts/tokens.html", {
        "tokens": selectors.user_tokens(request.user), "new_key": new_key, "api_url": api_url,
        "refusal": localize(refusal.message) if refusal else None,
    }, status=status_of(refusal) if refusal else 200)


@login_required
@require_POST
def revoke_token(request, token_key: str):
    """Delete one of the user's tokens (POST); 404 for a token that is not theirs."""
    if not services.revoke_token(request.user, token_key):
        raise Http404(_("You have no such token."))
    messages.success(request, _("The token %(key)s… has been revoked.") % {"key": token_key[:8]})
    return redirect("tokens")


def locked_out(request, original_response=None, credentials=None):
    """The answer to a login refused for too many failures (django-axes' ``AXES_LOCKOUT_CALLABLE``,
    on the site's and the admin's login pages): 429 with ``Retry-After`` (seconds) and a page that
    says how long to wait, ``AXES_COOLOFF_TIME`` rounded up to whole minutes (each refused try
    starts the wait again)."""
    wait = settings.AXES_COOLOFF_TIME.total_seconds()
    response = render(request, "registration/locked_out.html", {
        "minutes": max(math.ceil(wait / 60), 1), "failure_limit": settings.AXES_FAILURE_LIMIT,
        "address_limit": settings.LOGIN_ADDRESS_FAILURE_LIMIT,
    }, status=429)
    response["Retry-After"] = str(math.ceil(wait))
    return response
