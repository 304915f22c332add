"""Synthetic traveller content: plausible results, Law 77 scores, the marks that encode them."""

from __future__ import annotations

import dataclasses
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.layout import (
    DECLARER,
    DOUBLING,
    LEVEL,
    PASSED_OUT,
    RESULT_COUNT,
    RESULT_SIGN,
    SCORE_SIDE,
    STRAIN,
)
from ocr.training.synthetic.fill import intended_marks
from ocr.training.synthetic.results import (
    OFF_LINE_FILLS,
    PairSlot,
    filled_off_line,
    mitchell_slots,
    random_rows,
)
from ocr.training.synthetic.truth import RowTruth
from scoring.board import vulnerability_of
from scoring.contract import Contract, Doubling, Seat, Side, Strain
from scoring.law77 import ns_score
from tests.hypothesis_profiles import draws


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "score", "written", "side", "expected"),
    [
        # board 1 none vul: 4S= by N +420
        (
            "4S",
            Seat.NORTH,
            10,
            420,
            420,
            Side.NS,
            {(LEVEL, "4"), (STRAIN, "S"), (DECLARER, "N"), (RESULT_SIGN, "="), (SCORE_SIDE, "NS")},
        ),
        # 4HX-2 by E not vul: 100 + 200 = 300 to NS
        (
            "4HX",
            Seat.EAST,
            8,
            300,
            300,
            Side.NS,
            {
                (LEVEL, "4"),
                (STRAIN, "H"),
                (DOUBLING, "X"),
                (DECLARER, "E"),
                (RESULT_SIGN, "-"),
                (RESULT_COUNT, "2"),
                (SCORE_SIDE, "NS"),
            },
        ),
        # 3NT+1 by W not vul: 430 to EW
        (
            "3NT",
            Seat.WEST,
            10,
            -430,
            430,
            Side.EW,
            {
                (LEVEL, "3"),
                (STRAIN, "NT"),
                (DECLARER, "W"),
                (RESULT_SIGN, "+"),
                (RESULT_COUNT, "1"),
                (SCORE_SIDE, "EW"),
            },
        ),
        (None, None, None, 0, None, None, {(PASSED_OUT, "PASS")}),
    ],
)
def test_intended_marks_for_a_row(contract, declarer, tricks, score, written, side, expected):
    t = RowTruth(
        row=1,
        round=1,
        ns_pair=1,
        ew_pair=8,
        printed_ns=1,
        printed_ew=8,
        pairs_changed=False,
        contract=None if contract is None else Contract.parse(contract),
        declarer=declarer,
        tricks=tricks,
        ns_score=score,
        written_score=written,
        score_side=side,
    )
    assert set(intended_marks(t, blank_form=False)) == expected
    assert t.score_is_consistent


def test_row_truth_converts_to_the_shared_traveller_row():
    t = RowTruth(
        3, 3, 5, 12, 5, 12, False, Contract.parse("6D"), Seat.SOUTH, 13, 1390, 1390, Side.NS
    )
    row = t.to_traveller_row(board=7, section="B", file="p.jpg")
    # board 7 is vulnerable both ways: 6D+1 vul = 120 + 500 + 750 + 20 = 1390
    assert row.law77_score_ns() == 1390 == row.written_score_ns
    assert (row.board, row.ns_pair, row.ew_pair, row.section, row.round) == (7, 5, 12, "B", 3)
    assert row.source is not None and row.source.row == 3
    wrong = dataclasses.replace(t, written_score=1370)
    assert not wrong.score_is_consistent


def test_results_are_a_plausible_mix():
    rng = np.random.default_rng(1)
    rows = [r for b in range(1, 161) for r in random_rows(b, mitchell_slots(b, 10), rng)]
    n = len(rows)
    played = [r for r in rows if not r.passed_out]
    deltas = Counter(r.tricks - r.contract.tricks_needed for r in played)
    assert (deltas[0] + deltas[1] + deltas[-1]) / len(played) > 0.7
    assert 0.03 < sum(r.contract.doubling.value != "" for r in played) / len(played) < 0.15
    assert 0.005 < (n - len(played)) / n < 0.05
    assert 0 < sum(r.contract.level >= 6 for r in played) / len(played) < 0.15
    assert all(0 <= r.tricks <= 13 for r in played)
    assert all(r.score_is_consistent for r in rows)


