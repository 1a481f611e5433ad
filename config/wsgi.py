"""WSGI entry point (the site is served over ASGI; this is for WSGI-only hosts). Every view loaded
and start-up's objects frozen before the first request (``core.startup``)."""
import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

from core.startup import prepare_process  # noqa: E402 - needs the apps loaded above

prepare_process()
