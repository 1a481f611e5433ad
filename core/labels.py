"""The words pages and scripts show: the game's words (``tcg.vocabulary``) in the reader's
language, for pages, forms, model choices, scripts and the admin; and the site-wide script's own
words (``SITE``).

The vocabulary holds every label in Japanese and English; these pick the active language the
way Django's translations do (``get_language()``: the request's language on a page, else the
site's ``LANGUAGE_CODE``; English when translation is turned off), so a page shows
``キャラクター`` or ``character``.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.functional import lazy
from django.utils.translation import get_language, gettext_lazy

from tcg import vocabulary


def active_language() -> str:
    """``"ja"`` when the active language is Japanese, else ``"en"``."""
    return "ja" if (get_language() or "en").split("-")[0] == "ja" else "en"


def label(table: Mapping[str, tuple[str, str]], key: str, default: str | None = None) -> str:
    """The label of ``key`` in a vocabulary table (``tcg.vocabulary.TYPE_LABELS``, …) in the
    active language; ``default`` (``key`` itself when not given) for a key the table lacks."""
    return vocabulary.label(table, key, active_language(), key if default is None else default)


#: :func:`label`, evaluated when it is shown (model choices, tables made at import).
lazy_label = lazy(label, str)


def choices(table: Mapping[str, tuple[str, str]], keys: Iterable[str]) -> list[tuple[str, str]]:
    """A field's choices: ``[(key, lazy label)]`` for ``keys`` in order."""
    return [(key, lazy_label(table, key)) for key in keys]


def labels(table: Mapping[str, tuple[str, str]]) -> dict[str, str]:
    """``{key: label}`` of every key of ``table`` in the active language (for a script's labels)."""
    return {key: label(table, key) for key in table}


#: The words of the site-wide script (``static/js/site.js``: the copy buttons), in the request's
#: language, given to every page as ``#site-labels`` (``core.context_processors.site_labels``,
#: rendered by ``templates/base.html`` with ``json_script``).
SITE = {
    "copied": gettext_lazy("Copied!"),
    "copy_failed": gettext_lazy("Copy failed: select the text and copy it by hand."),
}
