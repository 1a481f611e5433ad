"""Where a page may send a visitor next: the ``next`` parameter of log in, sign up, log out, a
guest's name and the language switch, read the same way everywhere.

A ``next`` is followed only when it is a path on this site: it starts with one ``/`` (not
``//`` or ``/\\``, which browsers read as another host), Django's
``url_has_allowed_host_and_scheme`` accepts it for this host, and it holds no control
character (a newline would break the ``Location`` header). Anything else — ``abc`` (which
``redirect()`` would look up as a URL name), ``https://elsewhere.example/``, ``javascript:…`` —
is ignored for the page's default.
"""
from __future__ import annotations

import unicodedata

from django.utils.encoding import iri_to_uri
from django.utils.http import url_has_allowed_host_and_scheme


def is_local_path(target: str | None, request) -> bool:
    """Whether ``target`` is a path on this site that a redirect may go to (see the module)."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return False
    if any(unicodedata.category(ch).startswith("C") for ch in target):
        return False
    return url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}, require_https=request.is_secure())


def safe_next(request, default: str) -> str:
    """The request's ``next`` (the POST field, else the query parameter) when it is a local path
    (``is_local_path``), else ``default``; as a URI (``iri_to_uri``: ``/cards/?q=火炎`` is
    ``/cards/?q=%E7%81%AB%E7%82%8E``), ready for a ``Location`` header, which would otherwise
    carry it encoded as a mail header (RFC 2047), an address no browser follows."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    return iri_to_uri(target) if is_local_path(target, request) else default
