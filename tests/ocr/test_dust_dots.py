"""A dot the page cannot tell from its dust (``DUST_DOT``, rule ``dusty_page``), alone in a
field a played result marks one box of (rule ``dust_dot_alone``, ocr/dust_dots.py): weighed
as its dot alone reads, and no missing mark where the reading needs it (issue 43, noisy
pages).

The numbers, by hand. A dot's evidence is its size on the scale from 0.15 mm^2 (0) to 0.40
mm^2 (1), and ``p_of_evidence`` is 1 / (1 + 49^(1 - 2e)) (2% at 0, 98% at 1): a dot of
0.40 mm^2 is 0.98 (odds 49), one of 0.275 mm^2 (e 0.5) is 0.5 (odds 1), one of 0.65 mm^2
(e 2) 1 / (1 + 49^-3) = 0.99999150. In a level, strain or declarer a clump weighed alone
runs on a scale to 0.60 mm^2 instead (``weighed_p``): there 0.60 mm^2 is 0.98 and 0.375
mm^2 is 0.5. A box read marked (0.98 or more) is weighed against the other boxes of its
field alone (ocr/unchecked_marks.py ``_certain``): a level whose 4 holds a dot of 0.50 mm^2
beside six clean boxes (0.0001: odds 0.00010001) is 4 at 49 / (49 + 6 x 0.00010001) =
0.999988, certain (0.995). A dot of 0.325 mm^2 there is weighed against no box at all as
well: 1 / (1 + 1 + 6 x 0.00010001) = 0.499850, never certain.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ocr.decode import decode_contract
from ocr.dust_dots import ONE_BOX_FIELDS, dust_dot_alone, own_dot_p, weighed_p
from ocr.layout import (
    DECLARER,
    DOUBLING,
    LEVEL,
    PASSED_OUT,
    RESULT_COUNT,
    RESULT_SIGN,
    STRAIN,
    load_layout,
)
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT, DUST_DOT_ALONE, MarkReading, MarkState
from ocr.reading import DEFAULT_THRESHOLD, RowResult
from ocr.unchecked_marks import CERTAIN, _group_certainty
from ocr.used_marks import missing_marks, used_boxes
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat
from tests.ocr.bands import band_row_marks, stored_dust
from tests.ocr.marked_rows import box_reading
from tests.ocr.test_decode import evidence, marks_for
from tests.ocr.test_row_rules import FOUR_SPADES_MADE, row_marks

FOUR_SPADES = Contract.parse("4S")


def _dust_dot(option: str, mm2: float, how: str = DUST_DOT) -> MarkReading:
    return MarkReading(option, 0.01, MarkState.EMPTY, 0.0001, how, dot_mm2=mm2)


def test_the_fields_a_played_result_marks_one_box_of():
    assert ONE_BOX_FIELDS == {LEVEL, STRAIN, DECLARER, RESULT_SIGN}


@pytest.mark.parametrize(
    ("mm2", "p"), [(0.40, 0.98), (0.275, 0.5), (0.65, 0.99999150), (0.15, 0.02)]
)
def test_a_dust_dot_is_weighed_as_its_dot_reads(mm2, p):
    assert own_dot_p(_dust_dot("4", mm2), MARK_SETTINGS) == pytest.approx(p, abs=1e-8)


def test_a_dot_of_a_pen_dot_s_size_alone_in_its_field_is_certain():
    """A level whose 4 holds a dot of 0.50 mm^2 read as dust, six clean boxes: 0.999988 by
    hand. 4S+1 and 4H+1 score alike, and so do 4S= by North and by South, but not 3S+2 and
    4S+1: the level is checked by its marks, the row decoded certain."""
    marks = marks_for(FOUR_SPADES, Seat.NORTH, 10, 620)
    ev = evidence(marks, 620, {"level": {"4": 0.98}})
    assert _group_certainty(ev.level, "4", blank=False) == pytest.approx(0.999988, abs=1e-6)
    assert _group_certainty(ev.level, "4", blank=False) >= CERTAIN
    decoded = decode_contract(ev, Vulnerability.BOTH)
    assert decoded.ranked[0][0] == (FOUR_SPADES, Seat.NORTH, 10, 620)
    assert decoded.posterior >= DEFAULT_THRESHOLD
    assert decoded.unchecked == ()


def test_a_small_dust_dot_is_never_certain_on_its_own():
    """A dust dot of 0.325 mm^2 (0.5) weighed alone in level 4 and no score written: no
    field's only ink (``never_only_ink``, ocr/unchecked_marks.py ``_only_ink``), 0.499850
    against no box and the clean ones (by hand above): the level is unchecked, a person
    looks. The same 0.5 read unsure by a dot that is no page's dust is the level's only
    ink and weighed against the clean boxes alone: 1 / (1 + 6 x 0.00010001) = 0.999400."""
    marks = marks_for(FOUR_SPADES, Seat.NORTH, 10, 620)
    del marks["score_side"]
    unsure = evidence(marks, None, {"level": {"4": 0.5}})
    ev = replace(unsure, never_only_ink=frozenset({(LEVEL, "4")}))
    assert _group_certainty(ev.level, "4") == pytest.approx(0.499850, abs=1e-6)
    assert "level" in decode_contract(ev, Vulnerability.BOTH).unchecked
    assert _group_certainty(unsure.level, "4", blank=False) == pytest.approx(0.999400, abs=1e-6)
    assert "level" not in decode_contract(unsure, Vulnerability.BOTH).unchecked


def _with_box(marks: dict[str, list[MarkReading]], name: str, box: MarkReading):
    return {**marks, name: [box if m.option == box.option else m for m in marks[name]]}


def test_a_dust_dot_alone_that_the_reading_needs_is_no_missing_mark():
    """4S= by North, ink in the '+' box before the rules: the '=' box read empty is missing
    (on clean paper the score would settle it: test_row_rules); weighed as a dust dot alone in its
    field it is not: the decoder weighed it. A dust dot the rule left as it was (beside
    another mark of its field) is missing as before, and so is the declarer's N read empty
    without a dot."""
    marks = row_marks({**FOUR_SPADES_MADE, RESULT_SIGN: set()})
    uses = used_boxes(RowResult(3, 12, False, FOUR_SPADES, Seat.NORTH, 10, 620), (3, 12))
    inked = {(RESULT_SIGN, "+")}
    assert missing_marks(marks, uses, inked=inked) == [(RESULT_SIGN, "=")]
    alone = _dust_dot("=", 0.6, DUST_DOT_ALONE)
    assert missing_marks(_with_box(marks, RESULT_SIGN, alone), uses, inked=inked) == []
    left = _with_box(marks, RESULT_SIGN, _dust_dot("=", 0.6))
    assert missing_marks(left, uses, inked=inked) == [(RESULT_SIGN, "=")]
    both = _with_box(marks, DECLARER, MarkReading("N", 0.0, MarkState.EMPTY, 0.0001))
    both = _with_box(both, RESULT_SIGN, alone)
    assert missing_marks(both, uses, inked=inked) == [(DECLARER, "N")]


def test_a_dust_dot_alone_is_missing_where_no_score_is_written():
    """The same '=' weighed as a dust dot alone, and no score written: nothing checks the
    field but the dot itself (a dot of 0.6 mm^2 is 0.99999 by hand, certain on its own), so
    it is missing as any empty box is and a person looks (fresh TEST seed 51831 noisy,
    page_0013 row 3: a clump alone in level 7 read 7C made, the player's faint circle round
    1 read empty). A box read marked is no missing mark, score or none."""
    marks = row_marks({**FOUR_SPADES_MADE, RESULT_SIGN: set()})
    uses = used_boxes(RowResult(3, 12, False, FOUR_SPADES, Seat.NORTH, 10, None), (3, 12))
    alone = _with_box(marks, RESULT_SIGN, _dust_dot("=", 0.6, DUST_DOT_ALONE))
    assert missing_marks(alone, uses, score_written=False) == [(RESULT_SIGN, "=")]
    assert missing_marks(alone, uses, score_written=True) == []
    assert missing_marks(row_marks(FOUR_SPADES_MADE), uses, score_written=False) == []


def _row_one_evidence():
    """Row 1's evidence on a blank page (the rule looks at its boxes' fields only)."""
    from ocr.illumination import flatten
    from ocr.row_marks import RowMarks
    from tests.ocr.test_marks import DPI, _fresh
    from tests.ocr.test_page_dust import _grey

    lay = load_layout()
    return RowMarks(flatten(_grey(_fresh()), DPI), lay, lay.row(1), DPI).evidence()


def test_a_dust_dot_is_weighed_only_alone_in_a_field_that_needs_one_mark():
    """Dust dots of 0.60 mm^2 (0.0001 as read) in level 4, strain H, doubling X and
    result_count 2, and in declarer N beside E read unsure: the level's and the strain's
    are weighed as their dots read (0.98: their fields hold nothing else); the doubling
    and the count may be left empty, so theirs stay as read, and so does the declarer's
    beside another box with ink."""
    ev = _row_one_evidence()
    dotted = {(LEVEL, "4"), (STRAIN, "H"), (DOUBLING, "X"), (RESULT_COUNT, "2"), (DECLARER, "N")}
    read = []
    for f, o, _ in ev.geometry.boxes:
        if (f, o) in dotted:
            read.append(_dust_dot(o, 0.60))
        elif (f, o) == (DECLARER, "E"):
            read.append(MarkReading(o, 0.07, MarkState.UNSURE, 0.5, "fill"))
        else:
            read.append(MarkReading(o, 0.0, MarkState.EMPTY, 0.0001))
    out = dust_dot_alone(ev, read, MARK_SETTINGS)
    boxes = ev.geometry.boxes
    changed = {(f, r.option): r for (f, _, _), r, a in zip(boxes, out, read, strict=True) if r != a}
    assert set(changed) == {(LEVEL, "4"), (STRAIN, "H")}
    for r in changed.values():
        assert r.p_marked == pytest.approx(0.98)
        assert r.how == DUST_DOT_ALONE
    assert all(r.state is a.state for r, a in zip(out, read, strict=True))


@pytest.mark.parametrize(("mm2", "p"), [(0.60, 0.98), (0.46, 0.813094), (0.375, 0.5), (0.15, 0.02)])
def test_a_clump_weighed_alone_is_weighed_on_a_scale_to_0_6_square_millimetres(mm2, p):
    """``weighed_p``: the dot's evidence from 0.15 mm^2 (0) to 0.60 mm^2 (1), by hand: 0.46
    is e = 0.31 / 0.45 = 0.688889, 1 / (1 + 49^(1 - 1.377778)) = 1 / (1 + 0.229870) =
    0.813094; 0.375 is e 0.5, odds 1."""
    assert weighed_p(_dust_dot("D", mm2), MARK_SETTINGS) == pytest.approx(p, abs=1e-6)


def test_a_clump_under_0_6_square_millimetres_weighed_alone_is_never_certain():
    """The hunts' wrong rows (TRAINING fine dots on dirty glass): seed 54573, page_0035.jpg
    row 2, 5NT by North down 3, not vulnerable, -150, the player's fine dot outside NT's
    corner hidden by the mask of the lines, and a clump of 0.46 mm^2 in D weighed alone;
    seed 93484, page_0006.jpg row 6, 3S by North down 4, -200, the player's pale dot inside
    S's printed edge hidden by the mask of the line, and a clump of 0.573 mm^2 in C. Weighed
    at 0.813094 (odds 4.350293) and 0.968471 (odds 30.716558: e = 0.423 / 0.45 = 0.94),
    never the strain's only ink, against no strain box and four clean ones (odds 0.00010001
    each): 4.350293 / (4.350293 + 1 + 0.0004) = 0.813034 and 30.716558 / 31.716958 =
    0.968459, under 0.995. Every strain down 3 (down 4) scores the same: the score cannot
    check the strain, and a person looks. A clump of 0.60 mm^2 (0.98, odds 49) is certain
    against the clean boxes alone: 49 / (49 + 0.0004) = 0.999992."""
    ev = _row_one_evidence()
    read = _row_with(ev, {(STRAIN, "D"): _dust_dot("D", 0.46)})
    weighed = dust_dot_alone(ev, read, MARK_SETTINGS)
    d = box_reading(ev, weighed, STRAIN, "D")
    assert (d.how, d.p_marked) == (DUST_DOT_ALONE, pytest.approx(0.813094, abs=1e-6))
    marks = marks_for(Contract.parse("5D"), Seat.NORTH, 8, -150)
    for mm2, p, certainty in ((0.46, 0.813094, 0.813034), (0.573, 0.968471, 0.968459),
                              (0.60, 0.98, 0.999992)):  # fmt: skip
        assert weighed_p(_dust_dot("D", mm2), MARK_SETTINGS) == pytest.approx(p, abs=1e-6)
        clump = evidence(marks, 150, {"strain": {"D": p}})
        clump = replace(clump, never_only_ink=frozenset({(STRAIN, "D")}))
        blank = p < 0.98
        unchecked = certainty < 0.995
        assert _group_certainty(clump.strain, "D", blank) == pytest.approx(certainty, abs=1e-6), mm2
        assert ("strain" in decode_contract(clump, Vulnerability.NONE).unchecked) is unchecked


def test_the_clump_in_c_beside_the_pale_dot_hidden_in_s_edge_leaves_the_strain_open():
    """The stored band of seed 93484's row (``page_0006.jpg`` row 6, its page's dust): the
    player's pale dot for S lies inside S's right printed edge, under the mask of the line,
    and reads nothing; the clump of 0.573 mm^2 in C is weighed alone at about 0.9687 (by
    hand above, 0.968471 at 0.573 exactly). 3C and 3S by North down 4 both score -200: the
    strain is open, and a person looks (on the scale to 0.50 mm^2 it was 0.996, certain, and
    3S by North -4 was accepted as 3C)."""
    band = "row_band_strain_pale_dot_clump_dusty.png"
    read = band_row_marks(band, 6, stored_dust(band)).read_fields([STRAIN])[STRAIN]
    strain = {m.option: m for m in read}
    c = strain["C"]
    assert (c.state, c.how, round(c.dot_mm2, 3)) == (MarkState.EMPTY, DUST_DOT_ALONE, 0.573)
    assert c.p_marked == pytest.approx(0.9687, abs=1e-3)
    assert all(m.state is MarkState.EMPTY and m.p_marked < 1e-4 for m in read if m.option != "C")
    marks = marks_for(Contract.parse("3C"), Seat.NORTH, 5, -200)
    ev = evidence(marks, 200, {STRAIN: {m.option: m.p_marked for m in read}})
    ev = replace(ev, never_only_ink=frozenset({(STRAIN, "C")}))
    assert STRAIN in decode_contract(ev, Vulnerability.NONE).unchecked


def _row_with(ev, boxes: dict[tuple[str, str], MarkReading]) -> list[MarkReading]:
    """Row 1's readings: ``boxes`` as given, every other box clean."""
    return [
        boxes.get((f, o), MarkReading(o, 0.0, MarkState.EMPTY, 0.0001))
        for f, o, _ in ev.geometry.boxes
    ]


