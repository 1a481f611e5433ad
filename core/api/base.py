"""The base of every API view: what each endpoint does the same way, whatever it is.

- **Query parameters** are checked against the operation's declaration
  (``core.api.params.query_parameters``) once the caller is authenticated, allowed and not
  throttled, before the view runs; a bad one is 400 ``bad_parameter``. The view reads the values
  from ``request.parameters``.
- **A write that takes no body** (``core.api.bodies.takes_no_body``) refuses one, before the
  view runs.
- **A write is all or nothing**: a ``POST``/``PUT``/``PATCH``/``DELETE`` runs in one database
  transaction that also covers rendering its answer, and that is rolled back whenever the answer
  is an error (status 400 or more) — so an error found late (while the answer is written) leaves
  nothing behind, and neither does a refusal after a partial write (a session made for a guest
  by the refused write is forgotten as well). Reads run no transaction of their own (on SQLite
  a transaction takes the write lock, so every reader would queue behind it, and on PostgreSQL
  it costs two more round trips) — nor does a ``POST`` that only reads, such as a deck list
  checked or a batch of cards looked up: its view says so with ``writes = False``.

Use ``ApiView``, ``GenericApiView``, ``ListApiView`` or ``RetrieveApiView`` in place of DRF's
``APIView``, ``GenericAPIView``, ``ListAPIView`` and ``RetrieveAPIView``
(tests/core/test_api_doors.py checks that every view under ``/api/`` does).
"""
from __future__ import annotations

from django.db import transaction
from rest_framework import generics
from rest_framework.views import APIView

from core.api.bodies import refuse_a_body
from core.api.params import read_parameters

WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def _handler(view, method: str):
    return getattr(view, "get" if method == "HEAD" else method.lower(), None)


def declared_parameters(view, method: str) -> tuple:
    """The query parameters the view's handler of ``method`` declares (``()`` for none)."""
    return getattr(_handler(view, method), "query_parameters", ())


class ApiViewMixin:
    """See the module: query parameters checked, writes in one transaction with their answer."""

    #: False for a view whose write methods only read (a ``POST`` used for a body too large or
    #: too structured for a query string): it runs no transaction, as a ``GET`` does.
    writes = True

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if request.method != "OPTIONS":
            request.parameters = read_parameters(request.query_params, declared_parameters(self, request.method))
        if request.method in WRITE_METHODS and getattr(_handler(self, request.method), "takes_no_body", False):
            refuse_a_body(request)

    def dispatch(self, request, *args, **kwargs):
        if request.method not in WRITE_METHODS or not self.writes:
            return super().dispatch(request, *args, **kwargs)
        session = getattr(request, "session", None)
        new_session = session is not None and session.session_key is None
        with transaction.atomic():
            response = super().dispatch(request, *args, **kwargs)
            if callable(getattr(response, "render", None)):
                response.render()  # inside the transaction: a failure here undoes the write
            if response.status_code >= 400:
                transaction.set_rollback(True)
        if response.status_code >= 400 and new_session and session.session_key is not None:
            # the session row made during the write went with it: forget it too, so that the
            # session middleware does not update a row that is not there
            session.flush()
        return response


class ApiView(ApiViewMixin, APIView):
    """DRF's ``APIView`` with the API's shared behaviour (see the module)."""


class GenericApiView(ApiViewMixin, generics.GenericAPIView):
    """DRF's ``GenericAPIView`` with the API's shared behaviour (see the module)."""


class ListApiView(ApiViewMixin, generics.ListAPIView):
    """DRF's ``ListAPIView`` with the API's shared behaviour (see the module)."""


class RetrieveApiView(ApiViewMixin, generics.RetrieveAPIView):
    """DRF's ``RetrieveAPIView`` with the API's shared behaviour (see the module)."""
