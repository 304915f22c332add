"""The row-level acceptance rules: the marks must agree with the reading.

Worked by hand from Law 77 (scoring/law77.py): 4S= vulnerable is +620; 4S by East one
down, not vulnerable, is +50 to NS.
"""

from __future__ import annotations

import pytest

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
from ocr.marks import MarkReading, MarkState
from ocr.reading import RowResult
from ocr.used_marks import missing_marks, unexplained_marks, unexplained_unsure, used_boxes
from scoring.contract import Contract, Seat

OPTIONS = {
    PASSED_OUT: ["PASS"],
    LEVEL: [str(i) for i in range(1, 8)],
    STRAIN: ["C", "D", "H", "S", "NT"],
    DOUBLING: ["X", "XX"],
    DECLARER: ["N", "E", "S", "W"],
    RESULT_SIGN: ["=", "+", "-"],
    RESULT_COUNT: [str(i) for i in range(1, 14)],
    SCORE_SIDE: ["NS", "EW"],
    PAIRS_CHANGED: ["CHANGED"],
}


def row_marks(
    marked: dict[str, set[str]], unsure: dict[str, set[str]] | None = None
) -> dict[str, list[MarkReading]]:
    """Mark readings of a row: ``marked`` boxes crossed firmly, ``unsure`` ones in the band."""
    unsure = unsure or {}
    out: dict[str, list[MarkReading]] = {}
    for name, options in OPTIONS.items():
        readings = []
        for o in options:
            if o in marked.get(name, set()):
                readings.append(MarkReading(o, 0.4, MarkState.MARKED, 0.9999, "fill"))
            elif o in unsure.get(name, set()):
                readings.append(MarkReading(o, 0.07, MarkState.UNSURE, 0.5, "fill"))
            else:
                readings.append(MarkReading(o, 0.0, MarkState.EMPTY, 0.0001))
        out[name] = readings
    return out


FOUR_SPADES_MADE = {
    LEVEL: {"4"},
    STRAIN: {"S"},
    DECLARER: {"N"},
    RESULT_SIGN: {"="},
    SCORE_SIDE: {"NS"},
}


def test_the_boxes_a_result_uses():
    """4SX by West two down, +500 to NS, played by the printed pairs."""
    result = RowResult(3, 12, False, Contract.parse("4SX"), Seat.WEST, 8, 500)
    assert used_boxes(result, (3, 12)) == {
        PASSED_OUT: None,
        LEVEL: "4",
        STRAIN: "S",
        DOUBLING: "X",
        DECLARER: "W",
        RESULT_SIGN: "-",
        RESULT_COUNT: "2",
        SCORE_SIDE: "NS",
        PAIRS_CHANGED: None,
    }
    passed = RowResult(5, 14, True, score_ns=None)
    assert used_boxes(passed, (3, 12)) == {
        PASSED_OUT: "PASS",
        LEVEL: None,
        STRAIN: None,
        DOUBLING: None,
        DECLARER: None,
        RESULT_SIGN: None,
        RESULT_COUNT: None,
        SCORE_SIDE: None,
        PAIRS_CHANGED: "CHANGED",
    }


def test_a_level_marked_on_a_passed_out_row_is_not_explained():
    """A line struck through an unused row crosses PASS and the level boxes: the row is no
    pass-out, whatever the relative likelihoods say."""
    marks = row_marks({PASSED_OUT: {"PASS"}, LEVEL: {"1", "2"}})
    uses = used_boxes(RowResult(3, 12, True), (3, 12))
    assert unexplained_marks(marks, uses) == [(LEVEL, "1"), (LEVEL, "2")]


def test_a_second_firm_mark_in_a_field_is_not_explained():
    """Levels 2 and 4 both crossed (a fold's crease through the 2): the score may prefer
    one, but the marks contradict each other and a person looks."""
    marks = row_marks({**FOUR_SPADES_MADE, LEVEL: {"2", "4"}})
    result = RowResult(3, 12, False, Contract.parse("4S"), Seat.NORTH, 10, 620)
    assert unexplained_marks(marks, used_boxes(result, (3, 12))) == [(LEVEL, "2")]


FOUR_SPADES_BY_EAST_DOWN_ONE = RowResult(3, 12, False, Contract.parse("4S"), Seat.EAST, 9, 50)
"""4S by East one down, not vulnerable: +50 to NS (Law 77)."""

DOWN_ONE_MARKS = {LEVEL: {"4"}, STRAIN: {"S"}, DECLARER: {"E"}, RESULT_COUNT: {"1"}}
"""Its boxes marked, all but the minus sign's (a circle round it missed)."""


def test_a_box_the_reading_needs_that_reads_empty_is_missing():
    """The minus sign's box reads empty, and the plus held ink before the rules read it
    empty: the score and the 1 make the decoder infer the minus, but the table's marks do
    not say it, and a person looks. The NS mark of the score may be left out."""
    marks = row_marks(DOWN_ONE_MARKS)
    uses = used_boxes(FOUR_SPADES_BY_EAST_DOWN_ONE, (3, 12))
    inked = {(RESULT_SIGN, "+")}
    assert missing_marks(marks, uses, inked=inked) == [(RESULT_SIGN, "-")]


