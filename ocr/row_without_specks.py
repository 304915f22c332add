"""A row's boxes read again without the pieces of ink that may be the page's dust.

On a page ``ocr.page_dust`` finds dusty, the dust rules (ocr/dust_rules.py,
ocr/dot_specks.py) ask of a few boxes how they read on the row without its specks
(``ocr.page_dust.specks_of``): their fill, their dot, the strokes round them, the dots on
their printed edges. ``RowWithoutSpecks`` answers from the row's ink with the specks taken
out (``ocr.row_specks.RowSpecks``, made once a row) and that ink's boxes read as every box
is (``ocr.row_boxes.RowBoxes``), made once per settings object and kind (all specks, or
only those clear of the printed lines), so a rule asking for every box of a row pays for
the row once.

Apart from ``RowMarks`` (ocr/row_marks.py) because it is one question, asked only on a
dusty page, with its own ink and caches: the row's evidence never needs it.
"""

from __future__ import annotations

import copy

import numpy as np

from ocr.dot_specks import dot_among_specks
from ocr.edge_dots import dots_on_row_edges, dotted_boxes
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.marks import BOX_INSET_MM, MarkReading
from ocr.page_dust import PageDust
from ocr.row_boxes import RowBoxes
from ocr.row_ink import RowInk, mean_over
from ocr.row_specks import Despecked, RowSpecks

__all__ = ["RowWithoutSpecks"]


class RowWithoutSpecks:
    """The row ``row`` (its ink, with the page's ``dust``) without the page's specks; its
    boxes read as ``boxes`` reads them on the row's own ink (the same boxes holding their
    own mark, the same fills of the row's evidence)."""

    def __init__(self, row: RowInk, dust: PageDust, boxes: RowBoxes) -> None:
        self.row_ink, self.dust, self.boxes = row, dust, boxes
        self._specks: RowSpecks | None = None
        # (by the settings' identity: hashing their eighty fields cost more than a look-up)
        self._read: dict[tuple[int, bool], tuple[MarkSettings, RowInk, RowBoxes]] = {}

    def without_specks(
        self, i: int, fill: float, t: MarkSettings = MARK_SETTINGS, off_lines: bool = False
    ) -> MarkReading:
        """Box ``i`` read as every box is, with ``fill`` for its fill, on this row's ink
        without the pieces that may be the page's dust (``ocr.page_dust.specks_of``; rule
        ``dusty_circles``): the strokes round it, its dot and what the circle views see.
        ``off_lines``: only the pieces clear of the printed lines are taken out."""
        return self._despecked(t, off_lines)[1].decide(i, fill)

    def outline_without_specks(
        self, i: int, t: MarkSettings = MARK_SETTINGS, off_lines: bool = False
    ) -> float | None:
        """How well the row's drawn strokes without the page's specks follow the best
        ellipse round box ``i`` (``RowBoxes.outline_support``; rule ``dusty_circles``)."""
        return self._despecked(t, off_lines)[1].outline_support(self.row_ink.geometry.boxes[i][2])

    def edge_dots_without_specks(
        self, circled: np.ndarray, t: MarkSettings = MARK_SETTINGS
    ) -> np.ndarray:
        """``dots_on_edges`` on this row's ink without the pieces that may be the page's
        dust (rule ``dusty_edges``): per box, whether such a dot belongs to it
        (``ocr.edge_dots.dotted_boxes``)."""
        dots = dots_on_row_edges(self._despecked(t)[0], circled)
        return dotted_boxes(dots, len(circled), t)

    def fill_without_specks(self, i: int, t: MarkSettings = MARK_SETTINGS) -> float:
        """Box ``i``'s fill without the ink of the pieces that may be the page's dust
        (rule ``dusty_fills``)."""
        x0, y0, x1, y1 = self.row_ink.geometry.inner[i]
        return mean_over(self.ink_without_specks(t).sum, (int(x0), int(y0), int(x1), int(y1)))

    def dot_among_specks(self, i: int, t: MarkSettings = MARK_SETTINGS) -> float:
        """Box ``i``'s dot where only the page's specks lie beside it (rule
        ``dusty_dot_specks``, ``ocr.dot_specks.dot_among_specks``)."""
        row = self.row_ink
        box = row.geometry.boxes[i][2]
        inner = row.px(box.inset(BOX_INSET_MM))
        return dot_among_specks(
            row.solid, row.drawn, row.printed, inner, row.px(box), self.dust, row.s, t
        )

    def drawn_without_specks(self, t: MarkSettings) -> np.ndarray:
        """The row's drawn ink without the pieces that may be the page's dust."""
        return np.asarray(self.row_ink.drawn & ~self.ink_without_specks(t).specks)

    def ink_without_specks(self, t: MarkSettings, off_lines: bool = False) -> Despecked:
        """The row's specks and its ink without them (``ocr.row_specks.RowSpecks``)."""
        if self._specks is None:
            row = self.row_ink
            self._specks = RowSpecks(row.drawn, row.ink, row.sum, row.printed, self.dust, row.s)
        return self._specks.without(t, off_lines)

    def _despecked(self, t: MarkSettings, off_lines: bool = False) -> tuple[RowInk, RowBoxes]:
        """This row's ink with the pieces of drawn ink that may be the page's dust taken out
        of its solid ink (only those clear of the printed lines, ``off_lines``), and its
        boxes read on it: made once per row, settings and kind. The ink is the row's own
        but for its solid and drawn ink, ink values and their integral (the form's lines,
        the widths measured so far, the rectangles in pixels are shared)."""
        kept = self._read.get((id(t), off_lines))
        if kept is not None and kept[0] is t:
            return kept[1], kept[2]
        specks, ink, ink_sum = self.ink_without_specks(t, off_lines)
        row = copy.copy(self.row_ink)
        row.solid = self.row_ink.solid & ~specks
        row.drawn = self.row_ink.drawn & ~specks
        row.ink, row.sum = ink, ink_sum
        boxes = RowBoxes(row, self.boxes.own_marked, self.boxes.fills)
        self._read[(id(t), off_lines)] = (t, row, boxes)
        return row, boxes
