"""JSON indented one space a level: pydantic's writer gives json.dumps' text, or json writes it."""

from __future__ import annotations

import json

from hypothesis import example, given
from hypothesis import strategies as st

from pipeline.json_text import ascii_indented_json, indented_json, written_otherwise
from tests.pipeline.json_values import JSON_VALUES


def _json(value: object) -> str:
    return json.dumps(value, indent=1, ensure_ascii=False)


def test_the_text_is_json_dumps_with_one_space_a_level() -> None:
    value = {
        "version": 2,
        "items": [
            {"id": "session1.pdf#p9r2", "reasons": ("unsure mark", "a\\b \"quoted\"\t\x01\n"),
             "name": "Åke Öberg é€😀\u2028", "confidence": 0.61, "page": 9, "crop": None,
             "decision": {}, "fits": False, "tried": [], "big": 10**30, "huge": 1e22},
        ],
    }  # fmt: skip
    text = indented_json(value)
    assert text == _json(value)
    assert text.startswith('{\n "version": 2,\n "items": [\n  {\n   "id": "session1.pdf#p9r2"')
    assert '"decision": {},\n' in text and '"tried": [],\n' in text
    assert indented_json({"x": float("nan"), "y": float("inf")}) == _json(
        {"x": float("nan"), "y": float("inf")}
    )


def test_a_number_under_a_ten_thousandth_is_written_as_json_writes_it() -> None:
    # pydantic writes these 0.00001 and 5e-6
    assert indented_json({"p": [0.00001]}) == '{\n "p": [\n  1e-05\n ]\n}'
    assert indented_json({"p": [-5e-06]}) == '{\n "p": [\n  -5e-06\n ]\n}'


def test_what_only_looks_like_a_small_number_is_written_as_json_writes_it() -> None:
    assert not written_otherwise('{"name": "Marie-Louise", "total": 1e+16, "pct": 0.0001}')
    assert written_otherwise('"x": 5e-6') and written_otherwise('"x": -0.00001')
    value = {"name": "Anne-Marie 0.00001 2e-3", "total": 0.5}
    assert indented_json(value) == _json(value)


@given(st.floats(allow_nan=False, allow_infinity=False))
@example(0.00001)
@example(-0.000099)
@example(5e-06)
@example(1e16)
@example(0.0001)
def test_every_number_pydantic_writes_otherwise_is_caught(value: float) -> None:
    from pydantic_core import to_json

    pydantic_text = to_json({"total": value}).decode()
    if pydantic_text != json.dumps({"total": value}, separators=(",", ":")):
        assert written_otherwise(pydantic_text)


@given(JSON_VALUES)
def test_any_document_of_json_types_gives_json_dumps_text(value: object) -> None:
    assert indented_json(value) == _json(value)


def test_ascii_text_is_json_dumps_with_one_space_a_level_and_escapes() -> None:
    """readings.json's writer: non-ASCII escaped as json escapes it, DEL too (pydantic
    writes DEL as it is: such a document is written by json), and the numbers under a
    ten-thousandth as json writes them, after a key or as items of a list."""
    value = {
        "page": 'Åke Öberg é€😀\u2028 "q" \\ \t\x01',
        "p": [0.00001, -5e-06, 1.5e-07, 0.0001, 2.5e-300, 1e16, 3, None, True],
        "posterior": 4.2e-09,
        "nested": {"deep": [[1e-05], {"x": -0.000099}]},
        "Marie-Louise 1e-5": "0.00001 and 2e-3 in a string",
        "empty": [],
        "none": {},
    }
    text = ascii_indented_json(value)
    assert text == json.dumps(value, indent=1)
    assert '"posterior": 4.2e-09,' in text and "\n  1e-05,\n" in text
    assert ascii_indented_json({"del": "a\x7fb", "p": 1e-05}) == json.dumps(
        {"del": "a\x7fb", "p": 1e-05}, indent=1
    )


def test_a_small_number_s_characters_in_a_string_send_the_document_to_json() -> None:
    value = {"name": "scan 0.00001.png", "list": ["5e-6", 'x": 1e-5'], "p": 1e-06}
    assert ascii_indented_json(value) == json.dumps(value, indent=1)


@given(JSON_VALUES)
def test_ascii_indented_json_is_json_dumps_text(value: object) -> None:
    assert ascii_indented_json(value) == json.dumps(value, indent=1)
