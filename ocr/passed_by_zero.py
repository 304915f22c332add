"""A passed-out row its written 0 settles (issue 43).

A board passed out scores 0 to both sides, and no contract played scores 0 (Law 77's
table: a made contract scores its tricks, a defeated one its undertricks, never nothing),
so a written 0 says the board was passed out as plainly as the PASS box does. On a dusty
page the rules may leave a player's PASS mark unsure or read it away: a pale tick filled by
its fill alone at the grey dust's level (``faint_lone_pass``), a pen dot the size of the
page's specks (``dusty_page``). With every other box empty the row then has no box marked,
and the reader sent it to a person as stray ink whatever its score said. Here a row whose
PASS box held ink, whose other boxes all read empty and whose score is a lone 0 is given
to the decoding with its PASS box unsure, and the written 0 settles it.

TRAINING's price set: fine-dots dirty glass 52718 ``page_0012.jpg`` row 6 (a PASS tick
filling 0.129) and ``page_0032.jpg`` row 11 (a pen dot of 0.52 mm^2 read as dust), dirty
glass 31415 ``page_0046.jpg`` row 4 and seed 13 pdf150 ``page_0019.pdf`` row 5, each with a
written 0, went to a person as "no box is marked on the row (stray ink?)"; 1,453 -> 1,445
readings to a person, 0 wrong (docs/reader-history.md, "zero99").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ocr.combs import DigitBox
from ocr.layout import PASSED_OUT
from ocr.marks import MarkReading, MarkState

__all__ = ["ZERO_READ", "lone_zero", "zero_settled_pass"]

ZERO_READ = 0.9
"""The lone written digit must read as 0 at least this surely (a digit field's top reading
under 0.9 is unsure: ``ocr.row_reader._digit_reading``)."""


def lone_zero(score: Sequence[DigitBox]) -> bool:
    """Does the score comb hold one written digit, read as 0 at ``ZERO_READ`` or more: a
    board passed out, by Law 77 the one result that scores 0?"""
    written = [b.probs for b in score if b.probs is not None]
    return len(written) == 1 and written[0][0] >= ZERO_READ


def zero_settled_pass(
    marks: Mapping[str, list[MarkReading]],
    inked: frozenset[tuple[str, str]],
    score: Sequence[DigitBox],
) -> dict[str, list[MarkReading]] | None:
    """The row's ``marks`` with its PASS box read unsure (0.5), where the row is a board
    passed out that its written 0 settles: no box is marked, the PASS box held ink before
    any rule (``inked``, ``FieldMarks.inked_at_first``) and now reads unsure or empty, every
    other box reads empty, and the score comb holds one written digit, read as 0 at
    ``ZERO_READ`` or more. None otherwise: the row goes on as it was read."""
    if not lone_zero(score):
        return None
    passes = marks.get(PASSED_OUT, [])
    if len(passes) != 1 or (PASSED_OUT, str(passes[0].option)) not in inked:
        return None
    if passes[0].state is MarkState.MARKED:
        return None
    others = (m for name, ms in marks.items() if name != PASSED_OUT for m in ms)
    if any(m.state is not MarkState.EMPTY for m in others):
        return None
    return {**marks, PASSED_OUT: [replace(passes[0], state=MarkState.UNSURE, p_marked=0.5)]}
