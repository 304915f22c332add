"""JSON text indented one space a level, as ``json.dumps(value, indent=1, ensure_ascii=False)``
writes it, in a tenth of the CPU.

Python's ``json`` uses its C encoder only without ``indent``: an indented document is
written by its pure-Python encoder, some 20 ms for an event's review queue (170 kB) and
30 ms for its results.json (360 kB, 2026-11-30). pydantic's JSON writer (Rust) indents as
fast as it writes and gives the same text: the same escapes (``"``, ``\\``, control
characters; other characters as they are), separators (``", "`` at line ends, ``": "``),
key order, integers of any size, ``NaN`` and ``Infinity``, and floats, except those under a
ten-thousandth (pydantic ``0.00001`` and ``5e-6``, ``json`` ``1e-05`` and ``5e-06``):
``written_otherwise`` finds those, and such a document is written by ``json`` as before.
tests/pipeline/test_json_text.py compares the two writers.

For documents of JSON's own types (dicts with string keys, lists, tuples, strings,
numbers, booleans, None), which is what ``json`` accepts.
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["indented_json", "written_otherwise"]


def indented_json(value: Any) -> str:
    """``json.dumps(value, indent=1, ensure_ascii=False)``'s text, written by pydantic's
    writer unless it may hold a number that ``json`` writes otherwise."""
    from pydantic_core import to_json

    text = to_json(value, indent=1).decode()
    if written_otherwise(text):
        return json.dumps(value, indent=1, ensure_ascii=False)
    return text


def written_otherwise(text: str) -> bool:
    """Whether pydantic's JSON ``text`` may hold a number ``json`` writes otherwise: one under
    a ten-thousandth, the only floats whose texts differ. The same characters in a string (a
    name with ``0.00001``) only send the document the slow way. Two substring searches, not
    a regular expression: that scanned an event's 360 kB in 8 ms."""
    if "0.0000" in text:
        return True
    at = text.find("e-")
    while at > 0:
        if text[at - 1] in "0123456789":
            return True
        at = text.find("e-", at + 2)
    return False
