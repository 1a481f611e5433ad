"""``tcg.message``: a sentence made in plain Python and said again in the reader's language —
with a plural template (``ngettext``) and a text given in each language (``InLanguages``)."""
import pickle

from django.utils import translation

from core.messages import localize
from tcg.message import InLanguages, Message, ngettext

ONE = "“%(deck)s” holds %(count)s copy of %(name)s already; a deck may hold at most %(max)s."
MANY = "“%(deck)s” holds %(count)s copies of %(name)s already; a deck may hold at most %(max)s."


def copies(count):
    return ngettext(ONE, MANY, count, deck="赤", count=count, name=InLanguages("焦げた教科書", "Scorched Textbook"), max=3)


def test_a_plural_message_is_english_by_its_number():
    assert copies(1) == "“赤” holds 1 copy of Scorched Textbook already; a deck may hold at most 3."
    assert copies(3) == "“赤” holds 3 copies of Scorched Textbook already; a deck may hold at most 3."
    assert (copies(3).template, copies(3).plural, copies(3).number) == (ONE, MANY, 3)


def test_a_plural_message_is_said_in_the_readers_language():
    with translation.override("ja"):
        assert localize(copies(3)) == "「赤」には焦げた教科書がすでに3枚あります。同じカードは3枚までです。"
    with translation.override("en"):
        assert localize(copies(1)) == "“赤” holds 1 copy of Scorched Textbook already; a deck may hold at most 3."


def test_a_text_in_each_language_falls_back_to_japanese():
    name = InLanguages("火炎部長カグラ")
    assert (str(name), name.in_language("en"), name.in_language("ja")) == ("火炎部長カグラ", "火炎部長カグラ", "火炎部長カグラ")
    with translation.override("en"):
        assert localize(Message("Hello %(name)s", name=name)) == "Hello 火炎部長カグラ"


def test_messages_survive_pickling():
    again = pickle.loads(pickle.dumps(copies(2)))
    assert (again, again.template, again.plural, again.number) == (copies(2), ONE, MANY, 2)
    with translation.override("ja"):
        assert localize(again) == "「赤」には焦げた教科書がすでに2枚あります。同じカードは3枚までです。"
