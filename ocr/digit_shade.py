"""An empty digit box under a fold's crease is not a digit (issue 43, item 4).

The digit model reads a box's ink against the box's own darkest 0.5%
(``ocr.digit_cells.ink_map``): in an empty box a fold's shaded band is the darkest thing
there, so it becomes the box's ink, and the model reads it as a digit (a pair's "44", a
leading 7, 4 or 1 before a written score). The flat-field step cannot follow a crease's
sharp step (ocr/shading.py), and the band runs on out of the box on both sides, where the
paper in line with the box shows it (``ocr.shading.paper_in_line``, as rule
``shaded_band`` reads a mark box's fill). Ink does not: a written digit is dark, thin and
inside its box.

Lifting the band from every digit box costs some 58 ms a damaged page (the strips beside
nearly every digit box of recycled paper hold some darker paper). So it is done only where
it matters: in a row the reading sends to a person, on the digit fields a review reason
may be about (``fields_that_matter``), on their boxes read as a digit with a band beside
them. Such a box is cut again with the band lifted to the row's paper
(``ocr.row_shade.RowShade.lifted``), and where that reads blank (``empty_when_lifted``)
it is read empty, and the row decoded again. A lifted box that reads another digit is not
taken: the lift only ever says "this ink was the paper's". No threshold of its own: the
four ``shade_`` settings of rule ``shaded_band``.

On the 80 TRAINING damaged pages (seed 13), of the boxes read as a digit with a band
beside, 41 of 51 empty ones read empty lifted and none of 1,770 written ones
(``benchmarks.digit_shade_faults``); rows to review 101 -> 93 of 866, 0 wrong rows. A
wrong row through it needs a written digit lifted away (0 of 1,770) and then the number
left to be the score of the marks read, or so little of a number that the marks alone
decide, or a pair the movement seats there. Its CPU on TEST damaged pages: 1.25 ms of a
page's 122 (docs/reader-history.md "An empty digit box in a fold's band read again
lifted").

Not on a dusty page (``PageDust.dusty``, ocr/page_dust.py): a dirty glass's specks and
clumps in the strips beside a box count as shaded paper, as many pixels as a band's run
(``ocr.row_shade.band_beside``), and the paper in line with the box they darken lifts a
pale pen's strokes to the paper's tone. On TRAINING noisy pages at the dirty tail of the
glass's own load law (80 pages, seed 13, load 3 and more: ``benchmarks.dirty_glass``) the
lift read 7 boxes empty, every one a written score digit, and one row so went wrong:
page_0024 row 9, 5DX by S down 1 (written 100 on EW's side) read 5D by S down 1 and
accepted, its 1 and last 0 lifted away, the 0 left telling no score from another, and
the player's circle round X read away by ``dusty_circles``. Of the 14 boxes it reads
empty on 40 TRAINING damaged pages none is on a dusty page (and none a written digit);
it reads none on TRAINING's usual noisy pages (80, seed 13), and on TEST's (50, seed 13)
2 written score digits (a 6 of -650 and a 0 of -680; both rows stay with a person).
"""

from __future__ import annotations

from ocr.combs import DigitBox
from ocr.digit_cells import is_blank
from ocr.layout import SCORE, Row
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.row_marks import RowMarks

__all__ = ["boxes_without_shade", "empty_when_lifted", "fields_that_matter"]


def fields_that_matter(reasons: tuple[str, ...], fields: tuple[str, ...]) -> tuple[str, ...]:
    """The digit fields (of ``fields``: the score's, then the pairs') whose boxes may be
    why a row goes to a person (``reasons``, the row's review reasons,
    ocr/row_reader.py): every one where the posterior is low; the score's where the
    written score does not match or reads like a rival result; the pairs' where a pair is
    named (a pair's written boxes, the pairs the movement seats, "pairs changed"). A row
    held only by its marks (an unsure mark, marks the score cannot check, a box the
    reading needs marked) stays with a person whatever its digit boxes read: they are not
    read again (half the rule's CPU on TEST damaged pages). A reason not named here only
    keeps the rule from asking."""
    if any(r.startswith("posterior ") for r in reasons):
        return fields
    score = any(r.startswith("written score ") for r in reasons)
    pairs = any("pair" in r for r in reasons)
    return tuple(f for f in fields if (score if f == SCORE else pairs))


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
    fields: tuple[str, ...],
    t: MarkSettings = MARK_SETTINGS,
) -> dict[str, list[DigitBox]] | None:
    """The row's digit boxes (``boxes``, per field, in the row's order; each read
    ``inset_mm`` inside its printed border) with every box of ``fields`` read as a digit
    that reads empty with its fold's band lifted (``empty_when_lifted``) read empty; None
    where none does (the row's reading stands), and on a dusty page (``PageDust.dusty``):
    there the specks and clumps beside a box are a band's run of shaded pixels, and the
    lift takes a pale pen's written digit for the paper's (see the module docstring)."""
    if marks.dust.dusty(t):
        return None
    out: dict[str, list[DigitBox]] | None = None
    for name in fields:
        read = boxes[name]
        for k, (box, digit) in enumerate(zip(row.field(name).boxes, read, strict=True)):
            if digit.probs is None:
                continue
            inner, outer = marks.px(box.rect.inset(inset_mm)), marks.px(box.rect)
            if empty_when_lifted(marks, inner, outer, t):
                if out is None:
                    out = {n: list(b) for n, b in boxes.items()}
                out[name][k] = DigitBox(None)
    return out
