"""Mark boxes: fill ratio against the paper tone, two thresholds, a confidence per mark."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ocr.marks import (
    EMPTY_BELOW,
    MARKED_ABOVE,
    MarkState,
    classify_fill,
    ink_fill,
    p_marked,
    read_mark,
)

PAPER = 240.0


def box(dark_share: float, ink: float = 20.0, size: int = 100) -> np.ndarray:
    """A size x size crop on paper with the left ``dark_share`` of columns in ``ink``."""
    crop = np.full((size, size), PAPER, np.float32)
    crop[:, : round(dark_share * size)] = ink
    return crop.astype(np.uint8)


@pytest.mark.parametrize(
    ("crop", "fill", "state"),
    [
        (box(0.0), 0.0, MarkState.EMPTY),
        (box(1.0), 1.0, MarkState.MARKED),
        (box(0.5), 0.5, MarkState.MARKED),
        # 9 of 100 columns inked: inside the unsure band (0.05 .. 0.10)
        (box(0.09), 0.09, MarkState.UNSURE),
        (box(0.05), 0.05, MarkState.UNSURE),
        (box(0.04), 0.04, MarkState.EMPTY),
        (box(0.11), 0.11, MarkState.MARKED),
        # dropout-grey caption over 30% of the box (grey 187 on 240 paper: 22.1% darker):
        # ink ramp (0.221 - 0.2) / 0.3 = 0.069, times 0.3 of the area = 0.021 -> empty
        (box(0.3, ink=187), 0.3 * ((240 - 187) / 240 - 0.2) / 0.3, MarkState.EMPTY),
        # pencil at 50% darkness counts fully (the soft ramp ends at 50%)
        (box(0.5, ink=120), 0.5, MarkState.MARKED),
        # erasure residue, 25% darker than paper over the whole box: (0.25 - 0.2) / 0.3
        (box(1.0, ink=180), (0.25 - 0.2) / 0.3, MarkState.MARKED),
        # ... over a third of the box: 0.1667 / 3 = 0.056 -> unsure, a person looks
        (box(1 / 3, ink=180), (0.25 - 0.2) / 0.3 * 0.33, MarkState.UNSURE),
    ],
)
def test_fill_and_decision(crop: np.ndarray, fill: float, state: MarkState):
    r = read_mark(crop, "X", PAPER)
    assert r.fill == pytest.approx(fill, abs=0.01)
    assert r.state is state
    assert r.option == "X"


def test_thresholds_bound_the_unsure_band():
    assert classify_fill(EMPTY_BELOW - 1e-6) is MarkState.EMPTY
    assert classify_fill(EMPTY_BELOW) is MarkState.UNSURE
    assert classify_fill(MARKED_ABOVE) is MarkState.UNSURE
    assert classify_fill(MARKED_ABOVE + 1e-6) is MarkState.MARKED


def test_confidence_is_two_percent_and_ninety_eight_at_the_thresholds():
    assert p_marked(EMPTY_BELOW) == pytest.approx(0.02, abs=1e-9)
    assert p_marked(MARKED_ABOVE) == pytest.approx(0.98, abs=1e-9)
    assert p_marked((EMPTY_BELOW + MARKED_ABOVE) / 2) == pytest.approx(0.5)


@given(st.floats(0, 1), st.floats(0, 1))
def test_confidence_grows_with_the_fill(a: float, b: float):
    lo, hi = sorted((a, b))
    assert 0.0 <= p_marked(lo) <= p_marked(hi) <= 1.0


@given(st.floats(100, 255), st.integers(0, 20))
def test_fill_does_not_depend_on_the_paper_tone(paper: float, columns: int):
    """A grey scan or a shadow darkens paper and ink together: same fill."""
    crop = np.full((20, 20), paper, np.float32)
    crop[:, :columns] = 0.1 * paper
    assert ink_fill(crop, paper) == pytest.approx(columns / 20, abs=1e-6)


def test_empty_crop_has_no_fill():
    assert ink_fill(np.zeros((0, 0), np.uint8), PAPER) == 0.0
