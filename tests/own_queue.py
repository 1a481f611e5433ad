"""A pytest plugin loaded before Django's settings (``-p tests.own_queue`` in pyproject.toml):
with the embedded Celery broker (kombu's filesystem transport), the test run gets a queue folder
of its own, so that a worker of ``make run`` in the same checkout never takes the tests' tasks,
nor the tests a developer's. The folder is removed when the run ends."""
import atexit
import os
import shutil
import tempfile

if "CELERY_BROKER_URL" not in os.environ and "CELERY_FS_DIR" not in os.environ:
    os.environ["CELERY_FS_DIR"] = tempfile.mkdtemp(prefix="eoc-test-celery-")
    atexit.register(shutil.rmtree, os.environ["CELERY_FS_DIR"], ignore_errors=True)
