"""A written score is read as the Law 77 score only as surely as players write it right
(issue 43, item 3; ocr/score_agreement.py), and a mark whose ink two boxes share is not
decided where the score cannot tell them apart (ocr/score_ties.py).

Worked by hand. North played 3HX and went two down, vulnerable: Law 77 gives -500
(doubled vulnerable undertricks 200 + 300). The player wrote 300 for EW (the score not
vulnerable). The comb reads [blank, 3 or 5, 0, 0]: its hundreds box says 3 at 0.9 and 5
at 0.1, so (a box's likelihood of digit d being 0.995 (0.9 p_d + 0.01)) it shows 300
0.82 / 0.10 = 8.2 times as plainly as 500. The factor of 20 of ``_written_score`` alone
read it as 500 and accepted the row.

A wrong score is one of 4 slips of 3HX-2 vulnerable: 300 (not vulnerable), 200 and 800
(one trick fewer or more down), 200 and 1000 (undoubled, redoubled). In units of the
common factor of every 3-digit reading (blank first box 0.98, 0.995 per written box,
0.95 right-aligned) the comb shows 500 as 0.10 x 0.91 x 0.91 = 0.08281; 300 as
0.82 x 0.8281 = 0.67904; 200 and 800 as 0.01 x 0.8281 each; 1000 hardly at all (0.002
x 0.01 x 0.8281 / 0.98 = 0.0000169: its first box is blank): the slips' mean is
0.69562 / 4 = 0.17391. With 2% of written scores wrong,

    P(agree) = 0.98 x 0.08281 / (0.98 x 0.08281 + 0.02 x 0.17391) = 0.95890,

below the 0.995 a row needs: the comb is read as written, -300, and the row goes to a
person. Read 3 at 0.6 and 5 at 0.4 (1.49 times as plainly) the mean is
(0.55 x 0.8281 + 2 x 0.008281 + 0.0000169) / 4 = 0.11801 against 500's 0.37 x 0.8281 =
0.30640: P(agree) = 0.98 x 0.30640 / (0.98 x 0.30640 + 0.02 x 0.11801) = 0.99220, still
below. Read 3 at 0.3 and 5 at 0.7, (0.28 x 0.8281 + 2 x 0.008281 + 0.0000169) / 4 =
0.062112 against 0.64 x 0.8281 = 0.52998: P(agree) = 0.99761, and the comb is -500.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from ocr.combs import DigitBox, box_log_table, numbers_log_likelihood
from ocr.decode import decode_contract
from ocr.mark_groups import RowEvidence
from ocr.marks import MarkReading, MarkState
from ocr.reading import RowResult
from ocr.score_agreement import agreement, agreement_of, mismatch_reason, slip_scores
from ocr.score_ties import tied_ink
from ocr.used_marks import used_boxes
from scoring.board import Vulnerability
from scoring.contract import Contract, Doubling, Seat, Strain
from scoring.law77 import ns_score
from tests.ocr.test_decode import BLANK, digit, evidence, marks_for

THREE_HX = Contract(3, Strain.HEARTS, Doubling.DOUBLED)


def _comb(p3: float) -> tuple[DigitBox, ...]:
    hundreds = np.zeros(10)
    hundreds[3], hundreds[5] = p3, 1 - p3
    return (BLANK, DigitBox.of(hundreds), digit(0, 1.0), digit(0, 1.0))


def test_the_slips_of_3hx_two_down_vulnerable():
    assert slip_scores(THREE_HX, Seat.NORTH, 7, Vulnerability.BOTH) == (200, 300, 800, 1000)


@pytest.mark.parametrize(("p3", "agrees"), [(0.9, 0.95890), (0.6, 0.99220), (0.3, 0.99761)])
def test_how_surely_the_written_score_agrees(p3: float, agrees: float):
    slips = slip_scores(THREE_HX, Seat.NORTH, 7, Vulnerability.BOTH)
    assert agreement(box_log_table(_comb(p3)), -500, slips) == pytest.approx(agrees, abs=2e-5)


def test_agreement_from_the_comb_read_once():
    """``agreement_of`` takes the comb's log-likelihoods, the Law 77 score's first: 0.5
    against slips of 0.25 and 0.25 is 0.98 x 0.5 / (0.98 x 0.5 + 0.02 x 0.25) = 0.98990;
    with no slip it agrees for certain. Given the comb's reading of -500 and the slips of
    3HX-2 vulnerable it is ``agreement`` (0.95890 above)."""
    assert agreement_of(np.log([0.5, 0.25, 0.25])) == pytest.approx(0.98990, abs=1e-5)
    assert agreement_of(np.log([0.01])) == 1.0
    table = box_log_table(_comb(0.9))
    lls = numbers_log_likelihood(table, (500, 200, 300, 800, 1000))
    assert agreement_of(lls) == pytest.approx(0.95890, abs=2e-5)


def _row(p3: float) -> RowEvidence:
    ev = evidence(marks_for(THREE_HX, Seat.NORTH, 7, -500), None)
    return RowEvidence(**{**ev.__dict__, "score": _comb(p3)})


@pytest.mark.parametrize("p3", [0.9, 0.6])
def test_a_written_300_for_a_contract_worth_500_is_read_as_written_not_bent(p3: float):
    ranked = decode_contract(_row(p3), Vulnerability.BOTH).ranked
    (contract, declarer, tricks, written), _ = ranked[0]
    assert (contract, declarer, tricks) == (THREE_HX, Seat.NORTH, 7)
    assert written == -300
    assert mismatch_reason(written, contract, declarer, tricks, Vulnerability.BOTH) == (
        "written score -300 does not match 3HX-2 by N, vulnerable: -500"
    )


def test_a_comb_that_reads_the_law_77_score_best_is_the_law_77_score():
    (contract, _, tricks, written), _ = decode_contract(_row(0.3), Vulnerability.BOTH).ranked[0]
    assert (contract, tricks, written) == (THREE_HX, 7, -500)


def test_a_passed_out_board_s_written_score_says_so():
    assert mismatch_reason(50, None, None, None, Vulnerability.NONE) == (
        "written score +50 does not match a passed-out board: 0"
    )


def _marks(spill_into: str | None) -> dict[str, list[MarkReading]]:
    """4S+2 by N marked for certain; the heart box read empty, its ink (if
    ``spill_into``) taken for the stroke of the spade box's mark."""
    on = {"level": "4", "strain": "S", "declarer": "N", "result_sign": "+", "result_count": "2",
          "score_side": "NS"}  # fmt: skip
    options = {"level": [str(i) for i in range(1, 8)], "strain": ["C", "D", "H", "S", "NT"],
               "declarer": ["N", "E", "S", "W"], "result_sign": ["=", "+", "-"],
               "result_count": [str(i) for i in range(1, 14)],
               "score_side": ["NS", "EW"]}  # fmt: skip
    out: dict[str, list[MarkReading]] = {}
    for name, opts in options.items():
        out[name] = []
        for o in opts:
            if o == on[name]:
                out[name].append(MarkReading(o, 0.3, MarkState.MARKED, 0.99, "fill"))
            elif spill_into == f"{name} {o}":
                neighbour = (name, str(int(o) + 1)) if name == "level" else (name, on[name])
                out[name].append(
                    MarkReading(o, 0.02, MarkState.EMPTY, 0.01, "", neighbour=neighbour)
                )
            else:
                out[name].append(MarkReading(o, 0.0, MarkState.EMPTY, 0.01))
    return out


