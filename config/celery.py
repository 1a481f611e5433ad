"""The Celery application: bot moves, turn clocks, imports and simulations run here.

The broker comes from ``CELERY_BROKER_URL`` (Redis or RabbitMQ); without it, kombu's
filesystem transport under ``var/celery/`` needs no server (see config.settings).
"""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("eoc")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
