"""The page's dust as evidence (ocr/page_dust.py) and the rule that reads a lone dot
against it (``dusty_page``, ocr/mark_rules.py), issue 43 item 4.

Sizes at the reader's 150 dpi: a pixel is (25.4 / 150)^2 = 0.028674 mm^2, so a solid
square of 3 x 3 pixels is 0.258 mm^2 (over a dot's dust threshold, 0.15, under its mark
threshold, 0.40: an unsure dot), one of 2 x 2 is 0.115 mm^2 (dust on any page), one of
4 x 4 0.459 mm^2 (a mark). A dot is like the page's dust where the page holds 0.015
specks a cm^2 (on 150 cm^2: 2.25, so 3) of 0.67 of its size or more: 0.173 mm^2 for the
3 x 3 dot, 0.307 for the 4 x 4 one.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.layout import load_layout
from ocr.mark_rules import rules_off
from ocr.mark_settings import MarkSettings
from ocr.marks import DUST_DOT_ALONE, MarkState
from ocr.page_dust import NO_DUST, PageDust, blank_paper, measure_dust
from tests.ocr.test_marks import DPI, _fresh

PX_MM2 = (25.4 / 150) ** 2


def test_a_pixel_and_the_squares_measure_what_the_docstring_says():
    assert round(PX_MM2, 6) == 0.028674
    assert round(9 * PX_MM2, 3) == 0.258
    assert round(4 * PX_MM2, 3) == 0.115


@pytest.mark.parametrize(
    ("blank", "specks", "dot", "alike"),
    [
        # No specks: not dusty.
        (150.0, (), 0.258, False),
        # 7 specks on 150 cm^2 (0.047 a cm^2, under dusty_per_cm2, 0.05): not dusty.
        (150.0, (0.3,) * 7, 0.258, False),
        # 8 specks on 150 cm^2 (0.053 a cm^2): dusty; four of 0.2 over 0.173 (0.027 a
        # cm^2): alike.
        (150.0, (0.16,) * 4 + (0.2,) * 4, 0.258, True),
        # ... but 0.16 mm^2 each: none reaches 0.173.
        (150.0, (0.16,) * 8, 0.258, False),
        # A dot of 0.459 (a mark) against 30 specks, two of 0.35: 2 / 150 = 0.013 a cm^2,
        # under 0.015; three: 0.02, alike.
        (150.0, (0.16,) * 28 + (0.35,) * 2, 0.459, False),
        (150.0, (0.16,) * 27 + (0.35,) * 3, 0.459, True),
        # Plenty of specks, but on 10 cm^2 of blank paper (a page cut short): not judged.
        (10.0, (0.3,) * 30, 0.258, False),
    ],
)
def test_a_dot_is_like_a_dusty_page_s_dust_where_its_paper_holds_a_few_as_large(
    blank, specks, dot, alike
):
    dust = PageDust(blank, specks)
    assert dust.holds_alike(dot) is alike


def test_specks_are_counted_from_a_size_up():
    dust = PageDust(100.0, (0.16, 0.2, 0.2, 0.3))
    assert dust.per_cm2_from(0.2) == pytest.approx(0.03)
    assert dust.per_cm2_from(0.31) == 0.0
    assert dust.per_cm2_from(0.1) == pytest.approx(0.04)


def test_a_page_whose_dust_was_not_measured_is_not_dusty():
    assert not NO_DUST.dusty()
    assert not NO_DUST.holds_alike(0.2)
    assert NO_DUST.per_cm2_from(0.2) == 0.0


def _grey(page: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)


def _blank_spots(
    grey: np.ndarray, blank: np.ndarray, step: int, width: int, height: int
) -> list[tuple[int, int]]:
    """Top-left corners (y, x), on a grid of ``step`` pixels below the rows, of white
    blank paper ``width`` x ``height`` pixels with 4 more all round."""
    top = round(max(r.rect.y1 for r in load_layout().rows) * DPI / 25.4) + 20
    return [
        (y, x)
        for y in range(top, grey.shape[0] - 20, step)
        for x in range(20, grey.shape[1] - 80, step)
        if blank[y - 4 : y + height, x - 4 : x + width].all()
        and (grey[y - 4 : y + height, x - 4 : x + width] > 250).all()
    ]


def test_the_specks_are_counted_on_blank_paper_only():
    """On the printed form: 40 squares of 3 x 3 pixels in the blank margin below the rows,
    20 of 2 x 2 beside them (under the dust threshold: not counted), one hair of 10 mm
    (5 mm^2 of ink: no speck), and 7 squares of 3 x 3 inside the level boxes (not blank
    paper: not counted). The blank paper is where ``blank_paper`` says, and the count is 40."""
    lay = load_layout()
    grey = _grey(_fresh())
    blank = blank_paper(lay, DPI)
    hair = _blank_spots(grey, blank, 20, 68, 8)[0]
    cv2.line(grey, (hair[1], hair[0] + 1), (hair[1] + 59, hair[0] + 1), 0, 3)
    spots = _blank_spots(grey, blank, 20, 8, 8)[:60]
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


def test_a_hair_s_pieces_are_no_specks():
    """A hair or a paper fibre on the glass leaves long, thin pieces of ink. In the blank
    margin below the rows: 10 squares of 5 x 5 pixels (25 x 0.028674 = 0.717 mm^2: blobs,
    counted), 6 strokes of 2 x 30 pixels (60 pixels, 1.720 mm^2, under dust_max_mm2's 2:
    one side 15 times the other) and 6 diagonal strokes 2 pixels thick across 13 x 13
    pixels (about 36 pixels, 1.0 mm^2: under half of the 169 of its bounding box). Only
    the squares are specks: a hair's pieces as large as a pen dot would have made every
    pen dot on the page look like its dust (rule ``dusty_page``)."""
    lay = load_layout()
    grey = _grey(_fresh())
    spots = _blank_spots(grey, blank_paper(lay, DPI), 40, 36, 36)[:22]
    assert len(spots) == 22
    for y, x in spots[:10]:
        grey[y : y + 5, x : x + 5] = 0
    for y, x in spots[10:16]:
        grey[y : y + 2, x : x + 30] = 0
    for y, x in spots[16:]:
        cv2.line(grey, (x, y), (x + 11, y + 11), 0, 2)
    dust = measure_dust(grey, lay, DPI)
    assert dust.specks_mm2 == pytest.approx((25 * PX_MM2,) * 10)
    assert round(25 * PX_MM2, 3) == 0.717 and round(60 * PX_MM2, 3) == 1.720


def _row_with_a_speck(dust: PageDust, side: int = 3) -> dict[tuple[str, str], object]:
    """Row 1 with a cross in level 3 and a ``side`` x ``side`` pixel speck in strain S
    (3: 0.258 mm^2, 4: 0.459 mm^2)."""
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
    page[cy : cy + side, cx : cx + side] = 0.05
    fields = [f.name for f in lay.row(1).fields if f.kind is FieldKind.MARKS]
    row = RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI, dust)
    read = row.read_fields(fields)
    return {(name, m.option): m for name, ms in read.items() for m in ms}


def test_a_lone_small_dot_on_a_dusty_page_is_a_speck():
    """On a page with no dust measured the speck in S is an unsure dot (0.258 mm^2,
    between 0.15 and 0.40); on a dusty page whose specks are 0.3 mm^2 (30 of them on
    150 cm^2) it is read by its fill alone (0.03, under 0.05): empty, a dot the page
    cannot tell from its dust (``DUST_DOT``), alone in the strain: weighed as its dot
    reads (``dust_dot_alone``, ``weighed_p``: (0.258064 - 0.15) / 0.45 = 0.240142 on the
    scale to 0.60 mm^2, p 1 / (1 + 49^0.519716) = 0.116846). The cross in level 3 is
    marked either way."""
    today = _row_with_a_speck(NO_DUST)
    assert today[("strain", "S")].state is MarkState.UNSURE
    assert today[("strain", "S")].how == "dot"
    assert today[("strain", "S")].dot_mm2 == pytest.approx(9 * PX_MM2)
    dusty = _row_with_a_speck(PageDust(150.0, (0.3,) * 30))
    assert dusty[("strain", "S")].state is MarkState.EMPTY
    assert dusty[("strain", "S")].how == DUST_DOT_ALONE
    assert dusty[("strain", "S")].p_marked == pytest.approx(0.116846, abs=1e-5)
    assert dusty[("strain", "S")].dot_mm2 == pytest.approx(9 * PX_MM2)
    for read in (today, dusty):
        assert read[("level", "3")].state is MarkState.MARKED


def test_a_page_whose_specks_are_smaller_keeps_the_dot_unsure():
    """Dusty, but its specks are 0.16 mm^2 (30 of them), under 0.67 of the speck of 0.258
    (0.173); or one speck of 0.3 among them, 1 / 150 a cm^2 (under 0.015): the dot in S
    stays unsure. Read without ``clean_rivals``: the row holds no strain mark of a
    player's, and that rule reads a lone unsure box beside clean ones marked
    (tests/ocr/test_clean_rivals.py)."""
    for specks in ((0.16,) * 30, (0.16,) * 29 + (0.3,)):
        with rules_off("clean_rivals"):
            read = _row_with_a_speck(PageDust(150.0, specks))
        assert read[("strain", "S")].state is MarkState.UNSURE


def test_a_clump_as_large_as_a_pen_dot_on_a_page_of_such_clumps_is_dust():
    """A blob of 4 x 4 pixels (0.459 mm^2) in S is read as a mark by its dot alone. On a
    page whose margins hold 30 specks of 0.35 mm^2 (over 0.67 of 0.459, 0.307) it is read
    by its fill alone: empty. On one whose specks are 0.3 mm^2, or only two of 0.35 on
    150 cm^2, it stays a mark. The cross in level 3 is marked every way."""
    today = _row_with_a_speck(NO_DUST, side=4)
    assert today[("strain", "S")].state is MarkState.MARKED
    assert today[("strain", "S")].how == "dot"
    assert today[("strain", "S")].dot_mm2 == pytest.approx(16 * PX_MM2)
    clumps = _row_with_a_speck(PageDust(150.0, (0.35,) * 30), side=4)
    assert clumps[("strain", "S")].state is MarkState.EMPTY
    assert clumps[("strain", "S")].dot_mm2 == pytest.approx(16 * PX_MM2)
    for specks in ((0.3,) * 30, (0.16,) * 28 + (0.35,) * 2):
        smaller = _row_with_a_speck(PageDust(150.0, specks), side=4)
        assert smaller[("strain", "S")].state is MarkState.MARKED
    for read in (today, clumps):
        assert read[("level", "3")].state is MarkState.MARKED


@pytest.mark.parametrize(
    ("specks", "cleared"),
    [
        # Specks of 0.19 mm^2: over 0.67 of the dot of 9 pixels (0.258: 0.173), under
        # 0.67 of the one of 11 (0.315: 0.211).
        ((0.19,) * 30, (False, True, False)),
        # Specks of 0.25 mm^2: over 0.67 of both dots inside the boxes.
        ((0.25,) * 30, (False, True, True)),
    ],
)
def test_a_dot_read_as_the_unsure_band_s_middle_is_never_dust(specks, cleared):
    """A blob by a box's edge of 0.40-0.5 mm^2, or a dot on a printed edge, is read as a
    dot of 0.275 mm^2 (``ocr.dots.EDGE_UNSURE_MM2``): a pen touched to an edge, as likely
    as dust. The rule reads the dots inside boxes like the page's specks without them,
    and leaves that one unsure whatever the page's specks."""
    from dataclasses import replace

    from ocr.dots import EDGE_UNSURE_MM2
    from ocr.dusty_dot_rule import dusty_page
    from ocr.illumination import flatten
    from ocr.mark_settings import MARK_SETTINGS
    from ocr.marks import mark_reading
    from ocr.row_marks import RowMarks

    lay = load_layout()
    page = _fresh()
    page[300:303, 300:303] = 0.05  # some ink on the row's band: any_ink
    evidence = RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI).evidence()
    dusty = replace(evidence, dust=PageDust(150.0, specks))
    dotted = {
        "S": mark_reading("S", 0.01, 0.0, EDGE_UNSURE_MM2),
        "H": mark_reading("H", 0.01, 0.0, 9 * PX_MM2),
        "D": mark_reading("D", 0.01, 0.0, 11 * PX_MM2),
    }
    assert all(r.state is MarkState.UNSURE and r.how == "dot" for r in dotted.values())
    at = {o: i for i, (f, o, _) in enumerate(evidence.geometry.boxes) if f == "strain"}
    row = [mark_reading(o, 0.0, 0.0, 0.0) for _, o, _ in evidence.geometry.boxes]
    for option, r in dotted.items():
        row[at[option]] = r
    out = dusty_page(dusty, row, MARK_SETTINGS)
    before = [row[at[o]] for o in dotted]
    after = [out[at[o]] for o in dotted]
    assert tuple(r.state is MarkState.EMPTY for r in after) == cleared
    assert [r.dot_mm2 for r in after] == [r.dot_mm2 for r in before]
    assert after[0] is before[0]


def test_the_dust_settings_are_validated():
    with pytest.raises(ValueError, match="dust_alike_share is a share"):
        MarkSettings(dust_alike_share=1.5)
    with pytest.raises(ValueError, match="dot_empty_below_mm2 .* must lie below dust_max_mm2"):
        MarkSettings(dust_max_mm2=0.1)
