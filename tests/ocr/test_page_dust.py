"""The page's dust as evidence (ocr/page_dust.py) and the rule that reads a lone small dot
against it (``dusty_page``, ocr/mark_rules.py), issue 43 item 4.

Sizes at the reader's 150 dpi: a pixel is (25.4 / 150)^2 = 0.028674 mm^2, so a solid
square of 3 x 3 pixels is 0.258 mm^2 (over a dot's dust threshold, 0.15, under its mark
threshold, 0.40: an unsure dot), one of 2 x 2 is 0.115 mm^2 (dust on any page).
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.layout import load_layout
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkState
from ocr.page_dust import NO_DUST, PageDust, blank_paper, measure_dust
from tests.ocr.test_marks import DPI, _fresh

PX_MM2 = (25.4 / 150) ** 2


def test_a_pixel_and_the_squares_measure_what_the_docstring_says():
    assert round(PX_MM2, 6) == 0.028674
    assert round(9 * PX_MM2, 3) == 0.258
    assert round(4 * PX_MM2, 3) == 0.115


@pytest.mark.parametrize(
    ("blank", "specks", "speck"),
    [
        # No specks: not dusty.
        (150.0, (), None),
        # 7 specks on 150 cm^2 (0.047 a cm^2, under dusty_per_cm2, 0.05): not dusty.
        (150.0, (0.2,) * 7, None),
        # 8 specks on 150 cm^2 (0.053 a cm^2): dusty. Nine in ten of them (7.2, so 8) are
        # no larger than the 8th smallest, 0.3.
        (150.0, (0.16,) * 4 + (0.2,) * 3 + (0.3,), 0.3),
        # 20 specks: nine in ten (18) are no larger than the 18th smallest, 0.23.
        (150.0, (0.16,) * 5 + (0.2,) * 5 + (0.23,) * 8 + (0.3,) * 2, 0.23),
        # Plenty of specks, but on 10 cm^2 of blank paper (a page cut short): not judged.
        (10.0, (0.25,) * 30, None),
    ],
)
def test_a_dusty_page_s_specks_are_as_large_as_most_of_them(blank, specks, speck):
    dust = PageDust(blank, specks)
    assert dust.dusty() is (speck is not None)
    assert dust.speck_mm2() == speck


def test_a_page_whose_dust_was_not_measured_is_not_dusty():
    assert not NO_DUST.dusty()
    assert NO_DUST.speck_mm2() is None


def _grey(page: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)


def test_the_specks_are_counted_on_blank_paper_only():
    """On the printed form: 40 squares of 3 x 3 pixels in the blank margin below the rows,
    20 of 2 x 2 beside them (under the dust threshold: not counted), one hair of 10 mm
    (5 mm^2 of ink: no speck), and 7 squares of 3 x 3 inside the level boxes (not blank
    paper: not counted). The blank paper is where ``blank_paper`` says, and the count is 40."""
    lay = load_layout()
    grey = _grey(_fresh())
    blank = blank_paper(lay, DPI)
    top = round(max(r.rect.y1 for r in lay.rows) * DPI / 25.4) + 20
    grid = [
        (y, x)
        for y in range(top, grey.shape[0] - 20, 20)
        for x in range(20, grey.shape[1] - 80, 20)
    ]

    def clear(y: int, x: int, w: int) -> bool:
        window = np.s_[y - 4 : y + 8, x - 4 : x + w]
        return bool(blank[window].all() and (grey[window] > 250).all())

    hair = next((y, x) for y, x in grid if clear(y, x, 68))
    cv2.line(grey, (hair[1], hair[0] + 1), (hair[1] + 59, hair[0] + 1), 0, 3)
    spots = [(y, x) for y, x in grid if clear(y, x, 8)][:60]
    assert len(spots) == 60
    for k, (y, x) in enumerate(spots):
        side = 3 if k < 40 else 2
        grey[y : y + side, x : x + side] = 0
    for option in "1234567":
        box = lay.box(1, "level", option)
        s = DPI / 25.4
        cx, cy = round((box.x + box.width / 2) * s), round((box.y + box.height / 2) * s)
        grey[cy : cy + 3, cx : cx + 3] = 0
    dust = measure_dust(grey, lay, DPI)
    assert dust.specks_mm2 == pytest.approx((9 * PX_MM2,) * 40)
    assert dust.blank_cm2 == pytest.approx(blank.sum() * PX_MM2 / 100, abs=0.001)
    assert dust.blank_cm2 > 100  # the margins of an A4 traveller


def _row_with_a_speck(dust: PageDust) -> dict[tuple[str, str], object]:
    """Row 1 with a cross in level 3 and a 3 x 3 pixel speck (0.258 mm^2) in strain S."""
    from ocr.illumination import flatten
    from ocr.layout import FieldKind
    from ocr.row_marks import RowMarks
    from tests.ocr.test_marks import _draw

    page = _fresh()
    _draw(page, "level", "3", "cross")
    lay = load_layout()
    box = lay.box(1, "strain", "S")
    s = DPI / 25.4
    cx, cy = round((box.x + box.width / 2) * s), round((box.y + box.height / 2) * s)
    page[cy : cy + 3, cx : cx + 3] = 0.05
    fields = [f.name for f in lay.row(1).fields if f.kind is FieldKind.MARKS]
    row = RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI, dust)
    read = row.read_fields(fields)
    return {(name, m.option): m for name, ms in read.items() for m in ms}


def test_a_lone_small_dot_on_a_dusty_page_is_a_speck():
    """On a page with no dust measured the speck in S is an unsure dot (0.258 mm^2,
    between 0.15 and 0.40); on a dusty page whose specks are 0.3 mm^2 (30 of them on
    150 cm^2) it is read by its fill alone (0.03, under 0.05): empty, with a chance of a
    mark under 2%. The cross in level 3 is marked either way."""
    today = _row_with_a_speck(NO_DUST)
    assert today[("strain", "S")].state is MarkState.UNSURE
    assert today[("strain", "S")].how == "dot"
    assert today[("strain", "S")].dot_mm2 == pytest.approx(9 * PX_MM2)
    dusty = _row_with_a_speck(PageDust(150.0, (0.3,) * 30))
    assert dusty[("strain", "S")].state is MarkState.EMPTY
    assert dusty[("strain", "S")].p_marked < 0.02
    assert dusty[("strain", "S")].dot_mm2 == pytest.approx(9 * PX_MM2)
    for read in (today, dusty):
        assert read[("level", "3")].state is MarkState.MARKED


def test_a_page_whose_specks_are_smaller_keeps_the_dot_unsure():
    """Dusty, but nine in ten of its specks are 0.20 mm^2 or less (27 of 30): the speck
    of 0.258 is larger than the page's dust, and stays unsure."""
    read = _row_with_a_speck(PageDust(150.0, (0.2,) * 27 + (0.3,) * 3))
    assert read[("strain", "S")].state is MarkState.UNSURE


