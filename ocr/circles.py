"""Is there a circle round a box, drawn by hand: looked for along rays from the box's centre.

``ring_cover`` (ocr/row_circles.py) reads a circle round a box from strips beside its
four sides, and asks every side to be covered: that is what keeps a neighbour's circle
or cross, which covers one side, from marking a box. Circles drawn by hand are not that
tidy. They are drawn off the box's centre, squashed so that they cut through a corner or
across the box, or run on over the printed edge; such a circle can cover a side only
outside the strips, and is not seen. Then its stroke through the next box, where it runs
wide, reads there as a mark by fill (issue 13: 7H read for a circled 6H, 4S for 4H).

``rays`` looks for such a circle more loosely: along 36 rays from the box's centre (and
from centres 0.8 mm off it, for a circle drawn off centre), from half-way to the printed
edge to 2-2.2 mm beyond it, any ink beyond what the form prints there covers the ray. It
gives the coverage of the least covered of four sectors (60 degrees round the middle of
each side) at the best of the centres, and the widest gap between covered rays. Both go
into the circle reading (``ocr.circle_reading.circled``, with the strips), and both are used to
doubt: a box whose thin fill may be the stroke of a circle round its neighbour is not a
certain mark (rule ``beside_circles``, ocr/mark_rules.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ocr.mark_geometry import EDGE, HAIRLINE, RING_OUT_MM, RING_SIDE_MM, kept_for
from ocr.mark_settings import MARK_SETTINGS

__all__ = [
    "ALL_ROUND",
    "PART_ROUND",
    "ROUND_GAP_DEG",
    "THICKER_PX",
    "Rays",
    "printed_across",
    "rays",
]

PART_ROUND = MARK_SETTINGS.part_round  # ocr/mark_settings.py

ALL_ROUND = MARK_SETTINGS.all_round  # ocr/mark_settings.py

ROUND_GAP_DEG = MARK_SETTINGS.round_gap_deg  # ocr/mark_settings.py

_STEP_DEG = 10
_ANGLES = np.deg2rad(np.arange(0, 360, _STEP_DEG))
"""Rays from a box's centre, every 10 degrees (0 = right, 90 = down, in image rows)."""
_SECTORS = tuple(
    np.flatnonzero(np.abs((np.rad2deg(_ANGLES) - middle + 180) % 360 - 180) <= 30)
    for middle in (0, 90, 180, 270)
)
_SECTOR_MATRIX = np.stack(
    [np.isin(np.arange(len(_ANGLES)), sector) for sector in _SECTORS], axis=1
).astype(np.float64)  # rays x sectors: 1 where the ray is in the sector
_SECTOR_RAYS = _SECTOR_MATRIX.sum(axis=0)
_BEFORE = np.roll(np.arange(len(_ANGLES)), 1)  # each ray's neighbour one step back ...
_AFTER = np.roll(np.arange(len(_ANGLES)), -1)  # ... and one step on, round the circle
_CENTRE_PLAY_MM = 0.8  # a circle drawn up to ~1 mm off the box's centre still goes round it
_FROM = 0.5  # rays start half-way from the centre to the printed edge
THICKER_PX = MARK_SETTINGS.thicker_px  # ocr/mark_settings.py


def printed_across(
    lines: np.ndarray, widths: tuple[float, float, float], axis: int | tuple[int, ...]
) -> np.ndarray:
    """How many solid pixels the form prints across lines of samples (summed over
    ``axis``): its box edges and its hairlines, each at the width it has on this row
    (``widths``: solid pixels across a printed edge, across a hairline, and the pixels
    the mask gives a line). Drawn ink is what a line of samples holds beyond this."""
    return _printed_px((lines == EDGE).sum(axis=axis), (lines == HAIRLINE).sum(axis=axis), widths)


def _printed_px(
    edges: np.ndarray, hairlines: np.ndarray, widths: tuple[float, float, float]
) -> np.ndarray:
    """``printed_across`` from the counts of samples on a printed edge and on a hairline."""
    border_px, hairline_px, mask_px = widths
    return edges * (border_px / mask_px) + hairlines * (hairline_px / mask_px)