FOUR_S_PLUS_2 = RowResult(3, 12, False, Contract(4, Strain.SPADES), Seat.NORTH, 12, 680)


def test_a_heart_box_s_ink_given_to_the_spade_box_sends_4s_plus_2_to_a_person():
    """4H+2 and 4S+2 by N vulnerable both score 4 x 30 + 500 + 2 x 30 = +680."""
    uses = used_boxes(FOUR_S_PLUS_2, (3, 12))
    assert tied_ink(_marks("strain H"), uses, FOUR_S_PLUS_2, Vulnerability.BOTH) == [
        "strain H holds ink read as the stroke of S, and the score cannot tell 4H+2 by N from "
        "4S+2 by N (both +680)"
    ]


def test_ink_given_to_a_neighbour_whose_reading_scores_otherwise_is_left_to_the_score():
    """3S+2 by N vulnerable scores 3 x 30 + 50 + 2 x 30 = +200, not +680 (the level box 3
    beside the 4); no ink anywhere else: nothing to say."""
    uses = used_boxes(FOUR_S_PLUS_2, (3, 12))
    assert tied_ink(_marks("level 3"), uses, FOUR_S_PLUS_2, Vulnerability.BOTH) == []
    assert tied_ink(_marks(None), uses, FOUR_S_PLUS_2, Vulnerability.BOTH) == []


