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

``ascii_indented_json`` writes ``json.dumps(value, indent=1)``'s text (non-ASCII
characters escaped, ``scan read``'s readings.json: 1.7 MB for 27 pages, 112 ms of CPU by
``json``): pydantic escapes as ``json`` does but for DEL (such a document is written by
``json``), and the numbers under a ten-thousandth, each alone on its line after its key or
as an item of a list, are written again as Python writes them (``repr``: pydantic's
text is the shortest that reads back as the same float, so ``float`` of it is that
float); a document where one of them is not so placed is written by ``json``.

For documents of JSON's own types (dicts with string keys, lists, tuples, strings,
numbers, booleans, None), which is what ``json`` accepts.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["ascii_indented_json", "indented_json", "written_otherwise"]


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


#: A line of pydantic's indented text that holds one number, after its key or alone (an
#: item of a list), and nothing else: a string's characters never make one (a string
#: cannot hold a line break, and a key's quotes inside it are escaped).
_NUMBER_LINE = re.compile(r' *(?:"(?:[^"\\]|\\.)*": )?(-?[0-9][0-9.e+-]*)(,?)')


def ascii_indented_json(value: Any) -> str:
    """``json.dumps(value, indent=1)``'s text (non-ASCII characters escaped), written by
    pydantic's writer where it gives the same text once its numbers under a
    ten-thousandth are written as ``json`` writes them; else by ``json``."""
    from pydantic_core import PydanticSerializationError, to_json

    try:
        text = to_json(value, indent=1, ensure_ascii=True).decode()
    except (PydanticSerializationError, UnicodeError, ValueError):
        return json.dumps(value, indent=1)
    if "\x7f" in text:  # json escapes DEL (\u007f), pydantic writes it as it is
        return json.dumps(value, indent=1)
    if not written_otherwise(text):
        return text
    rewritten = _small_numbers_as_json_writes_them(text)
    return rewritten if rewritten is not None else json.dumps(value, indent=1)


def _small_numbers_as_json_writes_them(text: str) -> str | None:
    """``text`` with every number under a ten-thousandth written as ``repr`` writes its
    float (``1e-05``, ``5e-06``); None where such characters are not a number alone on its
    line (a string holds them)."""
    lines = set()
    for needle in ("0.0000", "e-"):
        at = text.find(needle)
        while at >= 0:
            if needle == "0.0000" or text[at - 1] in "0123456789":
                lines.add(text.rfind("\n", 0, at) + 1)
            at = text.find(needle, at + len(needle))
    parts, done = [], 0
    for start in sorted(lines):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        line = _NUMBER_LINE.fullmatch(text, start, end)
        if line is None:
            return None
        number = line.group(1)
        if "." in number or "e" in number:
            parts += [text[done : line.start(1)], repr(float(number))]
            done = line.end(1)
    return "".join([*parts, text[done:]])
