"""The words of the generic board (``play/static/play/boards/generic.js``), the board of a game
without one of its own."""
from django.utils.translation import gettext_lazy as _

LABELS = {
    "moved": _("%(name)s moved"),
}
