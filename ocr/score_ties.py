"""A mark whose ink lies in two boxes the score cannot tell apart (issue 43, item 3).

Law 77 gives 4H+2 and 4S+2 the same +680 vulnerable, 3C= and 3D= the same +110, and
3NT-2 and 4NT-2 the same -200: the written score checks neither the suit nor, there, the
level. ``ocr.unchecked_marks.unchecked_groups`` sends such a row to a person unless the marks of
the field are certain on their own. But the marks are certain only as the neighbour
rules leave them: a box whose ink lies only in the strip facing a marked neighbour is
read empty, the ink taken for the arm of the neighbour's cross or the arc of its circle
(``ocr.spill_rules.without_spill``). Issue 43 found a scribble over
the heart box, leaning into the spade box, accepted as 4S+2: the heart box's ink was
given to the spade box's mark, and the score, the same for both, could not object.

So a row whose reading uses a box whose neighbour in the same field was read empty for
that reason, though its fill alone would mark it (over ``MARKED_ABOVE``, 0.10: the arm
of a cross reaching across the gap rarely fills that much; ``MarkReading.neighbour``
names the box it was given to), goes to a person when the reading with
the neighbour's box instead has the same Law 77 score: which box the player meant is
then decided by the neighbour rule alone, and nothing on the row checks it. Where the
two readings score differently, the joint decoding has weighed the written score between
them already.

Except where the box the reading uses is circled and holds no ink of its own (its fill
under the empty threshold, 0.05), and the emptied box has no strokes round it (circled
less surely than the circle's empty threshold, 0.40): its ink, all of it along its edge
facing the circled box, is then the arc of that circle, the very stroke the spill rule
was made for, and no mark of the player's own, which would leave ink inside the box or a
ring round it. On 40 TRAINING pages of each of clean, ordinary, phone, pencil, pdf150,
damaged and scribble (seed 13), the spill rule emptied 329 boxes naming the neighbour
(none on the scribble pages): 305 were such arcs, none of them a mark the player meant;
of the 24 others one was (a pencil level 4 whose ink went to a level 1 marked by its
fill). A scribble over the heart box leaning into the spade box (issue 43) marks the
spade box by its fill, as that 1 was: such a row still goes to a person.

The other way round: a circle drawn wide round the player's box, read empty, whose arc
marks the next box by its fill (issue 43's last hunt: 3H= by N read 3S=, both +140; 2C-2
read 3C-2, both -200 vulnerable). Rule ``unread_circles`` (ocr/circle_rules.py) leaves
such a box marked but names the box whose circle its ink may be; where the reading uses
it and the reading with the named box scores the same, or no score is written to tell
them apart, the row goes to a person (``_arc_unchecked``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeGuard

from ocr.layout import DECLARER, DOUBLING, LEVEL, RESULT_COUNT, SCORE_SIDE, STRAIN
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkReading, MarkState
from ocr.reading import RowResult
from scoring.board import Vulnerability
from scoring.contract import Contract, Doubling, Seat, Strain
from scoring.law77 import ns_score

# The mark states as module names: ``MarkState.X`` is looked up through the enum's class
# (some 0.2 us a time on Python 3.11, a module name 0.015), on every box of every row.
_MARKED, _EMPTY = MarkState.MARKED, MarkState.EMPTY


__all__ = ["FOLLOWED_FIELDS", "tied_ink", "results_with"]


def tied_ink(
    marks: Mapping[str, list[MarkReading]],
    uses: Mapping[str, str | None],
    result: RowResult,
    vulnerability: Vulnerability,
) -> list[str]:
    """The review reasons of a row read as ``result`` (its boxes ``uses``) whose used box
    had a neighbour's ink given to it, where the neighbour's reading scores the same."""
    c, declarer, tricks = result.contract, result.declarer, result.tricks
    if c is None or declarer is None or tricks is None:
        return []
    law: int | None = None  # the reading's Law 77 score, worked out for a row that needs it
    side_read = any(m.state is _MARKED for m in marks.get(SCORE_SIDE, ()))
    out = []
    for name, readings in marks.items():
        option = uses.get(name)
        used = _used_box(readings, option)
        if _names_a_circle(used):
            if law is None:
                law = ns_score(c, declarer, tricks, vulnerability)
            out.extend(_arc_unchecked(name, used, result, law, vulnerability, side_read))
        for m in readings:
            if not _ink_given_to(m, name, option) or _arc_of_circle(m, used):
                continue
            if law is None:
                law = ns_score(c, declarer, tricks, vulnerability)
            for other in results_with(result, name, m.option):
                # A changed doubling, or a count beside a contract made exactly, always
                # scores otherwise: only level, strain, declarer and a count can tie.
                score = ns_score(*other, vulnerability)
                if other != (c, declarer, tricks) and _ties(score, law, side_read):
                    out.append(
                        f"{name} {m.option} holds ink read as the stroke of {option}, "
                        f"and the score cannot tell {_text(*other)} from "
                        f"{_text(c, declarer, tricks)} ({_both(score, law)})"
                    )
    return out


def _used_box(readings: list[MarkReading], option: str | None) -> MarkReading | None:
    """The box of a field the reading uses (``option``), if it uses one."""
    return next((m for m in readings if m.option == option), None)


def _names_a_circle(used: MarkReading | None) -> TypeGuard[MarkReading]:
    """Is the used box marked, naming the box whose wide circle its ink may be the arc of
    (``ocr.circle_rules.unread_circles``)? Then ``_arc_unchecked`` asks the score."""
    return used is not None and used.state is _MARKED and bool(used.neighbour)


def _ink_given_to(m: MarkReading, name: str, option: str | None) -> bool:
    """Was box ``m`` of field ``name`` read empty, its ink given to the box the reading
    uses in that field (``option``: ``MarkReading.neighbour``, ``without_spill``)?"""
    return m.state is _EMPTY and m.neighbour == (name, option)


def _ties(other: int, law: int, side_read: bool) -> bool:
    """Does the written score fail to tell a reading scoring ``law`` (Law 77, NS side) from
    one scoring ``other``: the same score, or, where no box of the score's side is read
    marked (``side_read``), the same points for either side? A player who wrote 420 and
    ringed no side (or a ring the reader missed) has written what 4H= by N and by E both
    score. TRAINING noisy seed 65090, ``page_0024.jpg`` row 2: 4H= by E, 420 written, EW
    ringed wide and read empty; E's ring, wide to the left, marked N by its arc (rule
    ``unread_circles`` named E), and 4H= by N +420 was accepted."""
    return other == law or (not side_read and abs(other) == abs(law))


def _both(other: int, law: int) -> str:
    """How the two readings' scores tie, for the review reason (``_ties``)."""
    return f"both {law:+d}" if other == law else f"both {abs(law)}, no side marked"


