"""A handwritten box's crop made the digit model's input (ocr/digits.py): the same
normalisation as the training images.

Binarise against the local paper colour, drop printed box lines, crop to the ink, scale
the digit into a 16 px box centred by its centre of mass on a 20x20 canvas (the MNIST
convention that the opencv-doc ``digits.png`` images follow) and undo the slant from the
image moments. A grey crop (uint8, as the reader's) is binarised by a table of its grey
levels (``_ink_table``) and its strokes measured off their pieces' statistics
(``_written``): a page's 120 boxes in about a fifth less CPU than pixel by pixel, to the
same floats.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable

import cv2
import numpy as np

from ocr.components import pieces

__all__ = [
    "Wide",
    "CANVAS",
    "quantile",
    "ink_map",
    "is_blank",
    "written_without",
    "written_whole_and_without",
    "crossed_by_a_line",
    "faint_stroke",
    "normalise_ink",
    "normalise_cell",
]

CANVAS = 20
"""Side of the normalised digit image in pixels (MNIST-style, as in digits.png)."""

_BLANK_INK = 0.025
"""Share of the cell area that must be ink before the cell counts as written."""

_EDGE_SHARE = 0.6
"""A row or column of a crop more ink than this share of its length is a line across it
(a printed box edge leaking into the crop), not a stroke of a digit."""

_MIN_CONTRAST = 0.15
"""Darkest ink must be at least this much darker than the paper (relative) to count."""

_GRAIN_CONTRAST = 0.25
"""A crop whose darkest ink is less than this much darker than its paper (relative) may
hold a photo's grain alone (``_grain_alone``): grain of σ 9.5 on paper of grey 170-225
reaches 0.225 (3.9 σ between the paper's 90th percentile and the darkest 0.5%)."""

_GRAIN_BLUR_SIGMA = 0.8
"""The light blur (3 x 3 Gaussian, px at the reader's 150 dpi) that averages a speck of
grain into its paper and leaves a stroke's ink."""

_GRAIN_SPECK_PX = 8
"""A faint crop (``_GRAIN_CONTRAST``) whose largest piece of ink after the blur is under
this many pixels holds grain, not a digit. Chosen on TRAINING's written digits alone
(every condition, the held-out-real stand-in, and TRAINING phone pages with grain widened
to σ 9.5 and 16: 32,395 boxes read as written, none read blank by it): of those under
``_GRAIN_CONTRAST``, the smallest such piece is 11 px (a pale pencil 9 in three pieces),
3 px of margin (docs/reader-history.md, "A photo's grain read as a written digit: the
stroke a digit has")."""


def quantile(values: np.ndarray, q: float) -> float:
    """The q-quantile (nearest rank) of an array; a partial sort, faster than np.percentile."""
    flat = values.ravel()
    k = min(len(flat) - 1, max(0, int(q * (len(flat) - 1))))
    if flat.dtype == np.uint8 and len(flat) > 4096:
        # Grey levels: the same rank read off their histogram, in a fraction of the time.
        counts = cv2.calcHist([flat[None]], [0], None, [256], [0, 256]).ravel().astype(np.int64)
        return float(np.searchsorted(np.cumsum(counts), k, side="right"))
    return float(np.partition(flat, k)[k])


def ink_map(cell: np.ndarray) -> np.ndarray:
    """Ink strength 0..1 of a greyscale or colour crop (dark ink on light paper).

    The paper tone is the crop's 90th percentile and the ink tone its darkest 0.5%, so pen,
    pencil, grey scans and photos with shadows all map to the same 0..1 range. A crop whose
    darkest pixels are within 15% of the paper carries no stroke and maps to all zeros.
    """
    if cell.ndim == 2 and cell.dtype == np.uint8 and cell.size:
        table = _ink_table(cell)
        return np.zeros(cell.shape, np.float32) if table is None else cv2.LUT(cell, table)
    grey = cell if cell.ndim == 2 else cv2.cvtColor(cell, cv2.COLOR_BGR2GRAY)
    grey = grey.astype(np.float32)
    paper = max(quantile(grey, 0.90), 1.0)
    rel = (paper - grey) / paper
    level = quantile(rel, 0.995)
    if level < _MIN_CONTRAST or _grain_alone(grey, paper, level):
        return np.zeros_like(rel)
    return np.clip((rel - 0.25 * level) / (0.6 * level), 0.0, 1.0)


_LEVELS = np.arange(256, dtype=np.float32)


def _ink_table(cell: np.ndarray) -> np.ndarray | None:
    """``ink_map`` of a grey uint8 crop as a table: the ink of each grey level (float32),
    or None where the crop carries no stroke. A pixel's ink depends on its grey level
    alone, so ``table[cell]`` is ``ink_map(cell)``, the same floats: each level goes
    through the same float32 steps as each pixel did. The two quantiles are read off the
    crop's histogram; the ink tone's (the 99.5th of the ink, which falls as the grey
    rises) is the ink of the grey level at the mirrored rank. Some 5 us a box instead of
    20 (two partial sorts and five passes over the crop as floats)."""
    paper, rel, level = _paper_and_level(cell)
    if level < _MIN_CONTRAST or _grain_alone(cell, paper, level):
        return None
    table: np.ndarray = (rel - 0.25 * level) / (0.6 * level)
    # np.clip(table, 0.0, 1.0) in place: the same floats, none being NaN (paper >= 1, level
    # >= 0.15) and a zero coming out +0.0 (x - x is +0.0), as np.clip gives it
    np.maximum(table, 0.0, out=table)
    np.minimum(table, 1.0, out=table)
    return table


def _paper_and_level(cell: np.ndarray) -> tuple[float, np.ndarray, float]:
    """A grey uint8 crop's paper tone (its 90th percentile), each grey level's darkness
    under it (relative, float32) and the ink tone's (its darkest 0.5%: the 99.5th percentile
    of the darkness), as ``ink_map`` reads them, off the crop's histogram: the ink tone's
    is the darkness of the grey level at the mirrored rank, as it falls as the grey rises."""
    n = cell.size
    paper_rank = min(n - 1, max(0, int(0.90 * (n - 1))))
    ink_rank = min(n - 1, max(0, int(0.995 * (n - 1))))
    # np.searchsorted(..., side="right") of each rank, by bisect on the 256 counts as a list
    ranks = np.add.accumulate(np.bincount(cell.ravel(), minlength=256)).tolist()
    paper_grey, ink_grey = bisect_right(ranks, paper_rank), bisect_right(ranks, n - 1 - ink_rank)
    paper = max(float(paper_grey), 1.0)
    rel = (paper - _LEVELS) / paper
    return paper, rel, float(rel[ink_grey])


def _grain_alone(grey: np.ndarray, paper: float, level: float) -> bool:
    """True when a faint crop (its darkest 0.5% ``level`` under its ``paper``, relative,
    under ``_GRAIN_CONTRAST``) holds no piece of ink of ``_GRAIN_SPECK_PX`` or more once
    lightly blurred (``_blurred_stroke``): a photo's grain, not a stroke.

    Grain is many small specks, each a few pixels darker than the paper by chance; a
    3 x 3 Gaussian averages each into the paper around it, while a pen's or a pencil's
    stroke, dark along its length, keeps its pixels over half ink."""
    return level < _GRAIN_CONTRAST and _blurred_stroke(grey, paper, level) < _GRAIN_SPECK_PX


def _blurred_stroke(grey: np.ndarray, paper: float, level: float) -> int:
    """The pixels of the largest piece of a crop's ink once blurred by a 3 x 3 Gaussian of
    ``_GRAIN_BLUR_SIGMA`` (over half ink as ``ink_map`` reads it: darker than 0.55
    ``level`` under ``paper``, relative), 0 where none is left. ``grey``: the crop's grey
    levels (uint8 or float32, the same floats either way once blurred in float32)."""
    blurred = cv2.GaussianBlur(grey.astype(np.float32, copy=False), (3, 3), _GRAIN_BLUR_SIGMA)
    rel = (np.float32(paper) - blurred) / np.float32(paper)
    mask = (rel > np.float32(0.55 * level)).view(np.uint8)
    if not mask.any():
        return 0
    count, _, stats = pieces(mask)
    return int(stats[1:, cv2.CC_STAT_AREA].max()) if count > 1 else 0


def faint_stroke(cell: np.ndarray) -> int | None:
    """For a faint grey uint8 crop (its darkest 0.5% at least ``_MIN_CONTRAST`` and under
    ``_GRAIN_CONTRAST`` of its paper), the pixels of the largest piece of its ink once
    lightly blurred: what ``_grain_alone`` holds against ``_GRAIN_SPECK_PX``. None for a
    crop the rule does not ask (``benchmarks.digit_grain`` measures digits by it)."""
    if not cell.size:
        return None
    paper, _, level = _paper_and_level(cell)
    if not _MIN_CONTRAST <= level < _GRAIN_CONTRAST:
        return None
    return _blurred_stroke(cell, paper, level)


def _strokes(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The pieces of ink of ``mask`` (a crop's, 0 or 1) once printed box edges leaking into
    it are cleared: their labels, per label whether it is a stroke kept, and their
    statistics (``ocr.components.pieces``).

    A box edge shows up as a nearly full row or column of ink within the outer 15% of the
    crop that runs on past both ends of the crop (the crop lies inside the box, so the
    edge crosses it from side to side; one pixel of tilt is allowed). Such rows and
    columns are cleared. A digit stroke in the band is kept even when it is long: the
    base of a "2" or the bar of a "7" or "5" may span most of the width but stops inside
    the crop (clearing it turned wide "2"s into "7"s). Components smaller than 0.6% of
    the crop are dust.
    """
    h, w = mask.shape
    band_y, band_x = max(1, int(0.15 * h)), max(1, int(0.15 * w))
    # Only rows and columns that are mostly ink and lie in the outer band can be edges (the
    # share of ink, each row's or column's count over its length, is the mask's mean).
    across = cv2.reduce(mask, 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S)[:, 0] / w
    down = cv2.reduce(mask, 0, cv2.REDUCE_SUM, dtype=cv2.CV_32S)[0] / h
    rows = [y for y in np.flatnonzero(across > _EDGE_SHARE) if y < band_y or y >= h - band_y]
    cols = [x for x in np.flatnonzero(down > _EDGE_SHARE) if x < band_x or x >= w - band_x]
    clear_rows, clear_cols = [], []
    if rows:
        # Ink at the crop's left/right ends, in the row or a neighbour.
        left, right = mask[:, :2].any(axis=1), mask[:, -2:].any(axis=1)
        clear_rows = [
            y
            for y in rows
            if left[max(0, y - 1) : y + 2].any() and right[max(0, y - 1) : y + 2].any()
        ]
    if cols:
        top, bottom = mask[:2, :].any(axis=0), mask[-2:, :].any(axis=0)
        clear_cols = [
            x
            for x in cols
            if top[max(0, x - 1) : x + 2].any() and bottom[max(0, x - 1) : x + 2].any()
        ]
    if clear_rows or clear_cols:
        mask = mask.copy()
        mask[clear_rows, :] = 0
        mask[:, clear_cols] = 0
    _, labels, stats = pieces(mask)
    keep = stats[:, cv2.CC_STAT_AREA] >= max(3, int(0.006 * h * w))
    keep[0] = False
    return labels, keep, stats


def _written(mask: np.ndarray) -> tuple[np.ndarray, tuple[int, int, int, int]] | None:
    """The strokes of ``mask`` (``_strokes``) where they make a digit, not dust or a dot:
    enough ink, spanning at least 25% of the box height. Then the strokes' pixels (True)
    within their bounding box, and that box (y0, y1, x0, x1); else None. Read off the
    pieces' statistics: their areas make the ink's share, their boxes its extent. A mask
    with too little ink for a digit before any of it is cleared is no digit after: it is
    not cut into pieces (on 12 TEST noisy pages, 363 of the 381 masks that read blank)."""
    h, w = mask.shape
    if int(np.count_nonzero(mask)) / (h * w) < _BLANK_INK:
        return None
    labels, keep, stats = _strokes(mask)
    # the few strokes' statistics as Python ints: a fourth of the CPU of numpy's calls
    kept = stats[keep].tolist()
    if sum(s[cv2.CC_STAT_AREA] for s in kept) / (h * w) < _BLANK_INK:
        return None
    y0 = min(s[cv2.CC_STAT_TOP] for s in kept)
    y1 = max(s[cv2.CC_STAT_TOP] + s[cv2.CC_STAT_HEIGHT] for s in kept)
    if y1 - y0 < 0.25 * h:
        return None
    x0 = min(s[cv2.CC_STAT_LEFT] for s in kept)
    x1 = max(s[cv2.CC_STAT_LEFT] + s[cv2.CC_STAT_WIDTH] for s in kept)
    return keep[labels[y0:y1, x0:x1]], (y0, y1, x0, x1)


def is_blank(cell: np.ndarray) -> bool:
    """True when the crop carries no written stroke (after removing printed lines). A grey
    crop's mask of ink over half is looked up per grey level (``_ink_mask``), not made of
    its float ink map: the same mask, without a float pass over the crop."""
    if cell.ndim == 2 and cell.dtype == np.uint8 and cell.size:
        mask = _grey_ink_mask(cell)
        return mask is None or _written(mask) is None
    ink = ink_map(cell)
    return _written((ink > 0.5).astype(np.uint8)) is None


def written_without(cell: np.ndarray, apart: np.ndarray) -> bool:
    """True when a grey uint8 crop's ink (over half, against its own darkest 0.5%) makes a
    digit with the pixels of ``apart`` (True) left out: the strokes a box holds besides
    those pixels, read by the same test as ``is_blank``."""
    mask = _grey_ink_mask(cell)
    if mask is None:
        return False
    mask[apart] = 0
    return _written(mask) is not None


def written_whole_and_without(cell: np.ndarray, apart: np.ndarray) -> bool:
    """True when a grey uint8 crop's ink makes a digit (``not is_blank``) and still does
    with the pixels of ``apart`` left out (``written_without``): both read off one ink
    mask, which asking the two in turn makes twice (``ocr.digit_dust.darkest_lifted``
    asks both of every dusty box that reads blank)."""
    mask = _grey_ink_mask(cell)
    if mask is None or _written(mask) is None:
        return False
    mask[apart] = 0
    return _written(mask) is not None


def crossed_by_a_line(cell: np.ndarray) -> bool:
    """True when a grey uint8 crop, read against its own darkest 0.5%, holds a row or a
    column more than ``_EDGE_SHARE`` ink (over half) anywhere: a line across it, such as
    a printed box edge leaking into the crop."""
    mask = _grey_ink_mask(cell)
    if mask is None:
        return False
    h, w = mask.shape
    across = cv2.reduce(mask, 1, cv2.REDUCE_SUM, dtype=cv2.CV_32S)[:, 0]
    down = cv2.reduce(mask, 0, cv2.REDUCE_SUM, dtype=cv2.CV_32S)[0]
    return bool((across > _EDGE_SHARE * w).any() or (down > _EDGE_SHARE * h).any())


def _grey_ink_mask(cell: np.ndarray) -> np.ndarray | None:
    """The pixels of a grey uint8 crop over half ink against its own darkest 0.5%
    (``_ink_mask``), or None where it is empty or has no ink that contrasts
    (``_ink_table``): what ``is_blank``, ``written_without``,
    ``written_whole_and_without`` and ``crossed_by_a_line`` read."""
    table = _ink_table(cell) if cell.size else None
    return None if table is None else _ink_mask(cell, table)


def _ink_mask(cell: np.ndarray, table: np.ndarray) -> np.ndarray:
    """The pixels of a grey uint8 crop whose ink (``table``, ``_ink_table``) is over half:
    1, else 0 (uint8), as ``(cv2.LUT(cell, table) > 0.5)`` is, by a uint8 table."""
    mask: np.ndarray = cv2.LUT(cell, (table > 0.5).view(np.uint8))
    return mask


def normalise_ink(ink: np.ndarray) -> np.ndarray | None:
    """Ink image (0..1, any size) -> 20x20 float32 MNIST-style digit, or None when blank."""
    return _normalised(ink, (ink > 0.5).astype(np.uint8))


def _normalised(
    ink: np.ndarray,
    mask: np.ndarray,
    written: tuple[np.ndarray, tuple[int, int, int, int]] | None = None,
) -> np.ndarray | None:
    """``normalise_ink`` of ``ink``, whose pixels over 0.5 are ``mask`` (1, else 0);
    ``written``: ``_written(mask)`` where the caller has it already."""
    if written is None:
        written = _written(mask)
    if written is None:
        return None
    kept, (y0, y1, x0, x1) = written
    digit = np.where(kept, ink[y0:y1, x0:x1], 0.0).astype(np.float32, copy=False)
    h, w = digit.shape
    scale = 16.0 / max(h, w)
    nh, nw = max(1, round(h * scale)), max(1, round(w * scale))
    digit = cv2.resize(digit, (nw, nh), interpolation=cv2.INTER_AREA)
    m = cv2.moments(digit)
    cy = m["m01"] / m["m00"] if m["m00"] > 1e-6 else nh / 2
    cx = m["m10"] / m["m00"] if m["m00"] > 1e-6 else nw / 2
    shift = np.float32([[1, 0, CANVAS / 2 - cx], [0, 1, CANVAS / 2 - cy]])
    canvas = cv2.warpAffine(digit, shift, (CANVAS, CANVAS), flags=cv2.INTER_LINEAR)
    return _deskew(canvas)


def _deskew(img: np.ndarray) -> np.ndarray:
    """Undo slant from the second-order moments (as in OpenCV's digits sample)."""
    m = cv2.moments(img)
    if abs(m["mu02"]) < 1e-2:
        return img
    skew = min(max(m["mu11"] / m["mu02"], -0.6), 0.6)  # np.clip's figure, without its call
    affine = np.float32([[1, skew, -0.5 * CANVAS * skew], [0, 1, 0]])
    return cv2.warpAffine(
        img, affine, (CANVAS, CANVAS), flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR
    )


def _too_faint(darkest: float, brightest: float) -> bool:
    """True when no pixel is at least 15% darker than the brightest (or none darker at
    all): ``ink_map`` would find no stroke, whatever its paper and ink tones. Compared
    in twentieths, exactly: a crop whose darkest is exactly 85% of its brightest (51 and
    60) has the contrast ``ink_map`` accepts (its level 0.15 is not under
    ``_MIN_CONTRAST``), which ``darkest >= 0.85 * brightest`` called blank."""
    return darkest == brightest or 20.0 * darkest > (1.0 - _MIN_CONTRAST) * 20.0 * brightest


Wide = Callable[[], tuple[np.ndarray, tuple[int, int]]]
"""What gives a handwritten box's crop nearer its printed border than its cell, and where the
cell lies in it, (dy, dx): asked only where the cell's strokes run out to its edge."""


def normalise_cell(cell: np.ndarray, wide: Wide | None = None) -> np.ndarray | None:
    """A scanned cell crop (dark ink on paper) -> normalised 20x20 digit, or None if blank.

    ``wide``: for a grey crop of a handwritten box, its strokes followed on nearer the
    border where they run out to the crop's edge. A digit written up to its box's border (a
    6 whose bowl touches it, a 2 whose base runs along it) loses what lies between the
    border and the crop, and what is left may be another digit: a 6 cut down its left side
    reads 5, a 2 without its base 7. The pieces of the wider crop's ink that hold the cell's
    strokes are read instead, against the cell's own paper and ink tones (a printed border
    caught in the wider crop is darker than a pale pen's stroke, and read against it the
    stroke would be lost) and with a border's line cleared as in any crop (``_strokes``)."""
    if cell.size == 0:
        return None
    darkest, brightest = cv2.minMaxLoc(cell)[:2] if cell.ndim == 2 else (cell.min(), cell.max())
    if _too_faint(float(darkest), float(brightest)):
        return None  # no pixel 15% darker than the brightest: nothing written (the quick way)
    if cell.ndim != 2 or cell.dtype != np.uint8:
        return normalise_ink(ink_map(cell))
    # A grey crop's ink and its mask looked up per grey level (``_ink_table``).
    table = _ink_table(cell)
    if table is None:
        return None  # all ink 0: no stroke
    mask = _ink_mask(cell, table)
    written = _written(mask)
    if written is None:
        return None
    kept, (y0, y1, x0, x1) = written
    h, w = mask.shape
    if wide is not None and not (y0 > 0 and x0 > 0 and y1 < h and x1 < w):
        grey, (dy, dx) = wide()
        reach = _reaching(_ink_mask(grey, table), kept, (dy + y0, dx + x0))
        if reach is not None:
            return _normalised(cv2.LUT(grey, table), reach)
    return _normalised(cv2.LUT(cell, table), mask, written)


def _reaching(mask: np.ndarray, kept: np.ndarray, at: tuple[int, int]) -> np.ndarray | None:
    """The pieces of a wider crop's ink ``mask`` that hold a stroke of ``kept`` (the inner
    crop's strokes within their bounding box, whose top left lies at ``at`` in the wider
    crop), 1, else 0; None where none does (the crops do not line up)."""
    count, labels, _ = pieces(mask)
    y, x = at
    held = labels[y : y + kept.shape[0], x : x + kept.shape[1]]
    if held.shape != kept.shape:
        return None
    holds = np.zeros(count, np.uint8)
    holds[held[kept]] = 1
    holds[0] = 0
    if not holds.any():
        return None
    reach: np.ndarray = holds[labels]  # 1 on the pieces that hold a stroke, else 0
    return reach