def test_an_unseen_sign_on_clean_paper_is_settled_by_the_score():
    """The same row with the sign's boxes clean paper, now and before any rule (the minus's
    own box may hold ink no reading took for a mark), and every other box the reading uses
    marked: +50 written puts the score with NS, so East went down (a plus would be -450 to
    NS, "=" -420 without the 1), and the lost minus is no reason for a person. Anything
    else on the row keeps it missing: no score written, a speck of ink in a box the reading
    does not use, a used box only unsure, or a second box missing."""
    marks = row_marks(DOWN_ONE_MARKS)
    uses = used_boxes(FOUR_SPADES_BY_EAST_DOWN_ONE, (3, 12))
    assert missing_marks(marks, uses) == []
    assert missing_marks(marks, uses, inked={(RESULT_SIGN, "-")}) == []  # its ring, in part
    assert missing_marks(marks, uses, score_written=False) == [(RESULT_SIGN, "-")]
    assert missing_marks(marks, uses, inked={(LEVEL, "5")}) == [(RESULT_SIGN, "-")]
    speck = _with(marks, LEVEL, MarkReading("5", 0.03, MarkState.EMPTY, 0.03, "fill"))
    assert missing_marks(speck, uses) == [(RESULT_SIGN, "-")]
    unsure = row_marks({**DOWN_ONE_MARKS, LEVEL: set()}, unsure={LEVEL: {"4"}})
    assert missing_marks(unsure, uses) == [(RESULT_SIGN, "-")]
    no_declarer = row_marks({**DOWN_ONE_MARKS, DECLARER: set()})
    assert missing_marks(no_declarer, uses) == [(DECLARER, "E"), (RESULT_SIGN, "-")]


def test_only_the_sign_is_settled_so():
    """4S by East two down, the count's 2 lost on clean paper: +100 written could be a
    player's slip for +50 one down, so the lost count is missing whatever the paper."""
    marks = row_marks({**DOWN_ONE_MARKS, RESULT_SIGN: {"-"}, RESULT_COUNT: set()})
    down_two = RowResult(3, 12, False, Contract.parse("4S"), Seat.EAST, 8, 100)
    assert missing_marks(marks, used_boxes(down_two, (3, 12))) == [(RESULT_COUNT, "2")]


def test_a_lost_equals_sign_is_missing_whatever_the_paper():
    """4H by South made exactly, its '=' lost on clean paper, +420 written: a player who made
    an overtrick and wrote the score of the contract made (420 for 450) with the plus and the
    1 both lost (dots put beside their boxes, as the player's other marks: fresh TRAINING
    pdf150 seed 63552, page_0025.pdf row 3) reads so too. '=' is the only sign a slip of one
    trick in the written score stands for, so it is never settled; a person looks."""
    marks = row_marks({LEVEL: {"4"}, STRAIN: {"H"}, DECLARER: {"S"}})
    made = RowResult(3, 15, False, Contract.parse("4H"), Seat.SOUTH, 10, 420)
    assert missing_marks(marks, used_boxes(made, (3, 15))) == [(RESULT_SIGN, "=")]


FOUR_SPADES_BY_NORTH = RowResult(3, 12, False, Contract.parse("4S"), Seat.NORTH, 10, 620)


def _with(
    marks: dict[str, list[MarkReading]], name: str, reading: MarkReading
) -> dict[str, list[MarkReading]]:
    """``marks`` with one box of field ``name`` read as ``reading``."""
    return {
        **marks,
        name: [reading if m.option == reading.option else m for m in marks[name]],
    }


def test_an_unsure_box_the_reading_uses_alone_in_its_field_is_explained():
    """A thin check on the 4 (fill 0.07, between the 0.05 and 0.10 thresholds), the other
    levels clean: the reading 4S= uses the 4, the score +620 and the firm spade, North and
    '=' carry the posterior. The unsure 4 sends the row to nobody by itself."""
    marks = row_marks({**FOUR_SPADES_MADE, LEVEL: set()}, unsure={LEVEL: {"4"}})
    uses = used_boxes(FOUR_SPADES_BY_NORTH, (3, 12))
    assert unexplained_unsure(marks, uses) == []


def test_an_unsure_box_beside_another_with_ink_of_its_own_is_not_explained():
    """The 4 unsure, and the 5 beside it unsure by its own fill too: which level the table
    meant is for a person, even if the score prefers one."""
    marks = row_marks({**FOUR_SPADES_MADE, LEVEL: set()}, unsure={LEVEL: {"4", "5"}})
    uses = used_boxes(FOUR_SPADES_BY_NORTH, (3, 12))
    assert unexplained_unsure(marks, uses) == [LEVEL]


def test_an_unsure_box_the_reading_does_not_use_is_not_explained():
    """A faint mark on X of an undoubled reading: a doubled contract half-marked, or a
    smudge; the score cannot say which the table meant, a person looks."""
    marks = row_marks(FOUR_SPADES_MADE, unsure={DOUBLING: {"X"}})
    uses = used_boxes(FOUR_SPADES_BY_NORTH, (3, 12))
    assert unexplained_unsure(marks, uses) == [DOUBLING]