def _arc_unchecked(
    name: str,
    used: MarkReading,
    result: RowResult,
    law: int,
    vulnerability: Vulnerability,
    side_read: bool,
) -> list[str]:
    """The review reason of a row whose used box of field ``name`` may hold only the arc
    of a circle round the box it names (``ocr.circle_rules.unread_circles``), where the
    reading with that box instead scores the same, or no score is written to tell them
    apart."""
    field, option = used.neighbour or ("", "")
    if field != name:
        return []
    c, declarer, tricks = result.contract, result.declarer, result.tricks
    for other in results_with(result, name, option):
        score = ns_score(*other, vulnerability)
        if other != (c, declarer, tricks) and (
            result.score_ns is None or _ties(score, law, side_read)
        ):
            why = "no score written" if result.score_ns is None else _both(score, law)
            return [
                f"{name} {used.option} may hold only the arc of a circle round {option}, "
                f"and the score cannot tell {_text(*other)} from {_text(c, declarer, tricks)}"
                f" ({why})"
            ]
    return []


def _arc_of_circle(emptied: MarkReading, used: MarkReading | None) -> bool:
    """Is ``emptied``'s ink the arc of a circle round ``used`` (see the module docstring):
    ``used`` circled with nothing inside it, no strokes round ``emptied``?"""
    return (
        used is not None
        and used.state is MarkState.MARKED
        and used.how == "circle"
        and used.fill < MARK_SETTINGS.empty_below
        and emptied.ring < MARK_SETTINGS.ring_empty_below
    )


FOLLOWED_FIELDS = frozenset({LEVEL, STRAIN, DOUBLING, DECLARER, RESULT_COUNT})
"""The fields ``results_with`` reads a box of in place of the reading's; for any other it
gives no result."""


def results_with(
    result: RowResult, name: str, option: str
) -> tuple[tuple[Contract, Seat, int], ...]:
    """``result`` with field ``name`` read as box ``option`` instead: every legal result that
    gives (a count of tricks beside a contract made exactly may be over or under it: both),
    none for a field the score does not follow."""
    c, declarer, tricks = result.contract, result.declarer, result.tricks
    assert c is not None and declarer is not None and tricks is not None
    over = tricks - c.tricks_needed
    if name == LEVEL:
        level = int(option)
        found = [(Contract(level, c.strain, c.doubling), declarer, level + 6 + over)]
    elif name == STRAIN:
        found = [(Contract(c.level, Strain(option), c.doubling), declarer, tricks)]
    elif name == DOUBLING:
        found = [(Contract(c.level, c.strain, Doubling(option)), declarer, tricks)]
    elif name == DECLARER:
        found = [(c, Seat(option), tricks)]
    elif name == RESULT_COUNT:
        signs = (1, -1) if over == 0 else (1 if over > 0 else -1,)
        found = [(c, declarer, c.tricks_needed + s * int(option)) for s in signs]
    else:
        return ()
    return tuple(r for r in found if 0 <= r[2] <= 13)


def _text(contract: Contract, declarer: Seat, tricks: int) -> str:
    diff = tricks - contract.tricks_needed
    return f"{contract}{'=' if diff == 0 else f'{diff:+d}'} by {declarer}"
