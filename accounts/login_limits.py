"""The login limits' bookkeeping (django-axes, configured in ``config.settings``): failed logins
are counted in the database per account and per client address.

Axes' database handler clears, on a successful login, every failure that shares the account
*or the address* of that login. An attacker with an account of their own could then log into it
after every few guesses at other accounts from the same address and guess for ever. Here a
success clears the failures of its own account only; the address keeps its count until the
lock-out time has passed.
"""
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt


class LoginAttempts(AxesDatabaseHandler):
    """Axes' database handler, but a successful login resets only that account's failures."""

    def reset_user_attempts(self, request, credentials: dict | None = None) -> int:
        """Delete the recorded failures of the account that just logged in (every address);
        returns how many records were deleted."""
        username = get_client_username(request, credentials)
        deleted, _ = AccessAttempt.objects.filter(username=username).delete()
        return deleted