def _circled_spade(fill: float, heart_ring: float) -> dict[str, list[MarkReading]]:
    """``_marks("strain H")`` with the spade box circled (strokes round it 0.85 sure, its
    inside filled ``fill``) and the heart box's ring ``heart_ring``."""
    marks = _marks("strain H")
    marks["strain"] = [
        MarkReading("S", fill, MarkState.MARKED, 0.999, "circle", ring=0.85)
        if m.option == "S"
        else (replace(m, ring=heart_ring) if m.option == "H" else m)
        for m in marks["strain"]
    ]
    return marks


def test_ink_along_the_edge_of_a_circled_empty_box_is_its_circle_s_arc():
    """The spade box circled (0.85) with nothing inside (fill 0.01, under the empty
    threshold 0.05), the heart box's ink all in its strip facing S and no strokes round it
    (ring 0): the ink is the circle's arc, not the player's mark, and 4S+2 stands though
    4H+2 scores the same +680."""
    uses = used_boxes(FOUR_S_PLUS_2, (3, 12))
    assert tied_ink(_circled_spade(0.01, 0.0), uses, FOUR_S_PLUS_2, Vulnerability.BOTH) == []


@pytest.mark.parametrize(("fill", "heart_ring"), [(0.06, 0.0), (0.01, 0.45)])
def test_a_circled_box_with_ink_inside_or_strokes_round_the_other_box_is_still_tied(
    fill: float, heart_ring: float
):
    """Ink inside the circled spade box (0.06, over the empty threshold 0.05), or strokes
    round the heart box (0.45, over the circle's empty threshold 0.40), may be the
    player's own mark in either box: the row still goes to a person."""
    uses = used_boxes(FOUR_S_PLUS_2, (3, 12))
    reasons = tied_ink(_circled_spade(fill, heart_ring), uses, FOUR_S_PLUS_2, Vulnerability.BOTH)
    assert reasons == [
        "strain H holds ink read as the stroke of S, and the score cannot tell 4H+2 by N from "
        "4S+2 by N (both +680)"
    ]


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks"),
    [("4S", Seat.NORTH, 10), ("3NTX", Seat.EAST, 7), ("1C", Seat.SOUTH, 0),
     ("7NTXX", Seat.WEST, 13), ("2D", Seat.NORTH, 8)],
)  # fmt: skip
@pytest.mark.parametrize("vulnerability", list(Vulnerability))
def test_the_slips_read_off_the_tables_are_law77_s(contract, declarer, tricks, vulnerability):
    """The slips read off the score tables are what Law 77 gives, worked out here by
    ``ns_score`` for each: the result at every vulnerability, a trick either side (none
    below 0 or above 13 tricks), and at every doubling; less the Law 77 score and 0."""
    played = Contract.parse(contract)
    law = abs(ns_score(played, declarer, tricks, vulnerability))
    by_law = {abs(ns_score(played, declarer, tricks, v)) for v in Vulnerability}
    by_law |= {abs(ns_score(played, declarer, t, vulnerability))
               for t in (tricks - 1, tricks + 1) if 0 <= t <= 13}  # fmt: skip
    by_law |= {abs(ns_score(Contract(played.level, played.strain, d), declarer, tricks,
                            vulnerability)) for d in Doubling}  # fmt: skip
    expected = tuple(sorted(s for s in by_law if s > 0 and s != law))
    assert slip_scores(played, declarer, tricks, vulnerability) == expected
