"""A row's field readings before the joint decoding: each mark field's group and its
likeliest choices, each digit field's likeliest texts (ocr/row_reader.py)."""

from __future__ import annotations

import numpy as np
import pytest

from ocr.combs import DigitBox
from ocr.row_reader import _digit_candidates, _mark_group

CLEAN = 0.0001  # p_marked of a clean box


def test_level_fields_that_read_alike_are_one_group_and_one_set_of_choices():
    """A level 4 crossed (``p_marked`` 0.98) beside six clean boxes: its odds against no
    box are 0.98 / 0.02 = 49, each clean box's 0.0001 / 0.9999, so exactly 4 is
    49 / (1 + 49 + 6 x 0.00010001) = 0.979988 and none 1 / 50.0006 = 0.0199998, a clean
    box 0.0000020. Two rows that read so share one group (its logs worked out once)."""
    p_marked = tuple((str(level), 0.98 if level == 4 else CLEAN) for level in range(1, 8))
    group, choices = _mark_group(p_marked)
    assert _mark_group(tuple(p_marked))[0] is group
    assert dict(group.p) == dict(p_marked)
    assert [c.value for c in choices[:2]] == ["4", ""]
    odds = CLEAN / (1 - CLEAN)
    assert choices[0].probability == pytest.approx(49 / (50 + 6 * odds), rel=1e-12)
    assert choices[1].probability == pytest.approx(1 / (50 + 6 * odds), rel=1e-12)
    assert choices[2].probability == pytest.approx(odds / (50 + 6 * odds), rel=1e-12)


def _box(**p: float) -> DigitBox:
    """A digit box read as the digits named d0..d9 with those probabilities, the rest of
    the probability even over the others."""
    probs = np.full(10, (1 - sum(p.values())) / (10 - len(p)))
    for name, q in p.items():
        probs[int(name[1:])] = q
    return DigitBox.of(probs)


def test_a_digit_field_s_texts_are_its_boxes_two_likeliest_digits_multiplied():
    """A blank box, a box read 4 (0.7) or 9 (0.2), a box read 0 (0.8) or 6 (0.15): "40"
    0.7 x 0.8 = 0.56, "90" 0.2 x 0.8 = 0.16, "46" 0.7 x 0.15 = 0.105 (and "96" 0.03,
    fourth). A blank field has one text, "" for certain."""
    boxes = (DigitBox(None), _box(d4=0.7, d9=0.2), _box(d0=0.8, d6=0.15))
    texts = _digit_candidates(boxes)
    assert [c.value for c in texts] == ["40", "90", "46"]
    assert [c.probability for c in texts] == pytest.approx([0.56, 0.16, 0.105])
    assert _digit_candidates(tuple(boxes)) is texts
    (blank,) = _digit_candidates((DigitBox(None),) * 4)
    assert (blank.value, blank.probability) == ("", 1.0)


def test_a_form_s_digit_cells_are_its_handwritten_boxes_as_crop_mm_crops_them():
    """Every handwritten box of the shipped A4 form, row by row and field by field (score,
    NS pair, EW pair), at the pixels ``crop_mm`` crops ``DIGIT_INSET_MM`` inside it and
    ``REACH_INSET_MM`` inside it: one list a form, the same for a second load of the form."""
    from ocr.box_crops import DIGIT_INSET_MM, REACH_INSET_MM, crop_mm, digit_cells
    from ocr.layout import EW_PAIR_WRITTEN, NS_PAIR_WRITTEN, SCORE, load_layout

    layout = load_layout("A4")
    cells = digit_cells(layout)
    boxes = [((row.number, name), b.rect) for row in layout.rows
             for name in (SCORE, NS_PAIR_WRITTEN, EW_PAIR_WRITTEN)
             for b in row.field(name).boxes]  # fmt: skip
    assert [field for field, _, _ in cells] == [field for field, _ in boxes]
    assert len(cells) == 15 * 8 and cells[0][0] == (1, SCORE)
    page = np.arange(2000 * 3000, dtype=np.int64).reshape(2000, 3000)  # each pixel its own
    for (_, (x0, y0, x1, y1), (u0, v0, u1, v1)), (_, rect) in zip(cells, boxes, strict=True):
        assert np.array_equal(page[y0:y1, x0:x1], crop_mm(page, rect.inset(DIGIT_INSET_MM)))
        assert np.array_equal(page[v0:v1, u0:u1], crop_mm(page, rect.inset(REACH_INSET_MM)))
        assert x1 - x0 > 10 and y1 - y0 > 10
        assert u0 < x0 and v0 < y0 and u1 > x1 and v1 > y1  # the wider crop round the cell
    assert digit_cells(load_layout("A4")) is cells


def test_a_box_s_two_likeliest_digits_are_numpy_s_where_they_tie():
    """Digits 1 (0.6) and 3 (0.25) stand apart: found by ``max``. Where digits tie (1 and
    2 at 0.25 under 0 at 0.5, or ten at 0.1), numpy's sort decides which comes first, as
    it always did; each pair is (the digit as text, its probability)."""
    from ocr.row_reader import _two_likeliest

    apart = (0.1, 0.6, 0.05, 0.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    assert _two_likeliest(apart) == [("1", 0.6), ("3", 0.25)]
    for tied in ((0.5, 0.25, 0.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0), (0.1,) * 10):
        p = np.asarray(tied)
        assert _two_likeliest(tied) == [(str(k), tied[k]) for k in np.argsort(-p)[:2]]
