"""A photo's grain in an empty digit box is no written digit (ocr/digit_cells.py,
``_grain_alone``): a faint box whose ink, lightly blurred, holds no piece of 8 px or more
is blank; a stroke as faint keeps its piece and is read."""

from __future__ import annotations

import numpy as np
import pytest

import ocr.digit_cells as digit_cells
from ocr.digit_cells import _grain_alone, faint_stroke, is_blank, normalise_cell


def _specks() -> np.ndarray:
    """A pair box (22 x 25) of paper 200 with six specks of 2 x 2 px at grey 160, rows 3-4,
    9-10 and 15-16, columns 5-6 and 17-18: grain's shape, drawn by hand."""
    box = np.full((22, 25), 200, np.uint8)
    for y in (3, 9, 15):
        for x in (5, 17):
            box[y : y + 2, x : x + 2] = 160
    return box


def _one(box: np.ndarray) -> np.ndarray:
    """``box`` with a 1 written in it: a bar 2 px wide down rows 4-18, columns 11-12, at
    grey 160 (a pale pencil: 20% under the paper)."""
    one = box.copy()
    one[4:19, 11:13] = 160
    return one


def test_specks_of_grain_drawn_by_hand_are_no_digit(monkeypatch: pytest.MonkeyPatch):
    """The paper's 90th percentile is 200 (24 of 550 pixels are specks), the darkest 0.5%
    160: a level of 40 / 200 = 0.2, faint (under 0.25). Each speck is 4 px, over the 3 px
    dust, and the six (24 px, 4.4% of the box) span rows 3-16 (14 of 22, over a quarter):
    the old test read a digit. The 3 x 3 Gaussian of 0.8 px weighs a pixel and its two
    neighbours 0.522 and 0.239 each (1, e^-0.78, normalised), so a speck's pixel keeps
    (0.522 + 0.239)^2 = 0.579 of its 40 grey levels: 23.2, relative 0.116, over half ink
    (0.55 x 0.2 = 0.11); its neighbours keep 0.239 x 0.761 x 40 = 7.3 (0.036): each speck
    stays a piece of 4 px, under 8, and the box is blank."""
    box = _specks()
    monkeypatch.setattr(digit_cells, "_GRAIN_CONTRAST", 0.0)  # the test before the rule
    assert not is_blank(box)
    monkeypatch.undo()
    assert _grain_alone(box, 200.0, 0.2)
    assert is_blank(box) and normalise_cell(box) is None


def test_a_pale_one_among_the_same_specks_is_read():
    """The 1 (30 px at grey 160) keeps the level 0.2. Blurred, a pixel inside the bar
    keeps 0.761 of its 40 levels across the bar and all of it along it: 30.4 (0.152 over
    0.11), and its end rows 0.761 x 0.761 = 0.579 (0.116): the bar stays one piece of 30
    px, over 8, so it is a stroke and the box is read."""
    one = _one(_specks())
    assert not _grain_alone(one, 200.0, 0.2)
    assert not is_blank(one) and normalise_cell(one) is not None


def test_the_blurred_stroke_measured_by_hand():
    """``faint_stroke``, what the rule weighs: the specks' largest blurred piece is one
    speck, 4 px; with the 1, the bar's 30 px (its pixels and no neighbour's, as worked
    out above); a box at 0.3 contrast is not asked (None), nor paper alone."""
    assert faint_stroke(_specks()) == 4
    assert faint_stroke(_one(_specks())) == 30
    assert faint_stroke(np.where(_specks() == 160, 140, 200).astype(np.uint8)) is None
    assert faint_stroke(np.full((22, 25), 200, np.uint8)) is None


def test_a_box_as_dark_as_a_pen_is_never_grain():
    """The rule asks only faint boxes: specks at grey 140 (level 0.3, over 0.25) are left
    to the old test, which reads them as written."""
    box = np.where(_specks() == 160, 140, 200).astype(np.uint8)
    assert not _grain_alone(box, 200.0, 0.3)
    assert not is_blank(box)


def _grain(seed: int, stroke: int | None = None) -> np.ndarray:
    """A pair box of paper 200 under Gaussian grain of σ 9.5 grey levels (``seed``), the
    1 of ``_one`` drawn at grey ``stroke`` first where given."""
    box = np.full((22, 25), 200.0)
    if stroke is not None:
        box[4:19, 11:13] = stroke
    grain = np.random.default_rng(seed).normal(0.0, 9.5, box.shape)
    return np.clip(np.rint(box + grain), 0, 255).astype(np.uint8)


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_an_empty_box_under_grain_of_sigma_9_5_is_blank(seed: int, monkeypatch: pytest.MonkeyPatch):
    """Grain of σ 9.5 on paper 200: its darkest 0.5% some 3.9 σ under the paper's 90th
    percentile (level 0.16-0.19 on these seeds), a fifth of the box over half ink in
    pieces the old test took for strokes; blurred, none reaches 8 px."""
    box = _grain(seed)
    monkeypatch.setattr(digit_cells, "_GRAIN_CONTRAST", 0.0)
    assert not is_blank(box)
    monkeypatch.undo()
    assert is_blank(box) and normalise_cell(box) is None


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_a_pale_one_under_the_same_grain_is_read(seed: int):
    """The 1 at grey 180 (20 levels under the paper, about 2 σ of the grain) under the
    same grain: still faint (level under 0.25), and read."""
    one = _grain(seed, stroke=180)
    assert not is_blank(one) and normalise_cell(one) is not None
