"""A comb of handwritten digit boxes (ocr/combs.py): each box's likelihood of being blank or
each digit, with the digit model's eleventh class, ink that is no digit (dust)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from ocr.combs import (
    DigitBox,
    any_written,
    digit_box_likelihood,
    number_classes,
    number_log_likelihood,
    numbers_log_likelihood,
)


def _one_hot(digit: int, mass: float = 1.0) -> tuple[float, ...]:
    return tuple(mass if d == digit else 0.0 for d in range(10))


def test_a_comb_is_written_when_any_box_holds_handwriting():
    """A comb of blank boxes is no score written; one box read as a digit, even one the
    model reads as likely dust, is: what the dust makes of it is the decoding's to weigh."""
    assert not any_written(())
    assert not any_written((DigitBox(None), DigitBox(None)))
    assert any_written((DigitBox(None), DigitBox(_one_hot(4), no_digit=0.9)))


def test_a_box_read_as_a_digit_by_a_ten_digit_model_is_as_before():
    """No ``no_digit``: blank 0.005, the digit 0.995 x (0.9 + 0.01) = 0.90545, every other
    digit 0.995 x 0.01 = 0.00995."""
    out = digit_box_likelihood(DigitBox(_one_hot(7)))
    assert out[0] == pytest.approx(0.005)
    assert out[8] == pytest.approx(0.90545)
    assert out[[1, 2, 3, 4, 5, 6, 7, 9, 10]] == pytest.approx([0.00995] * 9)
    assert DigitBox.of(np.array(_one_hot(7))) == DigitBox(_one_hot(7), 0.0)


def test_ink_the_model_reads_as_no_digit_is_likely_blank():
    """``no_digit`` 0.8, the rest (0.2) on a 1: blank 0.005 + 0.995 x 0.9 x 0.8 = 0.7214,
    a 1 0.995 x (0.9 x 0.2 + 0.01) = 0.18905, each other digit 0.00995; the eleven sum to
    0.7214 + 0.18905 + 9 x 0.00995 = 1."""
    box = DigitBox.of(np.array([*_one_hot(1, 0.2), 0.8]))
    assert box.no_digit == pytest.approx(0.8)
    out = digit_box_likelihood(box)
    assert out[0] == pytest.approx(0.7214)
    assert out[2] == pytest.approx(0.18905)
    assert out[1] == pytest.approx(0.00995)
    assert out.sum() == pytest.approx(1.0)


def test_a_clump_in_the_thousands_box_no_longer_makes_420_a_1420():
    """Boxes: dust read 0.9 no digit and 0.1 a 1, then a 4, a 2 and a 0 read for certain.
    420 written right-aligned leaves the first box blank: 0.81095 (0.005 + 0.995 x 0.9 x
    0.9) against 0.0995 (0.995 x (0.9 x 0.1 + 0.01)) for the 1 of 1420; right-aligned is
    0.95 of the prior (a 4-digit number fills the comb either way), so 420 is 0.95 x
    0.81095 / 0.0995 = 7.743 times as likely (its left-aligned reading, 4 in the dust box,
    is 0.00995^3 x 0.005 of the rest: nothing)."""
    boxes = [
        DigitBox(_one_hot(1, 0.1), 0.9),
        DigitBox(_one_hot(4)),
        DigitBox(_one_hot(2)),
        DigitBox(_one_hot(0)),
    ]
    ratio = math.exp(number_log_likelihood(boxes, 420) - number_log_likelihood(boxes, 1420))
    assert ratio == pytest.approx(0.95 * 0.81095 / 0.0995, rel=1e-6)
    plain = [DigitBox(_one_hot(1, 1.0)), *boxes[1:]]  # the same ink read as a firm 1 before
    before = math.exp(number_log_likelihood(plain, 420) - number_log_likelihood(plain, 1420))
    assert before == pytest.approx(0.95 * 0.005 / 0.90545, rel=1e-6)


def test_a_box_hashes_as_its_fields_and_equals_a_box_read_alike():
    """A box's hash (kept once worked out: a box is a key of every comb's caches) is the
    hash of its fields, as the dataclass's own; a box read alike is equal and hashes alike."""
    probs = (0.5, 0.25, 0.25, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    box = DigitBox(probs, 0.125)
    assert hash(box) == hash((probs, 0.125)) == hash(box)
    assert box == DigitBox(probs, 0.125) and hash(DigitBox(probs, 0.125)) == hash(box)
    assert hash(DigitBox(None)) == hash((None, 0.0))


def test_a_number_as_wide_as_the_comb_is_summed_once_and_read_as_before():
    """A 4-box comb's multiples of 10, 0 to 9,990: only the 100 narrower than the comb (0,
    10-90, 100-990) are written differently from the left; each number's log-likelihood is
    still log(0.95 P(right-aligned) + 0.05 P(left-aligned)), worked out here box by box
    for 5, 50, 500, 5,000 and 12,345 (too wide: -1e9 either way)."""
    values = tuple(range(0, 10_000, 10))
    classes = number_classes(values, 4)
    assert classes.left_at.tolist() == list(range(100)) and classes.too_wide is None
    rng = np.random.default_rng(5)
    table = np.log(rng.dirichlet(np.ones(11), size=4))

    def by_hand(text: str, left: bool) -> float:
        if len(text) > 4:
            return -1e9
        cells = [0] * 4
        start = 0 if left else 4 - len(text)
        for i, ch in enumerate(text):
            cells[start + i] = int(ch) + 1
        return sum(table[i][c] for i, c in enumerate(cells))

    read = numbers_log_likelihood(table, (5, 50, 500, 5000, 12345))
    for v, got in zip((5, 50, 500, 5000, 12345), read, strict=True):
        right, left = by_hand(str(v), False), by_hand(str(v), True)
        expected = np.logaddexp(math.log(0.95) + right, math.log(0.05) + left)
        assert got == pytest.approx(expected, abs=1e-12)


def test_a_box_of_the_model_s_probabilities_keeps_each_as_python_s_float():
    """``DigitBox.of`` takes the model's row (float64, or float32) as Python floats, the
    eleventh its ``no_digit``: 0.1 as a float32 is 0.100000001490116..., kept as that
    double, not rounded back to 0.1."""
    row = np.array([0.1] * 10 + [0.25], np.float32)
    box = DigitBox.of(row)
    assert box.probs == tuple(float(p) for p in row[:10])
    assert box.probs[0] == 0.10000000149011612 and type(box.probs[0]) is float
    assert box.no_digit == 0.25 and type(box.no_digit) is float
    ten = DigitBox.of(np.arange(10, dtype=np.float64) / 45)
    assert ten.probs == tuple(k / 45 for k in range(10)) and ten.no_digit == 0.0
    assert DigitBox.of(None) == DigitBox(None)
