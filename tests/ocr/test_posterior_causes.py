"""What holds a row's posterior under the threshold (benchmarks/posterior_causes.py): each
part of the evidence under the best result less under its rival, worked out by hand."""

from __future__ import annotations

import math

import pytest

from benchmarks.posterior_causes import held_by_pairs_alone, parts_of, what_holds
from ocr.combs import DigitBox
from ocr.mark_groups import MarkGroup, RowEvidence
from scoring.board import Vulnerability
from scoring.contract import Contract, Doubling, Seat, Strain

NONE = Vulnerability.NONE


def _digit(**probs: float) -> DigitBox:
    """A written box read with these probabilities by digit ("d8": 0.9), 0 elsewhere."""
    return DigitBox(tuple(probs.get(f"d{k}", 0.0) for k in range(10)))


def _row(
    level: str,
    declarer: dict[str, float],
    doubling: dict[str, float],
    score: tuple[DigitBox, ...],
) -> RowEvidence:
    """A heart contract made at ``level``: its level box, H, "=" and NS marked for certain
    (1.0), every other box empty (0.0)."""
    empty = {"1": 0.0, "2": 0.0, "3": 0.0}
    return RowEvidence(
        passed_out=MarkGroup({"PASS": 0.0}),
        level=MarkGroup({k: 1.0 if k == level else 0.0 for k in "1234567"}),
        strain=MarkGroup({"C": 0.0, "D": 0.0, "H": 1.0, "S": 0.0, "NT": 0.0}),
        doubling=MarkGroup(doubling),
        declarer=MarkGroup(declarer),
        result_sign=MarkGroup({"+": 0.0, "=": 1.0, "-": 0.0}),
        result_count=MarkGroup(empty),
        score_side=MarkGroup({"NS": 1.0, "EW": 0.0}),
        score=score,
    )


def test_an_unsure_declarer_box_whose_rival_gives_the_same_score_is_held_by_the_mark():
    """4H= by S or by N: +420 both, so the comb (here left blank) ties them. S reads 0.5
    (log odds 0), N empty (0.0, floored at 1e-4: log odds ln(1e-4 / 0.9999)): S leads by
    ln 9999 = 9.2102."""
    ev = _row(
        "4", {"N": 0.0, "E": 0.0, "S": 0.5, "W": 0.0}, {"X": 0.0, "XX": 0.0}, (DigitBox(None),) * 3
    )
    four_hearts = Contract(4, Strain.HEARTS, Doubling.UNDOUBLED)
    best = parts_of(ev, NONE, four_hearts, Seat.SOUTH, 10)
    rival = parts_of(ev, NONE, four_hearts, Seat.NORTH, 10)
    assert best["declarer"] - rival["declarer"] == pytest.approx(math.log(9999), abs=1e-4)
    assert {k: best[k] - rival[k] for k in ("level", "strain", "doubling", "result", "score")} == {
        "level": 0.0, "strain": 0.0, "doubling": 0.0, "result": 0.0, "score": 0.0
    }  # fmt: skip
    assert what_holds(best, rival) == "a mark"


def test_an_unsure_double_that_the_comb_tells_apart_is_held_by_a_digit():
    """1H= by N not vulnerable scores +80, 1HX= +160 (60 + 50 + 50). X reads 0.5: the marks
    tie. The comb: box 1 blank, box 2 an 8 (0.9) or a 1 (0.1), box 3 a 0 (1.0). A box's
    likelihood of digit d is 0.995 (0.9 p_d + 0.01), of blank 0.005; a blank box's 0.98 and
    0.002 a digit. Right-aligned, 80 = .98 x .8159 x .90545 = .72398, left-aligned
    (5%) 9.95e-8; 160 = .002 x .00995 x .90545 = 1.8018e-5 both ways. The NS box
    marked: side .9 x .9999^2 + .1 x 1e-4 x .9999 = .89983; a score written .95, blank
    .05 x (.98 x .005 x .005) x 1e-4 x .9999 = 1.2249e-10. So
    80: .95 (.95 x .72398 + .05 x 9.95e-8) .89983 + 1.2e-10 = .58795 and
    160: .95 x 1.8018e-5 x .89983 + 1.2e-10 = 1.54026e-5: ln(.58795 / 1.54026e-5) = 10.550."""
    comb = (DigitBox(None), _digit(d8=0.9, d1=0.1), _digit(d0=1.0))
    ev = _row("1", {"N": 1.0, "E": 0.0, "S": 0.0, "W": 0.0}, {"X": 0.5, "XX": 0.0}, comb)
    best = parts_of(ev, NONE, Contract(1, Strain.HEARTS, Doubling.UNDOUBLED), Seat.NORTH, 7)
    rival = parts_of(ev, NONE, Contract(1, Strain.HEARTS, Doubling.DOUBLED), Seat.NORTH, 7)
    assert best["doubling"] - rival["doubling"] == pytest.approx(0.0, abs=1e-9)
    assert best["score"] - rival["score"] == pytest.approx(10.550, abs=0.002)
    assert what_holds(best, rival) == "a digit"


def test_what_holds_by_the_signs_of_the_marks_and_the_score():
    zero = dict.fromkeys(("level", "strain", "doubling", "declarer", "result", "score"), 0.0)
    assert what_holds(zero, zero) == "no evidence between them"
    assert what_holds({**zero, "level": -1.79, "score": 4.36}, zero) == "marks against the score"
    assert what_holds({**zero, "result": 1.54, "score": 2.8}, zero) == "marks and a digit"
    assert what_holds({**zero, "score": -3.0}, zero) == "marks against the score"
    assert what_holds({**zero, "strain": 0.005, "score": 0.002}, zero) == (
        "no evidence between them"
    )


def test_rows_held_by_their_pairs_alone_are_those_a_right_pair_reading_would_accept():
    """Five rows in review: pairs read twice in the stack (a pair reason alone), the
    posterior where the result reaches the threshold and the pairs hold it ("the pairs"),
    the posterior held by a mark, a pair reason beside an unsure mark, and a player's error
    (pairs the movement does not seat). Two are held by their pairs alone."""
    to_review = [
        {"page": "p1", "row": 1, "player_error": False,
         "reasons": ["pair 7 is on row 3 too (a pair plays a board once)"]},
        {"page": "p1", "row": 2, "player_error": False,
         "reasons": ["posterior 0.635 below 0.995"]},
        {"page": "p1", "row": 4, "player_error": False,
         "reasons": ["posterior 0.906 below 0.995"]},
        {"page": "p2", "row": 2, "player_error": False,
         "reasons": ["pairs 1-21 do not play this board", "unsure mark in strain"]},
        {"page": "p2", "row": 5, "player_error": True,
         "reasons": ["pairs 5-2 do not play this board"]},
    ]  # fmt: skip
    causes = [
        {"page": "p1", "row": 2, "holds": "the pairs"},
        {"page": "p1", "row": 4, "holds": "a mark"},
    ]
    alone = held_by_pairs_alone(to_review, causes)
    assert [(r["page"], r["row"]) for r in alone] == [("p1", 1), ("p1", 2)]
