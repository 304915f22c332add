"""A scan fed sideways turned upright before the warp (``ocr/quarter_turn.py``): the same
page, pixel for pixel, on images whose pixels are known."""

from __future__ import annotations

import cv2
import numpy as np

from ocr.align import Alignment, warp_region
from ocr.quarter_turn import turned_upright

# A 3 x 4 scan: 0 1 2 3 / 4 5 6 7 / 8 9 10 11.
SCAN = np.arange(12, dtype=np.uint8).reshape(3, 4)


def _warp(grey: np.ndarray, m: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    return cv2.warpPerspective(grey, m, size, flags=cv2.INTER_LINEAR, borderValue=255)


def test_a_page_turned_clockwise_in_the_scan_is_turned_back_anticlockwise():
    """The page's x runs down the scan: output (x, y) is scan (3 - y, x), so the scan's
    pixels to the output's are x = Y, y = 3 - X. Turned anticlockwise the scan is the
    output itself (3 7 11 / 2 6 10 / 1 5 9 / 0 4 8) and the warp is the identity."""
    m = np.array([[0, 1, 0], [-1, 0, 3], [0, 0, 1]], np.float64)
    turned, m2 = turned_upright(SCAN, m, (3, 4))
    page = [[3, 7, 11], [2, 6, 10], [1, 5, 9], [0, 4, 8]]
    assert turned.tolist() == page
    assert np.array_equal(m2, np.eye(3))
    assert _warp(SCAN, m, (3, 4)).tolist() == page  # the warp of the scan as it was


def test_a_page_turned_anticlockwise_in_the_scan_is_turned_back_clockwise():
    """The page's x runs up the scan: output (x, y) is scan (y, 2 - x); turned clockwise
    the scan is 8 4 0 / 9 5 1 / 10 6 2 / 11 7 3, the output."""
    m = np.array([[0, -1, 2], [1, 0, 0], [0, 0, 1]], np.float64)
    turned, m2 = turned_upright(SCAN, m, (3, 4))
    page = [[8, 4, 0], [9, 5, 1], [10, 6, 2], [11, 7, 3]]
    assert turned.tolist() == page
    assert np.array_equal(m2, np.eye(3))
    assert _warp(SCAN, m, (3, 4)).tolist() == page


def test_an_upright_or_upside_down_page_or_a_small_output_is_left_as_it_is():
    """Upright (the identity) and upside down (x = 3 - X, y = 2 - Y) the output's rows run
    along the scan's; a 1 x 2 output of the sideways scan is 2 of its 12 pixels, under a
    quarter, not worth turning the scan for."""
    for m in (np.eye(3), np.array([[-1, 0, 3], [0, -1, 2], [0, 0, 1]], np.float64)):
        turned, m2 = turned_upright(SCAN, m, (4, 3))
        assert turned is SCAN and m2 is m
    sideways = np.array([[0, 1, 0], [-1, 0, 3], [0, 0, 1]], np.float64)
    turned, m2 = turned_upright(SCAN, sideways, (1, 2))
    assert turned is SCAN and m2 is sideways


def test_a_page_scanned_sideways_warps_to_the_page_itself():
    """A 150 dpi page of 30 x 40 mm (177 x 236 px, grey levels by position) scanned
    turned a quarter clockwise: the fit from scan pixels to page mm, and the warp at 150
    dpi gives the page back exactly, as it did before the scan was turned first."""
    page = (np.arange(236 * 177) % 253).astype(np.uint8).reshape(236, 177)
    scan = cv2.rotate(page, cv2.ROTATE_90_CLOCKWISE)  # scan[r, c] = page[235 - c, r]
    mm = 25.4 / 150
    # scan (X, Y) is page (x, y) = (Y, 235 - X), in millimetres
    h = np.array([[0, mm, 0], [-mm, 0, 235 * mm], [0, 0, 1]], np.float64)
    fit = Alignment(h, (10, 11, 12, 13), 90, 0.0, 150.0)
    assert np.array_equal(warp_region(scan, fit, 0, 0, 177 * mm, 236 * mm), page)
