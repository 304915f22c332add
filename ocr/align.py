"""Find the traveller on a scanned image and warp it onto the form template.

The form carries four ArUco markers with distinct ids, one per corner of the content
block (ocr/layout.py). Each detected marker gives four corner points whose positions on
the template are known, so the homography from image to template follows directly, for
any 90-degree rotation, upside-down pages, skew and the mild perspective of a phone
photo. Which corner id lies where tells the orientation, which is recorded.

Failures are explicit reasons, never a guess: no marker at all (not a traveller, or an
unreadable image), one or two markers (half a page, a fold, a cut-off photo), a fit
whose corners disagree with the template by more than a millimetre or two (a torn,
crumpled or non-flat page).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

import cv2
import numpy as np

from ocr.grid_warp import warp_scan
from ocr.layout import Layout, mm_to_px

__all__ = [
    "WORK_DPI",
    "AlignFailure",
    "AlignmentError",
    "Alignment",
    "to_grey",
    "detect_markers",
    "align_page",
    "warp_region",
]

WORK_DPI = 150.0
"""Resolution of the warped page the reader works on (4.5 mm mark box = 27 px)."""

_DETECT_LONG_SIDE = 1100
"""Images are shrunk to at most this many pixels on the long side (about 95 dpi on A4) for
the marker search; the corners are then refined on the full image."""

_MAX_ERROR_MM = 1.5
"""Largest marker-corner disagreement (after the fit) still accepted as a flat page."""


class AlignFailure(StrEnum):
    """Why a page could not be aligned (the reason code kept with the page)."""

    NO_MARKERS = "no_markers"  # not a traveller, or nothing recognisable at all
    PARTIAL_PAGE = "partial_page"  # one or two corner markers: half a page, cut-off photo
    BAD_GEOMETRY = "bad_geometry"  # markers found but they do not fit one flat form
    UNREADABLE = "unreadable"  # empty, unreadable or far too small image


class AlignmentError(ValueError):
    """A page that cannot be aligned; ``reason`` is the code, the message says why."""

    def __init__(self, reason: AlignFailure, message: str, markers: tuple[int, ...] = ()):
        super().__init__(message)
        self.reason = reason
        self.markers = markers


@dataclass(frozen=True, eq=False)
class Alignment:
    """The fit of one scanned image to the template.

    ``homography`` maps image pixels to template millimetres. ``rotation`` is how far the
    page was turned in the image (0, 90, 180 or 270 degrees clockwise); 180 is a page fed
    upside down.
    """

    homography: np.ndarray
    markers: tuple[int, ...]
    rotation: int
    error_mm: float
    image_dpi: float

    def image_to_mm(self, points: np.ndarray) -> np.ndarray:
        pts = points.reshape(-1, 1, 2).astype(np.float64)
        return cv2.perspectiveTransform(pts, self.homography).reshape(-1, 2)


def to_grey(image: np.ndarray) -> np.ndarray:
    """A uint8 single-channel copy of a greyscale, BGR or BGRA image."""
    if image.ndim == 2:
        grey = image
    elif image.shape[2] == 4:
        grey = cv2.cvtColor(image, cv2.COLOR_BGRA2GRAY)
    else:
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if grey.dtype != np.uint8:
        grey = cv2.normalize(grey, None, 0, 255, cv2.NORM_MINMAX).astype(np.uint8)
    return grey


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


def _halved(grey: np.ndarray, reduction: float) -> tuple[np.ndarray, float]:
    """``grey`` halved (each pixel the mean of 2x2) as often as a reduction by
    ``reduction`` allows, and the reduction done. Halving is OpenCV's fast path of area
    averaging, some thirty times faster than area averaging by any other factor, and
    leaves the slow general case a small image: a 300 dpi page is brought to the warp's
    resolution in 3 ms instead of 21 (``warp_region``)."""
    done = 1.0
    while reduction / done >= 2.0:
        grey = cv2.resize(grey, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
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


def _attempts(small: np.ndarray) -> Iterator[tuple[np.ndarray, float]]:
    """The whole image's searches, each only if the one before left a marker unfound:
    the usual smallest marker, a smaller one, then the image slightly blurred (noise)."""
    yield small, 0.12
    yield small, 0.02
    yield cv2.GaussianBlur(small, (3, 3), 0), 0.02


def _in_the_whole(
    small: np.ndarray, layout: Layout, wanted: set[int], scale: float
) -> dict[int, np.ndarray]:
    """The form's markers found in the whole of ``small`` (corners in the scan's pixels,
    ``small`` being ``scale`` of it); a marker seen twice keeps the larger one."""
    found: dict[int, np.ndarray] = {}
    for attempt, min_perimeter in _attempts(small):
        corners, ids, _ = _detector(layout, min_perimeter).detectMarkers(attempt)
        if ids is None:
            continue
        for c, i in zip(corners, ids.ravel(), strict=True):
            mid = int(i)
            if mid not in wanted:
                continue
            pts = c.reshape(4, 2).astype(np.float32) / scale
            if mid not in found or cv2.contourArea(pts) > cv2.contourArea(found[mid]):
                found[mid] = pts
        if len(found) == 4:
            break
    return found


def _search_copy(grey: np.ndarray) -> tuple[np.ndarray, float]:
    """The copy of ``grey`` the markers are searched in, and its scale: at most
    ``_DETECT_LONG_SIDE`` pixels long, halved while it can be, the rest linearly after a
    halving and by area averaging without one (``detect_markers``)."""
    scale = min(1.0, _DETECT_LONG_SIDE / max(grey.shape))
    small, halved = _halved(grey, 1.0 / scale)
    rest = scale * halved
    if rest < 1.0:
        how = cv2.INTER_LINEAR if halved > 1.0 else cv2.INTER_AREA
        small = cv2.resize(small, None, fx=rest, fy=rest, interpolation=how)
    return small, scale


def detect_markers(grey: np.ndarray, layout: Layout) -> dict[int, np.ndarray]:
    """The form's markers found in ``grey``: id -> (4, 2) corners in image pixels.

    Ids that are not the form's are ignored; a marker seen twice keeps the larger one.
    The search looks at a copy at most ``_DETECT_LONG_SIDE`` pixels long: halved while the
    scan is twice that or more (OpenCV's fast 2x2 averaging), then reduced the rest of the
    way by linear interpolation after a halving, which has averaged the scan's noise, and
    by area averaging without one (a page under about 200 dpi). A linear copy of the whole
    scan keeps its noise: ArUco's thresholds find more contours in it, and on 50 TEST
    noisy pages the corner search cost 1.5 ms more a page at the mean and two pages were
    searched whole. The whole search on 50 TEST noisy pages
    and 10-15 of phone, clean and ordinary ones (best of 3, load 10): 12.0 -> 10.1, 10.8
    -> 8.3, 12.2 -> 6.7 and 10.8 -> 8.9 ms a page, where the reduction was halving and area
    averaging. The same ids on the 720 TRAINING and TEST pages, the corners as before to
    0.0005 px at the median and more than 0.5 px apart on three noisy TEST pages: a speck
    touching a marker may pull one of its corners 2-11 px off, differently in either copy,
    and ``align_page`` leaves such a corner out of the fit where the fit misses it.
    """
    small, scale = _search_copy(grey)
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


_STRAY_CORNER_MM = 0.3
"""A marker corner the fit misses by this much, and that its own marker's other three
corners put as far off, is left out of the fit. On the 320 TRAINING pages a fit of all
corners misses a corner by at most 0.05 mm on clean scans, 0.13 mm on the other
conditions' pages and 0.25 mm on noisy pages whose corners were found right. Four noisy
pages have a corner a speck pulled off, missed by 0.58-0.78 mm: their warped page lay
1.1-2.1 px from where it truly lies, 0.6-1.1 px with the corner left out. Every other
page is fitted as without the rule (0.57-0.97 px from the truth), but for a scribbled one
whose marker a stroke along its side made 4 px longer (2.40 px, ``_fitted``)."""


def _fitted(src: np.ndarray, dst: np.ndarray) -> np.ndarray | None:
    """The homography from the marker corners ``src`` (image pixels, four a marker, in the
    markers' order) to ``dst`` (template mm), fitted by least squares, and again without
    a corner a speck pulled off: of the markers that are no parallelogram by more than
    ``_STRAY_CORNER_MM`` (one corner moved; a stroke along a side moves two alike and
    leaves a parallelogram, and the fit would not know which two to leave out), the
    corner the fit misses most, if by more than that, one corner a marker. ``align_page``
    still measures the fit's error on every corner, so a page that is not flat is still
    refused."""
    h, _ = cv2.findHomography(src, dst, 0)
    quads = src.reshape(-1, 4, 2)
    # How far each marker is from a parallelogram (c0 + c2 = c1 + c3 on a flat marker; one
    # corner moved by d makes it |d|), in template mm (the marker's side in both).
    side_px = np.linalg.norm(quads[:, 1] - quads[:, 0], axis=1)
    side_mm = np.linalg.norm(dst.reshape(-1, 4, 2)[:, 1] - dst.reshape(-1, 4, 2)[:, 0], axis=1)
    skew = np.linalg.norm(quads[:, 0] + quads[:, 2] - quads[:, 1] - quads[:, 3], axis=1)
    skewed = np.repeat(skew * side_mm / side_px > _STRAY_CORNER_MM, 4)
    kept = np.ones(len(src), bool)
    while h is not None:
        fitted = cv2.perspectiveTransform(src.reshape(-1, 1, 2), h).reshape(-1, 2)
        miss = np.linalg.norm(fitted - dst, axis=1)
        whole = np.repeat(kept.reshape(-1, 4).all(axis=1), 4)
        candidates = np.where(whole & skewed, miss, -1.0)
        worst = int(np.argmax(candidates))
        if candidates[worst] <= _STRAY_CORNER_MM:
            break
        kept[worst] = False
        h, _ = cv2.findHomography(src[kept], dst[kept], 0)
    return h


def _rotation(h: np.ndarray, layout: Layout) -> int:
    """Clockwise page rotation in the image, from where the template's 'up' points."""
    inv = np.linalg.inv(h)
    cx, cy = layout.page_width / 2, layout.page_height / 2
    pts = np.array([[[cx, cy]], [[cx, cy - 50.0]]], np.float64)
    a, b = cv2.perspectiveTransform(pts, inv).reshape(2, 2)
    dx, dy = b - a
    angle = np.degrees(np.arctan2(dx, -dy))  # 0 = template up is image up, clockwise positive
    return int(round(angle / 90.0)) % 4 * 90


def align_page(image: np.ndarray, layout: Layout) -> Alignment:
    """Fit ``image`` (greyscale or colour, any dpi) to ``layout``; AlignmentError if it fails."""
    if image is None or image.size == 0 or min(image.shape[:2]) < 200:
        raise AlignmentError(AlignFailure.UNREADABLE, "image is empty or too small to read")
    grey = to_grey(image)
    if float(grey[::8, ::8].std()) < 2.0:
        raise AlignmentError(AlignFailure.UNREADABLE, "image is blank (no contrast at all)")
    found = detect_markers(grey, layout)
    ids = tuple(sorted(found))
    if not found:
        raise AlignmentError(
            AlignFailure.NO_MARKERS,
            "no traveller corner markers found: not a bridgescan traveller, or unreadable",
        )
    if len(found) < 3:
        raise AlignmentError(
            AlignFailure.PARTIAL_PAGE,
            f"only corner marker(s) {', '.join(map(str, ids))} of 4 found: part of the page "
            "is missing (half a page, folded corner or cut-off photo)",
            ids,
        )
    template = layout.marker_corners()
    src = np.concatenate([found[i] for i in ids]).astype(np.float64)
    dst = np.concatenate([np.array(template[i]) for i in ids]).astype(np.float64)
    h = _fitted(src, dst)
    if h is None:
        raise AlignmentError(AlignFailure.BAD_GEOMETRY, "markers do not define a page", ids)
    fitted = cv2.perspectiveTransform(src.reshape(-1, 1, 2), h).reshape(-1, 2)
    error = float(np.max(np.linalg.norm(fitted - dst, axis=1)))
    if error > _MAX_ERROR_MM:
        raise AlignmentError(
            AlignFailure.BAD_GEOMETRY,
            f"corner markers disagree with the form by {error:.1f} mm (page not flat, "
            "torn, or markers from different sheets)",
            ids,
        )
    # Image resolution: marker size in pixels over its size in mm.
    side_px = float(np.mean([np.linalg.norm(found[i][0] - found[i][1]) for i in ids]))
    dpi = side_px / layout.markers[0].rect.width * 25.4
    if dpi < 60:
        raise AlignmentError(
            AlignFailure.UNREADABLE, f"page resolution about {dpi:.0f} dpi; at least 150 needed"
        )
    return Alignment(h, ids, _rotation(h, layout), error, dpi)


_HALVING_PLAY = 1.05
"""A scan is halved before the warp when it is at least 2 / 1.05 times the resolution
wanted: a 300 dpi scan measures 297-303 dpi from its markers (the TEST clean pages 301-303),
and halved to 148 dpi it keeps all the warp would keep."""


def warp_region(
    image: np.ndarray,
    alignment: Alignment,
    x_mm: float,
    y_mm: float,
    width_mm: float,
    height_mm: float,
    dpi: float = WORK_DPI,
) -> np.ndarray:
    """The template region (x, y, w, h in page mm) resampled upright at ``dpi`` (greyscale)."""
    s = dpi / 25.4
    to_out = np.array([[s, 0, -x_mm * s], [0, s, -y_mm * s], [0, 0, 1]], np.float64)
    m = to_out @ alignment.homography
    size = (max(1, round(mm_to_px(width_mm, dpi))), max(1, round(mm_to_px(height_mm, dpi))))
    grey = to_grey(image)
    # Downsampling a high-dpi scan: area-average it first so thin strokes are not skipped,
    # by halving while it is about twice the resolution wanted or more (OpenCV's fast path: a
    # 300 dpi page in 3 ms, where area averaging by 0.75 took 21), then, if it is still
    # more than 1.5 times, to 1.5 times (a 250 dpi photo).
    ratio = alignment.image_dpi / dpi
    grey, halved = _halved(grey, ratio * _HALVING_PLAY)
    ratio /= halved
    f = 1.0 / halved
    if ratio > 1.5:
        grey = cv2.resize(grey, None, fx=1.5 / ratio, fy=1.5 / ratio, interpolation=cv2.INTER_AREA)
        f *= 1.5 / ratio
    if f != 1.0:  # from the shrunk image's pixels back to the scan's (pixel centres kept)
        c = 0.5 / f - 0.5
        m = m @ np.array([[1 / f, 0, c], [0, 1 / f, c], [0, 0, 1]], np.float64)
    return warp_scan(grey, m, size)  # a page turned upright and warped from a grid
