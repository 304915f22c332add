"""A form's row read as given, for tests that decode a row (``ocr.row_reader._decode_row``):
every mark box empty but the ones named marked, every digit box blank; and a box of a row's
evidence found by its field and option."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ocr.combs import DigitBox
from ocr.layout import FieldKind, Row
from ocr.marks import MarkReading, MarkState
from ocr.row_evidence import RowEvidence


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


def box_index(ev: RowEvidence, field: str, option: str) -> int:
    """Where box ``option`` of ``field`` stands among the row's mark boxes (its readings'
    index)."""
    return next(j for j, (f, o, _) in enumerate(ev.geometry.boxes) if (f, o) == (field, option))


def box_reading(
    ev: RowEvidence, read: Sequence[MarkReading], field: str, option: str
) -> MarkReading:
    """The reading of box ``option`` of ``field`` among a row's readings ``read``."""
    return read[box_index(ev, field, option)]
