"""The validation suite of issue 3: a correct session gives no findings; each kind of error
planted in it is found with the right code at the right place (session, board, round, table,
sheet row and column), and nothing else is reported beyond what the slip implies.

The session is the hand-scored 3-table Mitchell of test_entry_fixtures, typed into the
generated entry workbook; each plant edits one or two cells, as a typist would.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.doors.entry import read_entry_workbook
from pipeline.validation import (
    Code,
    Finding,
    Severity,
    blocks_publishing,
    needs_acknowledgement,
    validate_session,
)
from pipeline.xlsx import set_text
from tests.pipeline.doors.test_entry_fixtures import (
    COL,
    club_event,
    open_sheet,
    row_of,
    write_filled,
)


def _check(path: Path) -> list[Finding]:
    imported = read_entry_workbook(path)
    return validate_session(
        imported.rows,
        club_event().session(1),
        columns=imported.column_of,
        import_findings=imported.findings,
    )


def _plant(tmp_path: Path, edit: Callable[[Worksheet], None]) -> list[Finding]:
    path = write_filled(tmp_path / "session.xlsx")
    wb, ws = open_sheet(path)
    edit(ws)
    wb.save(path)
    return _check(path)


def _set(ws: Worksheet, board: int, round_: int, key: str, value: object) -> int:
    row = row_of(ws, board, round_)
    cell = ws[f"{COL[key]}{row}"]
    if isinstance(value, str) and not (value.startswith("=") and len(value) > 1):
        set_text(cell, value)  # typed text; "=420" below is typed as a formula
    else:
        cell.value = value
    return row


def test_correct_session_has_no_findings(tmp_path: Path) -> None:
    assert _check(write_filled(tmp_path / "session.xlsx")) == []


# Each plant: (id, edits as (board, round, key, value), expected findings as
# (code, board, round-of-location, column) where the row is that of the first edit).
PLANTS = [
    ("contract", [(1, 1, "strain", "Q")], [(Code.CONTRACT_SYNTAX, 1, 1, "G")]),
    ("declarer", [(1, 1, "declarer", "Z")], [(Code.DECLARER_SYNTAX, 1, 1, "I")]),
    ("result", [(1, 1, "result", "abc")], [(Code.RESULT_SYNTAX, 1, 1, "J")]),
    ("tricks", [(1, 1, "result", "+4")], [(Code.TRICKS_OUT_OF_RANGE, 1, 1, "J")]),
    ("score-text", [(1, 1, "score_ns", "4x0")], [(Code.SCORE_SYNTAX, 1, 1, "K")]),
    ("score-both", [(1, 1, "score_ew", 100)], [(Code.SCORE_SYNTAX, 1, 1, "L")]),
    ("adjusted", [(1, 1, "adjusted", "Axyz")], [(Code.ADJUSTMENT_SYNTAX, 1, 1, "M")]),
    ("formula", [(1, 1, "score_ns", "=420")], [(Code.CELL_FORMULA, 1, 1, "K")]),
    ("board-text", [(1, 1, "board", "one")], [(Code.BOARD_SYNTAX, None, None, "A"),
                                             (Code.RESULT_MISSING, 1, 1, None)]),
    ("pair-text", [(1, 1, "ew", "x")], [(Code.PAIR_SYNTAX, 1, 1, "E"),
                                        (Code.RESULT_MISSING, 1, 1, None)]),
    ("round-text", [(1, 1, "round", "first")], [(Code.ROUND_SYNTAX, 1, None, "B")]),
    # Board 2 is NS vulnerable: 3NT= by S is +600; the EW column makes it -600.
    ("sign", [(2, 1, "score_ns", None), (2, 1, "score_ew", 600)],
     [(Code.SCORE_MISMATCH, 2, 1, "L")]),
    # Board 1 is not vulnerable: 4S= is +420, +620 is the vulnerable score.
    ("vulnerability", [(1, 1, "score_ns", 620)], [(Code.SCORE_MISMATCH, 1, 1, "K")]),
    # 4S+1 scores +450; +420 is 4S=.
    ("off-by-one", [(1, 2, "score_ns", 420)], [(Code.SCORE_MISMATCH, 1, 2, "K")]),
    # 3NT= by S on board 2 is +600; declarer typed W makes it -400.
    ("declaring-side", [(2, 1, "declarer", "W")], [(Code.SCORE_MISMATCH, 2, 1, "K")]),
    ("unknown-pair", [(1, 1, "ew", 9)], [(Code.PAIR_NOT_IN_SECTION, 1, 1, "E")]),
    ("swapped", [(1, 1, "ns", 4), (1, 1, "ew", 1)], [(Code.PAIRS_SWAPPED, 1, 1, "D")]),
    # Pair 5 plays board 1 in round 2 against 3: typed in round 1 against 1 it is there twice.
    ("wrong-pair", [(1, 1, "ew", 5)], [(Code.PAIRS_NOT_EXPECTED, 1, 1, "E"),
                                       (Code.PAIR_TWICE, 1, 1, None)]),
    ("round", [(1, 1, "round", 2)], [(Code.ROUND_MISMATCH, 1, 2, "B")]),
    # Board 8 is not vulnerable like board 1, so the score still agrees.
    ("board-not-in-movement", [(1, 1, "board", 8)],
     [(Code.BOARD_NOT_IN_MOVEMENT, 8, 1, "A"), (Code.RESULT_MISSING, 1, 1, None)]),
    ("missing", [(1, 3, k, None) for k in ("level", "strain", "declarer", "result", "score_ew")],
     [(Code.RESULT_MISSING, 1, 3, None)]),
    ("incomplete", [(1, 3, "declarer", None), (1, 3, "result", None)],
     [(Code.INCOMPLETE_RESULT, 1, 3, "I")]),
    ("passed-out", [(1, 3, "level", "Pass"), (1, 3, "strain", None), (1, 3, "declarer", None),
                    (1, 3, "result", None), (1, 3, "score_ew", None)],
     [(Code.PASSED_OUT, 1, 3, None)]),
    ("passed-out-scored", [(1, 3, "level", "Pass"), (1, 3, "strain", None)],
     [(Code.PASSED_OUT, 1, 3, None), (Code.SCORE_MISMATCH, 1, 3, "L")]),
]  # fmt: skip


@pytest.mark.parametrize("name, edits, expected", PLANTS, ids=[p[0] for p in PLANTS])
def test_planted_error_is_found_where_it_is(
    tmp_path: Path,
    name: str,
    edits: list[tuple[int, int, str, object]],
    expected: list[tuple[Code, int | None, int | None, str | None]],
) -> None:
    rows: list[int] = []

    def edit(ws: Worksheet) -> None:
        for board, round_, key, value in edits:
            rows.append(_set(ws, board, round_, key, value))

    findings = _plant(tmp_path, edit)
    got = sorted((f.code.value, f.location.column) for f in findings)
    assert got == sorted((code.value, column) for code, _, _, column in expected)
    for code, board, round_, column in expected:
        finding = next(f for f in findings if f.code is code)
        assert finding.severity is code.severity
        if code is Code.RESULT_MISSING:
            # No row: the place is the movement's (board, round, table).
            assert (finding.location.board, finding.location.round) == (board, round_)
            assert finding.location.table is not None and finding.location.row is None
            continue
        assert finding.location.session == "1"
        assert finding.location.row == rows[0]
        assert finding.location.source is not None
        assert finding.location.source.file == "session.xlsx"
        assert finding.location.source.sheet == "Travellers"
        assert finding.location.source.row == rows[0]
        assert finding.location.column == finding.location.source.column == column
        assert (finding.location.board, finding.location.round) == (board, round_)


def test_score_suggestions_name_the_slip(tmp_path: Path) -> None:
    findings = _plant(
        tmp_path, lambda ws: (_set(ws, 2, 1, "score_ns", None), _set(ws, 2, 1, "score_ew", 600))
    )
    (finding,) = findings
    assert "NS -600" in finding.message and "NS +600" in finding.message
    assert finding.suggestion is not None and finding.suggestion.startswith("sign flipped")


def test_duplicate_row_is_found_at_the_added_row(tmp_path: Path) -> None:
    def edit(ws: Worksheet) -> None:
        source = row_of(ws, 4, 2)
        for column in range(1, 15):
            value = ws.cell(source, column).value
            if isinstance(value, str):
                set_text(ws.cell(30, column), value)
            else:
                ws.cell(30, column).value = value

    findings = _plant(tmp_path, edit)
    assert [(f.code, f.location.row, f.location.board) for f in findings] == [
        (Code.DUPLICATE_ROW, 30, 4)
    ]
    assert "same result" in findings[0].message


def test_severities_block_or_need_acknowledgement(tmp_path: Path) -> None:
    missing = _plant(
        tmp_path,
        lambda ws: [
            _set(ws, 6, 2, k, None) for k in ("level", "strain", "declarer", "result", "score_ns")
        ],
    )
    assert [f.code for f in missing] == [Code.RESULT_MISSING]
    assert not blocks_publishing(missing) and needs_acknowledgement(missing)
    assert missing[0].severity is Severity.WARNING
    assert (missing[0].location.board, missing[0].location.round) == (6, 2)
    assert missing[0].location.table == 2  # round 2: board 6 at table 2 (NS 2 vs EW 4)
