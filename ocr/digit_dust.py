"""A handwritten digit box on a dusty page, read without the page's specks (issue 43).

The digit model (ocr/digits.py) reads a box's ink against the box's own darkest pixels
(``ink_map``: the darkest 0.5% are full ink). A speck or a clump of dust in the box is as
dark as a pen, often darker, so in a box written with a paler pen it becomes the box's
ink and the digit's strokes fall under half of it: a written digit reads blank, or as
another digit with the speck in it; in an empty box a clump or two read as a stroke. The
model never saw dust in training.

A speck is told from a stroke as the mark rules tell it round a box (ocr/page_dust.py,
``specks_of``): a piece of ink no more than ``speck_most_mm`` across, with no other ink
within ``speck_alone_mm`` of it, of a size the page's blank margins hold alike. Here a
piece is all the ink joined to it from the ramp's start up (20% darker than the paper),
not its solid ink alone: a thin or pale pen's digit is solid only in bits along its
strokes, and those bits, each alone among solid pixels, were taken for specks (on 80
TRAINING noisy pages, seed 13, that read 24 written score digits right before and wrong
after, against 17 the other way; joined by their fainter ink, 0 and 13). A digit's
strokes run on for millimetres and keep their ink. Such pieces' solid pixels (and the
pixel round them where their ink fades) are painted the box's paper before the model sees
the box.

What is left of a clump is the darkest ink in the box: joined to a stroke by its faint
halo, or a few grains too close together to be specks one by one. The model reads a box's
ink against its own darkest 0.5%, so the clump sets that scale and a paler pen's digit falls
toward half ink: it reads as another digit, or blank. So a box that still reads written
has every pixel darker than its own darkest ``digit_darkest_share`` (3%) lifted to that
grey: the digit's stroke, hundreds of pixels, is the box's darkest ink again, and a clump
of a few dozen pixels no darker than it. On a page that is not dusty nothing changes.

A paler pen's digit with such a clump on it reads blank, not as another digit: against
the clump's ink its strokes are all under half ink (a 3 of grey 170 under a clump of grey
31, TEST noisy page_0042 row 2, whose 300 was read as a lone 0 under its NS mark). So a
box that reads blank is lifted too, and taken lifted only where the lifted box still
makes a digit, whole and without the pixels the lift touched
(``ocr.digit_cells.written_whole_and_without``, one ink mask for both: the strokes
themselves, not the clump turned into a stroke) and no line crosses the box before the
lift (``crossed_by_a_line``: a printed edge leaking into the crop sets its scale, not
dust). Otherwise it is left blank: lifted as it is, an empty box's clump, a smear of
faint grey or the edge's own shading reads as a stroke. On the 80 TRAINING noisy pages
(seed 13, the reader's crops read by the shipped model; 2,723 written score digits, 2,077
empty score boxes and 4,697 empty pair boxes): 4 written score digits that read blank
read right, none another digit, no empty box reads written; lifted with neither test, 18
empty pair boxes read as digits (17 kept blank by the first test, 1, a box edge, by the
second).

The lift turns a clump into a stroke of the pen's grey, so a box it takes may read as
another digit: a pale 1 (grey 170, its edges 180) with a clump of grey 20 (its halo 180)
at 4,742 places and sizes in the box reads blank as cut at every one; lifted, 1 at
3,650 and another digit at 1,092 (286 of them at 0.5 or more: 172 a 4, 54 a 5). The wrong
row this could let through needs two faults at once: such a digit, and marks read as a
result whose Law 77 score is the number it makes (2S= written 110, its second 1 read as
4, is accepted as 3S= only with the level 2 mark read empty and ink in level 3 read
unsure). With the marks read right, the score disagrees with them and the row goes to a
person, as it did with the box blank.
"""

from __future__ import annotations

from bisect import bisect_right

import cv2
import numpy as np

from ocr.components import pieces
from ocr.digit_cells import crossed_by_a_line, is_blank, written_whole_and_without
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.marks import ink_values, ramp_bounds
from ocr.page_dust import PageDust, specks_of

__all__ = ["cell_without_specks", "darkest_lifted", "may_hold_a_speck"]

_HALO = np.ones((3, 3), np.uint8)


