"""``{% load local_time %}{% local_time value %}`` (or ``{% local_time value "DATE_FORMAT" as t %}``):
a moment as ``<time datetime="ISO 8601" data-local="datetime|date">`` holding the server's
formatting (the site's ``TIME_ZONE``, the page's language); ``static/js/kit/local_time.js``
says it again in the reader's own time zone, so that a time written by the server and one
written by a script (the builder's "Draft kept at …") agree. ``None`` gives ``""``."""
from django import template
from django.template.defaultfilters import date as format_date
from django.utils.html import format_html
from django.utils.timezone import localtime

register = template.Library()


@register.simple_tag
def local_time(value, style: str = "SHORT_DATETIME_FORMAT") -> str:
    """The ``<time>`` element of ``value`` (an aware ``datetime``) in Django's ``style``
    (``SHORT_DATETIME_FORMAT`` or ``DATE_FORMAT``)."""
    if value is None:
        return ""
    kind = "date" if style == "DATE_FORMAT" else "datetime"
    moment = localtime(value)
    return format_html('<time datetime="{}" data-local="{}">{}</time>', moment.isoformat(), kind,
                       format_date(moment, style))
