"""Where the form's four corner markers lie in a scan (``ocr.align.align_page`` fits them).

ArUco's search is run on a copy of the scan about 95 dpi on A4, its noise averaged away,
first in the copy's four corner regions (a third of its pixels), then, where a marker is
missing there, in the whole copy (last across a sheet feeder's streak through a marker);
the corners found are refined on the scan itself.
"""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np

from ocr.layout import Layout

__all__ = ["FirstHalf", "detect_markers", "halve", "has_averaged_copy"]

_DETECT_LONG_SIDE = 1100
"""Longer images are shrunk to this many pixels on the long side (about 95 dpi on A4; a pixel
more where a halved scan's odd side rounds up) for the marker search; the corners are
then refined on the full image."""


def _detector(layout: Layout, min_perimeter: float) -> cv2.aruco.ArucoDetector:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, layout.aruco_dictionary))
    params = cv2.aruco.DetectorParameters()
    # A 14 mm marker has a perimeter of about 19% of an A4 page's long side; skipping the
    # many small printed boxes makes the search 20x faster (from 12%, below the 15% of the
    # smallest marker in the TEST scans: the digit boxes and the QR code's finder patterns
    # are skipped too, a fifth faster again, with the same markers and corners). A page
    # small in its photo gets a second try.
    params.minMarkerPerimeterRate = min_perimeter
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.ArucoDetector(dictionary, params)


def _halved(grey: np.ndarray) -> np.ndarray:
    return cv2.resize(grey, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)


class FirstHalf:
    """A scan's first halving (``halve``), made once: the marker search's copy
    (``_search_copy``) and the warp (``ocr.align.warp_region``) both halve a scan of 286
    dpi or more (a 300 dpi page), the same pixels each time (about 3 ms). Kept for the
    array ``grey`` itself, which must not change while it is kept (one page's reading);
    any other array is halved as it comes."""

    def __init__(self, grey: np.ndarray) -> None:
        self._grey = grey
        self._half: np.ndarray | None = None

    def of(self, grey: np.ndarray) -> np.ndarray:
        """``grey`` halved once: the kept half where ``grey`` is the kept scan."""
        if grey is not self._grey:
            return _halved(grey)
        if self._half is None:
            self._half = _halved(grey)
        return self._half


def halve(
    grey: np.ndarray, reduction: float, first: FirstHalf | None = None
) -> tuple[np.ndarray, float]:
    """``grey`` halved (each pixel the mean of 2x2) as often as a reduction by
    ``reduction`` allows, and the reduction done. Halving is OpenCV's fast path of area
    averaging, some thirty times faster than area averaging by any other factor, and
    leaves the slow general case a small image: a 300 dpi page is brought to the warp's
    resolution in 3 ms instead of 21 (``warp_region``). ``first``: where the first
    halving of ``grey`` is kept (never written to: each halving makes a new array)."""
    done = 1.0
    while reduction / done >= 2.0:
        grey = first.of(grey) if first is not None and done == 1.0 else _halved(grey)
        done *= 2.0
    return grey, done


_CORNER_SHARE = 0.3
"""The marker search looks first in the image's four corner regions, each this share of
its width and height: a scanned form's markers lie there."""

_CORNER_MARGIN_PX = 16
"""A marker found this close to a corner region's inner edges may look different to the
search of the whole image (its thresholds see 11 pixels round each pixel, its corner
refinement 5), so the whole image is searched instead."""


def _in_the_corners(
    small: np.ndarray, layout: Layout, wanted: set[int], min_perimeter: float
) -> dict[int, np.ndarray] | None:
    """The form's markers as the search of the whole of ``small`` finds them, found in its
    four corner regions only (a third of the pixels): the search's thresholds and corner
    refinement look a few pixels round each pixel, so a marker well inside a region (and
    the image's own edges, which both searches see alike) is found with the same corners,
    but for the last bits of the refinement's float32 arithmetic, which the region's
    offset rounds differently (under 0.0003 px on 200 TEST pages; readings the same).
    None when any marker is missing, found twice or too near a region's inner edge: then
    the whole image is searched, as before."""
    h, w = small.shape[:2]
    rh, rw = round(h * _CORNER_SHARE), round(w * _CORNER_SHARE)
    if min(rh, rw) < 8 * _CORNER_MARGIN_PX:  # a tiny image: no room for a marker and margin
        return None
    # The same smallest marker in pixels as on the whole image (a share of its long side).
    detector = _detector(layout, min_perimeter * max(h, w) / max(rh, rw))
    found: dict[int, np.ndarray] = {}
    for y0 in (0, h - rh):
        for x0 in (0, w - rw):
            region = np.ascontiguousarray(small[y0 : y0 + rh, x0 : x0 + rw])
            corners, ids, _ = detector.detectMarkers(region)
            if ids is None:
                continue
            # Inner edges of the region (those that are not the image's own edges).
            lo_x, hi_x = (
                (x0 + _CORNER_MARGIN_PX if x0 else -1.0),
                (x0 + rw - _CORNER_MARGIN_PX if x0 + rw < w else float(w + 1)),
            )
            lo_y, hi_y = (
                (y0 + _CORNER_MARGIN_PX if y0 else -1.0),
                (y0 + rh - _CORNER_MARGIN_PX if y0 + rh < h else float(h + 1)),
            )
            for c, i in zip(corners, ids.ravel(), strict=True):
                pts = c.reshape(4, 2).astype(np.float32) + np.float32([x0, y0])
                xs, ys = pts[:, 0], pts[:, 1]
                if int(i) in found or xs.min() < lo_x or xs.max() > hi_x:
                    return None
                if ys.min() < lo_y or ys.max() > hi_y:
                    return None
                if int(i) in wanted:
                    found[int(i)] = pts
    return found if len(found) == len(wanted) else None


