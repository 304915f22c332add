"""The ink a player's mark read empty would leave by its box, on one row of a dusty page.

Rules ``clean_rivals`` (ocr/clean_rivals.py) and ``empty_field_dot`` (ocr/empty_fields.py)
ask whether a field's other boxes hold ink a player's mark leaves: the row's drawn ink
without the page's specks, the blobs on its printed lines, its thick solid ink
(``ocr.rival_ink``, where the choice of that ink is told). ``RowRivals`` makes them on the
row's ink (``ocr.row_ink.RowInk``) and its ink without the specks
(``ocr.row_without_specks.RowWithoutSpecks``), once a row and settings object.

Apart from ``RowMarks`` (ocr/row_marks.py) because it is one question of two rules, asked
only on a dusty page; the row's evidence never needs it.
"""

from __future__ import annotations

import numpy as np

from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.rival_ink import own_strokes, rival_ink, thicker_than
from ocr.row_ink import RowInk
from ocr.row_without_specks import RowWithoutSpecks

__all__ = ["RowRivals"]


class RowRivals:
    """The rival ink of the row ``row``, its specks taken out by ``specks``."""

    def __init__(self, row: RowInk, specks: RowWithoutSpecks) -> None:
        self.row_ink, self.specks = row, specks
        self._rival_ink: tuple[MarkSettings, np.ndarray] | None = None  # clean_rivals' ink
        self._thick_ink: tuple[MarkSettings, np.ndarray] | None = None  # the thick solid ink
        self._strokes: dict[tuple[frozenset[int], float, float], np.ndarray] = {}  # marks' strokes

    def ink_by_rivals(self, t: MarkSettings = MARK_SETTINGS, on_lines: bool = True) -> np.ndarray:
        """The ink a player's mark read empty would leave by its box, on a dusty page
        (rule ``clean_rivals``, ``ocr.rival_ink.rival_ink``). Made once a row. Without
        ``on_lines``, the blobs on printed lines are let go: the drawn ink without the
        page's specks and the thick solid ink only (made on each call: asked for a few
        fields a page)."""
        if not on_lines:
            return np.asarray(self.specks.drawn_without_specks(t) | self.thick_ink(t))
        if self._rival_ink is None or self._rival_ink[0] is not t:
            row = self.row_ink
            despecked, thick = self.specks.drawn_without_specks(t), self.thick_ink(t)
            ink = rival_ink(
                row.solid, row.drawn, despecked, thick, row.printed, row.widths[2], row.s, t
            )  # fmt: skip
            self._rival_ink = (t, ink)
        return self._rival_ink[1]

    def thick_ink(self, t: MarkSettings = MARK_SETTINGS) -> np.ndarray:
        """The row's solid ink ``clean_rival_thick_mm`` thick or thicker (rule
        ``clean_rivals``, ``ocr.rival_ink.thicker_than``). Made once a row."""
        if self._thick_ink is None or self._thick_ink[0] is not t:
            row = self.row_ink
            self._thick_ink = (t, thicker_than(row.solid, t.clean_rival_thick_mm * row.s))
        return self._thick_ink[1]

    def own_strokes(self, owners: frozenset[int], t: MarkSettings = MARK_SETTINGS) -> np.ndarray:
        """The strokes of the marks in the boxes ``owners`` that run out of their box
        (rule ``clean_rivals``, ``ocr.rival_ink.own_strokes``). Made once for each
        ``owners``."""
        key = (owners, t.own_stroke_share, t.own_stroke_reach_mm)
        found = self._strokes.get(key)
        if found is None:
            row = self.row_ink
            dy, dx = row.shift  # the boxes where the printed form lies on this row
            boxes = row.geometry.outer + np.array([dx, dy, dx, dy])
            found = own_strokes(
                row.solid, row.drawn, row.printed, row.widths[2], boxes, owners,
                t.own_stroke_share, t.own_stroke_reach_mm * row.s,
            )  # fmt: skip
            self._strokes[key] = found
        return found
