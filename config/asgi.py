"""ASGI entry point: HTTP through Django (``core.asgi_handler``: a request's sync work in one
call on a pool of threads), websockets through Channels' router.

Websocket routes are collected from each app's ``routing.websocket_urlpatterns``; a handshake
from another origin (scheme, host and port) than the site's own is refused first
(``core.ws_origin``). The process loads every view and freezes what start-up made before its
first request (``core.startup``).
"""
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup(set_prefix=False)

from core.asgi_handler import PooledASGIHandler  # noqa: E402

django_asgi_app = PooledASGIHandler()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402
from core.startup import prepare_process  # noqa: E402
from core.ws_origin import SameOriginValidator  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

prepare_process()