def cell_without_specks(
    cell: np.ndarray, dust: PageDust, s: float, t: MarkSettings = MARK_SETTINGS
) -> np.ndarray:
    """A digit box's grey crop (``s`` pixels a mm) with the pieces of solid ink that may be
    the page's ``dust`` painted the box's paper and, where it still reads written, its
    darkest tones lifted (``darkest_lifted``); the crop itself where the page is not dusty
    or the box holds no solid ink. The box's paper (``ocr.marks.paper_tone``) and its
    darkest 3% are read off one histogram of its grey levels, and ``specks_of`` is asked
    only where a piece of its ink could be a speck (``may_hold_a_speck``): on 12 TEST
    noisy pages, 360 of the 753 boxes with solid ink hold none."""
    if cell.size == 0 or not dust.dusty(t):
        return cell
    low, high = ramp_bounds()
    darkest, brightest = cv2.minMaxLoc(cell)[:2]
    if darkest > (1.0 - (low + t.solid * (high - low))) * brightest:
        return cell  # no pixel as dark as solid ink against any paper it may have: empty
    ranks = _ranks(cell)
    paper = max(_grey_at(ranks, 0.90), 1.0)  # ocr.marks.paper_tone(cell), the same float
    ink = ink_values(cell, paper)
    drawn, solid = ink > 0.0, ink >= t.solid
    out = cell
    if may_hold_a_speck(drawn, solid, s, t):
        specks = specks_of(drawn, dust, s, t) & solid
        if specks.any():
            out = cell.copy()
            out[cv2.dilate(specks.astype(np.uint8), _HALO) > 0] = np.uint8(min(255.0, paper))
            ranks = _ranks(out)
    return _lifted(out, ranks, t)


def may_hold_a_speck(
    drawn: np.ndarray, solid: np.ndarray, s: float, t: MarkSettings = MARK_SETTINGS
) -> bool:
    """False where no piece of ``drawn`` ink (8-connected, as ``specks_of`` cuts it) both
    holds ``solid`` ink and is ``speck_most_mm`` across or less: then no speck of it is
    solid, and ``specks_of(drawn, ...) & solid`` is empty (a digit's strokes run on for
    millimetres). Two cheap looks at the box's pieces instead of ``specks_of``'s grouping
    of them."""
    count, labels, stats = pieces(drawn.view(np.uint8))
    small = np.maximum(stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT])
    small = small <= t.speck_most_mm * s
    small[0] = False  # the background
    if not small.any():
        return False
    return bool(small[labels[solid]].any())


def darkest_lifted(cell: np.ndarray, t: MarkSettings = MARK_SETTINGS) -> np.ndarray:
    """A dusty page's grey digit box with every pixel darker than its own darkest
    ``t.digit_darkest_share`` lifted to that grey: a clump darker than the pen then no
    longer sets the box's ink scale. A box that reads blank is lifted only where its
    strokes make a digit without the lifted pixels and no line crosses it (the module's
    docstring): otherwise lifting its darkest tones would scale its faint grains, or a
    printed edge's shading, up to strokes, and it is given back as it is. So is an empty
    crop (a box cut off at the page's edge)."""
    if cell.size == 0:
        return cell
    return _lifted(cell, _ranks(cell), t)


def _lifted(cell: np.ndarray, ranks: list[int], t: MarkSettings) -> np.ndarray:
    """``darkest_lifted`` of a crop whose ``_ranks`` are ``ranks``."""
    grey = np.uint8(_grey_at(ranks, t.digit_darkest_share))
    lifted: np.ndarray = np.maximum(cell, grey)
    if not is_blank(cell):
        return lifted
    if not written_whole_and_without(lifted, cell <= grey) or crossed_by_a_line(cell):
        return cell
    return lifted


def _ranks(cell: np.ndarray) -> list[int]:
    """How many pixels of a grey uint8 crop are of each level or darker (256 counts)."""
    ranks: list[int] = np.add.accumulate(np.bincount(cell.ravel(), minlength=256)).tolist()
    return ranks


def _grey_at(ranks: list[int], q: float) -> float:
    """``ocr.digit_cells.quantile(cell, q)`` of the crop whose ``_ranks`` are ``ranks``:
    the grey level at its nearest rank, the same float as its partial sort gives."""
    n = ranks[-1]
    k = min(n - 1, max(0, int(q * (n - 1))))
    return float(bisect_right(ranks, k))