def test_a_neighbours_stroke_is_explained_only_by_that_neighbour_used():
    """The 5 holds a stroke coming in from the 4 (a circle round the 4 drawn wide): when
    the reading uses the 4, the stroke is its circle's; when it uses the 3, nothing on the
    row explains the 5's ink."""
    edge = MarkReading("5", 0.08, MarkState.UNSURE, 0.5, "edge", neighbour=(LEVEL, "4"))
    marks = _with(row_marks(FOUR_SPADES_MADE), LEVEL, edge)
    uses = used_boxes(FOUR_SPADES_BY_NORTH, (3, 12))
    assert unexplained_unsure(marks, uses) == []
    three = RowResult(3, 12, False, Contract.parse("3S"), Seat.NORTH, 10, 170)
    assert unexplained_unsure(marks, used_boxes(three, (3, 12))) == [LEVEL]
    beside = MarkReading("S", 0.12, MarkState.UNSURE, 0.5, "beside a circle",
                         neighbour=(STRAIN, "NT"))  # fmt: skip
    marks = _with(row_marks(FOUR_SPADES_MADE), STRAIN, beside)
    assert unexplained_unsure(marks, uses) == [STRAIN]


def _speck(option: str, mm2: float) -> MarkReading:
    """A box unsure by its dot alone: a blob of ``mm2`` (0.15-0.40 mm^2 is the band)."""
    return MarkReading(option, 0.02, MarkState.UNSURE, 0.5, "dot", dot_mm2=mm2)


def test_a_speck_beside_the_field_s_certain_mark_is_explained():
    """A 0.2 mm^2 blob (half a millimetre across) in E, North's box crossed firmly: the
    reading uses N, marked for certain; the speck is no second declarer."""
    marks = _with(row_marks(FOUR_SPADES_MADE), DECLARER, _speck("E", 0.2))
    uses = used_boxes(FOUR_SPADES_BY_NORTH, (3, 12))
    assert unexplained_unsure(marks, uses) == []


def test_a_speck_beside_an_unsure_mark_or_where_no_box_is_used_is_not_explained():
    """The same speck where the field's used box is itself unsure (a thin check on N): two
    boxes with doubtful ink of their own, a person looks. And a speck on X of an undoubled
    reading: the reading uses no doubling box, nothing certain stands beside it."""
    marks = row_marks({**FOUR_SPADES_MADE, DECLARER: set()}, unsure={DECLARER: {"N"}})
    marks = _with(marks, DECLARER, _speck("E", 0.2))
    uses = used_boxes(FOUR_SPADES_BY_NORTH, (3, 12))
    assert unexplained_unsure(marks, uses) == [DECLARER]
    marks = _with(row_marks(FOUR_SPADES_MADE), DOUBLING, _speck("X", 0.2))
    assert unexplained_unsure(marks, uses) == [DOUBLING]


@pytest.mark.parametrize(
    ("north", "edge_dot", "explained"),
    [
        ("dot", True, False),  # two dots: either may be the player's (or dust)
        ("fill", True, True),  # a stroke is the field's mark; the dot beside it is no second
        ("dot", False, True),  # a speck inside E beside a dot marked for certain, as before
    ],
)
def test_a_pen_dot_on_an_edge_beside_a_box_marked_by_its_dot_goes_to_a_person(
    north, edge_dot, explained
):
    """North marked for certain (by its dot alone, or by its fill) and East unsure by a dot:
    a pen dot on East's printed edge (read as the unsure band's middle, ``EDGE_UNSURE_MM2``)
    or a speck of 0.2 mm^2 inside it. After TRAINING noisy seed 4134, page_0026 row 9: a
    clump of 0.77 mm^2 read South marked by its dot, the player's dot on North's edge
    unsure, and the row was accepted by South (the same score)."""
    from ocr.dots import EDGE_UNSURE_MM2

    n = MarkReading("N", 0.08, MarkState.MARKED, 0.9999, north, dot_mm2=0.77)
    marks = _with(row_marks({**FOUR_SPADES_MADE, DECLARER: set()}), DECLARER, n)
    marks = _with(marks, DECLARER, _speck("E", EDGE_UNSURE_MM2 if edge_dot else 0.2))
    uses = used_boxes(FOUR_SPADES_BY_NORTH, (3, 12))
    assert unexplained_unsure(marks, uses) == ([] if explained else [DECLARER])


def test_an_unsure_dot_the_reading_uses_is_weighed_as_before():
    """The speck in the box the reading uses (N), no other declarer box inked: explained as
    any unsure box used alone in its field is; beside a firm E, not."""
    marks = _with(row_marks({**FOUR_SPADES_MADE, DECLARER: set()}), DECLARER, _speck("N", 0.3))
    uses = used_boxes(FOUR_SPADES_BY_NORTH, (3, 12))
    assert unexplained_unsure(marks, uses) == []
    marks = _with(row_marks({**FOUR_SPADES_MADE, DECLARER: {"E"}}), DECLARER, _speck("N", 0.3))
    assert unexplained_unsure(marks, uses) == [DECLARER]
