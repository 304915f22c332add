"""Importing a plain CSV of traveller rows: encodings, delimiters, headers, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from pipeline.doors.entry import (
    EmptySessionError,
    MissingColumnsError,
    UnreadableFileError,
    read_csv,
    read_entry_file,
)
from pipeline.validation import Code, validate_session
from scoring.contract import Contract, Seat
from scoring.outcome import parse_adjustment
from scoring.traveller import Source
from tests.pipeline.doors.test_entry_fixtures import club_event

ENGLISH = """Board,Round,Table,NS,EW,Contract,Declarer,Result,Score,Adjusted
1,1,1,1,4,4S,N,=,420,
1,2,3,3,5,4S,N,+1,450,
1,3,2,2,6,,,,,A60/40
"""

# Swedish headers and notation, semicolons, Windows-1252/Latin-1 bytes (Ö = 0xD6).
SWEDISH = """Bricka;Rond;Bord;NS;ÖV;Kontrakt;Spelförare;Resultat;NS poäng;ÖV poäng
3;1;2;2;5;4H;Ö;=;;620
3;2;1;1;6;4H;V;-1;100;
3;3;3;3;4;3H;Ö;=;;140
"""


def test_english_comma_csv(tmp_path: Path) -> None:
    path = tmp_path / "s1.csv"
    path.write_text(ENGLISH, encoding="utf-8")
    imported = read_csv(path)
    assert imported.findings == ()
    first, second, adjusted = imported.rows
    assert (first.board, first.ns_pair, first.ew_pair, first.round, first.table) == (1, 1, 4, 1, 1)
    assert first.contract == Contract.parse("4S") and first.tricks == 10
    assert first.written_score_ns == 420
    assert first.source == Source("s1.csv", None, None, 2)
    assert second.tricks == 11
    assert adjusted.adjustment == parse_adjustment("A60/40") and adjusted.contract is None


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1", "utf-8", "utf-8-sig"])
def test_swedish_semicolon_csv_in_any_encoding(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "bricka3.csv"
    path.write_bytes(SWEDISH.encode(encoding))
    imported = read_entry_file(path)
    assert imported.findings == ()
    rows = imported.rows
    assert [r.ew_pair for r in rows] == [5, 6, 4]
    assert [r.declarer for r in rows] == [Seat.EAST, Seat.WEST, Seat.EAST]
    assert [r.written_score_ns for r in rows] == [-620, 100, -140]  # EW column is EW's score


def test_tab_separated_and_column_names_in_findings(tmp_path: Path) -> None:
    path = tmp_path / "s1.tsv"
    path.write_text(ENGLISH.replace(",", "\t").replace("4S\tN\t=\t420", "4S\tN\t=\t620"))
    imported = read_entry_file(path)
    findings = validate_session(imported.rows, club_event().session(1), columns=imported.column_of)
    mismatch = [f for f in findings if f.code is Code.SCORE_MISMATCH]
    assert len(mismatch) == 1
    assert mismatch[0].location.column == "Score"  # a CSV column is named by its header
    assert mismatch[0].location.row == 2


def test_cell_syntax_findings_name_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "s1.csv"
    path.write_text(ENGLISH.replace("4S,N,+1,450", "4Q,N,+1,450"), encoding="utf-8")
    (finding,) = read_csv(path).findings
    assert finding.code is Code.CONTRACT_SYNTAX
    assert (finding.location.row, finding.location.column) == (3, "Contract")
    assert str(finding.location.source) == "s1.csv, row 3, column Contract"


def test_bad_csv_input(tmp_path: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_text("")
    with pytest.raises(EmptySessionError, match="empty.csv: the file is empty"):
        read_csv(empty)
    header_only = tmp_path / "header.csv"
    header_only.write_text(ENGLISH.splitlines()[0] + "\n1,1,1,1,4,,,,,\n")
    with pytest.raises(EmptySessionError, match="header.csv: no results are entered"):
        read_csv(header_only)
    no_header = tmp_path / "other.csv"
    no_header.write_text("name,amount\nx,1\n")
    with pytest.raises(MissingColumnsError, match="other.csv: no header row with Board"):
        read_csv(no_header)
    short = tmp_path / "short.csv"
    short.write_text("Board,NS,EW,Score\n1,1,4,420\n")
    with pytest.raises(MissingColumnsError, match=r"short.csv, row 1: the header lacks Contract"):
        read_csv(short)
    binary = tmp_path / "s.csv"
    binary.write_bytes(b"PK\x03\x04\x00\x00binary")
    with pytest.raises(UnreadableFileError, match="not a text CSV"):
        read_csv(binary)


def test_a_stray_quote_that_swallows_lines_is_refused_by_line(tmp_path: Path) -> None:
    """Line 3 types the contract as `"4S`: Python's csv reads lines 3-4 (to the end of the
    file) as one cell, so board 1 would have one result and nothing said."""
    lines = ENGLISH.splitlines()
    lines[2] = lines[2].replace("4S,N,+1", '"4S,N,+1')
    stray = tmp_path / "s1.csv"
    stray.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(UnreadableFileError) as refused:
        read_csv(stray)
    assert str(refused.value) == (
        's1.csv: line 3: a quote (") opens a cell that runs to line 4, so lines 3-4 would be '
        "read as one cell; remove the quote, or close it"
    )
    closed_later = tmp_path / "s2.csv"  # a quote on line 2 closed by one on line 3: 2-3 lost
    closed_later.write_text(ENGLISH.replace(",420,", ',"420,').replace(",450,", ',450",'))
    with pytest.raises(UnreadableFileError, match=r"s2.csv: line 2: .* runs to line 3, so lines"):
        read_csv(closed_later)


def test_a_note_with_a_line_break_in_quotes_is_kept(tmp_path: Path) -> None:
    """Alt+Enter in a spreadsheet's cell: a line break inside quotes, no line swallowed."""
    noted = tmp_path / "s1.csv"
    noted.write_text(ENGLISH.replace("Adjusted\n", 'Adjusted,Note\n').replace(
        "420,\n", '420,,"slow play\nwarned"\n'), encoding="utf-8")  # fmt: skip
    imported = read_csv(noted)
    assert [row.board for row in imported.rows] == [1, 1, 1]


