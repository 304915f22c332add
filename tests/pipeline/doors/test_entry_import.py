"""Importing a filled entry workbook (and any .xlsx with traveller columns) into rows."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from pipeline.doors.entry import (
    EmptySessionError,
    ForeignWorkbookError,
    MissingColumnsError,
    UnreadableFileError,
    read_entry_file,
    read_entry_workbook,
    write_entry_workbook,
)
from pipeline.doors.entry.template import entry_workbook_for_session
from pipeline.validation import Code
from pipeline.xlsx import set_text
from scoring.board import vulnerability_of
from scoring.contract import Contract, Seat
from scoring.law77 import ns_score
from scoring.outcome import Adjustment, Artificial, Weighted
from scoring.traveller import Source, TravellerRow
from tests.hypothesis_profiles import draws
from tests.pipeline.doors.test_entry_fixtures import (
    COL,
    club_event,
    open_sheet,
    row_of,
    write_filled,
)


def test_filled_workbook_gives_traveller_rows_with_their_source(tmp_path: Path) -> None:
    imported = read_entry_workbook(write_filled(tmp_path / "s.xlsx"))
    assert imported.session == "1" and imported.sections == ("A",)
    assert imported.findings == ()
    assert len(imported.rows) == 18
    first = imported.rows[0]
    assert first == TravellerRow(
        board=1, ns_pair=1, ew_pair=4, contract=Contract.parse("4S"), declarer=Seat.NORTH,
        tricks=10, written_score_ns=420, round=1, table=1, section="A",
    )  # fmt: skip
    assert first.source == Source("s.xlsx", "Travellers", None, 2)
    by_key = {(r.board, r.round): r for r in imported.rows}
    # Scandinavian notation: 3UT is 3NT, Ø is East, V is West, K clubs, R diamonds.
    assert by_key[2, 1].contract == Contract.parse("3NT")
    assert by_key[3, 1].declarer is Seat.EAST and by_key[3, 1].written_score_ns == -620
    assert by_key[3, 2].declarer is Seat.WEST and by_key[3, 2].tricks == 9
    assert by_key[4, 3].contract == Contract.parse("3C") and by_key[4, 3].tricks == 8
    assert by_key[5, 2].contract == Contract.parse("5D")
    assert by_key[5, 1].contract == Contract.parse("4SX") and by_key[5, 1].tricks == 8
    assert by_key[2, 2].tricks == 10  # a trick count


def _edit(tmp_path: Path, cells: dict[tuple[int, int, str], object]) -> Path:
    path = write_filled(tmp_path / "s.xlsx")
    wb, ws = open_sheet(path)
    for (board, round_, key), value in cells.items():
        cell = ws[f"{COL[key]}{row_of(ws, board, round_)}"]
        if isinstance(value, str):
            set_text(cell, value)
        else:
            cell.value = value
    wb.save(path)
    return path


ADJUSTMENTS = [
    ("A60/40", Adjustment(Artificial(Fraction(60)), Artificial(Fraction(40)))),
    ("A50", Adjustment(Artificial(Fraction(50)), Artificial(Fraction(50)))),
    ("420/-100", Adjustment(Weighted.of(420), Weighted.of(-100))),
    (
        "50% +420, 50% +170",
        Adjustment(*[Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), 170)))] * 2),
    ),
    (420, Adjustment(Weighted.of(420), Weighted.of(420))),  # a number typed in a General cell
]


@pytest.mark.parametrize("typed, adjustment", ADJUSTMENTS)
def test_adjusted_scores_are_read(tmp_path: Path, typed: object, adjustment: Adjustment) -> None:
    imported = read_entry_workbook(_edit(tmp_path, {(1, 1, "adjusted"): typed}))
    row = next(r for r in imported.rows if (r.board, r.round) == (1, 1))
    assert row.adjustment == adjustment
    assert imported.findings == ()


@pytest.mark.parametrize(
    "result, score, tricks, codes",
    [
        (1, 450, 11, []),  # "+1" turned into 1 by Excel; the score 4S+1 = +450 decides
        (3, -350, 3, []),  # 3 tricks: 4S-7 not vulnerable = -350 decides the other way
        (11, 450, 11, []),  # a trick count
        (1, None, 11, [Code.RESULT_AMBIGUOUS]),  # no score: read as +1, and say so
        ("10", 420, 10, []),
        (-1, -50, 9, []),  # "-1" as a number
        ("made 4", 420, 10, []),
        ("-5", None, 5, []),
    ],
)
def test_result_cells(
    tmp_path: Path, result: object, score: int | None, tricks: int, codes: list[Code]
) -> None:
    path = _edit(tmp_path, {(1, 1, "result"): result, (1, 1, "score_ns"): score})
    imported = read_entry_workbook(path)
    row = next(r for r in imported.rows if (r.board, r.round) == (1, 1))
    assert row.tricks == tricks
    assert [f.code for f in imported.findings] == codes


@pytest.mark.parametrize(
    ("dbl", "score", "contract"),
    [
        ("X", 300, "4SX"),
        ("D", 300, "4SX"),  # doblet, dubblad: "4" "S" "D" run together read as a strain "SD"
        ("dbl", 300, "4SX"),
        ("R", 600, "4SXX"),  # redoblet: 4SXX-2 not vulnerable, 200 + 400 = 600 to NS
        ("XX", 600, "4SXX"),
    ],
)
def test_the_dbl_column_in_scandinavian(
    tmp_path: Path, dbl: str, score: int, contract: str
) -> None:
    """Board 5, round 1: 4S-2 by E, not vulnerable, doubled (or redoubled) in the Dbl column."""
    path = _edit(tmp_path, {(5, 1, "doubling"): dbl, (5, 1, "score_ns"): score})
    imported = read_entry_workbook(path)
    row = next(r for r in imported.rows if (r.board, r.round) == (5, 1))
    assert row.contract == Contract.parse(contract) and row.tricks == 8
    assert imported.findings == ()


def test_a_dbl_that_is_no_doubling_is_named_in_its_column(tmp_path: Path) -> None:
    path = _edit(tmp_path, {(5, 1, "doubling"): "Q"})
    (finding,) = read_entry_workbook(path).findings
    assert finding.code is Code.CONTRACT_SYNTAX and finding.message == (
        "unknown doubling 'Q' (expected X or XX)"
    )
    assert finding.location.column == "H" and finding.location.board == 5


def test_contract_column_and_pass_words(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Club sheet"
    set_text(ws["A1"], "Monday results")  # a title row above the header
    for column, header in enumerate(["Bricka", "NS", "ÖV", "Kontrakt", "Spelförare", "Resultat",
                                     "Poäng"], start=1):  # fmt: skip
        ws.cell(3, column).value = header
    rows = [(1, 1, 4, "4♠", "N", "=", 420), (1, 3, 5, "pass", None, None, 0),
            (1, 2, 6, "4HX", "Ö", "-2", 300)]  # fmt: skip
    for offset, values in enumerate(rows, start=4):
        for column, value in enumerate(values, start=1):
            if isinstance(value, str):
                set_text(ws.cell(offset, column), value)
            else:
                ws.cell(offset, column).value = value
    path = tmp_path / "club.xlsx"
    wb.save(path)
    imported = read_entry_file(path)
    assert imported.findings == () and imported.session is None
    one, passed, doubled = imported.rows
    assert one.contract == Contract.parse("4S") and one.source == Source(
        "club.xlsx", "Club sheet", None, 4
    )
    assert passed.passed_out and passed.contract is None and passed.written_score_ns == 0
    assert doubled.declarer is Seat.EAST and doubled.tricks == 8


def test_corrupt_file_is_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "broken.xlsx"
    path.write_bytes(b"PK\x03\x04 this is not really a zip")
    with pytest.raises(UnreadableFileError, match=r"^broken.xlsx: not a readable .xlsx"):
        read_entry_workbook(path)
    with pytest.raises(UnreadableFileError, match="no such file"):
        read_entry_workbook(tmp_path / "absent.xlsx")
    with pytest.raises(UnreadableFileError, match="unknown file type '.ods'"):
        read_entry_file(tmp_path / "x.ods")


def test_foreign_workbook(tmp_path: Path) -> None:
    wb = Workbook()
    wb.active["A1"] = "Budget"
    wb.active["B1"] = "Amount"
    wb.save(tmp_path / "budget.xlsx")
    with pytest.raises(ForeignWorkbookError, match="budget.xlsx: no sheet has traveller columns"):
        read_entry_workbook(tmp_path / "budget.xlsx")


def test_missing_columns_name_file_sheet_and_row(tmp_path: Path) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Travellers"
    for column, header in enumerate(["Board", "NS", "EW", "Contract", "Score"], start=1):
        ws.cell(2, column).value = header
    wb.save(tmp_path / "short.xlsx")
    with pytest.raises(MissingColumnsError) as error:
        read_entry_workbook(tmp_path / "short.xlsx")
    assert str(error.value).startswith("short.xlsx, sheet 'Travellers', row 2: the header lacks")
    assert "Declarer, Result" in str(error.value)
    assert (error.value.sheet, error.value.row) == ("Travellers", 2)


def test_empty_session(tmp_path: Path) -> None:
    path = write_entry_workbook(tmp_path / "empty.xlsx", club_event(), 1)
    with pytest.raises(EmptySessionError, match="empty.xlsx: no results are entered"):
        read_entry_workbook(path)


def test_formula_cells_are_refused_not_run(tmp_path: Path) -> None:
    path = write_filled(tmp_path / "s.xlsx")
    wb, ws = open_sheet(path)
    ws[f"K{row_of(ws, 1, 1)}"] = "=400+20"
    ws[f"N{row_of(ws, 1, 1)}"] = "=see TD"  # a note is not read, so its formula is harmless
    wb.save(path)
    imported = read_entry_workbook(path)
    (finding,) = imported.findings
    assert finding.code is Code.CELL_FORMULA and finding.location.column == "K"
    assert "'=400+20'" in finding.message
    row = next(r for r in imported.rows if (r.board, r.round) == (1, 1))
    assert row.written_score_ns is None


# -- round trip: whatever a typist enters in any accepted notation imports exactly ------------
_SEAT_SPELLINGS = {Seat.NORTH: ["N", "n", "Nord"], Seat.EAST: ["E", "Ø", "Ö", "Øst"],
                   Seat.SOUTH: ["S", "Syd"], Seat.WEST: ["W", "V", "Vest"]}  # fmt: skip
_STRAIN_SPELLINGS = {"C": ["C", "K", "♣"], "D": ["D", "R", "♦"], "H": ["H", "♥"],
                     "S": ["S", "♠", "Spar"], "NT": ["NT", "UT", "SA"]}  # fmt: skip


@st.composite
def typed_results(draw: st.DrawFn) -> tuple[TravellerRow, dict[str, object]]:
    """A random table result and the cells a typist could type for it."""
    level = draw(st.integers(1, 7))
    strain = draw(st.sampled_from(sorted(_STRAIN_SPELLINGS)))
    doubling = draw(st.sampled_from(["", "X", "XX"]))
    declarer = draw(st.sampled_from(list(Seat)))
    contract = Contract.parse(f"{level}{strain}{doubling}")
    tricks = draw(st.integers(0, 13))
    delta = tricks - contract.tricks_needed
    result = draw(st.sampled_from(["relative", "count"]))
    typed_result: object = (
        ("=" if delta == 0 else f"{delta:+d}") if result == "relative" else str(tricks)
    )
    score = ns_score(contract, declarer, tricks, vulnerability_of(1))
    in_ew = draw(st.booleans()) and score < 0
    cells: dict[str, object] = {
        "level": level,
        "strain": draw(st.sampled_from(_STRAIN_SPELLINGS[strain])),
        "doubling": doubling or None,
        "declarer": draw(st.sampled_from(_SEAT_SPELLINGS[declarer])),
        "result": typed_result,
        "score_ns": None if in_ew else score,
        "score_ew": -score if in_ew else None,
    }
    row = TravellerRow(1, 1, 4, contract, declarer, tricks, written_score_ns=score, round=1,
                       table=1)  # fmt: skip
    return row, cells


@settings(max_examples=draws(25))
@given(typed_results())
def test_any_typed_result_imports_exactly(
    tmp_path_factory: pytest.TempPathFactory, typed: tuple[TravellerRow, dict[str, object]]
) -> None:
    expected, cells = typed
    path = tmp_path_factory.mktemp("rt") / "s.xlsx"
    wb = entry_workbook_for_session(club_event(), 1)
    ws = wb["Travellers"]
    for key, value in cells.items():
        cell = ws[f"{COL[key]}2"]  # row 2: board 1, round 1, NS 1 vs EW 4
        if isinstance(value, str):
            set_text(cell, value)
        else:
            cell.value = value
    wb.save(path)
    imported = read_entry_workbook(path)
    assert imported.findings == ()
    assert imported.rows == (expected,)
