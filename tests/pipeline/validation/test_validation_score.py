"""The score column against Law 77, and the suggested fix for each common slip.

Every expected score below is worked out by hand from Law 77 (rules.md section 2) and the
board's vulnerability (Law 2).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.validation import Code, Severity, check_row
from scoring.board import vulnerability_of
from scoring.contract import Contract, Doubling, Seat, Strain
from scoring.law77 import ns_score
from scoring.outcome import parse_adjustment
from scoring.traveller import Source, TravellerRow


def _row(contract: str | None, declarer: str | None, tricks: int | None, board: int,
         written: int | None, **extra: object) -> TravellerRow:  # fmt: skip
    return TravellerRow(
        board=board,
        ns_pair=1,
        ew_pair=4,
        contract=Contract.parse(contract) if contract else None,
        declarer=Seat.parse(declarer) if declarer else None,
        tricks=tricks,
        written_score_ns=written,
        source=Source("t.xlsx", "Travellers", None, 7),
        **extra,  # type: ignore[arg-type]
    )


# (contract, declarer, tricks, board, written, Law 77 NS score, text in the suggestion)
SLIPS = [
    # Board 1 None: 4S= by N = 120 + 300 = +420.
    ("4S", "N", 10, 1, -420, 420, "sign flipped"),
    ("4S", "N", 10, 1, 620, 420, "scored as if NS were vulnerable"),
    # Board 2 NS vul: 4S= = 120 + 500 = +620; +420 is the non-vulnerable game.
    ("4S", "N", 10, 2, 420, 620, "scored as if NS were not vulnerable"),
    # Board 2: 3NT= by W (EW not vul) = -(100 + 300) = -400; +600 is 3NT= by N/S vulnerable.
    ("3NT", "W", 9, 2, 600, -400, "declarer probably N or S"),
    # Board 3 EW vul: 4HX-3 by E = 200 + 300 + 300 = NS +800; +500 is the non-vul penalty.
    ("4HX", "E", 7, 3, 500, 800, "scored as if EW were not vulnerable"),
    # Board 3: 4H= by E vul = -620; -790 is 4HX= (240 + 500 + 50).
    ("4H", "E", 10, 3, -790, -620, "fits 4HX= by E: check the doubling"),
    # Board 1: 4S+1 = 120 + 300 + 30 = +450; +420 is 4S=.
    ("4S", "N", 11, 1, 420, 450, "fits 4S= by N: check the result"),
    # Board 5 NS vul: 6D= = 120 + 500 + 750 = +1370.
    ("6D", "N", 12, 5, -1370, 1370, "sign flipped"),
    # Board 4 All: 1NT-2 by S = -200; -100 is one down.
    ("1NT", "S", 5, 4, -100, -200, "fits 1NT-1 by S: check the result"),
    # Nothing fits: the suggestion gives the Law 77 score.
    ("4S", "N", 10, 1, 123, 420, "check contract, declarer and result; NS +420"),
]


@pytest.mark.parametrize("contract, declarer, tricks, board, written, law77, hint", SLIPS)
def test_score_mismatch_names_the_slip(
    contract: str, declarer: str, tricks: int, board: int, written: int, law77: int, hint: str
) -> None:
    (finding,) = check_row(_row(contract, declarer, tricks, board, written), session="2")
    assert finding.code is Code.SCORE_MISMATCH
    assert finding.severity is Severity.ERROR
    assert f"written NS {written:+d}" in finding.message
    assert f"Law 77 gives NS {law77:+d}" in finding.message
    assert finding.suggestion is not None and hint in finding.suggestion
    loc = finding.location
    assert (loc.session, loc.board, loc.row, loc.column) == ("2", board, 7, "score")


@pytest.mark.parametrize(
    "contract, declarer, tricks, board, written",
    [
        ("4S", "N", 10, 1, 420),
        ("3NT", "S", 10, 2, 630),
        ("4HX", "E", 7, 3, 800),
        ("7NTXX", "N", 13, 4, 2980),  # rules.md example: 7NTXX= vul +2980
        ("2CX", "E", 8, 1, -180),  # rules.md example: 2CX= not vul 180 to EW
        ("4S", "N", 10, 1, None),  # a blank score column is not checked
    ],
)
def test_agreeing_score_gives_no_finding(
    contract: str, declarer: str, tricks: int, board: int, written: int | None
) -> None:
    assert check_row(_row(contract, declarer, tricks, board, written)) == []


def test_passed_out_is_info_and_must_score_zero() -> None:
    row = TravellerRow(board=3, ns_pair=2, ew_pair=5, passed_out=True)
    (info,) = check_row(row)
    assert (info.code, info.severity) == (Code.PASSED_OUT, Severity.INFO)
    scored = TravellerRow(board=3, ns_pair=2, ew_pair=5, passed_out=True, written_score_ns=50)
    codes = [f.code for f in check_row(scored)]
    assert codes == [Code.PASSED_OUT, Code.SCORE_MISMATCH]


def test_tricks_out_of_range_and_incomplete_rows() -> None:
    (finding,) = check_row(_row("4S", "N", 14, 1, None))
    assert finding.code is Code.TRICKS_OUT_OF_RANGE and "14 tricks" in finding.message
    (incomplete,) = check_row(_row("4S", None, None, 1, 420))
    assert incomplete.code is Code.INCOMPLETE_RESULT
    assert "no declarer or result and" in incomplete.message
    assert incomplete.location.column == "declarer"


def test_adjusted_row_is_not_checked_against_law77() -> None:
    row = _row("4S", "N", 10, 1, 999, adjustment=parse_adjustment("A60/40"))
    assert check_row(row) == []
    assert check_row(TravellerRow(1, 1, 4, adjustment=parse_adjustment("A50"))) == []


contracts = st.builds(
    Contract,
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
)


@given(contracts, st.sampled_from(list(Seat)), st.integers(0, 13), st.integers(1, 32))
def test_law77_score_passes_and_its_negation_is_a_sign_slip(
    contract: Contract, declarer: Seat, tricks: int, board: int
) -> None:
    score = ns_score(contract, declarer, tricks, vulnerability_of(board))
    row = TravellerRow(board, 1, 4, contract, declarer, tricks, written_score_ns=score)
    assert check_row(row) == []
    flipped = TravellerRow(board, 1, 4, contract, declarer, tricks, written_score_ns=-score)
    (finding,) = check_row(flipped)
    assert finding.code is Code.SCORE_MISMATCH
    assert finding.suggestion is not None and finding.suggestion.startswith("sign flipped")


def test_equal_vulnerability_sign_slip_is_not_also_blamed_on_the_declarer() -> None:
    # Board 17 (None, like board 1): 2CX-1 by E = +100 to NS; typed -100. On an equal
    # vulnerability the other side declaring gives the same figure: one suggestion, not two.
    (finding,) = check_row(_row("2CX", "E", 7, 17, -100))
    assert finding.suggestion == (
        "sign flipped: the score is in the wrong column (or written for NS); NS score +100"
    )
