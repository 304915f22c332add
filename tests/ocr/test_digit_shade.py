"""An empty digit box under a fold's band is not a digit (ocr/digit_shade.py): the box is
read again with the band beside it lifted to the row's paper, only ever to read it empty."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.box_crops import DIGIT_INSET_MM
from ocr.combs import DigitBox
from ocr.digit_cells import is_blank
from ocr.digit_shade import boxes_without_shade, empty_when_lifted, fields_that_matter
from ocr.illumination import flatten
from ocr.layout import EW_PAIR_WRITTEN, NS_PAIR_WRITTEN, SCORE, load_layout
from ocr.page_dust import PageDust
from ocr.reading import posterior_reason
from ocr.row_marks import RowMarks
from ocr.score_agreement import mismatch_reason
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Strain
from tests.ocr.test_marks import DPI, _fresh

S = DPI / 25.4


def _score_box(k: int):
    return load_layout().row(1).field(SCORE).boxes[k]


def _page(fold_from_mm: float | None, dark: float = 0.25, seven: bool = False) -> np.ndarray:
    """The printed form (row 1), flattened as the reader flattens it, with a fold's shaded
    band ``dark`` darker from ``fold_from_mm`` (page x) 5 mm wide down the whole page,
    and, where ``seven``, a 7 in a firm pen (grey 50, 2 px strokes) in the first score box."""
    page = _fresh()
    if seven:
        x0, y0, x1, y1 = _score_box(0).rect.inset(1.2).to_px(DPI)
        cv2.line(page, (x0, y0), (x1, y0), (0.2, 0.2, 0.2), 2)
        cv2.line(page, (x1, y0), ((x0 + x1) // 2, y1), (0.2, 0.2, 0.2), 2)
    if fold_from_mm is not None:
        page[:, round(fold_from_mm * S) : round((fold_from_mm + 5.0) * S)] *= 1.0 - dark
    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    return flatten(grey, DPI)


def _first_box(page: np.ndarray) -> tuple[RowMarks, tuple[int, ...], tuple[int, ...], np.ndarray]:
    lay = load_layout()
    marks = RowMarks(page, lay, lay.row(1), DPI)
    rect = _score_box(0).rect
    inner, outer = marks.px(rect.inset(DIGIT_INSET_MM)), marks.px(rect)
    x0, y0, x1, y1 = rect.inset(DIGIT_INSET_MM).to_px(DPI)
    return marks, inner, outer, page[y0:y1, x0:x1]


def _half_over_first_box() -> float:
    """A band's left edge through the middle of the first score box: the band covers its
    right half and runs on out of it above, below and to the right."""
    rect = _score_box(0).rect
    return rect.x + rect.width / 2


def test_an_empty_box_half_in_a_band_reads_as_a_digit_and_lifted_reads_empty():
    """The band is the box's darkest ink (25% against 15% for a stroke), so the box read
    against its own darkest 0.5% holds a block of full ink: written. Lifted, the band's
    pixels are the row's paper again: empty."""
    marks, inner, outer, crop = _first_box(_page(_half_over_first_box()))
    assert not is_blank(crop)
    assert empty_when_lifted(marks, inner, outer)


def test_a_seven_in_the_band_keeps_its_ink_lifted():
    """A firm pen's 7 (80% darker than the paper) under the same band: lifted by the
    paper's 1 / 0.75 at most, its strokes stay over half ink: not empty."""
    marks, inner, outer, crop = _first_box(_page(_half_over_first_box(), seven=True))
    assert not is_blank(crop)
    assert not empty_when_lifted(marks, inner, outer)


def test_without_a_band_beside_the_box_nothing_is_lifted():
    """A written 7 on paper without a band: no band beside, so no lifted reading at all."""
    marks, inner, outer, crop = _first_box(_page(None, seven=True))
    assert not is_blank(crop)
    assert not empty_when_lifted(marks, inner, outer)


def test_a_band_too_faint_to_tell_from_paper_is_left():
    """A band 3% darker, under the 4% margin (``shade_margin``): not a band."""
    marks, inner, outer, _ = _first_box(_page(_half_over_first_box(), dark=0.03))
    assert marks.shade.lifted(inner, outer, 1.0, 1.5, 0.04, 0.35) is None