_ACROSS_A_STREAK = np.ones((1, 3), np.uint8)
"""The darkest of each pixel and its left and right neighbours: a sheet feeder's streak (dirt
on its glass draws a thin grey line down the whole scan, along the feed) that crosses a
marker splits its black square in two, and ArUco then finds no square there. A line up
to two pixels wide in the search copy is closed by it; the square grows a pixel each side
(its corners are refined on the scan itself), so it gives only the markers the searches
before it left unfound. Chosen on TRAINING pages searched before ``remove_streaks``
(ocr/illumination.py): 6 of 470 lost a marker to a streak, and this finds it on each.
In the reader it searches only where ``remove_streaks`` left a streak through a marker:
one page of 990 TRAINING, TEST and fresh pages, a fresh TEST pdf150 page (seed 10885,
page_0010) two noisy streaks cut, refused as a partial page before (docs/reader.md)."""


def _attempts(small: np.ndarray) -> Iterator[tuple[np.ndarray, float, bool]]:
    """The whole image's searches, each only if the one before left a marker unfound:
    the usual smallest marker, a smaller one, the image slightly blurred (noise), then
    each pixel the darkest of its row's three (``_ACROSS_A_STREAK``: a streak through a
    marker), which adds only markers not found yet (the third of each item: False)."""
    yield small, 0.12, True
    yield small, 0.02, True
    yield cv2.GaussianBlur(small, (3, 3), 0), 0.02, True
    yield cv2.erode(small, _ACROSS_A_STREAK), 0.02, False


def _in_the_whole(
    small: np.ndarray, layout: Layout, wanted: set[int], scale: float
) -> dict[int, np.ndarray]:
    """The form's markers found in the whole of ``small`` (corners in the scan's pixels,
    ``small`` being ``scale`` of it); a marker seen twice keeps the larger one, but for
    the search across a streak, which adds only the markers not found yet."""
    found: dict[int, np.ndarray] = {}
    for attempt, min_perimeter, replaces in _attempts(small):
        corners, ids, _ = _detector(layout, min_perimeter).detectMarkers(attempt)
        if ids is None:
            continue
        for c, i in zip(corners, ids.ravel(), strict=True):
            mid = int(i)
            if mid not in wanted or (mid in found and not replaces):
                continue
            pts = c.reshape(4, 2).astype(np.float32) / scale
            if mid not in found or cv2.contourArea(pts) > cv2.contourArea(found[mid]):
                found[mid] = pts
        if len(found) == 4:
            break
    return found


def _search_copy(
    grey: np.ndarray, averaged: bool = False, first: FirstHalf | None = None
) -> tuple[np.ndarray, float]:
    """The copy of ``grey`` the markers are searched in, and its scale: about
    ``_DETECT_LONG_SIDE`` pixels long, halved at least once (OpenCV's fast 2x2 averaging)
    and as often as it can be, then brought to the size linearly; a page under twice the
    size (under about 190 dpi) is so enlarged again from its half, or, ``averaged``, area
    averaged by the factor itself (6-10 ms a 150 dpi page against 1 ms: ``align_page``
    searches that copy only where the first one's markers do not fit). ``first``: where
    the first halving of ``grey`` is kept (``FirstHalf``)."""
    scale = min(1.0, _DETECT_LONG_SIDE / max(grey.shape))
    if scale == 1.0:
        return grey, scale
    if averaged and scale > 0.5:
        return cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA), scale
    small, halved = halve(grey, max(2.0, 1.0 / scale), first)
    rest = scale * halved
    if rest != 1.0:
        small = cv2.resize(small, None, fx=rest, fy=rest, interpolation=cv2.INTER_LINEAR)
    return small, scale


def has_averaged_copy(grey: np.ndarray) -> bool:
    """Whether ``_search_copy`` makes another copy of ``grey`` when ``averaged``."""
    return 1.0 > _DETECT_LONG_SIDE / max(grey.shape) > 0.5


def detect_markers(
    grey: np.ndarray, layout: Layout, averaged: bool = False, first: FirstHalf | None = None
) -> dict[int, np.ndarray]:
    """The form's markers found in ``grey``: id -> (4, 2) corners in image pixels.

    Ids that are not the form's are ignored; a marker seen twice keeps the larger one.
    The search looks at a copy about ``_DETECT_LONG_SIDE`` pixels long, the scan's noise
    averaged away by halving (``_search_copy``; ``averaged``: its other copy): a linear
    copy of the whole scan keeps the noise, in which ArUco's thresholds find more contours
    (on 50 TEST noisy pages 1.5 ms more a page, two pages searched whole). A speck touching
    a marker may pull one of its corners 2-11 px off, differently in either copy, and
    ``align_page`` leaves such a corner out of the fit where the fit misses it.
    ``first``: where the first halving of ``grey`` is kept (``FirstHalf``).
    """
    small, scale = _search_copy(grey, averaged, first)
    wanted = {m.id for m in layout.markers}
    in_corners = _in_the_corners(small, layout, wanted, 0.12)
    if in_corners is not None:
        found = {mid: pts / scale for mid, pts in in_corners.items()}
    else:
        found = _in_the_whole(small, layout, wanted, scale)
    if scale < 1.0 and found:
        win = max(2, int(round(1.5 / scale)))
        crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
        for mid, pts in found.items():
            refined = pts.reshape(-1, 1, 2).copy()
            cv2.cornerSubPix(grey, refined, (win, win), (-1, -1), crit)
            # Keep the refinement only where it stayed near the coarse corner.
            moved = np.linalg.norm(refined.reshape(4, 2) - pts, axis=1)
            found[mid] = np.where((moved < 2.0 / scale)[:, None], refined.reshape(4, 2), pts)
    return found
