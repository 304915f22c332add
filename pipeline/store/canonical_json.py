"""The store's canonical JSON text, written by orjson where it gives ``json``'s very bytes.

The event store hashes each record's text into its chain, so the text is part of the file
format: it is what ``json.dumps(value, sort_keys=True, separators=(",", ":"),
ensure_ascii=False)`` writes, byte for byte, and always will be. orjson writes the same
text some fifteen times faster (a page reading's 97 kB: 0.16 against 2.5 ms), and holds
Python's interpreter lock as ``json`` does, so under ``bridgescan batch --runner threads``
the reading threads wait that much less for each other. Where the two differ:

- floats below 1e-4 in magnitude (``json``: ``1e-05``, ``2.5e-09``; orjson: ``0.00001``,
  ``2.5e-9``), and NaN and the infinities (``json``: ``NaN``, ``Infinity``; orjson:
  ``null``). The codec's walk (``codec.to_jsonable``) hands such a float over as a
  ``JsonFloat`` (``json_float``), a float that orjson does not write itself: it asks
  ``_json_fragment``, which gives ``json``'s text for it, put in as it is;
- integers beyond 64 bits, text with a lone surrogate, a key that is not a string, nesting
  deeper than 254, a subclass of a JSON type (an ``int`` or ``str`` subclass) or any other
  type: orjson refuses these and the whole value is written by ``json`` instead
  (``canonical_text``'s fallback), so they come out as before, errors included.

Every other value (``None``, booleans, 64-bit integers, text, finite floats of 1e-4 and
more, lists, tuples, dicts with text keys sorted by code point) orjson writes as ``json``
does: tests/pipeline/store/test_canonical_json.py checks it on hypothesis' JSON values,
on a million random floats and on real page readings. A value made *without* the walk
(``codec.dumps_plain``) may hold such floats unmarked, so it keeps ``json``.
"""

from __future__ import annotations

import json
import math
from typing import Any

import orjson

__all__ = ["JsonFloat", "canonical_text", "json_float", "json_text"]

#: Sorted keys; a subclass of a JSON type, a dataclass or a date is orjson's to refuse
#: (``_json_fragment``), never written its own way where ``json`` would write or refuse it.
_OPTIONS = (
    orjson.OPT_SORT_KEYS
    | orjson.OPT_PASSTHROUGH_SUBCLASS
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_PASSTHROUGH_DATETIME
)
#: The smallest magnitude whose ``repr`` is not in exponent form: from it up, orjson writes
#: a finite float as ``repr`` does (``1e+16`` included); below it, not.
_SAME_TEXT_FROM = 1e-4
#: ``json``'s words for the floats JSON has none for (``allow_nan``, its default).
_NOT_FINITE = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}


class JsonFloat(float):
    """A float that orjson would write otherwise than ``json`` (under 1e-4 in magnitude, NaN,
    an infinity): a subclass, so orjson hands it to ``_json_fragment``, while ``json`` writes
    it as the float it is."""

    __slots__ = ()


def json_float(value: float) -> float:
    """``value`` as the walk hands it to ``canonical_text``: as it is where orjson writes it
    as ``json`` does, else marked as a ``JsonFloat``."""
    if value == 0.0 or _SAME_TEXT_FROM <= abs(value) < math.inf:
        return value
    return JsonFloat(value)


def json_text(value: Any) -> str:
    """What ``json`` writes: the canonical text by definition."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def canonical_text(value: Any) -> str:
    """``json_text(value)`` for a value made by the codec's walk (its small and non-finite
    floats marked by ``json_float``), written by orjson unless it would differ."""
    try:
        return orjson.dumps(value, default=_json_fragment, option=_OPTIONS).decode()
    except TypeError:  # orjson.JSONEncodeError is one: a value only ``json`` writes as it must
        return json_text(value)


def _json_fragment(value: Any) -> orjson.Fragment:
    """What orjson asks for a value it does not write itself: a float subclass (``JsonFloat``
    among them) as ``json`` writes it (``float``'s repr of its value, or ``NaN``,
    ``Infinity``, ``-Infinity``); for anything else orjson gives up and ``json`` writes the
    whole value."""
    if isinstance(value, float):
        number = float(value)
        if math.isfinite(number):
            return orjson.Fragment(repr(number))
        return orjson.Fragment(_NOT_FINITE["nan" if number != number else repr(number)])
    raise TypeError(f"{type(value).__name__} is written by json")
