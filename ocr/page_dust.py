"""The dust on a page, measured on paper the form guarantees blank (issue 43, item 4).

A dirty scanner (dust on its glass, toner specks) leaves specks all over a scan. Inside a
mark box a speck is read as a dot (ocr/dots.py): under ``dot_empty_below_mm2`` (0.15 mm^2)
it is dust, from ``dot_marked_above_mm2`` (0.40 mm^2) a pen dot, and between them the box
is unsure. A speck of 0.17-0.32 mm^2 falls between the two, and so does a pen dot put on
a box's edge that the mask of the printed lines cuts: the box alone cannot tell them
apart (on 40 TRAINING noisy pages, 162 empty boxes holding a speck read unsure by their
dot against 2 intended dots of that size read inside the box).

The page can. Its margins are blank paper: nothing is printed there and nothing is
written there (every handwritten mark is in a box or, a circle, within ``ring_out_mm``
of one). The specks found there are this scanner's dust on this page, and their sizes
say how large a dust speck inside a box may be. ``measure_dust`` measures them once per
page. Dust settles in clumps (grains stick to each other on the glass), and a clump inside
a box may be as large as a pen dot (0.40 mm^2 and more: read as a mark); the margins, a
third of the page, hold clumps as large as the boxes do. On a dusty page whose blank paper
holds a few specks nearly as large as a dot in a box (``PageDust.holds_alike``), a box
marked or unsure by that dot alone is read without it (rule ``dusty_page``,
ocr/dusty_dot_rule.py). On a page with little dust nothing changes.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import NamedTuple

import cv2
import numpy as np

from ocr.captions import printed_pixels
from ocr.components import a_pixel_of_each, labels_of, pieces, pixels_of
from ocr.dots import is_compact
from ocr.layout import Layout, Rect
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.marks import ink_values, paper_tone

__all__ = [
    "PageDust",
    "NO_DUST",
    "SpeckCandidates",
    "blank_paper",
    "measure_dust",
    "speck_candidates",
    "specks_of",
]


@dataclass(frozen=True)
class PageDust:
    """The specks on a page's blank paper: how much blank paper was looked at (cm^2) and
    the size (mm^2) of every speck there as large as a dot's dust threshold or larger,
    smallest first."""

    blank_cm2: float
    specks_mm2: tuple[float, ...]

    @property
    def per_cm2(self) -> float:
        """Specks as large as a dot's dust threshold, per square centimetre of blank paper."""
        return len(self.specks_mm2) / self.blank_cm2 if self.blank_cm2 > 0 else 0.0

    def dusty(self, t: MarkSettings = MARK_SETTINGS) -> bool:
        """Does the page hold enough such specks to be called dusty (``dusty_per_cm2``)?"""
        return self.blank_cm2 >= t.dust_blank_min_cm2 and self.per_cm2 >= t.dusty_per_cm2

    def per_cm2_from(self, mm2: float) -> float:
        """Specks of ``mm2`` or larger per square centimetre of blank paper."""
        if self.blank_cm2 <= 0:
            return 0.0
        return (len(self.specks_mm2) - bisect.bisect_left(self.specks_mm2, mm2)) / self.blank_cm2

    def holds_alike(self, dot_mm2: float, t: MarkSettings = MARK_SETTINGS) -> bool:
        """Is a dot of ``dot_mm2`` inside a box like this page's dust? On a dusty page, its
        blank paper holds ``dust_alike_per_cm2`` specks or more a square centimetre (two
        on an A4 traveller's margins) at least ``dust_alike_share`` of the dot's size
        (rule ``dusty_page``)."""
        alike = self.per_cm2_from(t.dust_alike_share * dot_mm2)
        return self.dusty(t) and alike >= t.dust_alike_per_cm2


NO_DUST = PageDust(0.0, ())
"""A page whose dust was not measured (a row read on its own): never dusty."""