@pytest.mark.parametrize(
    ("specks", "cleared"),
    [
        # Specks of 0.3 mm^2: the dot of 9 pixels (0.258) is no larger, the one of 11
        # (0.315) is.
        ((0.3,) * 30, (False, True, False)),
        # Specks of 0.35 mm^2: both dots inside the boxes are no larger.
        ((0.35,) * 30, (False, True, True)),
    ],
)
def test_a_dot_read_as_the_unsure_band_s_middle_is_never_dust(specks, cleared):
    """A blob by a box's edge of 0.40-0.5 mm^2, or a dot on a printed edge, is read as a
    dot of 0.275 mm^2 (``ocr.dots.EDGE_UNSURE_MM2``): a pen touched to an edge, as likely
    as dust. The rule reads the dots inside boxes no larger than the page's specks
    without them, and leaves that one unsure whatever the page's specks."""
    from dataclasses import replace

    from ocr.dots import EDGE_UNSURE_MM2
    from ocr.illumination import flatten
    from ocr.mark_rules import dusty_page
    from ocr.mark_settings import MARK_SETTINGS
    from ocr.marks import mark_reading
    from ocr.row_marks import RowMarks

    lay = load_layout()
    page = _fresh()
    page[300:303, 300:303] = 0.05  # some ink on the row's band: any_ink
    evidence = RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI).evidence()
    dusty = replace(evidence, dust=PageDust(150.0, specks))
    before = [
        mark_reading("S", 0.01, 0.0, EDGE_UNSURE_MM2),
        mark_reading("H", 0.01, 0.0, 9 * PX_MM2),
        mark_reading("D", 0.01, 0.0, 11 * PX_MM2),
    ]
    assert all(r.state is MarkState.UNSURE and r.how == "dot" for r in before)
    after = dusty_page(dusty, before, MARK_SETTINGS)
    assert tuple(r.state is MarkState.EMPTY for r in after) == cleared
    assert [r.dot_mm2 for r in after] == [r.dot_mm2 for r in before]
    assert after[0] is before[0]


def test_the_dust_settings_are_validated():
    with pytest.raises(ValueError, match="dust_share is a share"):
        MarkSettings(dust_share=1.5)
    with pytest.raises(ValueError, match="dot_empty_below_mm2 .* must lie below dust_max_mm2"):
        MarkSettings(dust_max_mm2=0.1)
