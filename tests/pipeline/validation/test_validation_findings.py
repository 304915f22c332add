"""Findings as records: codes and severities, locations as a director reads them, ordering;
and the checks that need no workbook (rows built directly, as the scanner door gives them)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from pipeline.validation import (
    Code,
    Finding,
    Location,
    Severity,
    blocks_publishing,
    check_against_movement,
    check_rows_together,
    needs_acknowledgement,
    sorted_findings,
    validate_rows,
    validate_session,
    worst_severity,
)
from scoring.contract import Contract, Seat
from scoring.movements import mitchell
from scoring.traveller import Source, TravellerRow
from tests.pipeline.doors.test_entry_fixtures import club_event

MOVEMENT = mitchell(3, 2)


def _row(board: int, ns: int, ew: int, score: int = 420, **extra: object) -> TravellerRow:
    return TravellerRow(
        board, ns, ew, Contract.parse("4S"), Seat.NORTH, 10, written_score_ns=score,
        **extra,  # type: ignore[arg-type]
    )  # fmt: skip


def test_every_code_has_one_severity() -> None:
    warnings = {c for c in Code if c.severity is Severity.WARNING}
    assert warnings == {
        Code.RESULT_AMBIGUOUS, Code.ROUND_MISMATCH, Code.RESULT_MISSING, Code.LEAD_SYNTAX
    }  # fmt: skip
    assert {c for c in Code if c.severity is Severity.INFO} == {Code.PASSED_OUT}
    assert len({c.value for c in Code}) == len(Code)


def test_location_and_finding_read_like_a_director_writes() -> None:
    source = Source("mon.xlsx", "Travellers", None, 12, "K")
    location = Location("1", "A", 5, 2, 3, 12, "K", source)
    assert str(location) == (
        "session 1, board 5, round 2, table 3, mon.xlsx, sheet 'Travellers', row 12, column K"
    )
    finding = Finding.of(Code.SCORE_MISMATCH, location, "score off", "NS +620")
    assert str(finding) == (
        "ERROR score-mismatch at session 1, board 5, round 2, table 3, mon.xlsx, sheet "
        "'Travellers', row 12, column K: score off (suggestion: NS +620)"
    )
    with pytest.raises(FrozenInstanceError):
        finding.message = "other"  # type: ignore[misc]
    assert str(Location(board=3, round=1, table=2)) == "board 3, round 1, table 2"


def test_ordering_and_summaries() -> None:
    late = Finding.of(Code.RESULT_MISSING, Location("1", board=4, round=2, table=1), "m")
    early = Finding.of(Code.SCORE_MISMATCH, Location("1", board=2, row=9), "s")
    info = Finding.of(Code.PASSED_OUT, Location("1", board=2, row=3), "p")
    assert sorted_findings([late, early, info]) == [info, early, late]
    assert worst_severity([late, info]) is Severity.WARNING
    assert worst_severity([]) is None
    assert blocks_publishing([early]) and not blocks_publishing([late, info])
    assert needs_acknowledgement([late]) and not needs_acknowledgement([info])


def test_checks_without_a_movement_find_pair_twice_and_duplicates() -> None:
    rows = [_row(1, 1, 4), _row(1, 3, 4, 450), _row(1, 1, 4)]
    found = [(f.code, f.location.board) for f in check_rows_together(rows)]
    assert found == [(Code.PAIR_TWICE, 1), (Code.DUPLICATE_ROW, 1)]
    different = check_rows_together([_row(1, 1, 4), _row(1, 1, 4, 450)])
    assert [f.code for f in different] == [Code.DUPLICATE_ROW]
    assert "different results" in different[0].message


def test_unknown_pair_suggests_the_movement_pair() -> None:
    findings = validate_rows([_row(1, 1, 9, round=1, table=1)], MOVEMENT, session="1")
    unknown = [f for f in findings if f.code is Code.PAIR_NOT_IN_SECTION]
    assert len(unknown) == 1
    assert unknown[0].suggestion is not None
    assert unknown[0].suggestion.startswith("EW 4? The movement has NS 1 vs EW 4 on board 1")
    # The line NS1-EW4 counts as entered: the typo is not also a missing result for it.
    missing = {(f.location.board, f.location.round) for f in findings
               if f.code is Code.RESULT_MISSING}  # fmt: skip
    assert (1, 1) not in missing


def test_every_line_of_the_movement_is_expected() -> None:
    findings = check_against_movement([_row(1, 1, 4)], MOVEMENT)
    missing = [f for f in findings if f.code is Code.RESULT_MISSING]
    assert len(missing) == 18 - 1  # 6 boards x 3 tables, one entered
    assert {(f.location.board, f.location.round, f.location.table) for f in missing} >= {
        (1, 2, 3),  # board 1, round 2: NS3-EW5 at table 3
        (6, 3, 1),  # board 6, round 3: NS1-EW5 at table 1
    }


def test_session_level_findings() -> None:
    session = club_event().session(1)
    (empty,) = validate_session([], session)
    assert (empty.code, empty.location.session) == (Code.NO_RESULTS, "1")
    stray = _row(1, 1, 4, section="B", source=Source("x.csv", None, None, 4))
    codes = [f.code for f in validate_session([stray], session)]
    assert codes == [Code.SECTION_UNKNOWN]


def test_a_pair_against_itself() -> None:
    (finding,) = check_rows_together([_row(1, 1, 1)], movement=MOVEMENT)
    assert (finding.code, finding.location.column) == (Code.PAIR_TWICE, "ew")
    assert finding.message == "pair 1 is both NS and EW on board 1"
    assert finding.suggestion is not None and finding.suggestion.startswith("EW 4?")


def test_pairs_that_do_not_meet_on_the_board() -> None:
    # A 3-table Mitchell stopped after 2 rounds: board 1 is played by NS1-EW4 (round 1) and
    # NS3-EW5 (round 2); pair 6 never plays it. "NS1 v EW6" is the line NS1-EW4 mistyped.
    short = mitchell(3, 2, rounds=2)
    rows = [_row(1, 1, 6, round=1, table=1), _row(1, 3, 5, round=2, table=3)]
    findings = check_against_movement(rows, short, session="1")
    (finding,) = [f for f in findings if f.location.board == 1]  # boards 2-6 are not entered
    assert (finding.code, finding.location.board, finding.location.column) == (
        Code.PAIRS_NOT_EXPECTED,
        1,
        "ew",
    )
    assert finding.suggestion == "NS 1, EW 4"
    assert "the movement has NS 1 vs EW 4 there (round 1, table 1)" in finding.message
