"""ocr/pen.py: a pale pen's strokes followed on where its ball skips (``through_skips``),
on ink values of the row's own ramp (0..1; 0.5 and more is solid)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.circle_reading import OUTLINE_SURE, OUTLINE_UNSURE
from ocr.pen import SKIP_INK, SKIP_REACH_PX, through_skips
from tests.ocr.test_outline import MIDDLE, S, _printed, outline

SOLID = 1.0
SKIPPED = 0.35  # a skip: the stroke at about a third of its value, over SKIP_INK


def _line(values: list[float]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One horizontal stroke 2 px high through a 20 x 40 crop, from column 5 on, with the
    given ink values along it: (ink, drawn = its solid pixels, nothing blocked)."""
    ink = np.zeros((20, 40), np.float32)
    ink[9:11, 5 : 5 + len(values)] = values
    return ink, ink >= 0.5, np.zeros(ink.shape, bool)


def test_a_skip_of_up_to_twice_the_reach_is_bridged():
    """Four skipped pixels between two solid runs: two reached from each side."""
    gap = 2 * SKIP_REACH_PX
    ink, drawn, blocked = _line([SOLID] * 6 + [SKIPPED] * gap + [SOLID] * 6)
    followed = through_skips(drawn, ink, blocked)
    assert followed[9:11, 5 : 5 + 12 + gap].all()
    assert followed.sum() == 2 * (12 + gap)  # nothing else


def test_pale_ink_is_followed_no_further_than_the_reach():
    """A stroke that fades out for good (six pale pixels after it) grows by two pixels."""
    ink, drawn, blocked = _line([SOLID] * 6 + [SKIPPED] * 6)
    followed = through_skips(drawn, ink, blocked)
    assert followed[9, 5 : 5 + 6 + SKIP_REACH_PX].all()
    assert not followed[9, 5 + 6 + SKIP_REACH_PX :].any()


def test_ink_paler_than_a_skip_is_paper():
    ink, drawn, blocked = _line([SOLID] * 6 + [SKIP_INK - 0.05] * 2 + [SOLID] * 6)
    followed = through_skips(drawn, ink, blocked)
    assert not followed[9:11, 11:13].any()


def test_pale_ink_that_touches_no_stroke_stays_paper():
    """A stain or a pencil's grey halo two pixels away from any stroke."""
    ink, drawn, blocked = _line([SOLID] * 6)
    ink[14:18, 5:11] = SKIPPED
    followed = through_skips(drawn, ink, blocked)
    assert (followed == drawn).all()


def test_a_stroke_does_not_run_on_along_a_printed_line():
    """The grey edge of a printed line the stroke ends on is blocked: not followed."""
    ink, drawn, blocked = _line([SOLID] * 6)
    ink[5:15, 11:14] = SKIPPED  # a printed line's pale edge, right where the stroke ends
    blocked[5:15, 11:14] = True
    followed = through_skips(drawn, ink, blocked)
    assert (followed == drawn).all()


def _skipping_circle(skip_value: float) -> np.ndarray:
    """A circle round the middle box (radius 3.2 mm) in a pen whose ball skips for 15 of
    every 30 degrees (about 5 px of the stroke at a time): ink values."""
    ink = np.zeros((110, 200), np.float32)
    centre = (round((MIDDLE[0] + MIDDLE[2]) / 2), round((MIDDLE[1] + MIDDLE[3]) / 2))
    axes = (round(3.2 * S), round(3.2 * S))
    for start in range(0, 360, 30):
        cv2.ellipse(ink, centre, axes, 0, start, start + 15, SOLID, 2)
        cv2.ellipse(ink, centre, axes, 0, start + 15, start + 30, skip_value, 2)
    return ink


@pytest.mark.parametrize("skip_value", [SKIPPED, SKIP_INK + 0.01])
def test_a_circle_in_a_skipping_pen_is_followed_all_round(skip_value):
    """Its solid pieces alone are an ellipse followed in part (the skips leave a third of
    every quarter's samples on paper: support between ``OUTLINE_UNSURE`` and
    ``OUTLINE_SURE``, unsure); followed over its skips, every sample off the printed lines
    is on the stroke, support 1."""
    printed = _printed()
    ink = _skipping_circle(skip_value)
    drawn = (ink >= 0.5) & ~printed
    assert OUTLINE_UNSURE <= outline(drawn, printed, MIDDLE, S) < OUTLINE_SURE
    followed = through_skips(drawn, ink, printed)
    assert outline(followed, printed, MIDDLE, S) == pytest.approx(1.0)


def test_a_circle_whose_gaps_are_paper_is_not_closed_by_them():
    """The same circle with true gaps (ink paler than a skip): nothing is bridged."""
    printed = _printed()
    ink = _skipping_circle(SKIP_INK - 0.05)
    drawn = (ink >= 0.5) & ~printed
    followed = through_skips(drawn, ink, printed)
    assert outline(followed, printed, MIDDLE, S) == outline(drawn, printed, MIDDLE, S)
