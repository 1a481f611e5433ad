"""``core.jsonwrite.compact_json``: the text of the live table's frames."""
import json

import pytest

from core.jsonwrite import compact_json


def test_a_frame_is_compact_utf8_json_that_reads_back_the_same():
    frame = {"type": "view", "view": {"name": "ほのお", "cards": [1, 2, 3], "you": True, "clock": None, "x": 1.5}}
    text = compact_json(frame)
    assert text == '{"type":"view","view":{"name":"ほのお","cards":[1,2,3],"you":true,"clock":null,"x":1.5}}'
    assert json.loads(text) == frame


def test_keys_that_are_not_strings_are_written_as_json_dumps_writes_them():
    assert compact_json({1: "a", 2: None}) == '{"1":"a","2":null}'


def test_an_integer_orjson_refuses_is_written_by_json():
    assert compact_json({"big": 2 ** 70}) == '{"big":1180591620717411303424}'


def test_a_value_json_cannot_hold_is_refused():
    with pytest.raises(TypeError):
        compact_json({"cards": {1, 2}})
