"""A handwritten digit whose strokes run out of its box's crop, followed on nearer the
printed border (``ocr.digit_cells.normalise_cell`` with its ``wide`` crop; issue 43).

The reader reads a handwritten box ``DIGIT_INSET_MM`` inside its printed border, so that
the border is not read as a stroke. A digit written up to the border loses what lies
between the two, and what is left may read as another digit; its row then goes to a person
with a written score that "does not match" its contract.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.digit_cells import normalise_cell
from ocr.digits import load_model
from tests.ocr.bands import stored_band

PAPER, PEN, BORDER = 235, 150, 30


def _never() -> tuple[np.ndarray, tuple[int, int]]:
    raise AssertionError("the wider crop is asked only of strokes that run out")


def _wide_with_an_l(border: bool) -> tuple[np.ndarray, tuple[int, int]]:
    """A 48 x 38 crop of pale pen on paper holding an L: its stem down column 18 from row
    8 to row 43, its foot along rows 42-43 from column 6 to 30, under the inner crop, which
    lies at (4, 4) and is 40 x 30 (rows 4-43, columns 4-33: the foot's rows are its last
    two). With ``border``, the box's printed border (darker than the pen) round the crop's
    outer two pixels, apart from the L."""
    wide = np.full((48, 38), PAPER, np.uint8)
    wide[8:44, 17:19] = PEN
    wide[42:44, 6:31] = PEN
    if border:
        wide[:, :2] = wide[:, -2:] = BORDER
        wide[:2, :] = wide[-2:, :] = BORDER
    return wide, (4, 4)


def test_strokes_inside_the_crop_read_as_the_crop_alone():
    """A stroke that stays inside the crop: the same floats as ``normalise_cell``, and the
    wider crop is never asked for."""
    cell = np.full((40, 30), PAPER, np.uint8)
    cell[8:32, 14:16] = PEN
    cell[8:10, 10:20] = PEN
    expected = normalise_cell(cell)
    assert expected is not None
    assert np.array_equal(normalise_cell(cell, _never), expected)


def test_a_blank_crop_stays_blank_without_asking_for_more():
    assert normalise_cell(np.full((40, 30), PAPER, np.uint8), _never) is None


@pytest.mark.parametrize("border", [False, True])
def test_a_foot_under_the_crop_is_followed(border):
    """The crop holds the L's stem, which runs to its bottom edge, and the middle of its
    foot. Followed into the wider crop, its strokes are the whole L, read as the L alone
    in a crop of its own: with the border, darker than the pen, cleared as a printed line
    and never setting the ink's scale (the pen is read against the crop's own tones)."""
    wide, (dy, dx) = _wide_with_an_l(border)
    inner = wide[dy : dy + 40, dx : dx + 30]
    reached = normalise_cell(inner, lambda: (wide, (dy, dx)))
    bare, _ = _wide_with_an_l(False)
    whole = normalise_cell(bare)  # the L with nothing round it, read as one crop
    assert reached is not None and whole is not None
    assert np.array_equal(reached, whole)


def test_a_foot_beside_a_stroke_of_another_box_keeps_only_its_own_pieces():
    """Ink in the wider crop that does not touch the crop's strokes (a speck or the tail
    of the next box's digit beyond the crop) is not taken in."""
    wide, (dy, dx) = _wide_with_an_l(False)
    bare = wide.copy()
    wide[10:20, 35:37] = PEN  # in the ring right of the crop, apart from the L
    inner = wide[dy : dy + 40, dx : dx + 30]
    reached = normalise_cell(inner, lambda: (wide, (dy, dx)))
    assert np.array_equal(reached, normalise_cell(bare))


def test_a_two_whose_base_runs_along_the_border_reads_two():
    """TRAINING noisy, seed 8123, ``page_0039.jpg`` row 5: 200 written for 3C-2 by West,
    vulnerable (+200, Law 77). The 2's base runs along the box's lower border, under the
    reader's crop 0.6 mm inside it, and its left end to the left border: read alone, the
    crop's 2 is a stroke and a stub, 1 (0.33) before 2 (0.24), and the row went to a person
    as "written score +100 does not match". Followed 0.3 mm inside the border (the stored
    crop; the reader's crop lies at (2, 2) in it, 58 x 34) the base is whole: 2."""
    wide = stored_band("score_box_two_base_by_border_noisy.png")
    inner = wide[2:60, 2:36]
    model = load_model(None)
    (alone,) = model.read_cells([inner])
    (reached,) = model.read_cells([inner], [lambda: (wide, (2, 2))])
    assert alone is not None and reached is not None
    assert int(np.argmax(alone)) == 1 and alone[2] < alone[1]
    assert int(np.argmax(reached)) == 2 and reached[2] > 0.5


def test_the_shipped_crops_line_up():
    """The stored crop is the reader's wider crop: 61 x 38, 2 px round the 58 x 34 cell on
    the top and left sides."""
    wide = stored_band("score_box_two_base_by_border_noisy.png")
    assert wide.shape == (61, 38) and wide.dtype == np.uint8
    assert cv2.countNonZero(255 - wide) > 0