_APART = 64
"""``rays`` counts a ray's samples on printed edges and on hairlines in one sum, a hairline
weighing this many edges: more samples than a ray has (about 25 round the form's boxes)."""
_WEIGHT = np.zeros(256, np.intp)
_WEIGHT[EDGE], _WEIGHT[HAIRLINE] = 1, _APART


@lru_cache(maxsize=32)
def _samples(half_w: float, half_h: float, px_per_mm: float) -> tuple[np.ndarray, ...]:
    """Sample offsets (px, from the box's centre) along every ray, a pixel apart, from
    half-way to the printed edge to the reach beyond it; ``valid`` marks each ray's own
    samples (rays differ in length; the arrays are padded)."""
    c, s = np.cos(_ANGLES), np.sin(_ANGLES)
    with np.errstate(divide="ignore"):
        edge = np.minimum(half_w / np.abs(c), half_h / np.abs(s))
    reach = (RING_SIDE_MM * np.abs(c) + RING_OUT_MM * np.abs(s)) / (np.abs(c) + np.abs(s))
    start, stop = _FROM * edge, edge + reach * px_per_mm
    n = int(np.ceil((stop - start).max())) + 1
    t = start[:, None] + np.arange(n)[None, :]
    return t * s[:, None], t * c[:, None], t <= stop[:, None]


@dataclass(frozen=True)
class Rays:
    """What the rays round a box see: ``sectors``, the coverage (0..1) of the least
    covered of the four sectors, at the best of nine centres; ``gap``, the widest run of
    uncovered rays in degrees (0 when every ray is covered, 360 when none is), at the
    centre where it is narrowest. A circle left open leaves one gap of up to 40 degrees;
    marks in the neighbouring boxes cover a side each and leave gaps of 50 degrees or more
    between them."""

    sectors: float
    gap: int


def rays(
    ink: np.ndarray,
    lines: np.ndarray,
    box: tuple[int, int, int, int],
    px_per_mm: float,
    widths: tuple[float, float, float],
) -> Rays:
    """What the rays round ``box`` (pixels x0, y0, x1, y1 of the printed box in the
    arrays) see.

    ``ink``: solid ink a circle may be made of (bool); ``lines``: the form's printed lines
    where they lie (``EDGE``, ``HAIRLINE``); ``widths``: how many solid pixels a printed
    edge and a hairline are across on this row, and how many the mask gives a line (the
    printed ink a ray crosses is taken off at those widths)."""
    x0, y0, x1, y1 = box
    if x1 <= x0 or y1 <= y0:
        return Rays(0.0, 360)
    sizes = ((x1 - x0) / 2, (y1 - y0) / 2, px_per_mm)
    _, _, valid = _samples(*sizes)
    h, w = ink.shape
    # The nine centres are three rows of three: the samples' rows are worked out for the
    # three rows of centres, their columns for the three columns, and the two added;
    # (centres, rays, samples)
    at = _sample_rows(*sizes, y0 + y1, h, w)[:, None] + _sample_columns(*sizes, x0 + x1, w)
    at = at.reshape(-1, *valid.shape)
    edges, hairlines = _printed_on_rays(lines, box, px_per_mm, at, valid)
    extra = (ink.ravel().take(at) & valid).sum(axis=2) - _printed_px(edges, hairlines, widths)
    hit = extra >= THICKER_PX  # (centres, rays)
    # A ray between two covered ones counts as covered (each ray's neighbours round the
    # circle, as np.roll by 1 and -1 would give them).
    bridged = hit | (hit[:, _BEFORE] & hit[:, _AFTER])
    cover = (bridged.astype(np.float64) @ _SECTOR_MATRIX) / _SECTOR_RAYS
    return Rays(float(cover.min(axis=1).max()), _widest_gap(bridged))