@pytest.mark.parametrize(
    ("sign", "weighed"),
    [
        # Over or under, marked for certain: the count needs one box.
        ({"+": MarkState.MARKED}, True),
        ({"-": MarkState.MARKED}, True),
        # Made exactly: no count; a sign only unsure, or two signs inked: nothing to go by.
        ({"=": MarkState.MARKED}, False),
        ({"+": MarkState.UNSURE}, False),
        ({"+": MarkState.MARKED, "=": MarkState.UNSURE}, False),
        ({}, False),
    ],
)
def test_the_count_needs_a_box_where_the_sign_reads_over_or_under(sign, weighed):
    """A dust dot of 0.40 mm^2 (0.98 as its dot reads) alone in result_count 3."""
    ev = _row_one_evidence()
    boxes = {(RESULT_COUNT, "3"): _dust_dot("3", 0.40)}
    for option, state in sign.items():
        p = 0.9999 if state is MarkState.MARKED else 0.5
        boxes[(RESULT_SIGN, option)] = MarkReading(option, 0.3, state, p, "fill")
    out = dust_dot_alone(ev, _row_with(ev, boxes), MARK_SETTINGS)
    count = box_reading(ev, out, RESULT_COUNT, "3")
    assert (count.how == DUST_DOT_ALONE) is weighed
    assert count.p_marked == (pytest.approx(0.98) if weighed else 0.0001)
    assert count.state is MarkState.EMPTY


