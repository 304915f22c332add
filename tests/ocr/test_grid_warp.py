"""The page's warp from a coarse grid of the fit (``ocr/grid_warp.py``), against
``cv2.warpPerspective`` and values worked out by hand."""

from __future__ import annotations

import cv2
import numpy as np

from ocr.grid_warp import grid_warp, warp_scan


def _exact(grey: np.ndarray, m: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    return cv2.warpPerspective(grey, m, size, None, cv2.INTER_LINEAR, cv2.BORDER_CONSTANT, 255)


def test_half_a_pixel_to_the_right_is_the_mean_of_two_neighbours():
    """Output x is scan x - 0.5 on a ramp of 10 grey levels a column (0, 10, 20, ...):
    every pixel is the mean of the two beside it, 10 x - 5, and the first the mean of the
    white beyond the scan (255) and 0, 127.5, which the warp's fixed point rounds to 128;
    40 x 20 pixels, past the grid's cells and bands on both axes."""
    scan = np.tile((np.arange(50) * 5).astype(np.uint8), (30, 1)) * 2  # 0, 10, ... 240 (x < 25)
    scan[:, 25:] = 240
    m = np.array([[1, 0, 0.5], [0, 1, 0], [0, 0, 1]], np.float64)
    out = grid_warp(scan, m, (40, 20))
    assert out[:, 0].tolist() == [128] * 20
    assert (out[:, 1:25] == np.arange(1, 25) * 10 - 5).all()
    assert (out[:, 26:] == 240).all()


def _inside(m: np.ndarray, size: tuple[int, int], shape: tuple[int, ...], by: float) -> np.ndarray:
    """The output pixels whose exact position in the scan (float64) lies ``by`` pixels or
    more inside it: the rest read the white beyond it, where a 1/32 step is a big one."""
    ys, xs = np.mgrid[0 : size[1], 0 : size[0]]
    src = np.linalg.inv(m) @ np.stack([xs.ravel(), ys.ravel(), np.ones(xs.size)])
    x, y = (src[:2] / src[2]).reshape(2, size[1], size[0])
    return (x >= by) & (y >= by) & (x <= shape[1] - 1 - by) & (y <= shape[0] - 1 - by)


def test_an_affine_fit_warps_as_warp_perspective_does_but_for_a_rounding_in_a_thousand():
    """Without perspective the grid's positions are linear in the output's and filling
    them in linearly is exact but for float32's last bits: on a scan of random grey (a
    300 x 200 output of it scaled by 0.75, turned 3 degrees and shifted) a pixel whose
    position the two round to neighbouring 1/32 steps differs, under one in a thousand."""
    rng = np.random.default_rng(7)
    scan = rng.integers(0, 256, (260, 380), np.uint8)
    a = np.deg2rad(3.0)
    c, s = 0.75 * np.cos(a), 0.75 * np.sin(a)
    m = np.array([[c, -s, 12.25], [s, c, -6.5], [0, 0, 1]])
    differ = grid_warp(scan, m, (300, 200)) != _exact(scan, m, (300, 200))
    assert 0 < differ.sum() < 300 * 200 / 1000


def test_a_bent_fit_reads_a_smooth_scan_within_a_grey_level():
    """A phone's perspective (the far side 5% smaller) on a scan whose grey changes by
    under a level a pixel: a position rounded to the neighbouring 1/32 pixel changes a
    pixel by 1/32 of a level, so where the scan is read (2 px inside it) the grid's page
    is within one level of the exact one."""
    ys, xs = np.mgrid[0:700, 0:900]
    scan = (30 + 0.15 * xs + 0.1 * ys + 20 * np.sin(xs / 40.0)).astype(np.uint8)
    m = np.array([[0.9, 0.02, 5.0], [-0.01, 0.95, 3.0], [4e-5, 2e-5, 1.0]])
    grid, exact = grid_warp(scan, m, (800, 640)), _exact(scan, m, (800, 640))
    inside = _inside(m, (800, 640), scan.shape, 2.0)
    assert inside.sum() > 400_000
    assert np.abs(grid.astype(int) - exact)[inside].max() <= 1


def test_a_small_region_is_warped_exactly_and_a_page_from_the_grid():
    """``warp_scan``: a QR code's region (under 500,000 pixels) is ``cv2.warpPerspective``'s
    own, pixel for pixel; a page-sized output is the grid's."""
    rng = np.random.default_rng(3)
    scan = rng.integers(0, 256, (1000, 800), np.uint8)
    m = np.array([[0.9, 0.02, 5.0], [-0.01, 0.95, 3.0], [4e-5, 2e-5, 1.0]])
    assert np.array_equal(warp_scan(scan, m, (400, 400)), _exact(scan, m, (400, 400)))
    assert np.array_equal(warp_scan(scan, m, (800, 700)), grid_warp(scan, m, (800, 700)))


def test_the_page_is_the_same_however_many_rows_are_filled_at_once(monkeypatch):
    """The positions filled in for one band, two bands (as read) or the whole output at
    once give the same page, pixel for pixel: each output row's positions come from the
    same two grid rows by the same weights. A phone's perspective on random grey, 700 x
    203 output rows (not a whole number of bands or cells), so the last fill is short."""
    import ocr.grid_warp as grid_warp_module

    rng = np.random.default_rng(11)
    scan = rng.integers(0, 256, (300, 800), np.uint8)
    m = np.array([[0.9, 0.02, 5.0], [-0.01, 0.95, 3.0], [4e-5, 2e-5, 1.0]])
    read = grid_warp(scan, m, (700, 203))
    for rows in (grid_warp_module._BAND, 7 * grid_warp_module._BAND):
        monkeypatch.setattr(grid_warp_module, "_FILLED", rows)
        assert np.array_equal(grid_warp(scan, m, (700, 203)), read)