def _printed_on_rays(
    lines: np.ndarray,
    box: tuple[int, int, int, int],
    px_per_mm: float,
    at: np.ndarray,
    valid: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """How many of each ray's samples (``at``, flat indices into ``lines``; ``valid``, its
    own) lie on a printed edge and on a hairline, per centre and ray: counted once per box
    for a row's lines that never change (``ocr.mark_geometry.kept_for``), since a form's
    rows lie where its fit puts them and their boxes' printed samples are the same on
    every page (about a quarter of a call of ``rays``)."""

    def count() -> tuple[np.ndarray, np.ndarray]:
        printed = np.where(valid, lines.ravel().take(at), 0)
        if valid.shape[1] < _APART and lines.dtype == np.uint8:
            hairlines, edges = np.divmod(_WEIGHT.take(printed).sum(axis=2), _APART)
        else:
            edges, hairlines = (printed == EDGE).sum(axis=2), (printed == HAIRLINE).sum(axis=2)
        # As 16-bit counts (under a ray's samples): a fifth of the memory, the same floats
        # (an integer array times a Python float is float64 whatever its width).
        edges, hairlines = edges.astype(np.int16), hairlines.astype(np.int16)
        edges.flags.writeable = hairlines.flags.writeable = False
        return edges, hairlines

    return kept_for(lines, ("rays", box, px_per_mm), count)


def _widest_gap(covered: np.ndarray) -> int:
    """The widest run of uncovered rays round the circle, in degrees, at the centre where
    it is narrowest (``covered``: centres x rays, or one centre's rays)."""
    covered = np.atleast_2d(covered)
    n = covered.shape[1]
    twice = np.concatenate([covered, covered], axis=1)
    index = np.arange(2 * n)
    last = np.maximum.accumulate(np.where(twice, index, -1), axis=1)[:, n:]
    runs = np.where(last >= 0, index[n:] - last, n).max(axis=1)
    return int(runs.min()) * _STEP_DEG


@lru_cache(maxsize=256)
def _sample_rows(
    half_w: float, half_h: float, px_per_mm: float, twice_y: int, h: int, w: int
) -> np.ndarray:
    """The flat index of each ray sample's row (row times the band's width ``w``), kept
    within the band's ``h`` rows, round the three rows of centres of a box whose top and
    bottom add to ``twice_y`` (centres' rows x rays x samples): worked out once for a row
    of the form's boxes of one size, as the same numbers ``rays`` worked out box by box."""
    ys = _samples(half_w, half_h, px_per_mm)[0]
    offsets = _offsets(round(_CENTRE_PLAY_MM * px_per_mm))
    cy = np.rint(ys[None] + (twice_y / 2 + offsets[::3, 0])[:, None, None]).astype(np.intp)
    # np.minimum/np.maximum clip as np.clip does, for less
    rows: np.ndarray = np.minimum(np.maximum(cy, 0), h - 1) * w
    rows.flags.writeable = False
    return rows


@lru_cache(maxsize=256)
def _sample_columns(
    half_w: float, half_h: float, px_per_mm: float, twice_x: int, w: int
) -> np.ndarray:
    """Each ray sample's column, kept within the band's ``w`` columns, round the three
    columns of centres of a box whose sides add to ``twice_x`` (centres' columns x rays x
    samples): once for a column of the form's boxes of one size, every row alike."""
    xs = _samples(half_w, half_h, px_per_mm)[1]
    offsets = _offsets(round(_CENTRE_PLAY_MM * px_per_mm))
    cx = np.rint(xs[None] + (twice_x / 2 + offsets[:3, 1])[:, None, None]).astype(np.intp)
    cols: np.ndarray = np.minimum(np.maximum(cx, 0), w - 1)
    cols.flags.writeable = False
    return cols


@lru_cache(maxsize=8)
def _offsets(step: int) -> np.ndarray:
    """The nine centres a circle is looked for round: the box's and eight ``step`` off, row
    by row (``rays`` reads them as three rows of three)."""
    return np.array([(dy, dx) for dy in (0, -step, step) for dx in (0, -step, step)], float)
