"""``GET /api/health/``: which services the site runs on, and whether each answers."""
from asgiref.sync import async_to_sync
from celery import current_app as celery_app
from channels.layers import get_channel_layer
from django.db import connection
from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from core import workers
from core.api.base import ApiView


def _check(fn) -> str:
    try:
        fn()
    except Exception as exc:  # a health check reports failures; it does not raise them
        return f"error: {type(exc).__name__}: {exc}"
    return "ok"


def _database():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _channel_layer():
    layer = get_channel_layer()
    if hasattr(layer, "ping"):  # the Redis layer: a round trip that leaves no channel behind
        async_to_sync(layer.ping)()
        return
    name = async_to_sync(layer.new_channel)()
    async_to_sync(layer.send)(name, {"type": "health.ping"})
    assert async_to_sync(layer.receive)(name) == {"type": "health.ping"}


def _broker():
    with celery_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, timeout=2)


def _workers():
    missing = workers.unattended(workers.watched_queues(celery_app))
    if missing:
        raise workers.NoWorker("no worker has consumed " + ", ".join(
            f"{queue} (last heartbeat {age:.0f} s ago)" if age is not None else f"{queue} (no heartbeat)"
            for queue, age in missing.items()))


class Health(ApiView):
    """Each service's backend and status: ``{"database": {"backend", "status"}, "channel_layer",
    "broker", "workers"}``, a status ``"ok"`` or ``"error: <exception>: <message>"``; 503 if any
    fails. ``workers`` is ok while a Celery worker consumes each queue the site sends tasks to
    (its heartbeat is at most ``WORKER_HEARTBEAT_STALE`` seconds old, ``core.workers``). Not
    rate-limited: it must answer while the cache that counts requests is down. Every key of the
    body is a service; the way back to the site is the header ``Link: </>; rel="home"``."""

    throttle_classes: list = []

    @extend_schema(responses={200: dict, 503: dict})
    def get(self, request):
        services = {
            "database": (connection.vendor, _check(_database)),
            "channel_layer": (type(get_channel_layer()).__name__, _check(_channel_layer)),
            "broker": (celery_app.conf.broker_url.split(":", 1)[0], _check(_broker)),
            "workers": ("heartbeat", _check(_workers)),
        }
        body = {name: {"backend": backend, "status": status} for name, (backend, status) in services.items()}
        ok = all(v["status"] == "ok" for v in body.values())
        return Response(body, status=200 if ok else 503, headers={"Link": f'<{reverse("home")}>; rel="home"'})