@pytest.mark.parametrize("pass_state", [MarkState.MARKED, MarkState.UNSURE])
def test_a_passed_out_row_s_dust_dots_stay_dust(pass_state):
    """PASS crossed (or unsure) and dust dots of 0.6 mm^2 alone in level 4, declarer S and
    sign '=': a passed-out board marks none of these fields, and the dots stay as read
    (0.0001). Without the PASS mark the same dots are weighed: the sign's as it reads, 0.6
    mm^2 is (0.6 - 0.15) / 0.25 = 1.8 on the dot's scale, 1 / (1 + 49^-2.6) = 0.99996; the
    level's and the declarer's on the scale to 0.60 mm^2 (``weighed_p``), (0.6 - 0.15) /
    0.45 = 1, 0.98."""
    ev = _row_one_evidence()
    dots = {
        (f, o): _dust_dot(o, 0.6) for f, o in ((LEVEL, "4"), (DECLARER, "S"), (RESULT_SIGN, "="))
    }
    p = 0.9999 if pass_state is MarkState.MARKED else 0.5
    passed = {**dots, (PASSED_OUT, "PASS"): MarkReading("PASS", 0.3, pass_state, p, "fill")}
    read = _row_with(ev, passed)
    assert dust_dot_alone(ev, read, MARK_SETTINGS) == read
    played = dust_dot_alone(ev, _row_with(ev, dots), MARK_SETTINGS)
    weighed = _weighed_boxes(ev, played)
    assert weighed == {
        (LEVEL, "4"): pytest.approx(0.98, abs=1e-6),
        (DECLARER, "S"): pytest.approx(0.98, abs=1e-6),
        (RESULT_SIGN, "="): pytest.approx(0.99996, abs=1e-5),
    }


