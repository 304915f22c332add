"""An unsure box the written score settles (ocr/score_settles.py).

Worked by hand from Law 77, North-South vulnerable (``Vulnerability.NS``):

- 4S= by North: trick score 4 x 30 = 120, vulnerable game 500: +620;
- 4SX= by North: 240 + 500 + the insult 50 = +790; 4SXX=: 480 + 500 + 100 = +1080;
- 3S= by North: 90 + part score 50 = +140; 4C= by North: 80 + 50 = +130;
- 4S+1 by North: 620 + 30 = +650; 4S-1 by North: one down vulnerable, -100;
- 4S= by East (not vulnerable): 120 + 300 = -420; with both vulnerable, -620.

A comb box read certain of its digit has likelihood 0.995 x (0.9 + 0.01) = 0.90545 for
that digit and 0.995 x 0.01 = 0.00995 for any other (``ocr.combs.digit_box_likelihood``):
one digit read otherwise costs a factor of 91.0, under the 199 (0.995 / 0.005) that rules
a number out; two cost 91.0^2 = 8,281, over it.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from ocr.combs import DigitBox
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
from ocr.marks import EMPTY_P, MarkReading, MarkState
from ocr.reading import RowResult
from ocr.score_settles import alternative_scores, settled_boxes
from ocr.used_marks import unexplained_unsure, used_boxes
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat
from tests.ocr.test_row_rules import FOUR_SPADES_MADE, row_marks

NS_VUL = Vulnerability.NS
FOUR_SPADES = RowResult(3, 12, False, Contract.parse("4S"), Seat.NORTH, 10, 620)


def comb(text: str, width: int = 4) -> tuple[DigitBox, ...]:
    """A score comb read certain of every digit of ``text``, right-aligned, blank before."""
    boxes = [DigitBox(None)] * (width - len(text))
    for ch in text:
        p = np.zeros(10)
        p[int(ch)] = 1.0
        boxes.append(DigitBox(tuple(p.tolist())))
    return tuple(boxes)


def _settled(unsure: dict[str, set[str]], vul: Vulnerability = NS_VUL) -> frozenset:
    """The boxes a written 620 settles beside the row 4S= by North with ``unsure`` boxes."""
    marks = row_marks(FOUR_SPADES_MADE, unsure=unsure)
    return settled_boxes(marks, used_boxes(FOUR_SPADES, (3, 12)), FOUR_SPADES, comb("620"), vul)


def test_the_results_a_box_would_give_in_place_of_the_readings():
    assert alternative_scores(FOUR_SPADES, DOUBLING, "X", NS_VUL) == (790,)
    assert alternative_scores(FOUR_SPADES, DOUBLING, "XX", NS_VUL) == (1080,)
    assert alternative_scores(FOUR_SPADES, LEVEL, "3", NS_VUL) == (140,)
    assert alternative_scores(FOUR_SPADES, STRAIN, "C", NS_VUL) == (130,)
    assert alternative_scores(FOUR_SPADES, DECLARER, "E", NS_VUL) == (-420,)
    assert alternative_scores(FOUR_SPADES, PASSED_OUT, "PASS", NS_VUL) == (0,)
    # beside "=", a count of 1 is one over or one down
    assert alternative_scores(FOUR_SPADES, RESULT_COUNT, "1", NS_VUL) == (650, -100)
    # a sign: every count of tricks it allows (4S needs 10: over by 1-3, down by 1-10)
    assert alternative_scores(FOUR_SPADES, RESULT_SIGN, "+", NS_VUL) == (650, 680, 710)
    assert alternative_scores(FOUR_SPADES, RESULT_SIGN, "-", NS_VUL) == tuple(
        -100 * down for down in range(10, 0, -1)
    )
    assert alternative_scores(FOUR_SPADES, PAIRS_CHANGED, "CHANGED", NS_VUL) is None
    passed = RowResult(3, 12, True, None, None, None, 0)
    assert alternative_scores(passed, DOUBLING, "X", NS_VUL) is None


def test_a_written_620_settles_an_unsure_double():
    """790 differs from 620 in two digits (7/6, 9/2): ruled out 8,281 to 1."""
    assert _settled({DOUBLING: {"X"}}) == {(DOUBLING, "X")}
    assert _settled({DOUBLING: {"XX"}}) == {(DOUBLING, "XX")}
    marks = row_marks(FOUR_SPADES_MADE, unsure={DOUBLING: {"X"}})
    uses = used_boxes(FOUR_SPADES, (3, 12))
    assert unexplained_unsure(marks, uses) == [DOUBLING]
    assert unexplained_unsure(marks, uses, _settled({DOUBLING: {"X"}})) == []


def test_level_strain_and_pass_out_settled_where_two_digits_differ():
    assert _settled({LEVEL: {"3"}}) == {(LEVEL, "3")}  # 140: 1/6, 4/2
    assert _settled({STRAIN: {"C"}}) == {(STRAIN, "C")}  # 130: 1/6, 3/2
    assert _settled({PASSED_OUT: {"PASS"}}) == {(PASSED_OUT, "PASS")}  # "0" or blank


def test_a_box_one_digit_away_or_the_same_number_is_not_settled():
    """650 (4S+1) differs from 620 in one digit only: a factor of 91, under 199. Hearts
    score spades' 620; East at both vulnerable scores the same 620 for the other side,
    which only the often forgotten side mark tells: with no side box marked, East is not
    settled."""
    assert _settled({RESULT_COUNT: {"1"}}) == frozenset()
    assert _settled({STRAIN: {"H"}}) == frozenset()
    no_side = {**FOUR_SPADES_MADE, SCORE_SIDE: set()}
    uses = used_boxes(FOUR_SPADES, (3, 12))
    for vul in (Vulnerability.BOTH, NS_VUL):  # -620, and -420 one digit from 620
        marks = row_marks(no_side, unsure={DECLARER: {"E"}})
        assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), vul) == frozenset()


def test_a_side_box_marked_for_certain_rules_the_other_side_out():
    """North-South crossed NS beside the written 620 (East-West's box clean): the table
    wrote its own score, so East's 4S= (-620 at both vulnerable, -420 with NS alone) is ruled
    out by the side as a wrong number is by the comb. Not where EW's box holds a mark too,
    nor where NS is only unsure."""
    assert _settled({DECLARER: {"E"}}, vul=Vulnerability.BOTH) == {(DECLARER, "E")}
    assert _settled({DECLARER: {"E"}}) == {(DECLARER, "E")}
    uses = used_boxes(FOUR_SPADES, (3, 12))
    for marked, unsure in (({SCORE_SIDE: {"NS", "EW"}}, {}),
                           ({SCORE_SIDE: set()}, {SCORE_SIDE: {"NS"}})):  # fmt: skip
        marks = row_marks({**FOUR_SPADES_MADE, **marked}, unsure={DECLARER: {"E"}, **unsure})
        assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), Vulnerability.BOTH) == set()


def test_nothing_settled_without_a_written_score_agreeing_with_the_reading():
    blank = RowResult(3, 12, False, Contract.parse("4S"), Seat.NORTH, 10, None)
    marks = row_marks(FOUR_SPADES_MADE, unsure={DOUBLING: {"X"}})
    uses = used_boxes(blank, (3, 12))
    assert settled_boxes(marks, uses, blank, (DigitBox(None),) * 4, NS_VUL) == frozenset()
    # the comb read as 790 (the row goes to a person for the mismatch anyway)
    other = RowResult(3, 12, False, Contract.parse("4S"), Seat.NORTH, 10, 790)
    assert settled_boxes(marks, uses, other, comb("790"), NS_VUL) == frozenset()


def test_a_box_the_reading_uses_or_a_marked_box_is_never_settled():
    """Only unsure boxes the reading leaves unused are looked at: a marked X is a mark."""
    marks = row_marks({**FOUR_SPADES_MADE, DOUBLING: {"X"}})
    uses = used_boxes(FOUR_SPADES, (3, 12))
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL) == frozenset()
    unsure_four = row_marks({**FOUR_SPADES_MADE, LEVEL: set()}, unsure={LEVEL: {"4"}})
    assert settled_boxes(unsure_four, uses, FOUR_SPADES, comb("620"), NS_VUL) == frozenset()


def test_a_comb_read_unsurely_settles_nothing():
    """The 6 read 0.5 / 0.5 as 6 or 7 and the 2 as 2 or 9: 620 and 790 alike."""
    half = [DigitBox(None)]
    for a, b in ((6, 7), (2, 9), (0, 0)):
        p = np.zeros(10)
        p[a] += 0.5
        p[b] += 0.5
        half.append(DigitBox(tuple(p.tolist())))
    marks = row_marks(FOUR_SPADES_MADE, unsure={DOUBLING: {"X"}})
    uses = used_boxes(FOUR_SPADES, (3, 12))
    assert settled_boxes(marks, uses, FOUR_SPADES, tuple(half), NS_VUL) == frozenset()


def test_a_settled_box_leaves_the_used_box_alone_in_its_field():
    """The 4 unsure and the 3 unsure beside it: two boxes with ink of their own, a person
    looks; with the 3 settled by the score (140 is not 620), the 4 is the level's only
    ink, explained as any lone unsure box the reading uses."""
    marks = row_marks({**FOUR_SPADES_MADE, LEVEL: set()}, unsure={LEVEL: {"3", "4"}})
    uses = used_boxes(FOUR_SPADES, (3, 12))
    assert unexplained_unsure(marks, uses) == [LEVEL]
    settled = settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL)
    assert settled == {(LEVEL, "3")}
    assert unexplained_unsure(marks, uses, settled) == []


def _stroke_doubted(field: str, option: str, neighbour: tuple[str, str], how: str = "edge"):
    """4S= by North with the used box ``option`` of ``field`` unsure as ``neighbour``'s
    stroke (rule ``without_spill``'s 'edge', or ``beside_circles``)."""
    marks = row_marks({**FOUR_SPADES_MADE, field: set()})
    marks[field] = [
        MarkReading(m.option, 0.12, MarkState.UNSURE, 0.5, how, 0.0, 0.0, neighbour)
        if m.option == option
        else m
        for m in marks[field]
    ]
    return marks


@pytest.mark.parametrize("how", ["edge", "beside a circle"])
def test_a_used_box_unsure_as_a_neighbours_stroke_the_score_rules_out_is_settled(how):
    """S unsure as C's stroke (the ink by their common edge may be a circle round C's): C's
    mark would make 4C=, 130 against the written 620, two digits, so the stroke is no mark
    of C's and the ink is S's own. The 4 unsure as the 3's stroke alike (140)."""
    uses = used_boxes(FOUR_SPADES, (3, 12))
    for field, option, neighbour in ((STRAIN, "S", (STRAIN, "C")), (LEVEL, "4", (LEVEL, "3"))):
        marks = _stroke_doubted(field, option, neighbour, how)
        assert unexplained_unsure(marks, uses) == [field]
        settled = settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL)
        assert settled == {(field, option)}
        assert unexplained_unsure(marks, uses, settled) == []


def test_a_used_box_unsure_as_a_stroke_the_score_cannot_rule_out_is_not_settled():
    """S unsure as H's stroke: 4H= scores spades' 620, and the player's circle round H
    may have run into S; "=" unsure as count 1's stroke, with drawn ink beside two sides
    of count 1 (a circle round it may have left it): 4S+1's 650 is one digit away, 91 to
    1. A person looks at both, as before."""
    uses = used_boxes(FOUR_SPADES, (3, 12))
    ink_round = frozenset({(STRAIN, "H"), (RESULT_COUNT, "1")})
    for field, option, neighbour in ((STRAIN, "S", (STRAIN, "H")),
                                     (RESULT_SIGN, "=", (RESULT_COUNT, "1"))):  # fmt: skip
        marks = _stroke_doubted(field, option, neighbour)
        settled = settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL, ink_round=ink_round)
        assert settled == frozenset()
        assert unexplained_unsure(marks, uses) == [field]
    marks = _stroke_doubted(STRAIN, "S", (STRAIN, "H"))  # the same score: nothing to weigh
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL) == frozenset()