@pytest.mark.parametrize("seven", [False, True])
def test_boxes_without_shade_reads_only_the_band_empty(seven: bool):
    """The row's boxes as read (the first read as a 7, the others blank): with the band
    alone there, the first is read empty and the rest left as they were; with a 7 written
    under it, nothing changes (None)."""
    lay = load_layout()
    page = _page(_half_over_first_box(), seven=seven)
    marks = RowMarks(page, lay, lay.row(1), DPI)
    n = len(lay.row(1).field(SCORE).boxes)
    seven_read = DigitBox(tuple(0.91 if d == 7 else 0.01 for d in range(10)))
    boxes = {SCORE: [seven_read] + [DigitBox(None)] * (n - 1)}
    out = boxes_without_shade(marks, lay.row(1), boxes, DIGIT_INSET_MM, (SCORE,))
    if seven:
        assert out is None
    else:
        assert out == {SCORE: [DigitBox(None)] * n}
        assert boxes[SCORE][0] is seven_read  # the row's own reading is not changed


def test_boxes_without_shade_lifts_nothing_on_a_dusty_page():
    """The band alone over the first score box, read as a 7: on a page whose margins hold
    20 specks of 0.2 mm^2 in 121 cm^2 (0.165 a cm^2, over ``dusty_per_cm2``'s 0.05) the
    box is not lifted (None), though the same page without its dust lifts it empty."""
    lay = load_layout()
    page = _page(_half_over_first_box())
    n = len(lay.row(1).field(SCORE).boxes)
    boxes = {SCORE: [DigitBox(tuple(0.91 if d == 7 else 0.01 for d in range(10)))]
             + [DigitBox(None)] * (n - 1)}  # fmt: skip
    dusty = PageDust(blank_cm2=121.0, specks_mm2=(0.2,) * 20)
    assert dusty.dusty()
    on_dust = RowMarks(page, lay, lay.row(1), DPI, dusty)
    assert boxes_without_shade(on_dust, lay.row(1), boxes, DIGIT_INSET_MM, (SCORE,)) is None
    clean = RowMarks(page, lay, lay.row(1), DPI)
    out = boxes_without_shade(clean, lay.row(1), boxes, DIGIT_INSET_MM, (SCORE,))
    assert out == {SCORE: [DigitBox(None)] * n}


def test_boxes_without_shade_reads_only_the_fields_asked():
    """The band alone over the first score box, the score not asked: nothing changes."""
    lay = load_layout()
    marks = RowMarks(_page(_half_over_first_box()), lay, lay.row(1), DPI)
    n = len(lay.row(1).field(SCORE).boxes)
    boxes = {SCORE: [DigitBox(tuple(0.91 if d == 7 else 0.01 for d in range(10)))]
             + [DigitBox(None)] * (n - 1)}  # fmt: skip
    assert boxes_without_shade(marks, lay.row(1), boxes, DIGIT_INSET_MM, ()) is None


FIELDS = (SCORE, NS_PAIR_WRITTEN, EW_PAIR_WRITTEN)


@pytest.mark.parametrize(
    ("reasons", "fields"),
    [
        (("posterior 0.979 below 0.995", "unsure mark in strain"), FIELDS),
        (("written score -7200 does not match 2S-2 by N, vulnerable: -200",), (SCORE,)),
        (
            ("written score reads more like +420 (a result one mark away) than +450",),
            (SCORE,),
        ),  # fmt: skip
        (
            ("ns_pair_written reads 44, which the reading does not use",),
            (NS_PAIR_WRITTEN, EW_PAIR_WRITTEN),
        ),  # fmt: skip
        (("pair 4 is not seated in round 11", "written score +7620 does not match"), FIELDS),
        (
            (
                "unsure mark in level",
                "marks not certain in strain, which the score cannot check",
                "declarer W reads empty, but the reading needs it marked",
            ),
            (),
        ),  # fmt: skip
        ((), ()),
    ],
)
def test_only_the_fields_a_reason_may_be_about_are_read_again(reasons, fields):
    """A low posterior may be any digit's; a score that does not match, the score's; a
    pair named, the pairs'; a row held by its marks alone, none."""
    assert fields_that_matter(reasons, FIELDS) == fields


def test_the_reasons_the_reader_writes_are_the_ones_it_asks_about():
    """The reasons as their own functions write them (not copied text): a change of their
    wording that ``fields_that_matter`` no longer knows fails here, not silently."""
    posterior = posterior_reason(0.979, 0.995)
    played = mismatch_reason(-7200, Contract(2, Strain.SPADES), Seat.NORTH, 6, Vulnerability.NS)
    passed_out = mismatch_reason(50, None, None, None, Vulnerability.NONE)
    assert fields_that_matter((posterior,), FIELDS) == FIELDS
    assert fields_that_matter((played,), FIELDS) == (SCORE,)
    assert fields_that_matter((passed_out,), FIELDS) == (SCORE,)
