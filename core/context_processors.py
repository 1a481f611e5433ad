"""What every template's context holds besides Django's own (``TEMPLATES`` in the settings)."""
from __future__ import annotations

from .labels import SITE


def site_labels(request) -> dict:
    """``{"site_labels": ...}``: the words of the site-wide script, for ``templates/base.html``."""
    return {"site_labels": SITE}
