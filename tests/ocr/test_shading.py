"""A fold's shaded band read as paper (ocr/shading.py, rule ``shaded_band``): a box's fill
against the paper in line with its pixels beside it."""

from __future__ import annotations

import numpy as np
import pytest

from ocr.mark_rules import rules_off
from ocr.marks import MarkState
from ocr.shading import (
    any_shade_levels,
    fill_in_shade,
    least_fill_in_any_shade,
    least_fill_in_shade,
)
from tests.ocr.test_marks import DPI, _draw, _fresh, _marked, _read

PAPER = 200.0
OUTER = (10, 10, 30, 30)  # the printed box, x0, y0, x1, y1
INNER = (12, 12, 28, 28)  # 16 by 16 px: 256 px
REACH, BAND, MARGIN = 6, 6, 0.04


def _fill(grey: np.ndarray, strength: float = 1.0, paper_px: np.ndarray | None = None) -> float:
    """The box's fill against the paper beside it; ``ink`` as the row reads it (the same
    ramp against the row's paper, 20-50% darkness for a firm pen)."""
    low, high = 0.2 * strength, 0.5 * strength
    ink = np.clip(((PAPER - grey) / PAPER - low) / (high - low), 0, 1)
    keep = (grey > PAPER * 0.65) if paper_px is None else paper_px
    return fill_in_shade(grey, ink, keep, INNER, OUTER, PAPER, strength, REACH, BAND, MARGIN)


def _ink(grey: np.ndarray) -> np.ndarray:
    """The ink of every pixel as a firm pen's row reads it (20-50% darkness)."""
    return np.clip(((PAPER - grey) / PAPER - 0.2) / 0.3, 0, 1)


def _least(grey: np.ndarray) -> float:
    """``least_fill_in_shade`` of the box, read as ``_fill`` reads it (a firm pen)."""
    keep = grey > PAPER * 0.65
    return least_fill_in_shade(grey, _ink(grey), keep, INNER, OUTER, PAPER, 1.0, REACH, MARGIN)


def _page() -> np.ndarray:
    return np.full((40, 40), PAPER, np.float32)


def test_a_band_through_the_box_and_out_of_it_is_paper():
    """A band 25% darker (150) over columns 15-24, top to bottom: against the row's paper
    each of its pixels reads (0.25 - 0.2) / 0.3 = 1/6 ink, 160 of the box's 256 px, a
    fill of 0.104 (marked). Above and below the box the paper is 150 in those columns:
    against it the band is no ink at all."""
    grey = _page()
    grey[:, 15:25] = 150
    assert _fill(grey, paper_px=np.zeros_like(grey, bool)) == pytest.approx(160 / 6 / 256)
    assert _fill(grey) == 0.0


def test_a_level_band_is_paper_too():
    grey = _page()
    grey[15:25, :] = 150
    assert _fill(grey) == 0.0


def test_a_stroke_through_the_box_and_beside_it_is_no_band():
    """A pencil line 2 px wide at 150 from top to bottom is darker paper above and below
    the box too, but narrower than a band (6 px): it keeps its ink, 2 x 16 px of 1/6."""
    grey = _page()
    grey[:, 20:22] = 150
    assert _fill(grey) == pytest.approx(32 / 6 / 256)


def test_ink_beside_the_box_is_no_paper():
    """Circles round the boxes above and below, 10 px wide arcs at 100 (50% darker, over
    ``darkest``), over the box's columns: left out of the paper, the tick inside the box
    (a 2 px stroke at 100, full ink over 16 rows) keeps its fill, 32 / 256."""
    grey = _page()
    grey[4:10, 8:32] = 100
    grey[30:36, 8:32] = 100
    grey[12:28, 18:20] = 100
    assert _fill(grey) == pytest.approx(32 / 256)


def test_paper_beside_the_box_barely_darker_is_not_a_band():
    """A pale pen's ramp (2-5% darkness) reads paper 3% darker (194) as 1/3 ink; under
    the margin (4%) the paper beside the box is the row's, and the fill stays: 160 px of
    1/3 over 256."""
    grey = _page()
    grey[:, 15:25] = 194
    assert _fill(grey, strength=0.1) == pytest.approx(160 / 3 / 256, rel=1e-5)


def _fold(page: np.ndarray, x_mm: float, width_mm: float, dark: float) -> None:
    """A fold's shaded slope: a band ``width_mm`` wide from ``x_mm``, ``dark`` darker,
    down the whole page, sharp at the crease (the paper estimate cannot follow it)."""
    s = DPI / 25.4
    page[:, round(x_mm * s) : round((x_mm + width_mm) * s)] *= 1.0 - dark


def test_a_box_in_a_fold_s_shaded_band_reads_empty_and_a_tick_in_it_marked():
    """Over declarer E, a band 5 mm wide and 28% darker: the row's paper is the lit paper
    beside it, and without the rule the box reads marked by its fill; with it, empty. A
    tick drawn in E under the same band stays marked."""
    from ocr.layout import load_layout

    box = load_layout().box(1, "declarer", "E")
    page = _fresh()
    _fold(page, box.x - 0.5, 5.0, 0.28)
    with rules_off("shaded_band"):
        assert _read(page)[("declarer", "E")].state is not MarkState.EMPTY
    assert _read(page)[("declarer", "E")].state is MarkState.EMPTY
    assert _marked(_read(page)) == {}
    ticked = _fresh()
    _draw(ticked, "declarer", "E", "tick", 5)
    _fold(ticked, box.x - 0.5, 5.0, 0.28)
    assert _marked(_read(ticked)) == {("declarer", "E"): "fill"}


