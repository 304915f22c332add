"""A row's ink without the pieces that may be the page's dust, made once a row.

On a page ``ocr.page_dust`` finds dusty, the dust rules (ocr/dust_rules.py) read some boxes
again on the row without its specks (``ocr.page_dust.specks_of``): their fill, their dot,
the strokes round them. ``RowSpecks`` keeps, per settings object and kind (all specks, or
only those clear of the printed lines), the specks and the row's ink without them, so that
a rule asking for every box of a row pays for the row once.
"""

from __future__ import annotations

from typing import NamedTuple

import cv2
import numpy as np

from ocr.mark_settings import MarkSettings
from ocr.page_dust import PageDust, SpeckCandidates, speck_candidates, specks_of

__all__ = ["Despecked", "RowSpecks"]

_SQUARE = np.ones((3, 3), np.uint8)


class Despecked(NamedTuple):
    """A row's pieces of drawn ink that may be the page's dust (``ocr.page_dust.specks_of``),
    its ink without them and their soft edges, and the integral of that ink."""

    specks: np.ndarray
    ink: np.ndarray
    sum: np.ndarray


class RowSpecks:
    """The specks of one row: ``drawn``, its drawn ink (solid, off the printed lines);
    ``ink`` and ``ink_sum``, its ink values and their integral; ``printed``, the form's
    lines on it a pixel wider; ``dust``, the page's; ``s``, pixels a millimetre."""

    def __init__(
        self,
        drawn: np.ndarray,
        ink: np.ndarray,
        ink_sum: np.ndarray,
        printed: np.ndarray,
        dust: PageDust,
        s: float,
    ) -> None:
        self.drawn, self.ink, self.ink_sum, self.printed = drawn, ink, ink_sum, printed
        self.dust, self.s = dust, s
        # (by the settings' identity: hashing their eighty fields cost more than a look-up)
        self._despecked: dict[tuple[int, bool], tuple[MarkSettings, Despecked]] = {}
        self._candidates: tuple[MarkSettings, SpeckCandidates | None] | None = None

    def without(self, t: MarkSettings, off_lines: bool = False) -> Despecked:
        """The pieces of drawn ink that may be the page's dust (only those clear of the
        printed lines, ``off_lines``) and the row's ink without them: made once per
        settings and kind, and all that ``RowWithoutSpecks.fill_without_specks`` needs (rule
        ``dusty_fills`` asks it of every box read by its fill on a dusty page, and reads
        the box again, on the whole row without the specks, only where its fill drops)."""
        key = (id(t), off_lines)
        kept = self._despecked.get(key)
        if kept is not None and kept[0] is t:
            return kept[1]
        lines = self.printed if off_lines else None
        specks = specks_of(self.drawn, self.dust, self.s, t, lines, self.candidates(t))
        if specks.any():
            # The specks' soft edges go with them (their ink fades over a pixel or so).
            halo = cv2.dilate(specks.astype(np.uint8), _SQUARE) > 0
            ink = self.ink.copy()
            ink[halo] = 0.0
            made = Despecked(specks, ink, cv2.integral(ink))
        else:  # nothing taken out: the row's own ink and integral (never written to)
            made = Despecked(specks, self.ink, self.ink_sum)
        self._despecked[key] = (t, made)
        return made

    def candidates(self, t: MarkSettings) -> SpeckCandidates | None:
        """``speck_candidates`` of the row's drawn ink, made once per settings for both
        kinds of ``without`` (they differ only at the printed lines)."""
        kept = self._candidates
        if kept is None or kept[0] is not t:
            kept = self._candidates = (t, speck_candidates(self.drawn, self.dust, self.s, t))
        return kept[1]
