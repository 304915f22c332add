"""An unsure box the written score settles (issue 43).

A row goes to a person when a box is read unsure and the reading leaves it unused
(``ocr.used_marks.unexplained_unsure``): the box may hold a mark the reading ignores.
Where that mark would change the score, the table's own written score answers the
question the box asks. Law 77 gives 4H= not vulnerable 420 and 4HX= 590; a written 420,
read as plainly as a row is accepted, says the X box holds no mark, whatever specks or
clumps of dust lie on it. So an unsure box the reading does not use is settled, and is no
reason to send the row to a person, where:

- the written score is read as the reading's Law 77 score (``RowResult.score_ns``: the
  comb agrees with it against the scores a player writes by mistake, the other
  doublings among them, ``ocr/score_agreement.py``); and
- every result the box's mark would give in place of the reading's (the same row with
  that box's level, strain, doubling, declarer or count of tricks instead, or a pass-out
  for the PASS box) scores a different number, and the comb shows the reading's number
  rather than each of them with the posterior a row is accepted at (``DEFAULT_THRESHOLD``,
  0.995, between the two numbers alone).

The box the reading uses is settled so too where it is read unsure only as an unused
neighbour's stroke ("edge", "beside a circle": ``MarkReading.neighbour``) and the
neighbour's mark, in place of the reading's, is ruled out the same way: the player's mark
is not the neighbour's, so the ink by their common edge is no stroke of a mark there but
the box's own (TRAINING's dirty glass, fresh seed 26255, ``page_0018.jpg`` row 8: count 3
unsure as count 4's stroke, 4NT-3 written +150, -4 would be +200).

Where that neighbour is clean paper (no ink in it, before any rule or now, and none beside
two of its sides: no circle went round it), its mark would have left all its ink in the
box, and the comb need show the reading's number ten times less plainly against its result
(``_CLEAN_NEIGHBOUR_ODDS``): one digit, not two (2H= written 110 against 3H='s 140, TRAINING
clean seed 13, ``page_0016.png`` row 8). At one digit's odds the ink may also be dust beside
a mark the player put in another box of the field that left no ink seen, so every other
box's result is ruled out too (a box that gives no legal result with the rest of the
reading, count 5 beside 3C+, holds no such mark: ``alternative_scores`` gives it none),
and where one scores the same (4H= and 4S=, 2C and 2D, the partner's declarer) nothing is
settled (TRAINING dirty glass 62606, ``page_0013.jpg`` row 13: 2C+1 by South, the player's
dot in C unseen, D's ink by a clean H read as 2D+1).

A box whose mark would change only the score's sign (declarer N for E at the same
vulnerability) is not settled by the comb: the side mark is often left out, and the decoder
then takes the sign from the reading. Where the table did mark its side (the side box the
reading uses marked for certain, ``MARKED_P``, the other read empty: ``_side_read``), a
result for the other side is ruled out by that mark as a wrong number is by the comb: on
TRAINING's dirty glass (seeds 13 and 24680), an unsure circle or a stroke in E beside N
marked, NS crossed, sent 2D= by North (+90) and four rows like it to a person ("unsure mark
in declarer"). The wrong row it could let through needs the player's declarer read only
unsure and the side box marked for the other side by the player's slip.

A result sign is settled as a level is, against every result of that sign: made exactly,
or each count of tricks over or under the contract. Where no count box holds any ink
(``_clean``) a "+" or "-" would need a count the player left out, and the comb need show
the reading's number less plainly (``_COUNT_LEFT_OUT_ODDS``): 5H= by East written -450,
its "=" unsure as the stroke of a circle round "+" (TRAINING noisy, fresh seed 5151,
``page_0005.jpg`` row 7), where 5H+1's 480 is one digit from 450. The score's side and
"pairs changed" are not settled, which the score does not check.

The wrong row this could let through needs two faults at once: a player's mark read only
unsure, and a written score that is the score of the result without that mark (a player's
slip, such as a forgotten double, in 2% of real rows, ``WRITTEN_SCORE_ERROR_RATE``); for a
used box unsure as a stroke, the player's mark on the neighbour read as no mark, its
stroke the box's only ink, and a written score of the box's result instead.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np

from ocr.combs import DigitBox, box_log_table, numbers_log_likelihood
from ocr.layout import PASSED_OUT, RESULT_COUNT, RESULT_SIGN, SCORE_SIDE
from ocr.marks import EMPTY_P, MARKED_P, MarkReading, MarkState
from ocr.reading import DEFAULT_THRESHOLD, RowResult
from ocr.score_ties import FOLLOWED_FIELDS, results_with
from scoring.board import Vulnerability
from scoring.contract import Contract
from scoring.law77 import ns_score

__all__ = ["alternative_scores", "settled_boxes"]

_PLAIN = math.log(DEFAULT_THRESHOLD / (1 - DEFAULT_THRESHOLD))
"""How much more likely (log) the comb must be to show the reading's number than another
number for the other to be ruled out: posterior 0.995 between the two."""


_COUNT_LEFT_OUT_ODDS = math.log(10.0)
"""How much less the comb need show the reading's number against a result over or under
the contract (log odds) where no count box holds any ink: a player who marked its "+" or
"-" left the count out, which happens no more often than a forgotten side mark does, one
row in ten (``ocr.decode``'s ``_SIDE_FORGOTTEN``: a generous bound). With the count so
weighed, a comb 20 to 1 for 450 against 480 (one digit apart) rules 5H+1 out beside 5H=
at the 199 to 1 of ``_PLAIN``."""


_CLEAN_NEIGHBOUR_ODDS = math.log(10.0)
"""How much less the comb need show the reading's number against the neighbour's result
(log odds) where a used box is unsure only as a clean neighbour's stroke ("edge"): the
neighbour read empty, holding no ink before any rule and no drawn ink beside two of its
sides (``FieldMarks.ink_round``), so no circle went round it and no mark of its own lies in
it. A player's mark in that neighbour would then have left all its ink in this box, rarer
than one in ten: on TRAINING (the dirty glass and its fine dots of 43 fresh seeds, and
1,600 pages of every condition) such a box was the player's own mark in 232 of 238, the
neighbour's in 1, another box's in 5; beside a neighbour with ink, the neighbour's in 94 of
221 (docs/reader-history.md, "stroke98"). The same weight is given to every other box of
the field that is clean, whose result must be ruled out too (``settled_boxes``)."""


_STROKE_DOUBTS = ("edge", "beside a circle")
"""How a box is read unsure when its ink may be only a neighbour's stroke reaching in
(``ocr.spill_rules``: ``without_spill``, ``beside_circles``)."""


def alternative_scores(
    result: RowResult, field: str, option: str, vulnerability: Vulnerability
) -> tuple[int, ...] | None:
    """The NS scores of the results that box ``option`` of ``field``, marked in place of the
    reading's box, would give (a sign: with each count of tricks it allows); none (``()``)
    where that box gives no legal result with the rest of the reading (3C with a count of 5
    over, 7NT with a "+"); None where the score cannot check the box (the field is not one
    the score follows, or the reading is a pass-out)."""
    c, declarer, tricks = result.contract, result.declarer, result.tricks
    if result.passed_out or c is None or declarer is None or tricks is None:
        return None
    if field == PASSED_OUT:
        return (0,)
    if field == RESULT_SIGN:
        return tuple(ns_score(c, declarer, t, vulnerability) for t in _tricks_with_sign(c, option))
    if field not in FOLLOWED_FIELDS:
        return None
    others = results_with(result, field, option)
    return tuple(ns_score(con, seat, t, vulnerability) for con, seat, t in others)


def _tricks_with_sign(contract: Contract, sign: str) -> range:
    """Every count of tricks result sign ``sign`` allows ``contract``: exactly its tricks
    for "=", each over them for "+", each under them for "-". Any count: the reading's
    count (or none, made exactly) is the count of its own sign, and a player who marked
    the other sign may have meant any count, or left it out."""
    needed = contract.tricks_needed
    if sign == "=":
        return range(needed, needed + 1)
    return range(needed + 1, 14) if sign == "+" else range(needed)


def _rules_out(table: np.ndarray, own: int, other: int, plain: float = _PLAIN) -> bool:
    """Does the comb show ``own`` (as a number, without sign) rather than ``other`` by
    ``plain`` (log odds; ``_PLAIN`` unless other evidence weighs against ``other`` too)?
    A pass-out's 0 may be written "0" or left blank: both are weighed."""
    if abs(other) == abs(own):
        return False
    ll_own, ll_other = numbers_log_likelihood(table, (abs(own), abs(other)))
    if other == 0:
        ll_other = max(float(ll_other), float(table[:, 0].sum()))
    return float(ll_own) - float(ll_other) >= plain


def _clean(field: str, readings: Sequence[MarkReading], inked: frozenset[tuple[str, str]]) -> bool:
    """Do the boxes of ``field`` hold no ink at all: none inked before any rule read it
    (``inked``: a circle read away as a neighbour's stroke, a speck as dust), each read
    empty under ``EMPTY_P``?"""
    return bool(readings) and all(
        m.state is MarkState.EMPTY and m.p_marked < EMPTY_P and (field, m.option) not in inked
        for m in readings
    )


def settled_boxes(
    marks: Mapping[str, list[MarkReading]],
    uses: Mapping[str, str | None],
    result: RowResult,
    score: Sequence[DigitBox],
    vulnerability: Vulnerability,
    inked: frozenset[tuple[str, str]] = frozenset(),
    ink_round: frozenset[tuple[str, str]] = frozenset(),
) -> frozenset[tuple[str, str]]:
    """The unsure boxes (field, option) the reading does not use whose mark the written
    score rules out, and those it uses that are unsure only as a neighbour's stroke the
    score rules out (see the module docstring). ``inked``: the boxes that held ink before
    any rule read them (``RowEvidence.inked_at_first``); ``ink_round``: the boxes with drawn
    ink beside two of their sides or more (``FieldMarks.ink_round``)."""
    if result.score_ns is None or all(b.probs is None for b in score):
        return frozenset()
    law = ns_score(result.contract, result.declarer, result.tricks, vulnerability)
    if result.passed_out or result.score_ns != law:
        return frozenset()
    table = box_log_table(score)
    side_read = _side_read(marks.get(SCORE_SIDE, ()), uses.get(SCORE_SIDE))
    no_count = _clean(RESULT_COUNT, marks.get(RESULT_COUNT, ()), inked)

    def ruled_out(field: str, option: str, plain: float = _PLAIN) -> bool:
        others = alternative_scores(result, field, option, vulnerability)
        if others == () and field == RESULT_COUNT and result.contract is not None:
            # A count that gives no legal result beside the reading's sign (count 10 beside
            # 6C+) is the player's only with the sign read wrong too: weighed as beside "="
            # (over or under), where the reading's side gives none, the other side's result.
            made = replace(result, tricks=result.contract.tricks_needed)
            others = alternative_scores(made, field, option, vulnerability)
            if others == ():
                # Nor on the other side (count 11 beside 3NT=: no contract of that level
                # goes over or down 11): the count is the player's only with the level
                # read wrong too, and the written score is the reading's own.
                return True
        if not others:
            return False
        if field == RESULT_SIGN and option != "=" and no_count:
            # a "+" or "-" needs a count nobody marked (weighed once with a clean neighbour)
            plain = min(plain, _PLAIN - _COUNT_LEFT_OUT_ODDS)
        return all(_rules_out(table, law, o, plain) or (side_read and o * law < 0) for o in others)

    def clean(box: tuple[str, str]) -> bool:
        return _clean_neighbour(marks, box, inked, ink_round)

    def clean_stroke_ruled_out(field: str, m: MarkReading, stroke: tuple[str, str]) -> bool:
        """Is used box ``m`` of ``field``, unsure only as a clean neighbour's stroke
        ('edge', ``stroke``), settled at the comb's odds weighed by
        ``_CLEAN_NEIGHBOUR_ODDS``: the neighbour's result ruled out so, and every other
        box of the field's too (weighed so where that box is clean, else at ``_PLAIN``)?
        At one digit's odds the ink may be dust beside a mark in another box that left
        none seen: where another box scores the same, nothing is settled."""
        if m.how != "edge" or not clean(stroke):
            return False
        weighed = _PLAIN - _CLEAN_NEIGHBOUR_ODDS
        rest = [
            r.option for r in marks[field] if r.option != m.option and (field, r.option) != stroke
        ]
        return ruled_out(*stroke, weighed) and all(
            alternative_scores(result, field, o, vulnerability) == ()  # no legal result
            or ruled_out(field, o, weighed if clean((field, o)) else _PLAIN)
            for o in rest
        )

    out = set()
    for name, readings in marks.items():
        for m in readings:
            if m.state is not MarkState.UNSURE:
                continue
            if m.option != uses.get(name):
                if ruled_out(name, m.option):
                    out.add((name, m.option))
            elif (stroke := _stroke_of(m, uses)) is not None:
                if ruled_out(*stroke) or clean_stroke_ruled_out(name, m, stroke):
                    out.add((name, m.option))
    return frozenset(out)


def _clean_neighbour(
    marks: Mapping[str, list[MarkReading]],
    box: tuple[str, str],
    inked: frozenset[tuple[str, str]],
    ink_round: frozenset[tuple[str, str]],
) -> bool:
    """Is neighbour ``box`` (field, option) clean paper with no circle's ink round it: read
    empty under ``EMPTY_P``, no ink in it before any rule (``inked``), no drawn ink beside
    two of its sides (``ink_round``)?"""
    field, option = box
    return box not in ink_round and _clean(
        field, [m for m in marks.get(field, ()) if m.option == option], inked
    )


def _side_read(side_boxes: Sequence[MarkReading], used: str | None) -> bool:
    """Does the table's own side mark say whose score it wrote: the side box the reading
    uses marked for certain (``MARKED_P``), the other read empty?"""
    return any(m.option == used for m in side_boxes) and all(
        (m.state is MarkState.MARKED and m.p_marked >= MARKED_P)
        if m.option == used
        else m.state is MarkState.EMPTY
        for m in side_boxes
    )


def _stroke_of(m: MarkReading, uses: Mapping[str, str | None]) -> tuple[str, str] | None:
    """The unused neighbour whose stroke box reading ``m`` (used by the reading) may hold
    only, where it is unsure so ("edge", "beside a circle"); else None."""
    if m.neighbour is None or m.how not in _STROKE_DOUBTS:
        return None
    field, option = m.neighbour
    return None if uses.get(field) == option else (field, option)
