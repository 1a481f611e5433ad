"""``{% load icons %}{% icon "trophy" %}``: an inline SVG drawing one of the sprite's symbols
(``core.icons``). Decorative (``aria-hidden``) unless given ``label="…"``, which makes it an
image with that accessible name. An unknown name is a ``TemplateSyntaxError`` when rendered."""
from django import template
from django.utils.html import format_html

from core.icons import ICONS

register = template.Library()


@register.simple_tag
def icon(name: str, label: str = "") -> str:
    """``<svg class="icon icon-NAME" …><use href="#icon-NAME"></use></svg>``."""
    if name not in ICONS:
        raise template.TemplateSyntaxError(f"no icon is named {name!r}; the icons are {', '.join(ICONS)}")
    if label:
        return format_html('<svg class="icon icon-{0}" role="img" aria-label="{1}" focusable="false">'
                           '<title>{1}</title><use href="#icon-{0}"></use></svg>', name, label)
    return format_html('<svg class="icon icon-{0}" aria-hidden="true" focusable="false"><use href="#icon-{0}"></use></svg>',
                       name)
