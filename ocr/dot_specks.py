"""A pen dot with the page's specks beside it (issue 43, rule ``dusty_dot_specks``).

A dot counts as a pen dot only where it stands alone (``ocr.dots.stands_alone``: no other
drawn ink within ``dot_alone_mm``), since a piece of a stroke has the rest of the stroke
beside it (issue 13: a neighbour's circle skipping inside a box's edge read as a dot). On
a dusty page a speck or a clump often lands that close to a player's dot, and the dot is
then no dot at all: its box is read by its fill alone, 0.07-0.09 for a dot of 0.8-1 mm^2,
unsure. On 80 TRAINING noisy pages (seed 13, read against the same pages drawn without
their dust, ``benchmarks.dust_causes``) that sent 3 rows to a person: dots of 0.97, 0.86
and 0.77 mm^2 read unsure by their fill.

The specks cannot be taken out first (``ocr.page_dust.specks_of``): a speck within
``speck_alone_mm`` of the dot has the dot beside it, so it is no speck. Here the dot's
neighbours are looked at with the dot taken away: a compact blob (``ocr.dots.is_compact``)
whose only drawn ink within ``dot_alone_mm`` is pieces that, without the blob, are specks
of the page (each no more than ``speck_most_mm`` across, alone, of a size its blank paper
holds alike, not going on across a printed line) stands alone among the dust. A stroke
runs on for millimetres past a speck's size, so the rest of a circle beside a piece of it
is no speck, and that piece, long and thin, is not compact.
"""

from __future__ import annotations

import numpy as np

from ocr.dots import Alone, Px, dot_mm2, stands_alone
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, MarkState, mark_reading
from ocr.page_dust import PageDust, specks_of
from ocr.row_evidence import RowEvidence

__all__ = [
    "alone_among_specks",
    "dot_among_specks",
    "dusty_dot_specks",
    "speck_margin",
    "unsure_fill_on_dusty_page",
]

Readings = list[MarkReading]


def alone_among_specks(dust: PageDust, s: float, t: MarkSettings, printed: np.ndarray) -> Alone:
    """Whether a blob stands alone, or has beside it only pieces of drawn ink that are the
    page's specks once the blob is taken away (``s`` pixels a mm; ``printed``: the mask of
    the form's lines the drawn ink leaves out)."""

    margin = speck_margin(s, t)

    def alone(drawn: np.ndarray, blob: Px, reach: int) -> bool:
        if stands_alone(drawn, blob, reach):
            return True
        x0, y0, x1, y1 = blob
        # Only the ink near the blob is asked about, and whether a piece there is a speck
        # is settled within ``margin`` of it: the specks are looked for in that window.
        wy, wx = max(0, y0 - reach - margin), max(0, x0 - reach - margin)
        window = (slice(wy, y1 + reach + margin), slice(wx, x1 + reach + margin))
        rest = drawn[window].copy()
        rest[y0 - wy : y1 - wy, x0 - wx : x1 - wx] = False
        specks = specks_of(rest, dust, s, t, printed[window])
        ny, nx = max(0, y0 - reach) - wy, max(0, x0 - reach) - wx
        near = (slice(ny, y1 + reach - wy), slice(nx, x1 + reach - wx))
        return not bool((rest[near] & ~specks[near]).any())

    return alone


def speck_margin(s: float, t: MarkSettings) -> int:
    """How far (px, ``s`` a mm) round a piece of drawn ink ``specks_of`` looks to tell
    whether it is a speck: the piece's own extent (no more than ``speck_most_mm`` if it is
    one), the gap to another piece that makes it not alone (``speck_alone_mm``) and the
    way a stroke is followed across a printed line (``speck_across_mm``), a few pixels
    over for the kernels' rounding. A piece cut by a window this much larger than the
    part asked about is wider than a speck inside the window as it is outside, so the
    specks found in the window are the band's own."""
    most = int(np.ceil(t.speck_most_mm * s))
    gap = max(1, round(t.speck_alone_mm * s))
    return most + gap + round(t.speck_across_mm * s) + 4


def dot_among_specks(
    solid: np.ndarray,
    drawn: np.ndarray,
    printed: np.ndarray,
    inner: Px,
    box: Px,
    dust: PageDust,
    s: float,
    t: MarkSettings,
) -> float:
    """The dot in a box (mm^2, as ``ocr.dots.dot_mm2`` measures it) where only the page's
    specks lie beside it, a compact blob inside the box's inset too; 0 on a page that is
    not dusty."""
    if not dust.dusty(t):
        return 0.0
    alone = alone_among_specks(dust, s, t, printed)
    return dot_mm2(solid, drawn, inner, box, s, alone=alone, compact=True)


def _marked_besides(read: Readings, i: int) -> bool:
    """Does a box of the row other than ``i`` read marked?"""
    return any(r.state is MarkState.MARKED for j, r in enumerate(read) if j != i)


def _unsure_by_fill(r: MarkReading) -> bool:
    return r.state is MarkState.UNSURE and r.how == "fill"


def unsure_fill_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: a box read unsure by its fill, on a dusty
    page?"""
    return ev.any_ink and ev.dust.dusty() and any(_unsure_by_fill(r) for r in read)


def dusty_dot_specks(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A box read unsure by its fill, on a dusty page, whose dot stands alone but for the
    page's specks beside it (``dot_among_specks``), is read with that dot: a player's dot
    with a speck by it (see the module docstring for the TRAINING rows). It runs before
    ``dusty_page``, which then reads such a dot against the page's own clumps as it reads
    every dot: where the page's blank paper holds clumps nearly as large, the box is read
    without it again.

    The wrong row it could let through needs two faults at once: a compact blob of a pen
    dot's size that is not the player's (larger than the dust of the page's margins, or
    ``dusty_page`` reads it away) in a box of a field whose own mark the reader missed (a
    second mark in the field sends the row to a person); and a written score that fits
    the box it lies in, or the row goes to a person all the same.

    Only in a row that holds a box read marked besides: alone on a row with no other mark
    such a blob is a speck of the paper with the paper's specks by it (as rule
    ``edge_dots`` holds, ``ocr.mark_rules._holds_mark``), and a pass-out, the one reading
    of a lone box, has no score to check it. TRAINING noisy seed 56264, ``page_0006.jpg``
    row 12: a clump of 0.66 mm^2 with two specks by it in the PASS box of a row nobody
    played, read marked so, was accepted as a pass-out."""
    out = list(read)
    for i, r in enumerate(read):
        if not _unsure_by_fill(r) or not ev.dust.dusty(t) or not _marked_besides(read, i):
            continue
        dot = ev.views.dot_among_specks(i, t)
        if dot <= r.dot_mm2:
            continue
        again = mark_reading(r.option, r.fill, r.ring, dot)
        if again.state is MarkState.MARKED:
            out[i] = again
    return out
