"""Rule ``off_circles`` (its order: ocr/mark_rules.py): a circled neighbour's stroke in a
box is the circle's.

A circle drawn round a box often runs through the next box, and a box it crosses with
enough of its stroke reads as marked by a thin fill. The rule asks, of such a box beside a
box read circled, whether its ink is the circle's stroke: along the ellipse fitted round
the circled box, along it as a hand draws (a millimetre off), or along the stroke itself,
followed round the circled box through the printed lines it crosses
(ocr/circle_strokes.py). A mark of the box's own (a pen dot, a tick, a cross) keeps it
marked. The other rules for a neighbour's stroke in a box: ocr/spill_rules.py.
"""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, MarkState, mark_reading
from ocr.outline import ink_along
from ocr.page_dust import specks_of
from ocr.row_evidence import RowEvidence
from ocr.spill_rules import stroke_length, thin_fill_marks

__all__ = ["off_circles"]


def off_circles(ev: RowEvidence, read: list[MarkReading], t: MarkSettings) -> list[MarkReading]:
    """A circle drawn round a box often runs through its neighbour, and a neighbour it
    crosses with enough of its stroke reads as marked by a thin fill. Where a box read
    so lies beside a box read circled, and its ink lies along the ellipse that circle
    follows (``Outlines.ellipse``: 90% of it within 0.5 mm), the ink is the circle's:
    the box is read without it. A mark of the box's own (a cross, a tick, a dot) lies
    across the ellipse, not along it, and keeps the box marked. A hand-drawn circle is
    no ellipse: where it runs wide through the next box its stroke may lie a millimetre
    off the ellipse fitted all round, so the share is asked again within
    ``hand_ellipse_mm`` where no pen dot lies in the box (``_no_dot_in``: a dot against
    the arc is a mark of the box's own). TRAINING ordinary seed 13, ``page_0035.jpg`` row
    10: a felt circle round level 2 through the 3, 0.73 of the 3's ink within 0.5 mm of
    the ellipse and all of it within 1 mm, left 3 marked beside the circled 2. On a
    dusty page the share is asked again of the box's ink without the page's specks:
    TRAINING's dirty glass seed 13, ``page_0004.jpg`` row 8, a circle round S drawn wide
    through H, 0.78 of H's ink on the ellipse and the rest specks, left H marked beside
    the circled S. Where no ellipse
    explains the ink, the circle's own stroke is followed round its box
    (ocr/circle_strokes.py, ``_runs_through``): TRAINING dirty glass seed 13,
    ``page_0017.jpg`` row 8, the circle round level 3 joined to the foot of the row
    above's circle in level 2 (round106)."""
    g = ev.geometry
    out = list(read)
    for i, r in thin_fill_marks(read, t):
        for j, _ in g.neighbours[i]:
            if read[j].how != "circle" or read[j].state is not MarkState.MARKED:
                continue
            off = _off_the_circle(ev, i, j, t)
            if off is not None:
                out[i] = mark_reading(r.option, off, r.ring, r.dot_mm2)
                break
    return out


def _off_the_circle(ev: RowEvidence, i: int, j: int, t: MarkSettings) -> float | None:
    """Box ``i``'s fill without the stroke of the circle round box ``j``, where its ink
    (or, on a dusty page, its ink without the page's specks) is that stroke's: along the
    circle's ellipse (``on_ellipse_mm``); where the box holds no pen dot, along it as a
    hand draws (``hand_ellipse_mm``) or along the circle's own stroke followed round the
    box (``_runs_through``). None where it is not."""
    g, v = ev.geometry, ev.views
    curve = v.outline_ellipse(g.boxes[j][2])
    if curve is None:
        return None
    x0, y0, x1, y1 = (int(c) for c in g.inner[i])
    inks = [v.ink[y0:y1, x0:x1]]
    if ev.dust.dusty():  # the circle's stroke among the page's specks
        inks.append(v.ink_without_specks(t)[y0:y1, x0:x1])
    box_curve = curve - (x0, y0)

    def first(off: Callable[[np.ndarray], float | None]) -> float | None:
        return next((o for k in inks if (o := off(k)) is not None), None)

    found = first(lambda k: _off_the_ellipse(k, box_curve, v.s, t))
    if found is not None or not _no_dot_in(v.drawn, g.inner[i], v.s, t):
        return found
    found = first(lambda k: _off_the_ellipse(k, box_curve, v.s, t, t.hand_ellipse_mm))
    if found is not None or not _runs_through(ev, i, j, t):
        return found
    near = _near(v.strokes_round(g.boxes[j][2], t)[y0:y1, x0:x1], t.on_ellipse_mm * v.s)
    found = first(lambda k: _off_the_stroke(k, near, t))
    if found is not None or not ev.dust.dusty():
        return found
    return _off_the_stroke(_without_specks_beside(ev, i, j, t), near, t)