def test_a_clean_neighbours_stroke_needs_the_comb_ten_times_less():
    """The 4 unsure as the 5's stroke ('edge'), the 5 clean paper: no ink in it before any
    rule, none beside two of its sides. 5S= by North, NS vulnerable, is 150 + 500 = 650, one
    digit from the written 620: 91 to 1 alone, under 199, but the 5's mark would have left
    all its ink in the 4 (rarer than one in ten), so 910 to 1 rules it out and the 4 is
    the level's own mark. "=" unsure as count 1's stroke alike (4S+1, 650).

    Not so where the 5 held ink before a rule read it away (``inked``), holds a speck read
    away (``EMPTY_P``), or has drawn ink beside two of its sides (``ink_round``: a circle
    round it may have run into the 4); nor for ink by a circle's arc ("beside a circle")."""
    uses = used_boxes(FOUR_SPADES, (3, 12))
    for field, option, neighbour in ((LEVEL, "4", (LEVEL, "5")),
                                     (RESULT_SIGN, "=", (RESULT_COUNT, "1"))):  # fmt: skip
        marks = _stroke_doubted(field, option, neighbour)
        settled = settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL)
        assert settled == {(field, option)}
        assert unexplained_unsure(marks, uses, settled) == []
    marks = _stroke_doubted(LEVEL, "4", (LEVEL, "5"))
    five = frozenset({(LEVEL, "5")})
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL, five) == frozenset()
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL, ink_round=five) == set()
    marks[LEVEL] = [replace(m, p_marked=EMPTY_P) if m.option == "5" else m for m in marks[LEVEL]]
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL) == frozenset()
    circled = _stroke_doubted(LEVEL, "4", (LEVEL, "5"), "beside a circle")
    assert settled_boxes(circled, uses, FOUR_SPADES, comb("620"), NS_VUL) == frozenset()