def _weighed_boxes(ev, out) -> dict[tuple[str, str], float]:
    """The boxes ``dust_dot_alone`` weighed, with the weight each was given."""
    return {
        (f, r.option): r.p_marked
        for (f, _, _), r in zip(ev.geometry.boxes, out, strict=True)
        if r.how == DUST_DOT_ALONE
    }


def test_every_dust_dot_of_a_needed_count_is_weighed():
    """Sign '-' marked for certain, dust dots of 0.40 and 0.30 mm^2 in result_count 2 and 5:
    for one contract each count of tricks makes its own score (Law 77: every trick down
    costs more), so the written score tells the two apart and both are weighed as their
    dots read: 0.98, and 0.30 mm^2 (e (0.30 - 0.15) / 0.25 = 0.6) 1 / (1 + 49^-0.2) =
    0.685. Two dust dots in the level (4 and 6, 0.40 mm^2 each), where a contract down makes
    the same score at every level, stay as read."""
    ev = _row_one_evidence()
    boxes = {
        (RESULT_SIGN, "-"): MarkReading("-", 0.3, MarkState.MARKED, 0.9999, "fill"),
        (RESULT_COUNT, "2"): _dust_dot("2", 0.40),
        (RESULT_COUNT, "5"): _dust_dot("5", 0.30),
        (LEVEL, "4"): _dust_dot("4", 0.40),
        (LEVEL, "6"): _dust_dot("6", 0.40),
    }
    weighed = _weighed_boxes(ev, dust_dot_alone(ev, _row_with(ev, boxes), MARK_SETTINGS))
    assert set(weighed) == {(RESULT_COUNT, "2"), (RESULT_COUNT, "5")}
    assert weighed[RESULT_COUNT, "2"] == pytest.approx(0.98)
    assert weighed[RESULT_COUNT, "5"] == pytest.approx(0.685, abs=1e-3)


