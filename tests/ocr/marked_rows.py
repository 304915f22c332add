"""A form's row read as given, for tests that decode a row (``ocr.row_reader._decode_row``):
every mark box empty but the ones named marked, every digit box blank."""

from __future__ import annotations

from collections.abc import Mapping

from ocr.combs import DigitBox
from ocr.layout import FieldKind, Row
from ocr.marks import MarkReading, MarkState


def marked_row(
    row: Row, marked: Mapping[str, str]
) -> tuple[dict[str, list[MarkReading]], dict[str, list[DigitBox]]]:
    """The mark readings (field ``marked[name]``'s box marked by a fill of 0.3 at 0.9999,
    every other box empty at 0.0001) and blank digit boxes of ``row``."""
    marks: dict[str, list[MarkReading]] = {}
    boxes: dict[str, list[DigitBox]] = {}
    for f in row.fields:
        if f.kind is FieldKind.DIGITS:
            boxes[f.name] = [DigitBox(None)] * len(f.boxes)
            continue
        marks[f.name] = [
            MarkReading(o, 0.3, MarkState.MARKED, 0.9999, "fill")
            if marked.get(f.name) == o
            else MarkReading(o, 0.0, MarkState.EMPTY, 0.0001)
            for o in f.options
        ]
    return marks, boxes
