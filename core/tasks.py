"""Site-wide Celery tasks."""
from celery import shared_task


@shared_task(name="core.ping")
def ping(payload: str = "") -> str:
    """Answer ``"pong:" + payload``: proves that a worker consumes from the configured broker."""
    return f"pong:{payload}"
