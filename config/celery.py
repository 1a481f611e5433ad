"""The Celery application: bot moves, turn clocks, imports and simulations run here.

The broker comes from ``CELERY_BROKER_URL`` (Redis or RabbitMQ); without it, kombu's
filesystem transport under ``var/celery/`` needs no server (see config.settings). Periodic
work (``CELERY_BEAT_SCHEDULE``) is queued by one ``celery -A config beat`` per site.
"""
import os
import time
import uuid

import kombu.transport
from celery import Celery
from kombu.transport import filesystem
from kombu.utils.json import dumps

from core.workers import Heartbeat

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


class _AtomicFilesystemChannel(filesystem.Channel):
    """kombu's filesystem channel, but a message file appears whole. kombu creates the file,
    then writes it; a worker polling the folder in between takes the empty file, fails to
    decode it ("Expecting value") and its consumer stops, losing the message. Here the message
    is written under a name the consumers skip and then renamed (atomic on one filesystem)."""

    def _put(self, queue, payload, **kwargs):
        name = f"{int(round(time.monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = os.path.join(self.data_folder_out, f".{name}.partial")
        try:
            with open(partial, "wb") as f:
                f.write(dumps(payload).encode())
            os.replace(partial, final)
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot add file {final!r} to directory") from exc


class AtomicFilesystemTransport(filesystem.Transport):
    """The ``filesystem://`` transport of this project (``_AtomicFilesystemChannel``)."""

    Channel = _AtomicFilesystemChannel


kombu.transport.TRANSPORT_ALIASES["filesystem"] = "config.celery:AtomicFilesystemTransport"

app = Celery("eoc")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# Each worker says it is alive (core.workers; /api/health/ reads it).
app.steps["consumer"].add(Heartbeat)
