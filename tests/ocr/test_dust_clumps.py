"""A box unsure by a blob on its edge: a dust clump read away, a pen dot kept (rule
``dust_clumps``, ocr/dust_clumps.py; issue 43, item 4).

Sizes at the reader's 150 dpi: a pixel is 0.169 mm across (5.906 px a mm), so
``clump_core_mm`` (0.42) is 2.48 px and ``clump_across_mm`` (1.2) 7.09 px. The distance
transform (``cv2.DIST_L2``, mask 5) gives a pixel its distance to the nearest paper:
1 for a pixel next to paper, 2 two pixels in, about 3 for the middle of a disc of radius 3.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np

from ocr.align import Alignment, warp_region
from ocr.dust_clumps import clump_by_edge
from ocr.layout import LEVEL, STRAIN, load_layout
from ocr.mark_rules import rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkState, ink_values, paper_tone
from ocr.page_dust import NO_DUST, PageDust
from tests.ocr.test_dust_rules import DUSTY, SMALL_SPECKS, S, _read_row
from tests.ocr.test_marks import _fresh

BOX = (20, 10, 47, 37)  # a box of 4.5 mm in a band's pixels: x0, y0, x1, y1
LINE = slice(46, 48)  # its right printed edge, 2 px


def _band() -> tuple[np.ndarray, np.ndarray]:
    """A band 48 x 90 px with the box's right edge printed: its soft ink and printed mask."""
    ink = np.zeros((48, 90), np.float32)
    printed = np.zeros_like(ink, dtype=bool)
    ink[10:37, LINE] = 1.0
    printed[10:37, LINE] = True
    return ink, printed


def _clump(ink: np.ndarray) -> None:
    """Four grains of 2 x 2 px (0.11 mm^2 each) round the edge, a pixel or two apart: no
    solid pixel is more than 1.5 px from paper (a grain's pixel touches paper; a pixel of
    the line beside a grain has paper a diagonal step away)."""
    for x, y in ((44, 20), (48, 19), (48, 23), (44, 24)):
        ink[y : y + 2, x : x + 2] = 1.0


def test_grains_round_an_edge_are_a_clump():
    ink, printed = _band()
    _clump(ink)
    found = clump_by_edge(ink, (ink >= 0.5) & ~printed, BOX, S, DUSTY, MARK_SETTINGS)
    assert found is not None
    # the four grains and the pixel round each (their paler edge), nothing else
    assert found[20:22, 44:46].all() and found[19:21, 48:50].all()
    assert not found[30:37, :].any() and not found[:, 60:].any()


def test_grains_larger_than_the_page_s_dust_are_no_clump():
    """The same grains (0.11 mm^2 the largest) on a page whose margins hold specks of 0.16
    mm^2 at most are a clump (0.67 of 0.11 is 0.077); a grain of 3 x 3 px (0.26 mm^2:
    0.67 of it is 0.17, over 0.16) makes them none there, and on a page of 0.35 mm^2
    specks is a clump again."""
    ink, printed = _band()
    _clump(ink)
    assert (
        clump_by_edge(ink, (ink >= 0.5) & ~printed, BOX, S, SMALL_SPECKS, MARK_SETTINGS) is not None
    )
    ink[19:22, 48:51] = 1.0  # the grain right of the line made 3 x 3
    assert clump_by_edge(ink, (ink >= 0.5) & ~printed, BOX, S, SMALL_SPECKS, MARK_SETTINGS) is None
    assert clump_by_edge(ink, (ink >= 0.5) & ~printed, BOX, S, DUSTY, MARK_SETTINGS) is not None


def test_a_pen_dot_on_an_edge_is_no_clump():
    """A disc of radius 4 px (0.68 mm, 1.45 mm^2) centred on the edge: its middle is 4 px
    from paper, over 2.48."""
    ink, printed = _band()
    yy, xx = np.mgrid[:48, :90]
    ink[(xx - 46) ** 2 + (yy - 24) ** 2 <= 16] = 1.0
    assert clump_by_edge(ink, (ink >= 0.5) & ~printed, BOX, S, DUSTY, MARK_SETTINGS) is None


def test_a_stroke_that_enters_and_leaves_is_no_clump():
    """A stroke 2 px thick from 1.7 mm inside the box to 1.7 mm beyond its edge (20 px,
    3.4 mm across, over 7.09), thin as grains: a pen's line; grains beside it change
    nothing."""
    ink, printed = _band()
    ink[28:30, 36:56] = 1.0
    assert clump_by_edge(ink, (ink >= 0.5) & ~printed, BOX, S, DUSTY, MARK_SETTINGS) is None
    _clump(ink)
    assert clump_by_edge(ink, (ink >= 0.5) & ~printed, BOX, S, DUSTY, MARK_SETTINGS) is None