def test_a_clean_neighbours_stroke_leaves_no_other_box_of_the_field_open():
    """S unsure as NT's stroke, NT clean: 4NT= is 630, one digit from 620, ruled out at 910
    to 1; but 4H= scores 620 as 4S= does, and at one digit's odds S's ink may be the page's
    dust beside a mark in H that left none seen: nothing is settled, a person looks
    (TRAINING dirty glass 62606, ``page_0013.jpg`` row 13: 2C+1 by South, the player's dot
    in C unseen, D's ink by a clean H would read 2D+1, both 110). The 4 as the 5's stroke
    where the 3 holds ink round it: 3S= 140, two digits from 620, is ruled out all the
    same."""
    uses = used_boxes(FOUR_SPADES, (3, 12))
    marks = _stroke_doubted(STRAIN, "S", (STRAIN, "NT"))
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL) == frozenset()
    marks = _stroke_doubted(LEVEL, "4", (LEVEL, "5"))
    three = frozenset({(LEVEL, "3")})
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL, ink_round=three) == {
        (LEVEL, "4")
    }


def test_a_sign_unsure_as_the_other_signs_stroke_is_settled_where_no_count_is_marked():
    """ "=" unsure as "+"'s stroke beside 4S= by North, 620 written, no count box inked: "+"
    would need a count the player left out (at most one row in ten), and 650 (4S+1) is one
    digit from 620 (91 to 1), 680 one digit, 710 two: 91 x 10 = 910 to 1, over 199. With a
    speck read away as dust in count 1 (``EMPTY_P``) the count is not known to be clean, and
    650 stands at 91 to 1: a person looks, as where count 1 held ink before a rule read it
    away. "=" unsure as "-"'s stroke: -100 to -1,000, the
    side mark NS ruling every one out; without the side mark -600 (six down) is one digit
    from 620, ruled out only with the clean count. Drawn ink lies beside two sides of "+"
    and "-" here (``ink_round``): neither is a clean neighbour, whose stroke is weighed
    alike (``test_a_clean_neighbours_stroke_needs_the_comb_ten_times_less``), once."""
    uses = used_boxes(FOUR_SPADES, (3, 12))
    signs = frozenset({(RESULT_SIGN, "+"), (RESULT_SIGN, "-")})  # a circle's ink round each
    for other in ("+", "-"):
        marks = _stroke_doubted(RESULT_SIGN, "=", (RESULT_SIGN, other))
        settled = settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL, ink_round=signs)
        assert settled == {(RESULT_SIGN, "=")}
        assert unexplained_unsure(marks, uses, settled) == []
    speck = _stroke_doubted(RESULT_SIGN, "=", (RESULT_SIGN, "+"))
    speck[RESULT_COUNT][0] = MarkReading("1", 0.0, MarkState.EMPTY, EMPTY_P, "dust dot")
    assert (
        settled_boxes(speck, uses, FOUR_SPADES, comb("620"), NS_VUL, ink_round=signs) == frozenset()
    )
    # count 1 held ink before a rule read it away (a circle taken for a neighbour's stroke)
    marks = _stroke_doubted(RESULT_SIGN, "=", (RESULT_SIGN, "+"))
    inked = frozenset({(RESULT_COUNT, "1")})
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL, inked, signs) == frozenset()
    no_side = _stroke_doubted(RESULT_SIGN, "=", (RESULT_SIGN, "-"))
    no_side[SCORE_SIDE] = [
        replace(m, state=MarkState.EMPTY, p_marked=0.0001) for m in no_side[SCORE_SIDE]
    ]
    assert settled_boxes(no_side, uses, FOUR_SPADES, comb("620"), NS_VUL, ink_round=signs) == {
        (RESULT_SIGN, "=")
    }
    no_side[RESULT_COUNT][0] = speck[RESULT_COUNT][0]
    assert (
        settled_boxes(no_side, uses, FOUR_SPADES, comb("620"), NS_VUL, ink_round=signs)
        == frozenset()
    )


