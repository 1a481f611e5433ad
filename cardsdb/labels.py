"""The words of the card search's script (``cardsdb/static/cardsdb/card-search.js``: the name
suggestions), in the request's language, rendered by ``cardsdb/card_list.html`` with
``json_script`` as ``#card-search-labels``; placeholders are python-format, filled in the browser."""
from __future__ import annotations

from django.utils.translation import gettext_lazy as _

SEARCH = {
    "suggested": _("%(count)s names suggested; use the up and down arrows to choose."),
}
