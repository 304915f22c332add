"""The boxes a decoded row's reading needs marked, and those that disagree with it.

``used_boxes`` names, per mark field, the box a table result needs marked (None: no box).
A row is accepted only where its boxes agree with that: every marked box is one the
reading uses (``unexplained_marks``), every box it uses is marked (``missing_marks``),
and every unsure box is one the reading explains (``unexplained_unsure``). Each box that
disagrees is a reason ``ocr.row_reader`` gives a person.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from ocr.dots import EDGE_UNSURE_MM2
from ocr.layout import (
    DECLARER,
    DOUBLING,
    LEVEL,
    PAIRS_CHANGED,
    PASSED_OUT,
    RESULT_COUNT,
    RESULT_SIGN,
    SCORE_SIDE,
    STRAIN,
)
from ocr.marks import (
    DOT_BESIDE_INK,
    DOT_IN_GAP,
    DOT_MARKED_ABOVE_MM2,
    DUST_DOT_ALONE,
    EMPTY_P,
    THICK_BY_EDGE,
    MarkReading,
    MarkState,
)
from ocr.reading import RowResult

# The mark states as module names: ``MarkState.X`` is looked up through the enum's class
# (some 0.2 us a time on Python 3.11, a module name 0.015), on every box of every row.
_MARKED, _EMPTY, _UNSURE = MarkState.MARKED, MarkState.EMPTY, MarkState.UNSURE


__all__ = ["used_boxes", "unexplained_marks", "missing_marks", "unexplained_unsure"]


def used_boxes(result: RowResult, printed_pairs: tuple[int, int] | None) -> dict[str, str | None]:
    """The box each mark field of the row needs marked for ``result`` (None: no box)."""
    c = result.contract
    diff = None if c is None or result.tricks is None else result.tricks - (c.level + 6)
    score = result.score_ns
    return {
        PASSED_OUT: "PASS" if result.passed_out else None,
        LEVEL: None if c is None else str(c.level),
        STRAIN: None if c is None else c.strain.value,
        DOUBLING: None if c is None else (c.doubling.value or None),
        DECLARER: None if result.declarer is None else result.declarer.value,
        RESULT_SIGN: None if diff is None else ("=" if diff == 0 else "+" if diff > 0 else "-"),
        RESULT_COUNT: None if not diff else str(abs(diff)),
        SCORE_SIDE: None if not score else ("NS" if score > 0 else "EW"),
        PAIRS_CHANGED: (
            None
            if printed_pairs is None or (result.ns_pair, result.ew_pair) == printed_pairs
            else "CHANGED"
        ),
    }


def unexplained_marks(
    marks: Mapping[str, list[MarkReading]], uses: Mapping[str, str | None]
) -> list[tuple[str, str]]:
    """Marked boxes the reading does not use.

    Every marked box must be one the reading uses: a level marked on a passed-out row, a
    line struck through an unused row, a second level crossed beside the one the score
    chose (a fold's crease, a neighbour's circle, or the player's correction) all
    contradict the reading, and a person looks.
    """
    return [
        (n, m.option)
        for n, ms in marks.items()
        for m in ms
        if m.state is _MARKED and m.option != uses.get(n)
    ]


def missing_marks(
    marks: Mapping[str, list[MarkReading]],
    uses: Mapping[str, str | None],
    *,
    score_written: bool = True,
    inked: Collection[tuple[str, str]] = frozenset(),
) -> list[tuple[str, str]]:
    """Boxes the reading needs that read empty (the NS/EW mark of the score excepted: it
    is often left out, and the decoder allows for that).

    The joint decoder finds the likeliest result even when one of its boxes is blank, the
    score and the other marks making up for it: a circle round the minus sign that was not
    seen, a level read in the box beside the one circled. Such a reading is a guess about
    what the table marked, so the row goes to a person, unless the only box missing is the
    result's sign on a row the score and clean paper settle (``_unseen_sign``).

    Not a ``DUST_DOT_ALONE`` box (rule ``dust_dot_alone``, ocr/dust_dots.py): alone in its
    field it holds a dot the page's dust is as large as, the player's pen or a clump,
    which the decoder weighed as its dot reads. A reading that needs it stands where the
    posterior reaches the threshold and the written score or certain marks check its field
    (``ocr.unchecked_marks.unchecked_groups``). Where no score is written
    (``score_written`` false) it is missing as any empty box is: the dot alone would be the
    certain mark that checks its own field, and a clump of the page's dust in one box,
    with the player's faint circle in another read empty, was accepted so (fresh TEST seed
    51831 noisy, page_0013 row 3: 1C made by South read 7C made, no score written).

    ``inked``: the boxes that held ink before any rule (``FieldMarks.inked_at_first``).
    """
    missing = []
    for n, o in uses.items():
        if n == SCORE_SIDE or o is None:
            continue
        empty = (m.state is _EMPTY and (m.how != DUST_DOT_ALONE or not score_written)
                 for m in marks.get(n, ()) if m.option == o)  # fmt: skip
        if any(empty):
            missing.append((n, o))
    if score_written and [n for n, _ in missing] == [RESULT_SIGN]:
        if _unseen_sign(marks, uses, inked):
            return []
    return missing


_SIGN_SKIPS = frozenset({SCORE_SIDE, PAIRS_CHANGED})
"""The fields ``_unseen_sign`` does not ask: the score's side (often left out; the written
score's digits and the decoder weigh it) and the changed pairs (the pairs' own check)."""


def _unseen_sign(
    marks: Mapping[str, list[MarkReading]],
    uses: Mapping[str, str | None],
    inked: Collection[tuple[str, str]],
) -> bool:
    """Is the result's sign, the one box the reading needs that reads empty, a mark the
    scanner lost rather than one the table left out or the reader put elsewhere?

    So where the written score settles the sign and nothing on the row says otherwise: a
    score is written (``missing_marks`` asks), every other box the reading uses is marked,
    and every box the reading does not use, the sign's other two included, is clean paper
    now and before any rule (``p_marked`` under ``EMPTY_P``, no ``how``, not in ``inked``:
    a wide ring unseen round it is ink too). The sign's own box may hold ink no reading
    took for its mark (a player's ring seen in part): that ink is the reading's.

    The sign is the only field so excused, and "+" and "-" the only signs: they put the
    score on opposite sides, so no player's slip of 10 to 100 in the written score stands
    for another sign; a level or a count left empty could be bent so (4S+1 and 4S+2 are 30
    apart). "=" is never settled: it is the sign without a count, and a player who made an
    overtrick (or went one down) and wrote the score of the contract made, the plus (or
    minus) and the 1 both lost, reads as "=" on clean paper. A fresh TRAINING set had one
    (pdf150, seed 63552, ``page_0025.pdf`` row 3: 4H by S +1, 420 written for 450, the
    player's dots beside "+" and 1 unseen, accepted as 4H=). Where both signs write the
    same digits (1H+4 and 1H-4 not vulnerable, both 200) the score's side box tells them
    apart, and left out it holds the posterior under the threshold
    (tests/ocr/test_decode.py). Where the reader put a level in the box beside its circle
    (5S-1 read for 4S-1, the minus unseen), the circle's ink in the 4 is no clean paper,
    and the row goes to a person. TRAINING (15,990 row readings, docs/reader-history.md
    sign43, eq43): 7 rows no longer go to a person for it alone, the player's dot beside
    the sign's box or a ring round it seen in part (11 with "=", whose 4 went back).
    """
    if uses.get(RESULT_SIGN) == "=":
        return False
    for name, readings in marks.items():
        if name in _SIGN_SKIPS:
            continue
        used = uses.get(name)
        for m in readings:
            if m.option == used:
                if name != RESULT_SIGN and m.state is not _MARKED:
                    return False
            elif m.p_marked >= EMPTY_P or m.how or (name, m.option) in inked:
                return False
    return True


_OWN_INK = frozenset({"fill", "dot", "circle", THICK_BY_EDGE, DOT_IN_GAP, DOT_BESIDE_INK})
"""How an unsure box was read when its ink is its own (not a neighbour's stroke)."""


def _two_dots(unsure: MarkReading, marked: MarkReading) -> bool:
    """Is ``unsure`` a pen dot on its box's printed edge (``ocr.edge_dots``, read as the
    unsure band's middle, ``EDGE_UNSURE_MM2``) and ``marked`` a box marked by its dot
    alone? A dot on an edge is a whole pen dot put there, no speck, and a blob read marked
    by its dot alone may be a clump of dust (as large as a pen dot on a dirty glass): two
    dots, either may be the player's, and a person looks. TRAINING noisy, seed 4134,
    page_0026 row 9: the player's dot on North's bottom edge read unsure, a clump of 0.77
    mm^2 in South read marked, and 3DX by North -4 was accepted as by South (both -1100)."""
    return unsure.dot_mm2 == EDGE_UNSURE_MM2 and marked.how == "dot"


def unexplained_unsure(
    marks: Mapping[str, list[MarkReading]],
    uses: Mapping[str, str | None],
    settled: Collection[tuple[str, str]] = frozenset(),
) -> list[str]:
    """The mark fields holding an unsure box that the reading does not explain.

    An unsure box is explained, and is no reason on its own to send the row to a person,
    in three cases only:

    - it is the box the reading uses in its field, unsure by its own ink (a thin check, a
      small dot, a circle the strips see in part), and no other box of the field is
      marked or unsure by its own ink. The decoder has already weighed the box at its
      ``p_marked``: the written score and the other marks must carry the row to the
      posterior threshold, and where the score cannot tell two readings apart (4H+1 and
      4S+1) the field must still be certain from its marks alone
      (``ocr.unchecked_marks.unchecked_groups``), which an unsure box never is;
    - it is unsure only because its ink may be a neighbour's stroke reaching in ("edge",
      "beside a circle", ``MarkReading.neighbour``) and the reading uses that neighbour:
      the stroke is that mark's, as the spill rule reads it when the neighbour is marked
      (ocr/row_marks.py);
    - it is unsure by its dot (a blob under ``DOT_MARKED_ABOVE_MM2``, 0.7 mm across, is
      its strongest evidence) and the reading uses another box of its field, which is
      marked for certain: a speck of dust or a pen's touch beside the field's mark is no
      second mark. Where the reading uses no box of the field (no doubling), the speck
      still goes to a person, and so does a pen dot on the box's printed edge beside a box
      marked by its dot alone (``_two_dots``). On TRAINING (200 pages a condition, wide
      rings), 31 boxes were read unsure by a dot: 28 held no mark, 3 a thin tick or slash;
      every dot drawn as a mark measured 0.4 mm^2 or more. Review 0.04-0.19 points lower
      in every condition, no wrong row. A dot as large as a pen's, made unsure by a rule
      that doubts it (on a dusty page, beside a dot read away as the page's dust:
      ``dots_read_unsure``), is no such speck: which of the two boxes holds the mark is
      the score's to check or a person's to see (fresh TEST noisy seed 61687,
      ``page_0001.jpg`` row 1: the player's dot of 1.15 mm^2 in S made unsure so, three
      specks filling H to 0.117, and 4S by East = accepted as 4H, 420 either way).

    Any other unsure box (one the reading leaves unused, or one beside another box of its
    field with ink of its own) is a sign that the row is hard to read, and a person looks,
    unless it is one of the ``settled`` boxes (field, option): an unused box whose mark
    the written score rules out (``ocr.score_settles.settled_boxes``), which is then no
    mark, and no other box's neighbour of its field either; or the score side's box the
    reading uses, unsure beside side boxes read empty (``ocr.score_side.settled_side``).
    """
    out = []
    for name, readings in marks.items():
        used = uses.get(name)
        readings = [m for m in readings if (name, m.option) not in settled]
        own = [m for m in readings if m.state is not _EMPTY and m.how in _OWN_INK]
        for m in readings:
            if m.state is not _UNSURE:
                continue
            if m.how == "dot" and m.option != used:
                explained = m.dot_mm2 < DOT_MARKED_ABOVE_MM2 and any(
                    o.option == used and o.state is _MARKED and not _two_dots(m, o)
                    for o in readings
                )
            elif m.how in _OWN_INK:
                explained = m.option == used and len(own) == 1
            else:
                explained = m.neighbour is not None and uses.get(m.neighbour[0]) == m.neighbour[1]
            if not explained:
                out.append(name)
                break
    return out
