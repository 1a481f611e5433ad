"""The names of the site's icons: the ``<symbol id="icon-NAME">`` elements of
``templates/_icons.html``, included once in every page and drawn with ``{% icon "NAME" %}``
(``core.templatetags.icons``) or the JS kit's ``icon("NAME")`` (``static/js/kit/icons.js``).
Icons replace the emoji and symbol characters that show as boxes without an emoji font."""

#: Every icon the sprite has, in its order.
ICONS = (
    "first", "previous", "next", "last", "trophy", "llama",
    "face-down", "hidden", "face-up", "swap", "close", "menu", "seen",
)
