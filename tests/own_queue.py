"""A pytest plugin loaded before Django's settings (``-p tests.own_queue`` in pyproject.toml):
the test run gets Celery queues of its own, so that its workers never take tasks queued by
anyone else (a ``make run`` worker, an earlier run), nor anyone else's workers the tests' tasks.

- With the embedded broker (kombu's filesystem transport) the run gets its own queue folder,
  removed when the run ends.
- With a real broker (``CELERY_BROKER_URL``: Redis or RabbitMQ) the run gets its own default
  queue name, which names the others (``config.queues``: the bot-only matches' and the
  simulations' queues), all deleted from the broker when the run ends.
"""
import atexit
import os
import shutil
import tempfile
import uuid

from config.queues import queue_names

if "CELERY_BROKER_URL" not in os.environ:
    if "CELERY_FS_DIR" not in os.environ:
        os.environ["CELERY_FS_DIR"] = tempfile.mkdtemp(prefix="eoc-test-celery-")
        atexit.register(shutil.rmtree, os.environ["CELERY_FS_DIR"], ignore_errors=True)
elif "CELERY_TASK_DEFAULT_QUEUE" not in os.environ:
    os.environ["CELERY_TASK_DEFAULT_QUEUE"] = f"eoc-test-{uuid.uuid4().hex[:12]}"

    def _delete_queues(url=os.environ["CELERY_BROKER_URL"], default=os.environ["CELERY_TASK_DEFAULT_QUEUE"]):
        from kombu import Connection

        try:
            with Connection(url, connect_timeout=5) as connection:
                for name in queue_names(default).values():
                    if url.startswith("redis"):
                        connection.default_channel.queue_purge(name)  # Redis' queue_delete keeps the messages
                    connection.default_channel.queue_delete(name)
                    connection.default_channel.exchange_delete(name)  # each queue has an exchange of its name
        except Exception:  # the broker may be gone at exit; the queues then go with it
            pass

    atexit.register(_delete_queues)