@pytest.mark.parametrize(("sign_mm2", "count_weighed"), [(0.50, True), (0.30, False)])
def test_a_sign_weighed_as_its_dot_of_a_mark_s_size_needs_a_count(sign_mm2, count_weighed):
    """The sign's '+' a dust dot alone in its field, result_count 3 a dust dot of 0.40
    mm^2: the sign is weighed as its dot reads (0.50 mm^2: e 1.4, 1 / (1 + 49^-1.8) =
    0.99909), and a dot of a mark's size (0.40 mm^2 or more) over says the count holds one
    box, weighed too (0.98). A sign's dot of 0.30 mm^2 (unsure as it reads: 0.685) says
    nothing of the count, which stays as read."""
    ev = _row_one_evidence()
    boxes = {
        (RESULT_SIGN, "+"): _dust_dot("+", sign_mm2),
        (RESULT_COUNT, "3"): _dust_dot("3", 0.40),
    }
    weighed = _weighed_boxes(ev, dust_dot_alone(ev, _row_with(ev, boxes), MARK_SETTINGS))
    sign_p = 0.99909 if sign_mm2 == 0.50 else 0.685
    assert weighed[RESULT_SIGN, "+"] == pytest.approx(sign_p, abs=1e-3)
    assert ((RESULT_COUNT, "3") in weighed) is count_weighed
    if count_weighed:
        assert weighed[RESULT_COUNT, "3"] == pytest.approx(0.98)