def _without_specks_beside(ev: RowEvidence, i: int, j: int, t: MarkSettings) -> np.ndarray:
    """Box ``i``'s ink values without the page's specks that lie beside the stroke of the
    circle round box ``j``: a speck within ``speck_alone_mm`` of other ink is none to
    ``specks_of`` (a pale pen's stroke skips, its pieces end to end), and dust settles by a
    circle's stroke as anywhere. With the stroke set aside, the pieces that stand alone and
    are of a size the page's blank paper holds alike are its dust (TRAINING dirty glass seed
    31415, ``page_0044.jpg`` row 2: the circle round '=' through '+', specks of 0.12 and
    0.23 mm^2 beside its arc)."""
    g, v = ev.geometry, ev.views
    x0, y0, x1, y1 = (int(c) for c in g.inner[i])
    h, w = v.drawn.shape
    pad = round((t.speck_alone_mm + t.speck_most_mm) * v.s)
    wx0, wy0, wx1, wy1 = max(0, x0 - pad), max(0, y0 - pad), min(w, x1 + pad), min(h, y1 + pad)
    stroke = _near(v.strokes_round(g.boxes[j][2], t)[wy0:wy1, wx0:wx1], t.on_ellipse_mm * v.s)
    specks = specks_of(v.drawn[wy0:wy1, wx0:wx1] & ~stroke, ev.dust, v.s, t)
    ink = v.ink[wy0:wy1, wx0:wx1].copy()
    ink[_near(specks, 1.0)] = 0.0  # the specks' soft edges go with them
    return ink[y0 - wy0 : y1 - wy0, x0 - wx0 : x1 - wx0]


def _off_the_ellipse(
    ink: np.ndarray, curve: np.ndarray, s: float, t: MarkSettings, reach_mm: float | None = None
) -> float | None:
    """The fill of a box's ``ink`` off a neighbour's circle whose ellipse is ``curve`` (in
    the box's pixels), where ``on_ellipse_share`` of its ink lies along it (within
    ``reach_mm``, by default ``on_ellipse_mm``); else None."""
    along = ink_along(ink, curve, round((t.on_ellipse_mm if reach_mm is None else reach_mm) * s))
    return _fill_off(ink, along, t)


def _runs_through(ev: RowEvidence, i: int, j: int, t: MarkSettings) -> bool:
    """Does the stroke of a circle round box ``j`` (``strokes_round``) run through box
    ``i``: some of it inside ``i``, and none of it a stroke that runs round ``i`` too,
    where it is one stroke no longer than ``i``'s side (``arc_sides``), or, in ``j``'s own
    field, keeps to ``i``'s edges (``run_through_depth``)? A tick, a slash or a cross
    against the circle is joined to it, and is longer; it crosses the box's middle. A
    circle drawn wide runs along two sides of the next box, as long as a tick (TRAINING
    pdf150 seed 13, ``page_0005.pdf`` row 5: the circle round '=' through '+', 1.37 of the
    side long, 0.11 of it deep); in another field a box's own mark is expected, and such
    a run stays the box's (a tick in declarer S against the circle round NS lies 0.22 of
    the side deep: TRAINING clean seed 13, ``page_0025.png`` row 1). Two circles that
    touch are one stroke, and box ``i``'s own circle, drawn off centre and read as a thin
    fill, runs round it (fresh TRAINING fine-dots dirty glass seed 90417,
    ``page_0026.png`` row 5: the circle round declarer W touching the circle round EW
    below it; W read without it, the declarer went to a person)."""
    g, v = ev.geometry, ev.views
    x0, y0, x1, y1 = (int(c) for c in g.inner[i])
    part = v.strokes_round(g.boxes[j][2], t)[y0:y1, x0:x1]
    if not part.any():
        return False
    side = min(x1 - x0, y1 - y0)
    if stroke_length(part) > t.arc_sides * side and not (
        g.boxes[i][0] == g.boxes[j][0] and _edge_depth(part) <= t.run_through_depth * side
    ):
        return False
    return not (part & v.strokes_round(g.boxes[i][2], t)[y0:y1, x0:x1]).any()


def _edge_depth(part: np.ndarray) -> int:
    """How far (pixels) the ink of ``part`` (a box's inside) lies from the box's nearest
    edge, at most."""
    ys, xs = np.nonzero(part)
    h, w = part.shape
    return int(np.minimum.reduce([xs, w - 1 - xs, ys, h - 1 - ys]).max())


def _near(mask: np.ndarray, reach_px: float) -> np.ndarray:
    """The pixels within ``reach_px`` of ``mask`` (a square's reach: the stroke's soft edge)."""
    k = 2 * round(reach_px) + 1
    return cv2.dilate(mask.astype(np.uint8), np.ones((k, k), np.uint8)).view(bool)


def _off_the_stroke(ink: np.ndarray, near: np.ndarray, t: MarkSettings) -> float | None:
    """The fill of a box's ``ink`` off a neighbour's circle whose stroke runs within the
    box's pixels ``near``, where ``on_ellipse_share`` of its ink lies there; else None."""
    return _fill_off(ink, float(ink[near].sum()), t)


def _fill_off(ink: np.ndarray, along: float, t: MarkSettings) -> float | None:
    """The fill of a box's ``ink`` without the ``along`` of it that lies along a
    neighbour's circle, where that is ``on_ellipse_share`` of it; else None."""
    total = float(ink.sum())
    if along >= t.on_ellipse_share * total > 0.0:
        return (total - along) / max(1, ink.size)
    return None


def _no_dot_in(
    drawn: np.ndarray, inner: tuple[float, float, float, float], s: float, t: MarkSettings
) -> bool:
    """Does the drawn ink in a box (``inner``, the band's pixels) hold no disc of solid ink
    thicker than a circle's stroke (``arc_core_mm`` in radius)? A player's pen dot against
    a circle's arc is such a disc, and keeps its box marked however near the ellipse it
    lies (``hand_ellipse_mm``)."""
    x0, y0, x1, y1 = (int(c) for c in inner)
    box = drawn[y0:y1, x0:x1].astype(np.uint8)
    depth = cv2.distanceTransform(np.pad(box, 1), cv2.DIST_L2, 3)
    return float(depth.max(initial=0.0)) <= t.arc_core_mm * s