_BLANK: dict[tuple[str, int, str, float], tuple[np.ndarray, tuple[tuple[slice, slice], ...]]] = {}


def blank_paper(layout: Layout, dpi: float) -> np.ndarray:
    """A page-sized mask (bool, at ``dpi``) of the paper the form guarantees blank: not
    printed, outside the QR code and the header's texts (which change from page to page),
    more than ``ring_out_mm`` from every row's box (a circle round a box stays within
    that), and ``dust_border_mm`` in from the page's edges (a scan's border, the
    paper's edge), made once per layout and resolution."""
    return _blank(layout, dpi)[0]


def _blank(layout: Layout, dpi: float) -> tuple[np.ndarray, tuple[tuple[slice, slice], ...]]:
    """The blank paper's mask, and the four margins round the rows that hold it (above,
    below, left and right of them): only those are looked at, a third of the page."""
    key = (*layout.cache_key, dpi)
    if key not in _BLANK:
        s = dpi / 25.4
        x0 = int(min(r.rect.x for r in layout.rows) * s)
        y0 = int(min(r.rect.y for r in layout.rows) * s)
        x1 = int(max(r.rect.x1 for r in layout.rows) * s) + 1
        y1 = int(max(r.rect.y1 for r in layout.rows) * s) + 1
        margins = (np.s_[:y0, :], np.s_[y1:, :], np.s_[y0:y1, :x0], np.s_[y0:y1, x1:])
        keep = _blank_paper(layout, dpi)
        inside = np.zeros_like(keep)
        for m in margins:
            inside[m] = True
        _BLANK[key] = (keep & inside, margins)
    return _BLANK[key]


def _blank_paper(layout: Layout, dpi: float) -> np.ndarray:
    s = dpi / 25.4
    width, height = layout.page_px(dpi)
    keep = ~printed_pixels(layout, dpi)[:height, :width].copy()
    reach = MARK_SETTINGS.ring_out_mm

    def clear(r: Rect, by: float) -> None:
        x0, y0 = max(0, int((r.x - by) * s)), max(0, int((r.y - by) * s))
        keep[y0 : int((r.y1 + by) * s) + 1, x0 : int((r.x1 + by) * s) + 1] = False

    for box in layout.boxes():
        clear(box.rect, reach)
    for row in layout.rows:
        clear(row.rect, 0.0)
    for r in (layout.qr, *layout.header.values()):
        clear(r, 1.0)
    edge = round(MARK_SETTINGS.dust_border_mm * s)
    keep[:edge], keep[-edge:], keep[:, :edge], keep[:, -edge:] = False, False, False, False
    return keep


def measure_dust(page: np.ndarray, layout: Layout, dpi: float) -> PageDust:
    """The specks on the blank paper of a flattened page (``ocr.illumination.flatten``,
    warped to the form at ``dpi``): every piece of solid ink there (as a dot inside a box
    is measured, ``ocr.dots``) from ``dot_empty_below_mm2`` up to ``dust_max_mm2`` that
    is a blob, compact as a pen dot is (``ocr.dots.is_compact``: no side of its bounding
    box over twice the other, half of it ink). A larger piece is no speck (a hair, a
    stroke written off the boxes), and neither is a long or thin one: a hair or a paper
    fibre on the glass leaves pieces along its line as large as a pen dot, and counted
    as specks they made the page's dust look that large, so that a player's dot was
    read without it (rule ``dusty_page``). TRAINING's dust draws no hair (40 noisy
    pages, seed 13: one box reads otherwise, 60 rows to review either way); on TEST
    noisy (seed 13, read after the change) 14 players' dots of 0.6-1.5 mm^2 are read
    again, each on a page whose margins held two pieces that large, one of them long or
    thin. A speck across two
    margins' common edge counts as two pieces: a few pixels of one page in a thousand."""
    blank, margins = _blank(layout, dpi)
    h, w = min(page.shape[0], blank.shape[0]), min(page.shape[1], blank.shape[1])
    page, blank = page[:h, :w], blank[:h, :w]
    paper = paper_tone(page[::2, ::2])
    px2 = (dpi / 25.4) ** 2
    low, high = MARK_SETTINGS.dot_empty_below_mm2 * px2, MARK_SETTINGS.dust_max_mm2 * px2
    sizes: list[float] = []
    for m in margins:
        solid = ink_values(page[m], paper) >= MARK_SETTINGS.solid
        specks = (solid & blank[m]).astype(np.uint8)
        if not cv2.countNonZero(specks):
            continue
        _, _, stats = pieces(specks)
        areas = stats[1:, cv2.CC_STAT_AREA]
        blob = is_compact(stats[1:, cv2.CC_STAT_WIDTH], stats[1:, cv2.CC_STAT_HEIGHT], areas)
        sizes += (areas[(areas >= low) & (areas <= high) & blob] / px2).tolist()
    area = float(np.count_nonzero(blank))  # as blank.sum(), without adding 2 M booleans
    return PageDust(round(area / px2 / 100, 3), tuple(sorted(sizes)))


