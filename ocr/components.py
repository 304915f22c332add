"""The pieces of ink of a mask (``cv2.connectedComponentsWithStats``), labelled in 16 bits
where no more than 65,536 labels can come out.

OpenCV 4.14 labels a mask and measures its pieces in about half the time when the labels
are 16-bit (``cv2.CV_16U``) instead of 32-bit, with the same algorithm (Spaghetti for
8-connectivity, SAUF for 4) and the same labels, statistics and centroids: a row band of a
traveller at 150 dpi (103 x 714 pixels, its mark boxes) in 0.25 ms instead of 0.56 (one
thread, 2026-11-29). The reader labels every mark row's ink for the dots on printed
edges (``ocr.edge_dots``), the page's specks (``ocr.page_dust``), every box's dot
(``ocr.dots``), every digit box (``ocr.digits``) and the hairlines (``ocr.line_widths``):
about 3.5% of an ordinary page's CPU.

A mask cannot hold more pieces than it has 2 x 2 blocks of pixels (two pieces never touch,
so a block holds ink of one piece at most; at 4-connectivity, two pixels side by side), nor
more than it has ink pixels: where either is under 65,536 (every row band, box and speck
mask of a page by its size alone; a larger mask's ink is counted, a hundredth of the
labelling) the labels fit in 16 bits; otherwise they are 32-bit, as before.
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["pieces", "labels_of", "a_pixel_of_each", "pixels_of", "depth_in_ink"]

_MOST_16_BIT = 1 << 16
"""Labels 0 (the background) to 65,535 fit in 16 bits."""


def pieces(mask: np.ndarray, connectivity: int = 8) -> tuple[int, np.ndarray, np.ndarray]:
    """``cv2.connectedComponentsWithStats(mask, connectivity=connectivity)`` without its
    centroids: the number of labels (the background's 0 included), the labels (uint16
    where every label fits, else int32) and the statistics (int32, ``cv2.CC_STAT_*``).
    ``mask``: a 2-D uint8 array, any non-zero pixel ink."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(
        mask, connectivity=connectivity, ltype=_label_type(mask, connectivity)
    )
    return count, labels, stats


def labels_of(mask: np.ndarray, connectivity: int = 8) -> np.ndarray:
    """``cv2.connectedComponents(mask, connectivity=connectivity)``'s labels alone, uint16
    where every label fits (as ``pieces``: the same labels in less CPU), else int32. The
    page's specks group a row's ink so (``ocr.page_dust.specks_of``)."""
    ltype = _label_type(mask, connectivity)
    _, labels = cv2.connectedComponents(mask, connectivity=connectivity, ltype=ltype)
    return labels


def _label_type(mask: np.ndarray, connectivity: int = 8) -> int:
    """``cv2.CV_16U`` where every label of ``mask`` fits in 16 bits, else ``cv2.CV_32S``."""
    # Two pieces never touch: at 8-connectivity a 2 x 2 block of pixels holds ink of one
    # piece at most, at 4-connectivity two pixels side by side in a row do. So a mask has
    # no more pieces than such blocks (a row band of 103 x 1,050 pixels: 27,300), and only
    # a larger mask has its ink counted (each piece holds an ink pixel at least): some
    # 10 us a call, 60 calls a noisy page.
    h, w = mask.shape
    most = ((h + 1) // 2 if connectivity == 8 else h) * ((w + 1) // 2)
    fits = most < _MOST_16_BIT or cv2.countNonZero(mask) < _MOST_16_BIT
    return int(cv2.CV_16U if fits else cv2.CV_32S)


def a_pixel_of_each(labels: np.ndarray, stats: np.ndarray) -> np.ndarray:
    """One pixel of every piece of ``labels`` (``pieces``' labels and statistics), as its
    flat index into ``labels`` (the background's entry is 0): looked for in each piece's
    top row, between its bounding box's sides, where it has a pixel at least. That reads
    as many pixels as the pieces are wide together, where ``np.flatnonzero(labels)`` reads
    the whole mask (on a row band of a dusty page, 115,000 pixels for a few hundred)."""
    stats = stats.astype(np.intp)
    x, y, w = stats[1:, cv2.CC_STAT_LEFT], stats[1:, cv2.CC_STAT_TOP], stats[1:, cv2.CC_STAT_WIDTH]
    label = np.repeat(np.arange(1, len(stats)), w)
    along = np.arange(len(label)) - np.repeat(np.cumsum(w) - w, w)  # column in the top row
    at = np.repeat(y * labels.shape[1] + x, w) + along
    own = labels.ravel()[at] == label
    pixel = np.zeros(len(stats), np.intp)
    pixel[label[own]] = at[own]  # any one of a piece's top pixels
    return pixel


def pixels_of(labels: np.ndarray, stats: np.ndarray, which: np.ndarray) -> np.ndarray:
    """Every pixel of the pieces ``which`` (their labels, an int array) as flat indices into
    ``labels`` (``pieces``' labels and statistics), piece by piece in the order of
    ``which`` and row by row in each: looked for in their bounding boxes only, so that
    for small pieces (specks) this reads a few hundred pixels where ``mask[labels]``
    reads the whole mask."""
    box = stats[which].astype(np.intp)
    x, y = box[:, cv2.CC_STAT_LEFT], box[:, cv2.CC_STAT_TOP]
    w, h = box[:, cv2.CC_STAT_WIDTH], box[:, cv2.CC_STAT_HEIGHT]
    area = w * h
    label = np.repeat(which, area)
    inside = np.arange(len(label)) - np.repeat(np.cumsum(area) - area, area)  # in the box
    wide = np.repeat(w, area)
    at = (np.repeat(y, area) + inside // wide) * labels.shape[1] + np.repeat(x, area)
    at += inside % wide
    own: np.ndarray = at[labels.ravel()[at] == label]
    return own


def depth_in_ink(mask: np.ndarray) -> np.ndarray:
    """Each pixel's distance to the nearest pixel that is not ink (``mask``, bool), the
    mask's edge counting as paper: half the widest disc of ink round it, in pixels (0 on
    paper). The mask is framed by a pixel of paper by OpenCV (np.pad's zeros cost ten
    times as much) and the frame taken off again. Used for the cores of pen dots and blobs
    (``ocr.edge_dots``, ``ocr.rival_ink``)."""
    framed = cv2.copyMakeBorder(mask.view(np.uint8), 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    return cv2.distanceTransform(framed, cv2.DIST_L2, 5)[1:-1, 1:-1]
