"""An empty digit box under a fold's crease is not a digit (issue 43, item 4).

The digit model reads a box's ink against the box's own darkest 1%
(``ocr.digit_cells.ink_map``): in an empty box a fold's shaded band is the darkest thing
there, so it becomes the box's ink, and the model reads it as a digit (a pair's "44", a
leading 7, 4 or 1 before a written score). The flat-field step cannot follow a crease's
sharp step (ocr/shading.py), and the band runs on out of the box on both sides, where the
paper in line with the box shows it (``ocr.shading.paper_in_line``, as rule
``shaded_band`` reads a mark box's fill). Ink does not: a written digit is dark, thin and
inside its box.

Lifting the band from every digit box costs some 58 ms a damaged page (the strips beside
nearly every digit box of recycled paper hold some darker paper). So it is done only where
it matters: in a row the reading sends to a person, on its digit boxes read as a digit
with a band beside them. Such a box is cut again with the band lifted to the row's paper
(``ocr.row_shade.RowShade.lifted``), and where that reads empty with confidence
(``empty_when_lifted``) it is read empty, and the row decoded again. A lifted box that
reads another digit is not taken: the lift only ever says "this ink was the paper's".
"""

from __future__ import annotations

from ocr.combs import DigitBox
from ocr.digit_cells import is_blank
from ocr.layout import Row
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.row_marks import RowMarks

__all__ = ["boxes_without_shade", "empty_when_lifted"]


def empty_when_lifted(
    marks: RowMarks, rect_inner: tuple[int, int, int, int], rect_outer: tuple[int, int, int, int],
    t: MarkSettings = MARK_SETTINGS,
) -> bool:  # fmt: skip
    """Does the digit box ``rect_inner`` (its printed box ``rect_outer``, both in the row
    band's pixels) read empty once a fold's band beside it is lifted? False where no band
    lies beside it."""
    lifted = marks.shade.lifted(
        rect_inner, rect_outer, t.shade_reach_mm, t.shade_band_mm, t.shade_margin, t.shade_darkest
    )
    return lifted is not None and is_blank(lifted)


def boxes_without_shade(
    marks: RowMarks,
    row: Row,
    boxes: dict[str, list[DigitBox]],
    inset_mm: float,
    t: MarkSettings = MARK_SETTINGS,
) -> dict[str, list[DigitBox]] | None:
    """The row's digit boxes (``boxes``, per field, in the row's order; each read
    ``inset_mm`` inside its printed border) with every box read as a digit that reads
    empty with its fold's band lifted (``empty_when_lifted``) read empty; None where none
    does (the row's reading stands)."""
    out: dict[str, list[DigitBox]] | None = None
    for name, read in boxes.items():
        for k, (box, digit) in enumerate(zip(row.field(name).boxes, read, strict=True)):
            if digit.probs is None:
                continue
            inner, outer = marks.px(box.rect.inset(inset_mm)), marks.px(box.rect)
            if empty_when_lifted(marks, inner, outer, t):
                if out is None:
                    out = {n: list(b) for n, b in boxes.items()}
                out[name][k] = DigitBox(None)
    return out
