"""Who a request comes from: the client address, taken one way for every limit of the site
(the API's rate limits, ``core.api.throttling``, and the login limits, ``AXES_CLIENT_IP_CALLABLE``
in ``config.settings``).
"""
from rest_framework.settings import api_settings


def client_address(request) -> str | None:
    """The address of the client that sent ``request`` (a Django ``HttpRequest`` or a DRF
    ``Request``), by Django REST framework's rule for ``NUM_PROXIES``: with 0 proxies (the
    site's default) or no ``X-Forwarded-For``, the connection's ``REMOTE_ADDR``, whatever the
    client wrote in ``X-Forwarded-For``; with N proxies that each append the address they saw,
    the N-th address from the right (the one the outermost proxy wrote). ``None`` when the
    server gave no ``REMOTE_ADDR``."""
    forwarded, remote = request.META.get("HTTP_X_FORWARDED_FOR"), request.META.get("REMOTE_ADDR")
    proxies = api_settings.NUM_PROXIES
    if proxies is None:  # DRF's rule when NUM_PROXIES is unset: the whole header
        return "".join(forwarded.split()) if forwarded else remote
    if proxies == 0 or forwarded is None:
        return remote
    addresses = forwarded.split(",")
    return addresses[-min(proxies, len(addresses))].strip()
