"""A printed pair number blurred past the full margin, read off an old form without the
event: its row does not take its pairs from the page (TEST phone, seed 64502, a form
without the board's seating or the section's pairs, page_0006 read without the event:
EW 16, blurred by the photo's focus, matched a 4 for its 6 at confidence 0.42 and the row
was accepted as 10-14)."""

from __future__ import annotations

import cv2
import numpy as np

from ocr.layout import EW_PAIR, load_layout
from ocr.printed import match_numbers
from ocr.printed_pairs import PrintedPairs
from ocr.reader import _crop_mm, _printed_from_page
from tests.ocr.test_reader import _printed_page

_ROWS = ((1, 1, 16), (2, 2, 17), (3, 3, 18))
"""Three rows whose pairs are all different, 14 nowhere: the pair-printed-twice rule has
nothing to find, so only the blurred number's own doubt can stop row 1."""


def _row_1_ew_blurred(sigma: float) -> np.ndarray:
    """The traveller printed with ``_ROWS``, its row 1 EW number (16) blurred by a Gaussian
    of ``sigma`` pixels at 150 dpi: a photo out of focus over that box."""
    layout = load_layout()
    page = _printed_page(_ROWS)
    s = 150 / 25.4
    r = layout.box(1, EW_PAIR)
    y0, y1 = round(r.y * s) - 3, round(r.y1 * s) + 3
    x0, x1 = round(r.x * s) - 3, round(r.x1 * s) + 3
    around = page[y0 - 10 : y1 + 10, x0 - 10 : x1 + 10]
    page[y0:y1, x0:x1] = cv2.GaussianBlur(around, (0, 0), sigma)[10:-10, 10:-10]
    return page


def _read(page: np.ndarray) -> PrintedPairs:
    printed = _printed_from_page(page, load_layout())
    assert printed is not None
    return printed


def test_a_blurred_16_matched_as_14_short_of_the_full_margin_leaves_its_row_unread():
    page = _row_1_ew_blurred(2.0)
    r = load_layout().box(1, EW_PAIR)
    (number,) = match_numbers([_crop_mm(page, r.x, r.y, r.width, r.height)])
    # The blur takes the 6's loop in: it matches a 4 best, by a margin under 0.05 (below
    # full confidence) but over the 0.02 that read it before.
    assert number.value == 14
    assert 0.4 < number.confidence < 1.0
    assert _read(page).rows[:3] == (None, (2, 2, 17), (3, 3, 18))


def test_the_same_traveller_in_focus_is_read():
    assert _read(_row_1_ew_blurred(0.5)).rows[:3] == _ROWS
