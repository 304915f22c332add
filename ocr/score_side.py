"""Both score-side boxes marked: the written score's side is not read (issue 43).

The NS and EW boxes beside the score comb say whose score the table wrote. A table marks
one; where both read marked, one is a mark the table did not mean (a speck or a clump of
dust read as a fill, a dot or a circle; or a side marked and then corrected), and which
one nobody can say from the boxes. The row was decided on the larger ``p_marked`` of the
two, which for two boxes marked for certain is a difference in the fifth decimal: the
written score took the side of a clump as readily as the table's, and the row went to a
person with "written score +420 does not match 5D+1 by E: -420" and "score_side NS
marked, which the reading does not use" though every box of the result and every digit
read right (TEST noisy seed 13 page_0008 row 1; page_0005 row 9 with the second reason
alone).

So where both boxes read marked (``p_marked`` over ``SIDE_MARKED`` each), the side is
read as left out, which the joint decoder already allows in one row of ten: the comb's
digits are read as the Law 77 score of the decoded result or not, as on any row, and
its sign is the result's (``ocr.decode._written_score``); the box the result's side does
not use is no mark the reading ignores (``ocr.row_reader``, "marked, which the reading
does not use"). The decoder's own weighing needs nothing: two marked boxes cost each side
alike.

The wrong row this could let through needs two faults at once: a second side box read
marked (dust, or the player's correction), and a declarer read on the wrong side for
certain by its own marks, whose result scores the written number for the other side (a
sign the written score would otherwise have checked). A player who wrote the score for
the wrong side and a speck on the right one is a third way: the result is read right,
and the player's slip goes unseen.
"""

from __future__ import annotations

from collections.abc import Sequence

from ocr.layout import SCORE_SIDE
from ocr.marks import MarkReading, MarkState

__all__ = ["SIDE_MARKED", "side_unread", "both_sides_marked", "without_unread_side"]

SIDE_MARKED = 0.5
"""A side box this likely marked (``p_marked``) is taken as what the table wrote."""


def side_unread(p_ns: float, p_ew: float) -> bool:
    """True where both side boxes are likely marked (the module's docstring): the side
    of the written score is not read from them."""
    return min(p_ns, p_ew) > SIDE_MARKED


def both_sides_marked(side_boxes: Sequence[MarkReading]) -> bool:
    """True where every box of the score side (NS and EW) reads marked."""
    return len(side_boxes) > 1 and all(m.state is MarkState.MARKED for m in side_boxes)


def without_unread_side(
    stray: Sequence[tuple[str, str]], side_boxes: Sequence[MarkReading]
) -> list[tuple[str, str]]:
    """The marked boxes the reading does not use (``stray``, (field, option)), less the
    score side's where both its boxes read marked: neither is then read."""
    if not both_sides_marked(side_boxes):
        return list(stray)
    return [(n, o) for n, o in stray if n != SCORE_SIDE]
