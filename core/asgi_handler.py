"""Django's ASGI handler with each HTTP request's sync work done in one thread hop.

Django's own handler builds the middleware stack async: each of Django's ``MiddlewareMixin``
middlewares (sessions, locale, CSRF, auth, messages, ...) then runs its ``process_request`` and
``process_response`` through ``sync_to_async``, the sync view through one more, the
``request_started`` signal and the response's ``close`` through two more: about 20 round trips
through the event loop a request. And each request gets a ``ThreadSensitiveContext``, that is a
new thread, with a new database connection when ``CONN_MAX_AGE`` keeps them per thread.

Every view of the site is sync (DRF's are), so this handler builds the stack sync, as under
WSGI, and runs a request's whole sync part — ``request_started``, the stack and the view, and
for an answer that is not streamed its ``close`` with ``request_finished`` — in one call on a
fixed pool of ``threads`` threads (``settings.HTTP_THREADS``), as a threaded WSGI server does:
the same thread opens, uses and releases the request's database connection, and a thread keeps
its connection from one request to the next. Reading the body and sending the answer stay
Django's (async); a streamed answer is closed after it is sent, through the pool.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse, HttpResponseBase
from django.urls import set_script_prefix


class PooledASGIHandler(ASGIHandler):
    """``ASGIHandler`` for sync views: the middleware stack built sync, a request's sync work in
    one call on a pool of ``settings.HTTP_THREADS`` threads (``sync_to_async`` with that
    executor, so that ``async_to_sync`` inside a view still reaches the server's event loop)."""

    def __init__(self) -> None:
        super().__init__()
        self._pool = ThreadPoolExecutor(max_workers=settings.HTTP_THREADS, thread_name_prefix="http")

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        try:
            response = await self._in_pool(self._respond)(scope, body_file)
            try:
                await self.send_response(response, send)
            finally:
                if response.streaming:
                    await self._in_pool(response.close)()
        finally:
            body_file.close()

    def _in_pool(self, func):
        return sync_to_async(func, thread_sensitive=False, executor=self._pool)

    def _respond(self, scope, body_file) -> HttpResponseBase:
        """The answer to one request, in a pool thread; an answer that is not streamed is
        closed here (``request_finished``: the thread's database connections released)."""
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, response = self.create_request(scope, body_file)
        if request is not None:
            response = self.get_response(request)
            response._handler_class = self.__class__
            if isinstance(response, FileResponse):  # the ASGI server chunks it
                response.block_size = self.chunk_size
        if not response.streaming:
            response.close()
        return response
