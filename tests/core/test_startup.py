"""A server process loads every view and freezes start-up's objects before its first request
(core.startup)."""
import subprocess
import sys

from django.conf import settings


def test_the_asgi_and_wsgi_entry_points_load_the_views_and_freeze_start_up():
    for entry in ("config.asgi", "config.wsgi"):
        out = subprocess.run(
            [sys.executable, "-c", f"import gc, sys, {entry}; "
             "print(gc.get_freeze_count() > 50_000, 'decks.api.views' in sys.modules, 'play.api.views' in sys.modules)"],
            cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=120, check=True).stdout.split()
        assert out == ["True", "True", "True"], entry