def test_the_least_fill_in_shade_reads_the_box_against_the_darkest_paper_beside_it():
    """A stroke 2 px wide at 100 down the box's 16 rows (32 px of full ink, a fill of
    32 / 256 = 0.125) and one pixel of paper at 160 above the box. The bound reads the
    whole box against 160: the stroke's pixels (160 - 100) / 160 = 0.375 dark, on the
    ramp (0.375 - 0.2) / 0.3 = 7/12 ink each; paper (200) reads none: 32 * 7/12 / 256.
    The fill in shade itself is the plain fill: one dark pixel is no band."""
    grey = _page()
    grey[12:28, 18:20] = 100
    grey[8, 20] = 160
    assert _least(grey) == pytest.approx(32 * 7 / 12 / 256)
    assert _fill(grey) == pytest.approx(32 / 256)


def test_the_least_fill_in_shade_beside_paper_no_darker_than_the_margin_is_the_fill():
    """Paper beside the box at most 4% darker (193 of 200: 3.5%) is the row's paper, so
    the bound reads the stroke as the plain fill does: 32 / 256."""
    grey = _page()
    grey[12:28, 18:20] = 100
    grey[4:10, :] = 193
    assert _least(grey) == pytest.approx(32 / 256)


def test_the_least_fill_in_any_shade_reads_the_box_against_the_first_paper_level():
    """Paper pixels are grey levels above 35% darker than the row's paper (200 * 0.65 =
    130), so 131 at the darkest. A stroke at 100 (32 px) reads (131 - 100) / 131 = 0.2366
    dark against it, (0.2366 - 0.2) / 0.3 = 0.1221 ink a pixel: 32 * 0.1221 / 256; a
    stroke at 40 reads (131 - 40) / 131 = 0.69 dark, full ink, the plain fill 32 / 256."""
    for stroke, want in ((100, 32 * (31 / 131 - 0.2) / 0.3 / 256), (40, 32 / 256)):
        grey = _page()
        grey[12:28, 18:20] = stroke
        got = least_fill_in_any_shade(grey, _ink(grey), INNER, PAPER, 1.0, 0.35, MARGIN)
        assert got == pytest.approx(want, rel=1e-5)


def test_a_rows_grey_levels_read_against_the_first_paper_level():
    """``any_shade_levels``: each grey level's ink against the first level above 35%
    darker than the paper (131, as above), the firm pen's ramp (20-50%): 100 reads
    (31 / 131 - 0.2) / 0.3 = 0.1221, 40 and darker full ink, 131 and lighter none. A
    uint8 box looked up in them reads the same float as worked out on its float pixels."""
    low, high, strength = 0.2, 0.5, 1.0
    levels = any_shade_levels(PAPER, strength, 0.35, MARGIN)
    assert levels.dtype == np.float32 and levels.shape == (256,)
    assert levels[100] == pytest.approx((31 / 131 - low) / (high - low), rel=1e-5)
    assert levels[40] == 1.0 and levels[0] == 1.0 and levels[131] == 0.0 and levels[255] == 0.0
    rng = np.random.default_rng(7)
    for _ in range(50):
        grey = rng.integers(0, 256, (40, 40)).astype(np.uint8)
        ink = rng.uniform(0, 1, (40, 40)).astype(np.float32)
        looked_up = least_fill_in_any_shade(grey, ink, INNER, PAPER, strength, 0.35, MARGIN)
        worked_out = least_fill_in_any_shade(
            grey.astype(np.float32), ink, INNER, PAPER, strength, 0.35, MARGIN
        )
        assert looked_up == worked_out


def test_the_least_fill_in_shade_is_never_above_the_fill_in_shade():
    """Pages of random bands, strokes and specks: the bound is at or below the fill in
    shade, which is at or below the plain fill (the rule ``shaded_band`` relies on both to
    leave a box alone without reading it in the shade)."""
    rng = np.random.default_rng(43)
    for _ in range(300):
        grey = _page() - rng.uniform(0, 8, (40, 40)).astype(np.float32)
        x, w = rng.integers(0, 40), rng.integers(1, 20)
        grey[:, x : x + w] *= 1 - rng.uniform(0.02, 0.3)
        for _ in range(rng.integers(0, 6)):
            y0, x0 = rng.integers(0, 38, 2)
            grey[y0 : y0 + 2, x0 : x0 + 2] = rng.uniform(40, 190)
        ink = np.clip(((PAPER - grey) / PAPER - 0.2) / 0.3, 0, 1).astype(np.float32)
        keep = grey > PAPER * 0.65
        least = least_fill_in_shade(grey, ink, keep, INNER, OUTER, PAPER, 1.0, REACH, MARGIN)
        shade = fill_in_shade(grey, ink, keep, INNER, OUTER, PAPER, 1.0, REACH, BAND, MARGIN)
        assert least <= shade <= float(ink[12:28, 12:28].mean()) + 1e-6
        anywhere = least_fill_in_any_shade(grey, ink, INNER, PAPER, 1.0, 0.35, MARGIN)
        assert anywhere <= least