@settings(max_examples=draws(40), deadline=None)
@given(board=st.integers(1, 64), tables=st.integers(1, 15), seed=st.integers(0, 2**32 - 1))
def test_every_generated_row_is_legal_and_scored_by_law77(board, tables, seed):
    rows = random_rows(board, mitchell_slots(board, tables), np.random.default_rng(seed))
    assert [r.row for r in rows] == list(range(1, tables + 1))
    for r in rows:
        tr = r.to_traveller_row(board)
        assert tr.law77_score_ns() == r.ns_score
        assert r.ns_pair != r.ew_pair
        if r.written_score is None:  # only a passed-out board may leave the score empty
            assert r.passed_out


def test_mitchell_slots_meet_every_ew_pair_once():
    slots = mitchell_slots(board=3, tables=5)
    assert [s.ns_pair for s in slots] == [1, 2, 3, 4, 5]
    assert sorted(s.ew_pair for s in slots) == [6, 7, 8, 9, 10]


def test_player_score_errors_are_recorded_in_the_truth():
    slots = [PairSlot(r, r, r + 10) for r in range(1, 11)]
    rows = random_rows(4, slots * 20, np.random.default_rng(0), score_error_rate=0.5)
    wrong = [r for r in rows if not r.score_is_consistent]
    assert 0.3 < len(wrong) / len(rows) < 0.7
    assert all(r.written_score > 0 and r.written_score != abs(r.ns_score) for r in wrong)


@settings(max_examples=draws(200), deadline=None)
@given(
    level=st.integers(1, 7),
    strain=st.sampled_from(list(Strain)),
    doubling=st.sampled_from(list(Doubling)),
    declarer=st.sampled_from(list(Seat)),
    tricks=st.integers(0, 13),
    board=st.integers(1, 16),
)
def test_the_marks_alone_give_back_contract_declarer_and_tricks(
    level, strain, doubling, declarer, tricks, board
):
    contract = Contract(level, strain, doubling)
    score = ns_score(contract, declarer, tricks, vulnerability_of(board))
    side = Side.NS if score > 0 else Side.EW
    t = RowTruth(1, 1, 1, 2, 1, 2, False, contract, declarer, tricks, score, abs(score), side)
    marks = intended_marks(t, blank_form=False)
    fields = [f for f, _ in marks]
    assert len(fields) == len(set(fields))  # one mark per group
    got = dict(marks)
    back = Contract(
        int(got[LEVEL]), Strain.parse(got[STRAIN]), Doubling.parse(got.get(DOUBLING, ""))
    )
    delta = 0 if got[RESULT_SIGN] == "=" else int(got[RESULT_COUNT])
    delta = -delta if got[RESULT_SIGN] == "-" else delta
    assert back == contract
    assert Seat.parse(got[DECLARER]) is declarer
    assert back.tricks_needed + delta == tricks
    assert Side.parse(got[SCORE_SIDE]) is side and side is (Side.NS if score > 0 else Side.EW)
    assert (RESULT_COUNT in got) == (tricks != contract.tricks_needed)


def test_a_blank_traveller_filled_off_its_line_order_keeps_every_row_once():
    """``filled_off_line`` (issue 43, the reader's line prior): with share 1 every traveller
    of 8 rows on lines 1-8 is filled as two rows swapped, a line down (lines 2-9) or from
    the bottom (line 15 the first meeting, line 8 the last), each row's result unchanged;
    with share 0 nothing moves."""
    rows = random_rows(3, mitchell_slots(3, 8), np.random.default_rng(1), printed=False)
    rng = np.random.default_rng(7)
    seen = set()
    for _ in range(30):
        moved = filled_off_line(rows, rng, 1.0)
        lines = [r.row for r in moved]
        assert sorted(lines) != lines or lines == list(range(2, 10))
        assert [dataclasses.replace(r, row=0) for r in moved] == [
            dataclasses.replace(r, row=0) for r in rows
        ]
        if lines == list(range(2, 10)):
            seen.add("shifted")
        elif lines == list(range(15, 7, -1)):
            seen.add("bottom-up")
        else:
            assert sum(a != b for a, b in zip(lines, range(1, 9), strict=True)) == 2
            seen.add("swapped")
    assert seen == set(OFF_LINE_FILLS)
    assert filled_off_line(rows, np.random.default_rng(7), 0.0) == rows