def test_nothing_drawn_is_no_clump():
    ink, printed = _band()
    assert clump_by_edge(ink, (ink >= 0.5) & ~printed, BOX, S, DUSTY, MARK_SETTINGS) is None


# --- whole rows: the printed form, strain H filled by the player (the row holds a mark,
# so dots on edges are looked for), a blob drawn at level 4's right edge ----------------

LAYOUT = load_layout()
FOUR = LAYOUT.box(1, LEVEL, "4")
EDGE_X, MIDDLE_Y = round((FOUR.x + FOUR.width) * S), round((FOUR.y + FOUR.height / 2) * S)


def _row_with(*blobs: tuple[int, int, int, int]) -> np.ndarray:
    """The form with strain H filled and the rectangles (x off level 4's right edge, y off
    its middle, width, height; px) drawn black."""
    page = _fresh()
    h = LAYOUT.box(1, STRAIN, "H")
    page[round((h.y + 1) * S) : round((h.y + h.height - 1) * S),
         round((h.x + 1) * S) : round((h.x + h.width - 1) * S)] = 0.05  # fmt: skip
    for dx, dy, w, ht in blobs:
        x, y = EDGE_X + dx, MIDDLE_Y + dy
        page[y : y + ht, x : x + w] = 0.05
    return page


def _disc(page: np.ndarray, dx: int, radius: float) -> np.ndarray:
    yy, xx = np.mgrid[: page.shape[0], : page.shape[1]]
    page[(xx - EDGE_X - dx) ** 2 + (yy - MIDDLE_Y) ** 2 <= radius * radius] = 0.05
    return page


# A clump: a 4 x 4 px grain (0.46 mm^2) with three of 2 x 2 stuck to it, 4 px left of the
# edge's outer side: read unsure by a blob by the edge; its thickest point 2 px from paper.
CLUMP = ((-4, 0, 4, 4), (0, 1, 2, 2), (-6, 2, 2, 2), (-3, 4, 2, 2))


def _level_4(page: np.ndarray, dust: object, rule: bool = True) -> tuple[str, str]:
    """Level 4 as read with the rule (or without it), and without ``clean_rivals`` and
    ``edge_dot_rivals``, which run after it and read a lone unsure box beside clean ones
    marked (tests/ocr/test_clean_rivals.py, tests/ocr/test_edge_dot_rivals.py)."""
    with rules_off("clean_rivals", "edge_dot_rivals", *(() if rule else ("dust_clumps",))):
        four = _read_row(page, dust)[(LEVEL, "4")]  # type: ignore[arg-type]
    return four.state.value, four.how


def test_a_clump_by_the_edge_is_read_away_on_a_dusty_page():
    page = _row_with(*CLUMP)
    assert _level_4(page, DUSTY, rule=False) == (MarkState.UNSURE.value, "dot")
    assert _level_4(page, DUSTY) == (MarkState.EMPTY.value, "")
    # a page whose dust was not measured is never dusty: the rule does not look; on a page
    # whose specks are 0.16 mm^2 the 4 x 4 grain (0.46 mm^2) is like none of them
    assert _level_4(page, NO_DUST) == (MarkState.UNSURE.value, "dot")
    assert _level_4(page, SMALL_SPECKS) == (MarkState.UNSURE.value, "dot")


def test_a_pen_dot_by_the_edge_stays_unsure_on_a_dusty_page():
    """Discs of radius 3 px 3 px left of the edge and of 3.5 px 2 px left of it (0.5 and
    0.6 mm: TRAINING's pen dots that leave a box unsure are 0.47 mm and more at their
    thickest): unsure by their dot with the rule and without it."""
    for dx, radius in ((-3, 3.0), (-2, 3.5)):
        page = _disc(_row_with(), dx, radius)
        assert _level_4(page, DUSTY, rule=False) == (MarkState.UNSURE.value, "dot")
        assert _level_4(page, DUSTY) == (MarkState.UNSURE.value, "dot")


def test_the_first_fault_alone_a_thin_player_s_dot_leaves_its_field_without_a_mark():
    """The wrong row's first fault: the player's dot as thin as a clump (4 x 6 px, 5 px
    left of the edge, 2 px from paper at its middle) is read away. Alone, it leaves the
    level with no box marked or unsure: a reading needs a level, and the row goes to a
    person ("reads empty, but the reading needs it marked")."""
    page = _row_with((-5, 0, 4, 6))
    assert _level_4(page, DUSTY, rule=False) == (MarkState.UNSURE.value, "dot")
    assert _level_4(page, DUSTY) == (MarkState.EMPTY.value, "")
    levels = [m for (f, _), m in _read_row(page, DUSTY).items() if f == LEVEL]
    assert all(m.state is MarkState.EMPTY for m in levels)


