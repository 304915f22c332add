"""The score-side boxes (issue 43): both marked, the written score's side is not read; the
used one unsure beside an empty one, settled.

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

So where both boxes read marked for certain (``p_marked`` at ``MARKED_P`` or over each, 0.98:
a box read marked on its own evidence, ``ocr.marks.MARKED_P``), the side is read
as left out, which the joint decoder already allows in one row of ten: the comb's digits
are read as the Law 77 score of the decoded result or not, as on any row, and its sign is
the result's (``ocr.decode._written_score``); the box the result's side does not use is no
mark the reading ignores (``without_unread_side``). Both ask ``both_sides_marked``, one
definition. The decoder's own weighing needs nothing: two marked boxes cost each side
alike.

Marked for certain, not "over 0.5": a dot halfway between dust and a pen's dot
(0.275 mm^2, evidence 0.5) reads unsure at ``p_marked`` 0.5000000000000002, over 0.5 by
the float's last bit, and is no mark (``MarkState.UNSURE``; the decoder and the row's
reasons asked "over 0.5" and "``MarkState.MARKED``" until both asked this one). Every row
on which those two and this definition differ holds such a dot beside a side box marked
or a second such dot: 12 of the 7,131 written rows of TRAINING seed 13 (80 pages a
condition, with the event) and 6 of TEST seed 13's 4,556 (50 pages a condition, each read
with and without the event). Read by each definition alone, every one of them keeps its
status and its result, 0 wrong rows; one TRAINING clean row (page_0037 row 15, NS marked,
an EW halfway dot, review either way) gives a person "written score +80 does not match
1H= by E" here, where it gave "score_side NS marked, which the reading does not use" and
"unsure mark in score_side" (docs/reader-history.md, tidy2).

The wrong row this could let through needs two faults at once: a second side box read
marked (dust, or the player's correction), and a declarer read on the wrong side for
certain by its own marks, whose result scores the written number for the other side (a
sign the written score would otherwise have checked). A player who wrote the score for
the wrong side and a speck on the right one is a third way: the result is read right,
and the player's slip goes unseen.

The other way round: the side box the result's side uses, read unsure, beside a side box
read empty. Unsure by its own ink (a faint tick) it is explained already
(``ocr.used_marks.unexplained_unsure``); unsure because its ink may be a neighbour's
stroke reaching in ("edge"), it sent the row to a person ("unsure mark in score_side").
Its mark, if it is one, agrees with the reading; if the ink is the neighbour's, the side
was left out, which the decoder allows. So it is settled (``settled_side``). The wrong row
this could let through needs two faults at once: the mark whose stroke reaches this box
read unmarked (the other side box's, read empty, not even unsure; or a declarer box's
beside it, E or S beside NS, S or W beside EW, which the reading does not use: one it uses
explains the stroke already), and a declarer read wrong for certain (or the player's
score written for the wrong side, unseen).

The side box the reading does not use, read unsure, beside the one it uses marked for
certain, in a row whose declarer is marked for certain in the box the reading uses and reads
empty in both boxes of the other partnership (``settled_other_side``), is settled too: the
side box says only whose score the table wrote, which the result and its declarer already
say (Law 77: the side that scores plus), and the unsure box (a neighbour's stroke, a dot on
the edge between the two, a ring the strips see in part) would be the table's only with
the declarer on the other partnership. On TRAINING's price set 3 rows went to a person for
it alone ("unsure mark in score_side"; 1,339 -> 1,333 readings, 0 wrong; side104). The
wrong row this could let through needs three faults at once: the player's side mark read
only unsure, a mark no player made read marked for certain in the other side box, and a
declarer no player marked read for certain while the player's declarer box, of the other
partnership, reads empty.

Nor is a side read where both boxes read unsure by a dot (``settled_side``): a pen dot on
the edge between NS and EW (``ocr.edge_dots``: every box a dot lies between is unsure by
it) names neither, and two dots alike say no more. The side is then left out, as above,
and the sign is the reading's. On TRAINING's price set, 5 rows went to a person for such a
dot alone ("unsure mark in score_side"; 1NT= by North, +90, the declarer's N crossed). The
wrong row this could let through needs a declarer read on the wrong side for certain (the
side box would otherwise have told it), or the player's side slip, unseen, which changes no
result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ocr.layout import DECLARER, SCORE_SIDE
from ocr.marks import MARKED_P, MarkReading, MarkState
from scoring.contract import Seat

__all__ = [
    "SIDE_MARKED",
    "both_sides_marked",
    "settled_other_side",
    "settled_side",
    "without_unread_side",
]


SIDE_MARKED = 0.5
"""A side box this likely marked (``p_marked``) is taken as what the table wrote."""


def both_sides_marked(p_ns: float, p_ew: float) -> bool:
    """True where both side boxes are marked for certain (``p_marked`` at ``MARKED_P`` or
    over, the module's docstring): the side of the written score is not read from them."""
    return min(p_ns, p_ew) >= MARKED_P


def without_unread_side(
    stray: Sequence[tuple[str, str]], side_boxes: Sequence[MarkReading]
) -> list[tuple[str, str]]:
    """The marked boxes the reading does not use (``stray``, (field, option)), less the
    score side's where both its boxes are marked for certain: neither is then read."""
    p = {m.option: m.p_marked for m in side_boxes}
    if not both_sides_marked(p.get("NS", 0.0), p.get("EW", 0.0)):
        return list(stray)
    return [(n, o) for n, o in stray if n != SCORE_SIDE]


def settled_side(side_boxes: Sequence[MarkReading], used: str | None) -> frozenset[tuple[str, str]]:
    """The side box the reading uses, (``SCORE_SIDE``, ``used``), where it reads unsure
    and every other side box reads empty; every side box, where each reads unsure by a dot
    and none marked (the module's docstring); else nothing."""
    mine = [m for m in side_boxes if m.option == used]
    others = [m for m in side_boxes if m.option != used]
    if used is None or not mine or mine[0].state is not MarkState.UNSURE:
        return frozenset()
    if others and all(m.state is MarkState.UNSURE and m.how == "dot" for m in side_boxes):
        return frozenset((SCORE_SIDE, m.option) for m in side_boxes)
    if any(m.state is not MarkState.EMPTY for m in others):
        return frozenset()
    return frozenset({(SCORE_SIDE, used)})


def settled_other_side(
    marks: Mapping[str, Sequence[MarkReading]], uses: Mapping[str, str | None]
) -> frozenset[tuple[str, str]]:
    """The side boxes the reading does not use, each read unsure, where the one it uses is
    marked for certain (``MARKED_P``) and the declarer it uses is marked for certain, the
    other partnership's two declarer boxes read empty (the module's docstring); else
    nothing."""
    used, declarer = uses.get(SCORE_SIDE), uses.get(DECLARER)
    if used is None or declarer is None:
        return frozenset()
    side = marks.get(SCORE_SIDE, ())
    others = [m for m in side if m.option != used]
    if not others or any(m.state is not MarkState.UNSURE for m in others):
        return frozenset()
    if not any(m.option == used and m.p_marked >= MARKED_P for m in side):
        return frozenset()
    seats = marks.get(DECLARER, ())
    if not any(m.option == declarer and m.state is MarkState.MARKED for m in seats):
        return frozenset()
    pair = Seat(declarer).side
    if any(Seat(m.option).side != pair and m.state is not MarkState.EMPTY for m in seats):
        return frozenset()
    return frozenset((SCORE_SIDE, m.option) for m in others)