def test_a_note_with_a_comma_after_its_line_break_is_kept(tmp_path: Path) -> None:
    """Alt+Enter then a comma ("slow play" / "warned, 2nd time"): one line's cell, quoted by
    the spreadsheet, was refused as a stray quote swallowing lines (exit 2)."""
    noted = tmp_path / "s1.csv"
    noted.write_text(ENGLISH.replace("Adjusted\n", 'Adjusted,Note\n').replace(
        "420,\n", '420,,"slow play\nwarned, 2nd time"\n'), encoding="utf-8")  # fmt: skip
    imported = read_csv(noted)
    assert [row.board for row in imported.rows] == [1, 1, 1]
    assert [row.written_score_ns for row in imported.rows][:2] == [420, 450]


@pytest.mark.parametrize(
    ("contract", "dbl", "read"),
    [
        ("4S", "X", "4SX"),
        ("4D", "D", "4DX"),  # diamonds, doubled (doblet): the Dbl column's D is never a strain
        ("4D", "", "4D"),
        ("4SX", "X", "4SX"),  # said twice, the same
    ],
)
def test_a_dbl_column_beside_a_contract_column_is_read(
    tmp_path: Path, contract: str, dbl: str, read: str
) -> None:
    """Contract 4S and Dbl X was read as 4S undoubled, nothing said: 4SX= scored 420, not 590."""
    path = tmp_path / "s1.csv"
    path.write_text(f"Board,NS,EW,Contract,Dbl,Declarer,Result\n1,1,4,{contract},{dbl},N,=\n")
    imported = read_csv(path)
    assert [row.contract for row in imported.rows] == [Contract.parse(read)]
    assert imported.findings == ()


def test_a_dbl_column_that_undoes_the_contracts_doubling_is_named(tmp_path: Path) -> None:
    path = tmp_path / "s1.csv"
    path.write_text("Board,NS,EW,Contract,Dbl,Declarer,Result\n1,1,4,4SXX,X,N,=\n")
    (finding,) = read_csv(path).findings
    assert finding.code is Code.CONTRACT_SYNTAX
    assert finding.message == "Contract 4SXX and Dbl X disagree"


def test_scores_with_thousands_spaces_and_sections(tmp_path: Path) -> None:
    path = tmp_path / "s.csv"
    path.write_text(
        "Section;Board;NS;EW;Contract;Declarer;Result;NS score\n"
        "B;5;3;6;6D;N;=;1\u00a0370\n"
        "B;5;2;4;6D;N;=;1 370\n"
        "B;5;1;5;6Q;N;=;1370\n",
        encoding="utf-8",
    )
    imported = read_csv(path)
    assert [r.written_score_ns for r in imported.rows] == [1370, 1370, 1370]
    assert {r.section for r in imported.rows} == {"B"}
    (finding,) = imported.findings
    assert (finding.code, finding.location.section, finding.location.board) == (
        Code.CONTRACT_SYNTAX,
        "B",
        5,
    )