def test_the_second_fault_alone_a_clump_beside_the_player_s_dot_takes_nothing_from_it():
    """The other fault: a clump in the field beside the player's pen dot. The clump by
    level 4's edge is read away; the player's disc (radius 3.5 px) on level 6's right
    edge stays unsure, so the row reads level 6 and the clump's box is no rival."""
    six = LAYOUT.box(1, LEVEL, "6")
    page = _row_with(*CLUMP)
    yy, xx = np.mgrid[: page.shape[0], : page.shape[1]]
    page[(xx - round((six.x + six.width) * S) + 2) ** 2 + (yy - MIDDLE_Y) ** 2 <= 12.25] = 0.05
    read = _read_row(page, DUSTY)
    assert (read[(LEVEL, "4")].state, read[(LEVEL, "6")].state) == (
        MarkState.EMPTY,
        MarkState.UNSURE,
    )


# --- scans of other resolutions: the reader reads every page at 150 dpi (ocr/align.py
# warp_region: halved while twice that or more, then linearly), so a dot's thickest point
# is measured in the same steps whatever the scanner's resolution -------------------------

BIG_SPECKS = PageDust(150.0, (1.0,) * 30)  # dusty, its specks as large as any dot here


def _scanned_disc(dpi: int, diameter_mm: float, offset: float) -> np.ndarray:
    """A 10 mm square scanned at ``dpi`` (uint8 grey, white paper) holding a black disc of
    ``diameter_mm``, its centre ``offset`` of a scan pixel off the pixel grid; its pixels
    the disc's share of each (drawn 4 times finer and area-averaged, as a scanner's)."""
    fine = 4 * round(10 * dpi / 25.4)
    centre = (fine / 2 + 4 * offset) / (4 * dpi / 25.4)  # mm
    yy, xx = (np.mgrid[:fine, :fine] + 0.5) / (4 * dpi / 25.4)
    disc = ((xx - centre) ** 2 + (yy - centre) ** 2 <= (diameter_mm / 2) ** 2).astype(np.float32)
    grey = 255.0 * (1.0 - cv2.resize(disc, (fine // 4, fine // 4), interpolation=cv2.INTER_AREA))
    return np.round(grey).astype(np.uint8)


def _clump_at_150(scan: np.ndarray, dpi: int) -> np.ndarray | None:
    """``clump_by_edge`` of the disc once the reader has warped the scan to 150 dpi."""
    mm_per_px = 25.4 / dpi
    homography = np.array([[mm_per_px, 0, 0], [0, mm_per_px, 0], [0, 0, 1]], np.float64)
    at = Alignment(homography, (), 0, 0.0, float(dpi))
    grey = warp_region(scan, at, 0.0, 0.0, 10.0, 10.0)
    ink = ink_values(grey, paper_tone(grey))
    solid = ink >= MARK_SETTINGS.solid
    box = (20, 20, 40, 40)  # 3.4 mm round the disc's middle (29.5 px)
    return clump_by_edge(ink, solid, box, S, BIG_SPECKS, MARK_SETTINGS)


def test_a_pen_dot_s_thickness_is_read_alike_at_every_scan_resolution():
    """A dot 1.0 mm across (2.95 px of radius at 150 dpi) stays no clump from a scan of
    150, 200, 300, 400 or 600 dpi wherever it lies on the pixel grid: its middle is 2.8 px
    (0.47 mm) from paper. One 0.70 mm across (2.07 px of radius: its middle at most 2.2 px,
    0.37 mm, from paper) is a clump at each. The distance steps lie at 150 dpi whatever
    the scan's, so 0.42 mm lies between them at every resolution; a dot 0.84-0.94 mm
    across is 2.2 or 2.8 px by where its middle falls on the grid (review13)."""
    for dpi in (150, 200, 300, 400, 600):
        for offset in (0.0, 0.25, 0.5, 0.75):
            assert _clump_at_150(_scanned_disc(dpi, 1.0, offset), dpi) is None, (dpi, offset)
            thin = _clump_at_150(_scanned_disc(dpi, 0.70, offset), dpi)
            assert thin is not None, (dpi, offset)


_WITHOUT_MASKED_ARRAYS = """
import sys
from ocr.dust_clumps import clump_by_edge
from ocr.mark_settings import MARK_SETTINGS
from tests.ocr.test_dust_clumps import BOX, DUSTY, S, _band, _clump
ink, printed = _band()
_clump(ink)
before = "numpy.ma" in sys.modules
found = clump_by_edge(ink, (ink >= 0.5) & ~printed, BOX, S, DUSTY, MARK_SETTINGS)
print(before, found is not None, "numpy.ma" in sys.modules)
"""


def test_a_clump_is_found_without_numpy_s_masked_arrays():
    # np.unique would import numpy.ma on a process's first dusty row (11 ms of CPU)
    done = subprocess.run([sys.executable, "-c", _WITHOUT_MASKED_ARRAYS], capture_output=True,
                          text=True, check=True, cwd=Path(__file__).parents[2])  # fmt: skip
    assert done.stdout.split() == ["False", "True", "False"]
