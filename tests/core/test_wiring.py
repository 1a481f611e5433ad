"""The real services the site is configured with: database, channel layer (websocket), broker.

Locally these are SQLite, the in-memory layer and the filesystem broker; in CI, DATABASE_URL,
REDIS_URL and CELERY_BROKER_URL point at PostgreSQL, Redis and RabbitMQ, and the same tests then
prove those connections (a missing service fails them).
"""
import os

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db import connection

from config.asgi import application


def test_configured_database_is_used(db):
    expected = "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    assert connection.vendor == expected


def test_channel_layer_matches_settings():
    expected = "RedisPubSubChannelLayer" if os.environ.get("REDIS_URL") else "MemoryChannelLayer"
    assert settings.CHANNEL_LAYERS["default"]["BACKEND"].endswith(expected)


def test_websocket_round_trip_through_the_channel_layer(transactional_db):
    async_to_sync(_websocket_round_trip)()


async def _websocket_round_trip():
    communicator = WebsocketCommunicator(application, "/ws/health/",
                                         headers=[(b"host", b"127.0.0.1"), (b"origin", b"http://127.0.0.1")])
    connected, _ = await communicator.connect()
    assert connected
    expected = "RedisPubSubChannelLayer" if os.environ.get("REDIS_URL") else "MemoryChannelLayer"
    assert await communicator.receive_json_from(timeout=5) == {"ok": True, "layer": expected}
    await communicator.disconnect()


def test_health_endpoint_reports_every_service(api, transactional_db):
    """(transactional: a worker started in this process closes its database connections.)"""
    from celery.contrib.testing.worker import start_worker
    from django.core.cache import caches

    from config.celery import app
    from core.workers import heartbeat_key, watched_queues

    # No worker (nor an earlier test's heartbeat): 503, the workers named, the rest ok.
    queues = watched_queues(app)
    caches["workers"].delete_many([heartbeat_key(queue) for queue in queues])
    response = api.get("/api/health/")
    body = response.json()
    assert response.status_code == 503, body
    assert response["Link"] == '</>; rel="home"'  # the way back to the site, the body left as it is
    assert {k: v["status"] for k, v in body.items() if k != "workers"} == {
        "database": "ok", "channel_layer": "ok", "broker": "ok"}
    assert body["workers"] == {"backend": "heartbeat", "status": "error: NoWorker: no worker has consumed "
                               + ", ".join(f"{queue} (no heartbeat)" for queue in queues)}
    # A real worker writes its heartbeat as soon as it consumes: 200, everything ok.
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=60):
        response = api.get("/api/health/")
    body = response.json()
    assert response.status_code == 200, body
    assert {k: v["status"] for k, v in body.items()} == {
        "database": "ok", "channel_layer": "ok", "broker": "ok", "workers": "ok"}
    broker = os.environ.get("CELERY_BROKER_URL", "filesystem://").split(":", 1)[0]
    assert body["broker"]["backend"] == broker


def test_a_worker_consumes_a_task_from_the_broker():
    from celery.contrib.testing.worker import start_worker

    from config.celery import app
    from core.tasks import ping

    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=60):
        assert ping.delay("abc").get(timeout=20) == "pong:abc"


def test_the_tests_have_a_celery_queue_of_their_own():
    from django.conf import settings

    if settings.CELERY_BROKER_URL == "filesystem://":
        folder = settings.CELERY_BROKER_TRANSPORT_OPTIONS["data_folder_in"]
        assert folder == os.path.join(os.environ["CELERY_FS_DIR"], "queue")
        assert not folder.startswith(str(settings.VAR_DIR))
    else:
        assert settings.CELERY_TASK_DEFAULT_QUEUE == os.environ["CELERY_TASK_DEFAULT_QUEUE"]
        assert settings.CELERY_TASK_DEFAULT_QUEUE.startswith("eoc-test-")