def test_an_unused_sign_is_settled_as_any_unused_box():
    """4S= by North, 620 written, "+" unsure by its own ink, no count marked: ruled out as
    above (650 one digit away, the count left out). With count 1 unsure as well, 4S+1 is a
    reading the marks hold, and 650 stands at 91 to 1: neither box is settled."""
    uses = used_boxes(FOUR_SPADES, (3, 12))
    marks = row_marks(FOUR_SPADES_MADE, unsure={RESULT_SIGN: {"+"}})
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL) == {(RESULT_SIGN, "+")}
    marks = row_marks(FOUR_SPADES_MADE, unsure={RESULT_SIGN: {"+"}, RESULT_COUNT: {"1"}})
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), NS_VUL) == frozenset()


def test_no_side_is_read_without_the_side_box_the_reading_uses():
    """A row whose side boxes are not among its marks reads no side: nothing is ruled out
    by it."""
    marks = row_marks(FOUR_SPADES_MADE, unsure={DECLARER: {"E"}})
    del marks[SCORE_SIDE]
    uses = used_boxes(FOUR_SPADES, (3, 12))
    assert settled_boxes(marks, uses, FOUR_SPADES, comb("620"), Vulnerability.BOTH) == set()


def test_a_box_that_gives_no_legal_result_is_ruled_out_with_the_rest():
    """4S+2 by North, NS vulnerable, 620 + 2 x 30 = 680 written; count 2 unsure as a clean
    count 1's stroke: 4S+1's 650 is one digit away, 910 to 1 with the weight. Of the other
    counts, 3 gives 4S+3, 710 (two digits from 680), and 4 to 13 no legal result (more than
    13 tricks): none scores 680, and the 2 is settled."""
    four_spades_two = replace(FOUR_SPADES, tricks=12, score_ns=680)
    marks = row_marks({**FOUR_SPADES_MADE, RESULT_SIGN: {"+"}})
    marks[RESULT_COUNT] = [
        MarkReading("2", 0.12, MarkState.UNSURE, 0.5, "edge", 0.0, 0.0, (RESULT_COUNT, "1"))
        if m.option == "2"
        else m
        for m in marks[RESULT_COUNT]
    ]
    uses = used_boxes(four_spades_two, (3, 12))
    assert unexplained_unsure(marks, uses) == [RESULT_COUNT]
    settled = settled_boxes(marks, uses, four_spades_two, comb("680"), NS_VUL)
    assert settled == {(RESULT_COUNT, "2")}