def specks_of(
    drawn: np.ndarray,
    dust: PageDust,
    s: float,
    t: MarkSettings = MARK_SETTINGS,
    lines: np.ndarray | None = None,
    candidates: SpeckCandidates | None = None,
) -> np.ndarray:
    """The pieces of ``drawn`` ink (a row's solid ink off the printed lines, ``s`` pixels a
    mm) that may be this page's dust (rules ``dusty_circles``, ``dusty_edges``): each no
    more than ``speck_most_mm`` across (a pen's stroke round a box runs on for
    millimetres; a speck or a clump of dust is a blob), with no other drawn ink within
    ``speck_alone_mm`` of it (a pale pen's stroke skips, and its pieces lie end to end),
    and of a size the page's blank paper holds alike (``PageDust.holds_alike``). With
    ``lines`` (the mask of the form's printed lines that ``drawn`` leaves out, a mask
    like it), a piece that runs into a line and goes on beyond it is no speck: a stroke
    passing under the line, cut by the mask (a circle over a box's edges is cut into
    short pieces between two close lines; rule ``dusty_circles``). A speck on one side
    of a line has nothing drawn in line with it on the other. A mask like ``drawn``;
    nothing on a page that is not dusty. ``candidates``: ``speck_candidates`` of the same
    ``drawn``, ``dust``, ``s`` and ``t``, made once for both kinds (with and without
    ``lines``)."""
    found = np.zeros_like(drawn, dtype=bool)
    if candidates is None:
        candidates = speck_candidates(drawn, dust, s, t)
    if candidates is None:
        return found
    labels, stats, alike = candidates
    if not alike.any():
        return found
    # The pieces' pixels found in their bounding boxes (specks are small), not by looking
    # up every pixel of the band.
    pixels = pixels_of(labels, stats, np.flatnonzero(alike))
    if lines is not None:
        # Only the pieces that would be specks are followed across the lines: their pixels
        # alone, not the whole band's ink (the same pieces kept, a tenth of the work).
        ys, xs = np.divmod(pixels, drawn.shape[1])
        across = _across_lines(drawn, lines, round(t.speck_across_mm * s), ys, xs)
        alike = alike.copy()
        alike[labels[ys[across], xs[across]]] = False
        pixels = pixels[alike[labels.ravel()[pixels]]]
    np.put(found, pixels, True)
    return found


class SpeckCandidates(NamedTuple):
    """The pieces of a row's drawn ink (``pieces``' labels and statistics) and, per label,
    whether it is a speck before the printed lines are looked at (``specks_of``)."""

    labels: np.ndarray
    stats: np.ndarray
    alike: np.ndarray


