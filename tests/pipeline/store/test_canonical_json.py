"""The store's canonical text written by orjson is ``json``'s, byte for byte
(pipeline/store/canonical_json.py): the chain hashes these bytes, so one byte changed would
break every store written before."""

from __future__ import annotations

import json
import math
import random
import struct
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.store.canonical_json import JsonFloat, canonical_text, json_float, json_text
from pipeline.store.codec import dumps, to_jsonable
from tests.pipeline.json_values import JSON_VALUES

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"

# JSON values and what orjson writes otherwise or not at all: NaN and the infinities,
# integers of any size, text with lone surrogates, keys of every plane.
_ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()))
_SCALARS = st.none() | st.booleans() | st.integers() | _ANY_TEXT | st.floats()
_EVERY_VALUE = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(_ANY_TEXT, inner, max_size=4)
    ),
    max_leaves=30,
)


def _as_walked(value: object) -> object:
    """``value`` with its floats marked as the codec's walk marks them."""
    if isinstance(value, float):
        return json_float(value)
    if isinstance(value, list | tuple):
        return [_as_walked(item) for item in value]
    if isinstance(value, dict):
        return {key: _as_walked(item) for key, item in value.items()}
    return value


def _same_or_same_error(value: object) -> None:
    try:
        expected = json_text(value)
    except (ValueError, TypeError) as error:  # what json refuses, canonical_text refuses
        with pytest.raises(type(error)):
            canonical_text(_as_walked(value))
        return
    assert canonical_text(_as_walked(value)) == expected


@given(JSON_VALUES)
def test_a_json_value_is_written_as_json_writes_it(value: object) -> None:
    _same_or_same_error(value)


@given(_EVERY_VALUE)
def test_any_value_of_json_types_is_written_as_json_writes_it(value: object) -> None:
    _same_or_same_error(value)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1e-05, "1e-05"),  # orjson: 0.00001
        (-2.5e-09, "-2.5e-09"),  # orjson: -2.5e-9
        (9.999999999999999e-05, "9.999999999999999e-05"),
        (0.0001, "0.0001"),
        (1e16, "1e+16"),
        (-0.0, "-0.0"),
        (5e-324, "5e-324"),
        (math.nan, "NaN"),  # orjson: null
        (math.inf, "Infinity"),
        (-math.inf, "-Infinity"),
        (2**64 - 1, "18446744073709551615"),
        (-(2**63) - 1, "-9223372036854775809"),  # orjson refuses: json writes it
        (2**64, "18446744073709551616"),
        ("\ud800é\u2028\x00\x7f", '"\ud800é\u2028\\u0000\x7f"'),  # a lone surrogate: json
    ],
)
def test_what_orjson_writes_otherwise_is_written_as_json_writes_it(
    value: object, text: str
) -> None:
    assert json_text([value]) == f"[{text}]"
    assert canonical_text(_as_walked([value])) == f"[{text}]"


def test_a_million_random_floats_and_their_neighbours_at_the_edges() -> None:
    rng = random.Random(42)
    floats = [struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0]
              for _ in range(500_000)]  # fmt: skip
    floats += [rng.random() * 10.0 ** rng.randint(-30, 30) for _ in range(500_000)]
    for edge in (1e-4, 1e16, 1e-5, 1e15, 1e17, 5e-324, 1.7976931348623157e308):
        below = above = edge
        for _ in range(50):
            below, above = math.nextafter(below, 0.0), math.nextafter(above, math.inf)
            floats += [below, above, -below, -above]
    assert canonical_text(_as_walked(floats)) == json_text(floats)


def test_only_what_orjson_writes_otherwise_is_marked() -> None:
    assert type(json_float(0.0001)) is float and type(json_float(-3.5e300)) is float
    assert type(json_float(0.0)) is float and type(json_float(-0.0)) is float
    for marked in (9.9e-05, -1e-300, math.nan, math.inf, -math.inf):
        assert type(json_float(marked)) is JsonFloat


def test_a_subclass_of_a_json_type_is_written_as_json_writes_it() -> None:
    class Points(int):
        pass

    class Name(str):
        pass

    class Ratio(float):
        def __repr__(self) -> str:
            return f"Ratio({float(self)})"

    value = {"b": Points(3), "a": Name("é"), "c": Ratio(0.5), "d": Ratio(1e-7)}
    assert canonical_text(value) == json_text(value) == '{"a":"é","b":3,"c":0.5,"d":1e-07}'


def test_a_page_reading_is_stored_as_json_wrote_it() -> None:
    from ocr.reader import load_pages
    from pipeline.doors.scans.reading import scan_reader
    from pipeline.events.eventfile import load_event

    reader = scan_reader(load_event(SAMPLE / "event.yaml"), 1)
    pages = [reader.read_image(image, ref)
             for ref, image in load_pages(SAMPLE / "scans" / "session1.pdf", 1, 3)]  # fmt: skip
    for page in pages:
        walked = to_jsonable(page)
        text = dumps(page)
        assert "e-0" in text  # a reading holds floats under 1e-4: the marked path is taken
        assert (
            text
            == json_text(walked)
            == json.dumps(walked, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        )


def test_every_stored_enum_has_values_the_walk_marks() -> None:
    # An enum member's value is written as it is (``codec._enum_value``: a float marked), not
    # walked: a tuple or list of floats there would reach orjson unmarked. Every registered
    # enum's values are plain scalars; one that is not must be walked first.
    from enum import Enum

    from pipeline.store.codec import RECORD_TYPES, resolve

    enums = [resolve(name) for name in RECORD_TYPES]
    enums = [cls for cls in enums if isinstance(cls, type) and issubclass(cls, Enum)]
    assert len(enums) > 20
    assert {type(member.value) for cls in enums for member in cls} <= {str, int, bool, float}
