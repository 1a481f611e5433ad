"""What a server process does once, before its first request: every view imported, and what
start-up made kept out of the garbage collector's way.

- **The URLconf is loaded** (``django.urls.get_resolver().url_patterns``), which imports every
  view, serializer and form module. Django does that on the first request.
- **``gc.freeze()``** moves every object alive at that point (about 165,000: Django, the apps,
  the game engines) to the collector's permanent generation. A full collection then walks only
  what requests made since: measured 8 ms, against 20–108 ms a few times a second under load,
  each one a stall of every request in flight. The objects were going to live as long as the
  process anyway. (Python's documentation of ``gc.freeze``.)

Measured with deck checks one after another on a new site of 2 workers, 3 runs of 4 s: without
this the slowest check of a run took 0.71–0.78 s in the run that first met a worker, and 90–130
ms in others; with it, at most 17 ms (a check takes 2–3 ms).
"""
from __future__ import annotations

import gc

from django.urls import get_resolver


def prepare_process() -> int:
    """Load the URLconf, collect once, then freeze what is left. Returns how many objects the
    collector now leaves alone (``gc.get_freeze_count()``)."""
    get_resolver().url_patterns  # noqa: B018 - the import of every view is the point
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