def speck_candidates(
    drawn: np.ndarray, dust: PageDust, s: float, t: MarkSettings = MARK_SETTINGS
) -> SpeckCandidates | None:
    """The pieces of ``drawn`` ink that are specks by their size and their distance from
    other ink (``specks_of`` without ``lines``); None where nothing can be a speck (a page
    that is not dusty, no ink)."""
    if not dust.dusty(t) or not drawn.any():
        return None
    ink = drawn.astype(np.uint8)
    count, labels, stats = pieces(ink)
    # Pieces a gap of ``speck_alone_mm`` or less parts are joined by a square kernel one
    # pixel wider than the gap; a piece alone in what it joins has no other near it.
    gap = max(1, round(t.speck_alone_mm * s))
    groups = labels_of(cv2.dilate(ink, np.ones((gap + 1, gap + 1), np.uint8)))
    # A pixel of each piece (any one: a piece is in one group).
    group = groups.ravel()[a_pixel_of_each(labels, stats)[1:]]
    alone = np.zeros(count, bool)
    alone[1:] = np.bincount(group)[group] == 1
    small = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    alike = alone & (small <= t.speck_most_mm * s)
    px2 = s * s
    holds: dict[int, bool] = {}  # a piece's area (px) -> like the page's dust (asked once)
    for k in np.flatnonzero(alike).tolist():
        area = int(stats[k, cv2.CC_STAT_AREA])
        if area not in holds:
            holds[area] = dust.holds_alike(area / px2, t)
        alike[k] = holds[area]
    return SpeckCandidates(labels, stats, alike)


#: The four ways looked along from a pixel (rows, columns: down, up, right, left), and the
#: way across each (a stroke crossing at a slant is a pixel aside).
_WAYS = np.array([(1, 0), (-1, 0), (0, 1), (0, -1)])
_ASIDE = np.abs(_WAYS[:, ::-1])


def _across_lines(
    drawn: np.ndarray, lines: np.ndarray, reach: int, ys: np.ndarray, xs: np.ndarray
) -> np.ndarray:
    """Per pixel (``ys``, ``xs``) of ``drawn`` ink, whether its stroke goes on across a
    printed line: next to the line (up, down, left or right of it), with drawn ink again
    within a pixel of the same straight line on the line's other side, no more than
    ``reach`` pixels on (``speck_across_mm``).

    The four ways' ``reach`` steps of every pixel are looked at in one array (ways x
    pixels x steps, by flat index): a step counts where every step before it lay on a line
    (a running AND along the steps) and it holds drawn ink or has some a pixel aside.
    Walked step by step, it was some 400 numpy calls on a row's 65 pixels (4 rows a noisy
    TEST page); the same booleans."""
    h, w = drawn.shape
    found = np.zeros(len(ys), bool)
    if reach < 2 or not len(ys):
        return found  # (the first step is on the line at most: nothing beyond it yet)
    steps = np.arange(1, reach + 1)
    ty = ys[None, :, None] + _WAYS[:, 0, None, None] * steps
    tx = xs[None, :, None] + _WAYS[:, 1, None, None] * steps
    inside = (ty >= 0) & (ty < h) & (tx >= 0) & (tx < w)
    cy, cx = np.clip(ty, 0, h - 1), np.clip(tx, 0, w - 1)
    # every step so far on a line: the way on to the next step is under the line
    under = np.logical_and.accumulate(inside & lines.ravel()[cy * w + cx], axis=2)
    if not under[:, :, 0].any():
        return found  # no pixel next to a line
    ink = drawn.ravel()
    ay, ax = _ASIDE[:, 0, None, None], _ASIDE[:, 1, None, None]
    aside = (np.maximum(cy - ay, 0) * w + np.maximum(cx - ax, 0),
             np.minimum(cy + ay, h - 1) * w + np.minimum(cx + ax, w - 1))  # fmt: skip
    beyond = inside & (ink[cy * w + cx] | ink[aside[0]] | ink[aside[1]])
    found |= (under[:, :, :-1] & beyond[:, :, 1:]).any(axis=(0, 2))
    return found
