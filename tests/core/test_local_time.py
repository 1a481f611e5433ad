"""Times the server writes carry their moment for the reader's time zone: ``{% local_time %}``
gives ``<time datetime="ISO 8601" data-local=…>`` with the server's formatting inside, and every
template that shows a moment uses it (``static/js/kit/local_time.js`` says it again in the
browser's time zone)."""
import datetime as dt
import re

from django.template import Context, Template
from django.utils import translation

from tests.conftest import REPO

MOMENT = dt.datetime(2026, 12, 3, 9, 6, tzinfo=dt.timezone.utc)


def render(source: str, **context) -> str:
    with translation.override("en"):
        return Template("{% load local_time %}" + source).render(Context(context))


def test_a_moment_is_a_time_element_with_its_iso_instant_and_the_servers_text():
    assert render("{% local_time when %}", when=MOMENT) == (
        '<time datetime="2026-12-03T18:06:00+09:00" data-local="datetime">12/03/2026 6:06 p.m.</time>')
    assert render('{% local_time when "DATE_FORMAT" %}', when=MOMENT) == (
        '<time datetime="2026-12-03T18:06:00+09:00" data-local="date">Dec. 3, 2026</time>')
    assert render("{% local_time when %}", when=None) == ""


def test_inside_a_translated_sentence_the_element_is_kept_whole():
    out = render('{% load i18n %}{% local_time when as at %}{% blocktranslate with time=at %}kept {{ time }}{% endblocktranslate %}',
                 when=MOMENT)
    assert out == 'kept <time datetime="2026-12-03T18:06:00+09:00" data-local="datetime">12/03/2026 6:06 p.m.</time>'


def test_no_template_formats_a_moment_itself():
    templates = [p for p in REPO.glob("*/templates/**/*.html") if ".venv" not in p.parts]
    templates += list((REPO / "templates").glob("**/*.html"))
    formatted = [str(p.relative_to(REPO)) for p in templates if re.search(r'\|date:"(SHORT_DATETIME|DATETIME|DATE)_FORMAT"',
                                                                             p.read_text(encoding="utf-8"))]
    assert formatted == []
