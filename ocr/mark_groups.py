"""The decoder's view of a row's marks: each single-choice mark group's boxes, by option,
at their ``p_marked`` (``MarkGroup``), and every group of the row with its score comb
(``RowEvidence``), which ``ocr.decode.decode_contract`` weighs every table result
against and ``ocr.unchecked_marks`` asks whether a group's marks are certain on their own.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from ocr.combs import DigitBox
from ocr.layout import DECLARER, LEVEL, RESULT_SIGN, STRAIN
from ocr.results_table import DOUBLINGS, SEATS, STRAINS

__all__ = [
    "LEVELS",
    "GROUP_OPTIONS",
    "ONE_BOX_FIELDS",
    "UNTOLD_BY_SCORE",
    "MarkGroup",
    "RowEvidence",
]

ONE_BOX_FIELDS = frozenset({LEVEL, STRAIN, DECLARER, RESULT_SIGN})
"""The fields every played result marks exactly one box of (the doubling, the count of
tricks of a contract made exactly and the PASS box may be left empty)."""

UNTOLD_BY_SCORE = frozenset({LEVEL, STRAIN, DECLARER})
"""The fields whose box the written score may not tell (Law 77): a contract gone down scores
by the tricks down alone, whatever its level and strain, and partners score alike. The
result's sign and count always change the score."""

LEVELS = ("1", "2", "3", "4", "5", "6", "7")
GROUP_OPTIONS: dict[str, tuple[str | None, ...]] = {
    "level": LEVELS,
    "strain": tuple(s.value for s in STRAINS),
    "doubling": tuple(d.value or None for d in DOUBLINGS),
    "declarer": tuple(s.value for s in SEATS),
}
"""Each mark group's boxes in the order ``score_table`` numbers its values (undoubled has
no box: None): made once, where every row's decoding read them off the enums again."""
_P_FLOOR = 1e-4
"""A box's ``p_marked`` is weighed as no surer than this either way (its odds at most 10^4)."""


@dataclass(frozen=True)
class MarkGroup:
    """The per-box ``p_marked`` of one single-choice mark field, by option label."""

    p: Mapping[str, float]

    @cached_property
    def _logs(self) -> tuple[dict[str, float], float]:
        """log(q) - log(1 - q) per option, and the sum of log(1 - q) over all options."""
        diff, none = {}, 0.0
        for opt, p in self.p.items():
            q = min(max(p, _P_FLOOR), 1 - _P_FLOOR)
            diff[opt] = math.log(q) - math.log1p(-q)
            none += math.log1p(-q)
        return diff, none

    def exactly(self) -> tuple[list[str | None], np.ndarray]:
        """P(exactly one option marked, or none: None first) given the boxes, normalised
        over those choices (the odds q / (1 - q) of each box against none)."""
        diff, _ = self._logs
        top = max(0.0, *diff.values())
        odds = np.array([math.exp(-top), *(math.exp(v - top) for v in diff.values())])
        return [None, *diff], odds / odds.sum()

    def log_exactly(self, option: str | None) -> float:
        """log P(exactly ``option`` marked and no other box); None = no box marked."""
        diff, none = self._logs
        return none + (diff.get(option, 0.0) if option is not None else 0.0)

    @property
    def kept(self) -> dict[Hashable, Any]:
        """What the decoding works out from the group's boxes alone, by its own keys: the
        reader makes one group for every field whose boxes read alike
        (``ocr.row_reader._mark_group``), and every row that reads so asks again."""
        kept: dict[Hashable, Any] | None = self.__dict__.get("_kept")
        if kept is None:
            kept = {}
            object.__setattr__(self, "_kept", kept)  # frozen: set as dataclasses do
        return kept

    def logs_exactly(self, options: tuple[str | None, ...]) -> np.ndarray:
        """``log_exactly`` of each of ``options``, as an array kept on the group (read-only)."""
        kept = self.kept
        logs = kept.get(options)
        if logs is None:
            logs = np.array([self.log_exactly(o) for o in options])
            logs.flags.writeable = False
            kept[options] = logs
        return logs


@dataclass(frozen=True)
class RowEvidence:
    """Everything read on one row that bears on the table result."""

    passed_out: MarkGroup
    level: MarkGroup
    strain: MarkGroup
    doubling: MarkGroup
    declarer: MarkGroup
    result_sign: MarkGroup
    result_count: MarkGroup
    score_side: MarkGroup
    score: tuple[DigitBox, ...]
    inked_at_first: frozenset[tuple[str, str]] = frozenset()
    """(field, option) of each mark box that held ink by its own fill, circle or dot before
    any rule read it (``ocr.row_marks.FieldMarks.inked_at_first``): a box a rule read away
    as dust or a neighbour's stroke is no clean box (``ocr.unchecked_marks._only_ink``)."""
    never_only_ink: frozenset[tuple[str, str]] = frozenset()
    """(field, option) of each mark box whose ink no reading of its own gives: a dot the
    page's dust holds alike, weighed as its dot alone reads (``DUST_DOT_ALONE``,
    ocr/dust_dots.py), the thick ink by a box of a field read empty (``THICK_BY_EDGE``,
    ocr/empty_fields.py), its own dot in the gap towards another box of its field
    (``DOT_IN_GAP``, ocr/clean_rivals.py), its own dot centred off it beside another
    box's ink (``DOT_BESIDE_INK``), or a dot on its edge that may be the mark of a
    box of another field as well (ocr/shared_dots.py). Never its field's only ink: the
    written score decides (``ocr.unchecked_marks._only_ink``)."""
    in_the_gap: tuple[tuple[str, str, frozenset[str]], ...] = ()
    """(field, option, the options beside it) of each mark box unsure by its own dot in the
    gap towards a box beside it (``DOT_IN_GAP``), or on a coloured pen's row by the pen's
    thick ink by its edge (``THICK_BY_EDGE``; ``ocr.unchecked_marks.marks_in_the_gap``):
    the ink is the mark of one of those boxes, and rules out the field's other boxes where
    the score cannot (``ocr.unchecked_marks._outside_the_gap``)."""
