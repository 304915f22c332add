"""What lies over a box the paper's wear changed (benchmarks/damage_causes.py): hand-drawn
pieces of wear on a blank page, each box's darkest and median brightness worked out by
hand."""

from __future__ import annotations

import numpy as np
import pytest

from benchmarks.damage_causes import box_wear, row_cause
from ocr.layout import Box, load_layout

DPI = 25.4  # one pixel a millimetre: a box's rectangle in mm is its pixels


def _page() -> np.ndarray:
    width, height = load_layout().page_px(DPI)
    return np.ones((height, width), np.float32)


def _first_box(field: str, row: int = 1) -> Box:
    return load_layout().field(row, field).boxes[0]


def test_a_crease_through_a_box_is_a_line_darker_than_its_median():
    """A one-pixel groove 20% dark down the middle of row 1's first level box: its darkest
    pixel 0.8, its median 1.0 (the groove is one column of several), so 'a crease'."""
    box = _first_box("level")
    light = _page()
    x = round((box.rect.x + box.rect.x1) / 2)
    light[:, x] = 0.8
    wear = box_wear(load_layout(), DPI, {"fold": light})
    seen = wear[f"1/level/{box.option}"]["fold"]
    assert seen == (0.8, 1.0)
    assert row_cause({"row": 1, "digits": {}, "marks": {f"level/{box.option}": ""}}, wear) == (
        "a crease"
    )


def test_a_fold_slope_shades_a_box_evenly():
    """The whole page 10% darker under a fold's slope: darkest and median both 0.9 in every
    box, so 'a fold's slope', not a crease."""
    box = _first_box("strain")
    wear = box_wear(load_layout(), DPI, {"fold": _page() * 0.9})
    assert wear[f"1/strain/{box.option}"]["fold"] == pytest.approx((0.9, 0.9))
    found = {"row": 1, "digits": {}, "marks": {f"strain/{box.option}": ""}}
    assert row_cause(found, wear) == "a fold's slope"


def test_a_stain_under_three_percent_does_not_reach_the_box():
    """A tide line 2% dark (0.98) over the whole page is under the 3% a piece of wear must
    darken a box by: the box's cause is 'nothing over it'."""
    box = _first_box("declarer")
    wear = box_wear(load_layout(), DPI, {"tide line": _page() * 0.98})
    found = {"row": 1, "digits": {}, "marks": {f"declarer/{box.option}": ""}}
    assert row_cause(found, wear) == "nothing over it"


def test_a_row_without_a_changed_box_is_told_by_all_its_boxes():
    """No box's reading changed (the posterior moved): every box of the row counts, so a
    coffee stain 20% dark over row 2's first score box alone names the row's cause, and
    row 1 (no stain) has none."""
    box = _first_box("score", row=2)
    light = _page()
    r = box.rect
    light[round(r.y) : round(r.y1), round(r.x) : round(r.x1)] = 0.8
    wear = box_wear(load_layout(), DPI, {"tea or coffee stain": light})
    assert row_cause({"row": 2, "digits": {}, "marks": {}}, wear) == "a tea or coffee stain"
    assert row_cause({"row": 1, "digits": {}, "marks": {}}, wear) == "nothing over it"