def _six_clubs_plus_one_with_an_unsure_count(count: str) -> tuple[RowResult, frozenset]:
    """6C+1 by West, not vulnerable, -940 written (920 + 20), count 1 marked and count
    ``count`` unsure by a thin fill (TEST noisy seed 13, ``page_0015.jpg`` row 8: dust
    filling count 10 0.051 beside the player's pen dot in count 1)."""
    six_clubs = RowResult(8, 17, False, Contract.parse("6C"), Seat.WEST, 13, -940)
    marks = row_marks({LEVEL: {"6"}, STRAIN: {"C"}, DECLARER: {"W"}, RESULT_SIGN: {"+"},
                       RESULT_COUNT: {"1"}, SCORE_SIDE: {"EW"}},
                      unsure={RESULT_COUNT: {count}})  # fmt: skip
    uses = used_boxes(six_clubs, (8, 17))
    assert unexplained_unsure(marks, uses) == [RESULT_COUNT]
    return six_clubs, settled_boxes(marks, uses, six_clubs, comb("940"), Vulnerability.NONE)


def test_a_count_no_result_over_allows_is_weighed_as_a_count_under():
    """Beside 6C+ no count but 1 is legal (13 tricks at most), so count 10 gives no
    result with the reading's "+": it is the player's only with the sign read wrong too,
    6C-10, +500 to NS (not vulnerable, undoubled: 10 x 50), which the written 940 rules
    out (two digits apart: 5/9, 0/4). Count 7: 6C-7, +350 (three digits apart). Count 13
    gives no result either way (12 - 13 tricks): it is the player's only with the level
    read wrong too, while the written score is the reading's own, so it is ruled out as
    well (TRAINING seed 13 pencil ``page_0006.jpg`` row 5 and damaged ``page_0019.jpg`` row
    10 went to a person so, "unsure mark in result_count")."""
    assert alternative_scores(
        RowResult(8, 17, False, Contract.parse("6C"), Seat.WEST, 13, -940),
        RESULT_COUNT, "10", Vulnerability.NONE,
    ) == ()  # fmt: skip
    for count in ("10", "7", "13"):
        assert _six_clubs_plus_one_with_an_unsure_count(count)[1] == {(RESULT_COUNT, count)}
