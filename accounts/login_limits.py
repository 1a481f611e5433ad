"""The login limits' bookkeeping (django-axes, configured in ``config.settings``): failed logins
are counted in the database per (account, client address) pair, and per client address over
every account.

Counting per account alone let anyone lock anyone out: user names are public, and five wrong
passwords for a name locked its owner out from everywhere. As django-axes' own documentation
advises (``AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "ip_address"]``), a pair is
locked after ``LOGIN_FAILURE_LIMIT`` failures (5), and an address after
``LOGIN_ADDRESS_FAILURE_LIMIT`` failures over all accounts (20), so an address that guesses at
many accounts is stopped too; the account's owner still logs in from any other address.

Axes compares one count with one limit; ``get_failures`` gives it the count that is nearest its
limit, the address's shifted by the difference of the two limits. Axes' database handler also
clears, on a successful login, every failure that shares the account *or the address* of that
login: an attacker with an account of their own could then log into it after every few guesses
at other accounts and guess for ever. Here a success clears the failures of its own pair only.
"""
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum


class LoginAttempts(AxesDatabaseHandler):
    """Axes' database handler with a limit per (account, address) pair and a higher one per
    address; a successful login resets only its pair's failures."""

    def get_failures(self, request, credentials: dict | None = None) -> int:
        """The failures that count against a login, in the units of ``AXES_FAILURE_LIMIT`` (the
        pair's limit): the pair's own, or the address's over every account less the difference
        of the limits, whichever is more (so the address is locked at its own limit,
        ``LOGIN_ADDRESS_FAILURE_LIMIT``). ``AXES_LOCKOUT_PARAMETERS`` lists the pair, then the
        address."""
        pair, address = (
            attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for attempts in self.get_user_attempts(request, credentials)
        )
        return max(pair, address - (settings.LOGIN_ADDRESS_FAILURE_LIMIT - settings.AXES_FAILURE_LIMIT))

    def reset_user_attempts(self, request, credentials: dict | None = None) -> int:
        """Delete the recorded failures of the account that just logged in from this address;
        returns how many records were deleted."""
        username = get_client_username(request, credentials)
        deleted, _ = AccessAttempt.objects.filter(username=username, ip_address=request.axes_ip_address).delete()
        return deleted
