"""ocr/training/synthetic/strokes.py: the stroke writer's pointed pen."""

from __future__ import annotations

import numpy as np

from ocr.training.synthetic.strokes import draw_digit, stroke_style, strokes_of


def _halves(ink: np.ndarray) -> tuple[float, float]:
    width = ink.shape[1]
    return float(ink[:, : width // 2].sum()), float(ink[:, width // 2 :].sum())


def test_a_pointed_pen_draws_the_way_down_full_and_the_way_up_as_a_hairline():
    """TRAINING writer 5 draws a 0 clockwise from its top: down its right side, up its
    left. A round pen puts about as much ink on either side; a pointed pen whose upstroke
    is a tenth of its width puts three times as much or more on the right."""
    style = stroke_style(5, "A")
    (zero,) = strokes_of(style, 0)
    assert zero[1][0] > zero[0][0] and zero[3][1] > zero[1][1]  # right, then down
    left, right = _halves(draw_digit(style, 0, 40, 5, np.random.default_rng(1)))
    assert 0.8 < left / right < 1.25
    left, right = _halves(draw_digit(style, 0, 40, 5, np.random.default_rng(1), upstroke=0.1))
    assert right > 3 * left


def test_a_pointed_pen_lays_down_less_ink_never_more():
    """Never more ink than the round pen (2% for where segments join), and less over all:
    a digit drawn only downwards (a plain "1") keeps all of it."""
    totals = np.zeros(2)
    for writer in range(20):
        style = stroke_style(writer, "A")
        for digit in range(10):
            round_pen = draw_digit(style, digit, 36, 4, np.random.default_rng(writer)).sum()
            pointed = draw_digit(style, digit, 36, 4, np.random.default_rng(writer), 0.2).sum()
            assert pointed <= 1.02 * round_pen
            totals += (round_pen, pointed)
    assert totals[1] < 0.8 * totals[0]
