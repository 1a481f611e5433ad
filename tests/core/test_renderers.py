"""The API's JSON renderer (``core.api.renderers.FastJSONRenderer``) writes the same bytes as
DRF's ``JSONRenderer`` for every kind of value an answer holds, and falls back to it where
orjson cannot write a value."""
import datetime
import decimal
import uuid
from dataclasses import dataclass

import pytest
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer

from core.api.renderers import FastJSONRenderer

UTC = datetime.timezone.utc


@dataclass
class Point:
    x: int


VALUES = [
    {"code": "SMP-001", "name": "火炎部長カグラ", "hp": 5, "colours": ["red"], "effect": None, "ok": True},
    {"results": [{"a": 1.5, "b": -0.25, "c": 0.001, "d": 10**18}], "count": 2, "next": None},
    {"line": "a\u2028b\u2029c", "quote": 'say "hi"\n\t\\', "control": "\x00\x1f", "emoji": "\U0001f600"},
    {"when": datetime.datetime(2026, 12, 5, 23, 1, 2, 345678, tzinfo=UTC),
     "naive": datetime.datetime(2026, 12, 5, 23, 1, 2), "day": datetime.date(2026, 12, 5),
     "time": datetime.time(23, 1, 2, 500), "span": datetime.timedelta(seconds=90)},
    {"price": decimal.Decimal("1.25"), "id": uuid.UUID("12345678-1234-5678-1234-567812345678"),
     "lazy": gettext_lazy("Not found."), "set": {3}, "tuple": (1, "two"), 1: "int key", "bytes": b"raw"},
    [1, [2, [3, {"deep": []}]], {}],
    "text",
    12,
]


@pytest.mark.parametrize("value", VALUES)
def test_the_bytes_are_drfs_own(value):
    assert FastJSONRenderer().render(value) == JSONRenderer().render(value)


def test_a_float_with_an_exponent_is_the_same_number_without_the_padded_exponent():
    value = {"p": 1e-7, "q": 2.5e20}
    assert JSONRenderer().render(value) == b'{"p":1e-07,"q":2.5e+20}'
    assert FastJSONRenderer().render(value) == b'{"p":1e-7,"q":2.5e+20}'


def test_what_orjson_cannot_write_is_written_by_drf():
    wide = {"n": 2**70}
    assert FastJSONRenderer().render(wide) == JSONRenderer().render(wide) == b'{"n":1180591620717411303424}'
    with pytest.raises(TypeError):
        FastJSONRenderer().render({"point": Point(1)})  # as DRF: a dataclass is no JSON


def test_nothing_and_indented_answers_are_drfs():
    assert FastJSONRenderer().render(None) == b""
    value = {"a": [1, 2], "b": "火"}
    assert FastJSONRenderer().render(value, "application/json; indent=2") == JSONRenderer().render(
        value, "application/json; indent=2") == '{\n  "a": [\n    1,\n    2\n  ],\n  "b": "火"\n}'.encode()
    assert FastJSONRenderer().render(value, None, {"indent": 4}) == JSONRenderer().render(value, None, {"indent": 4})


@pytest.mark.usefixtures("t_catalogue")
def test_an_api_answer_is_rendered_by_it(client):
    response = client.get("/api/cards/", {"q": "t:character", "page_size": 5})
    assert response.status_code == 200
    assert type(response.accepted_renderer) is FastJSONRenderer
    assert response.content == JSONRenderer().render(response.data)
