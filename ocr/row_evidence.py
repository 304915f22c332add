"""What one row's mark boxes show, measured once: the value the mark rules decide on.

``RowMarks`` (ocr/row_marks.py) measures a row and hands the rules (ocr/mark_rules.py) a
``RowEvidence``: per box its own reading (fill, circle, dot: ``ocr.marks.mark_reading``),
how many of its sides have drawn ink beside them, and which boxes the ellipse round them
left in doubt. Those are measured for every box of every row. The page's dust (the
specks on its blank paper, ``ocr.page_dust``) is measured once per page and given to
every row's evidence.

Some views cost too much to measure for every box and are needed for a few: the rays and
the ellipse round a box (ocr/circles.py, ocr/outline.py), whether a stroke comes in from
a neighbour, a box read again with less ink. The rules ask them through ``views``
(``RowViews``); each is measured at most once per row and box and kept, so a rule sees
the same answer whenever it asks. One answer grows as rules ask: ``views.only_just``
names the boxes the strips read circled only just, and a box read again with less ink
(rule ``without_spill``) may join them (rule ``strips_checked`` then looks at it too).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from ocr.circles import Rays
from ocr.edge_dots import EdgeDot
from ocr.layout import Rect
from ocr.mark_geometry import RowGeometry
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, MarkState
from ocr.outline import CENTRE_PLAY_MM
from ocr.page_dust import NO_DUST, PageDust

__all__ = ["RowEvidence", "RowViews", "Px"]

Px = tuple[int, int, int, int]  # x0, y0, x1, y1 in the row band's pixels


class RowViews(Protocol):
    """The views of a row measured on demand (``RowMarks`` gives them)."""

    s: float  # pixels per mm
    ink: np.ndarray  # soft ink value of every pixel of the row's band
    drawn: np.ndarray  # solid ink off the form's printed lines

    def mean_ink(self, px: Px) -> float:
        """The fill of the pixels ``px``."""
        ...

    def px(self, r: Rect) -> Px:
        """Rectangle ``r`` (mm on the form) in the band's pixels."""
        ...

    def crossed(self, a: Rect, b: Rect) -> bool:
        """Does drawn ink come into box ``a`` from outside it near its side facing ``b``?"""
        ...

    def rays_round(self, r: Rect) -> Rays:
        """What rays round box ``r`` see (ocr/circles.py)."""
        ...

    def outline_support(self, r: Rect, play_mm: float = CENTRE_PLAY_MM) -> float | None:
        """How well drawn strokes follow the best ellipse round box ``r``, its centre up to
        ``play_mm`` off the box's (ocr/outline.py)."""
        ...

    def outline_ellipse(self, r: Rect) -> np.ndarray | None:
        """The points of that ellipse, in the band's pixels."""
        ...

    def decide(self, i: int, fill: float) -> MarkReading:
        """Box ``i`` read as ``RowMarks`` reads every box, with ``fill`` for its fill."""
        ...

    def dot_among_specks(self, i: int, t: MarkSettings) -> float:
        """Box ``i``'s dot where only the page's specks lie beside it (ocr/dot_specks.py)."""
        ...

    def without_specks(
        self, i: int, fill: float, t: MarkSettings, off_lines: bool = False
    ) -> MarkReading:
        """Box ``i`` read so, on the row's ink without the pieces that may be the page's
        dust (ocr/page_dust.py, ``specks_of``; ``off_lines``: those clear of the printed
        lines only)."""
        ...

    def outline_without_specks(
        self, i: int, t: MarkSettings, off_lines: bool = False
    ) -> float | None:
        """How well the strokes without the page's specks follow the best ellipse round
        box ``i`` (ocr/outline.py)."""
        ...

    def fill_without_specks(self, i: int, t: MarkSettings) -> float:
        """Box ``i``'s fill without the ink of the pieces that may be the page's dust."""
        ...

    def edge_dots_without_specks(self, circled: np.ndarray, t: MarkSettings) -> np.ndarray:
        """``dots_on_edges`` so, without the pieces that may be the page's dust."""
        ...

    def ink_without_specks(self, t: MarkSettings) -> np.ndarray:
        """The row's ink values (as ``ink``) without the pieces that may be the page's dust."""
        ...

    def ink_by_rivals(self, t: MarkSettings, on_lines: bool = True) -> np.ndarray:
        """The drawn ink a player's mark read empty would leave by its box, on a dusty
        page: ``drawn`` without the page's specks, with the blobs on printed lines as
        large as a pen dot's part on them (not without ``on_lines``) and the solid ink as
        thick as a pen dot's core (rule ``clean_rivals``)."""
        ...

    def strokes_round(self, r: Rect, t: MarkSettings) -> np.ndarray:
        """The strokes of drawn ink, joined through the printed lines, that run round box
        ``r`` (rule ``off_circles``, ``ocr.circle_strokes.strokes_round``), as a mask like
        ``drawn``."""
        ...

    def own_strokes(self, owners: frozenset[int], t: MarkSettings) -> np.ndarray:
        """The strokes of the marks in the boxes ``owners`` that run out of their box
        into the gap by another (rule ``clean_rivals``, ``ocr.rival_ink.own_strokes``), as
        a mask like ``ink_by_rivals``."""
        ...

    def only_just(self, r: Rect) -> bool:
        """Did the strips read box ``r`` circled for certain but only just, in any
        decision on it so far?"""
        ...

    def strips_alone(self, r: Rect) -> bool:
        """Did the strips read alone, and only they, circle box ``r``, no other box of
        its field holding a fill, in any decision on it so far?"""
        ...

    def dots_on_edges(
        self, circled: np.ndarray, t: MarkSettings | None = None
    ) -> tuple[EdgeDot, ...]:
        """The pen dots on the printed edges near the row's boxes (ocr/edge_dots.py); with
        ``t``, on a dusty page, a dot with only the page's specks beside it among them."""
        ...

    def dots_on_edges_without(self, i: int, circled: np.ndarray) -> tuple[EdgeDot, ...]:
        """The dots on the printed edges looked for on the row's ink read for the pen the
        row shows without box ``i``'s ink, where that pen is paler (rule
        ``dust_dot_alone``); none where it is not."""
        ...

    def ink_by_edges(self) -> np.ndarray:
        """Per box, the largest piece of drawn ink (mm^2) outside every box that touches
        its printed edge within ``DOT_ALONE_MM`` (rule ``dust_dot_alone``)."""
        ...

    def fill_in_shade(
        self,
        i: int,
        reach_mm: float,
        band_mm: float,
        margin: float,
        darkest: float,
        keeps: MarkState | None = None,
        above: float | None = None,
    ) -> float:
        """Box ``i``'s fill against the paper in line with its pixels beside it
        (ocr/shading.py): a fold's shaded band read as paper. With ``keeps``, the plain
        fill where that shows the box keeps that class in the shade; with ``above``, where
        it shows the fill in shade cannot fall to ``above``."""
        ...


@dataclass(frozen=True)
class RowEvidence:
    """One row's mark boxes as measured (see the module docstring); per-box tuples follow
    ``geometry.boxes``."""

    geometry: RowGeometry
    any_ink: bool  # any drawn ink on the row at all (else no rule has anything to look at)
    first: tuple[MarkReading, ...]  # each box by its own fill, circle and dot
    sides_inked: tuple[int, ...]  # sides of the box with drawn ink beside them (0-4)
    around: tuple[bool, ...]  # ... two or more: a circle was looked for round it
    no_ellipse: Mapping[Rect, float]  # boxes the ellipse cleared of a circle: their ring
    views: RowViews
    dust: PageDust = NO_DUST  # the specks on the page's blank paper (ocr/page_dust.py)

    def field_others(self, i: int, read: list[MarkReading]) -> list[MarkReading]:
        """The readings of the other boxes of box ``i``'s field (a field holds one mark)."""
        field = self.geometry.boxes[i][0]
        return [read[j] for j, (f, _, _) in enumerate(self.geometry.boxes) if f == field and j != i]
