"""The traveller screen's logic (pipeline/doors/entry/traveller_form.py): one board's lines
pre-filled from the movement, results typed as directors type them, each line checked
against Law 77 and the movement, saved as the spreadsheet door's CSV.

The event: one section, a 5-table Mitchell with 2 boards a round (pairs 1-5 NS, 6-10 EW,
boards 1-10). Board 7 is played in round 1 at table 4 by 4-9, round 2 table 3 by 3-7,
round 3 table 2 by 2-10, round 4 table 1 by 1-8, round 5 table 5 by 5-6.

Vulnerability by the board number (Law 2): 1 none, 2 NS, 3 EW, 4 all, 5 NS, 6 EW, 7 all,
8 none, 9 EW, 10 all. The scores below are worked out by hand from Law 77 (rules.md 2):

- 4S= by N: tricks 4 x 30 = 120, a game: +300 not vulnerable = 420, +500 vulnerable = 620.
- 1NT+1 by N, not vulnerable: 40, partscore 50, overtrick 30 = 120.
- 3NT+1 by S, not vulnerable: 100 + 300 + 30 = 430.
- 3NTX-2 by S: doubled, not vulnerable 100 + 200 = 300; vulnerable 200 + 300 = 500 (to EW).
- 4H+1 by W, EW vulnerable: 120 + 500 + 30 = 650 to EW, NS -650.
- 6SXX= by E, vulnerable: 180 x 4 = 720, game 500, small slam 750, redoubled made 100 = 2070.
- 2C+1 by W (2K+1 V), EW not vulnerable on board 5: 40 + 50 + 20 = 110 to EW.
- 3NT-1 by E (3UT-1 Ö), EW not vulnerable on board 8: 50 to NS.
- 4HX-3 by E, EW not vulnerable on board 1: 100 + 200 + 200 = 500 to NS.
"""

from __future__ import annotations

import csv
import json
import textwrap
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pipeline.doors.entry.importer import read_csv, read_entry_file
from pipeline.doors.entry.sessions import load_session_entries
from pipeline.doors.entry.traveller_file import traveller_csv, typed_boards
from pipeline.doors.entry.traveller_form import (
    FormLine,
    LineCheck,
    TravellerRefused,
    TypedLine,
    check_line,
    check_traveller,
    traveller_lines,
)
from pipeline.doors.entry.traveller_saved import save_traveller, typed_traveller
from pipeline.events.eventfile import parse_event
from pipeline.validation import Severity
from scoring.board import vulnerability_of
from scoring.contract import Contract, Doubling, Seat, Strain, format_result
from scoring.law77 import ns_score
from scoring.outcome import Adjustment, Artificial, Weighted
from tests.hypothesis_profiles import draws

PAIRS = "".join(f"          - {{number: {n}, players: [P{n} A, P{n} B]}}\n" for n in range(1, 11))
MITCHELL = (
    textwrap.dedent("""\
    event:
      name: Monday Mitchell
      kind: pairs-matchpoints
    sessions:
      - number: 1
        sections:
          - name: A
            movement: {type: mitchell, tables: 5, boards_per_round: 2}
            pairs:
    """)
    + PAIRS
)
TWO_SECTIONS = (
    textwrap.dedent("""\
    event:
      name: Two rooms
      kind: pairs-matchpoints
    sessions:
      - number: 1
        sections:
          - name: A
            movement: {type: mitchell, tables: 3, boards_per_round: 2}
            pairs:
    """)
    + "".join(f"          - {{number: {n}, players: [A{n} A, A{n} B]}}\n" for n in range(1, 7))
    + "      - name: B\n"
    + "        movement: {type: mitchell, tables: 3, boards_per_round: 2}\n"
    + "        pairs:\n"
    + "".join(f"          - {{number: {n}, players: [B{n} A, B{n} B]}}\n" for n in range(1, 7))
)
HEADER = [
    "Board", "Round", "Table", "NS", "EW", "Level", "Strain", "Dbl", "Declarer", "Result",
    "NS score", "EW score", "Adjusted", "Note",
]  # fmt: skip


@pytest.fixture(scope="module")
def event():
    return parse_event(MITCHELL, source="monday.yaml")


def line_of(event, board: int, round_: int) -> FormLine:
    return next(line for line in traveller_lines(event, 1, board) if line.round == round_)


def typed(event, board: int, round_: int, result: str, score: str = "") -> TypedLine:
    return TypedLine(line_of(event, board, round_), result, score)


def check(event, board: int, result: str, score: str = "", round_: int = 1) -> LineCheck:
    return check_line(event, 1, board, typed(event, board, round_, result, score))


# -- the lines from the movement ---------------------------------------------------------------
def test_lines_are_the_movement_tables_that_play_the_board_in_round_order(event) -> None:
    assert traveller_lines(event, 1, 7) == [
        FormLine("A", 1, 4, 4, 9),
        FormLine("A", 2, 3, 3, 7),
        FormLine("A", 3, 2, 2, 10),
        FormLine("A", 4, 1, 1, 8),
        FormLine("A", 5, 5, 5, 6),
    ]
    assert traveller_lines(event, 1, 11) == []  # not in the movement


def test_every_section_that_has_the_board() -> None:
    two = parse_event(TWO_SECTIONS)
    # mitchell(3 tables, 2 a round): board 1 at table 1 (1-4), round 2 table 3 (3-5),
    # round 3 table 2 (2-6), in both rooms.
    assert traveller_lines(two, 1, 1) == [
        FormLine("A", 1, 1, 1, 4),
        FormLine("A", 2, 3, 3, 5),
        FormLine("A", 3, 2, 2, 6),
        FormLine("B", 1, 1, 1, 4),
        FormLine("B", 2, 3, 3, 5),
        FormLine("B", 3, 2, 2, 6),
    ]


# -- Law 77, worked by hand (module docstring) -------------------------------------------------
@pytest.mark.parametrize(
    ("board", "result", "expected"),
    [
        (1, "4S= N", 420),  # board 1: nobody vulnerable
        (2, "4S= N", 620),  # board 2: NS vulnerable
        (7, "4S= N", 620),  # board 7: all vulnerable
        (8, "4S= N", 420),  # board 8: nobody vulnerable
        (1, "1NT+1 N", 120),
        (1, "3NT+1 S", 430),
        (3, "3NTX-2 S", -300),  # board 3: EW vulnerable, S not
        (4, "3NTX-2 S", -500),  # board 4: all vulnerable
        (3, "4H+1 W", -650),
        (6, "6SXX= E", -2070),  # board 6: EW vulnerable
        (1, "4HX-3 E", 500),
    ],
)
def test_the_score_is_computed_by_law_77(event, board, result, expected) -> None:
    checked = check(event, board, result)
    assert checked.ok, checked.message
    assert checked.ns_score == expected
    assert checked.row is not None and checked.row.written_score_ns == expected


@pytest.mark.parametrize(
    "result",
    ["4S= N", "4s= n", "4SN=", "4S=N", "N 4S=", "N4S=", "4S = N", "4♠= N", "4S N 10", "4 S = N"],
)
def test_ways_directors_write_four_spades_made_by_north(event, result) -> None:
    checked = check(event, 7, result)
    assert checked.ok, checked.message
    row = checked.row
    assert row is not None
    assert (row.contract, row.declarer, row.tricks) == (Contract.parse("4S"), Seat.NORTH, 10)
    assert checked.ns_score == 620
    assert checked.message == "4S= by N scores +620 for NS on board 7 (NS vulnerable, Law 77)"


@pytest.mark.parametrize("result", ["3NTX-2 S", "3NX-2S", "3ntx-2s", "S 3NTX-2", "3NT*-2 S"])
def test_ways_of_writing_three_notrump_doubled_two_down(event, result) -> None:
    checked = check(event, 4, result)
    assert checked.ok, checked.message
    row = checked.row
    assert row is not None and row.contract == Contract(3, Strain.NOTRUMP, Doubling.DOUBLED)
    assert row.declarer is Seat.SOUTH and row.tricks == 7
    assert checked.ns_score == -500


# -- a typed score: accepted when Law 77 gives it, refused with the reason otherwise ------------
@pytest.mark.parametrize("score", ["620", "+620", " 620 ", "NS 620"])
def test_a_score_that_law_77_gives_is_accepted(event, score) -> None:
    checked = check(event, 7, "4S= N", score)
    assert checked.ok, checked.message
    assert checked.ns_score == 620 and checked.row is not None
    assert checked.row.written_score_ns == 620


def test_a_score_that_law_77_does_not_give_is_refused_with_the_reason(event) -> None:
    checked = check(event, 7, "4S= N", "420")
    assert not checked.ok and checked.row is None
    assert checked.ns_score == 620
    assert checked.message.startswith(
        "4S= by N scores +620 for NS on board 7 (NS vulnerable), not +420 (Law 77)"
    )
    assert "as if NS were not vulnerable" in checked.message  # the likely slip
    # The other way round on board 1, where nobody is vulnerable.
    checked = check(event, 1, "4S= N", "620")
    assert not checked.ok and checked.ns_score == 420
    assert "+420 for NS on board 1 (NS not vulnerable), not +620 (Law 77)" in checked.message
    # EW's score written as NS's: the sign.
    checked = check(event, 3, "4H+1 W", "650")
    assert not checked.ok and checked.ns_score == -650
    assert "4H+1 by W scores -650 for NS on board 3 (EW vulnerable), not +650" in checked.message
    assert "Sign flipped" in checked.message


# -- passed out, adjusted ----------------------------------------------------------------------
@pytest.mark.parametrize("result", ["pass", "PASS", "P", "-", "Pass ", "AP", "passet"])
def test_a_board_passed_out_scores_zero(event, result) -> None:
    checked = check(event, 7, result)
    assert checked.ok, checked.message
    assert checked.ns_score == 0
    row = checked.row
    assert row is not None and row.passed_out and row.contract is None
    assert row.written_score_ns == 0
    assert check(event, 7, result, "0").ok


def test_a_passed_out_board_with_a_score_is_refused(event) -> None:
    checked = check(event, 7, "pass", "50")
    assert not checked.ok and checked.ns_score == 0
    assert checked.message == "a passed-out board scores 0 for both sides, not +50"


@pytest.mark.parametrize(
    ("result", "ns", "ew"),
    [("A60/40", 60, 40), ("A50", 50, 50), ("A+", 60, 60), ("A-", 40, 40), ("a40/60", 40, 60)],
)
def test_an_artificial_adjusted_score(event, result, ns, ew) -> None:
    checked = check(event, 7, result)
    assert checked.ok, checked.message
    assert checked.ns_score is None  # no table score: a percentage of the top
    row = checked.row
    assert row is not None and row.contract is None and not row.passed_out
    assert row.adjustment == Adjustment(Artificial(ns), Artificial(ew))


def test_an_assigned_score_after_td(event) -> None:
    checked = check(event, 7, "TD 420/-100")
    assert checked.ok, checked.message
    assert checked.row is not None
    assert checked.row.adjustment == Adjustment(Weighted.of(420), Weighted.of(-100))
    checked = check(event, 7, "TD 50% +420, 50% +170")
    assert checked.ok and checked.row is not None
    half = Fraction(1, 2)
    weighted = Weighted(((half, 420), (half, 170)))
    assert checked.row.adjustment == Adjustment(weighted, weighted)


def test_adjusted_scores_are_shown_again_as_they_read(event, tmp_path: Path) -> None:
    typed_in = ["A60/40", "a+", "60%-40%", "TD 420/-100", "TD 50% +420, 50% +170"]
    lines = [typed(event, 7, r, text) for r, text in enumerate(typed_in, 1)]
    save_traveller(tmp_path, event, 1, 7, lines, "td")
    shown = typed_traveller(tmp_path, event, 1, 7)
    assert [t.result for t in shown] == [
        "A60/40",
        "A60",
        "A60/40",
        "TD +420/-100",
        "TD 50% +420 50% +170",
    ]
    again = check_traveller(event, 1, 7, shown)
    assert [c.row for c in again] == [c.row for c in check_traveller(event, 1, 7, lines)]


def test_an_adjusted_score_takes_no_table_score(event) -> None:
    checked = check(event, 7, "A60/40", "620")
    assert not checked.ok and "leave the score empty" in checked.message
    checked = check(event, 7, "A120")
    assert not checked.ok and "120% is not 0-100%" in checked.message


# -- Scandinavian notation ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("board", "result", "score", "contract", "declarer", "tricks", "expected"),
    [
        (10, "4SP= S", "", "4S", Seat.SOUTH, 10, 620),  # spar; board 10 all vulnerable
        (8, "3UT-1 Ö", "+50", "3NT", Seat.EAST, 8, 50),  # utan trumf, Öst; board 8 none
        (8, "3SA-1 Ø", "50", "3NT", Seat.EAST, 8, 50),  # sans atout, Øst
        (5, "2K+1 V", "ÖV 110", "2C", Seat.WEST, 9, -110),  # klöver, Väst; EW's own column
        (5, "2K+1 V", "110 ÖV", "2C", Seat.WEST, 9, -110),
        (5, "2K+1 V", "Ø-V 110", "2C", Seat.WEST, 9, -110),
        (5, "2K+1 V", "-110", "2C", Seat.WEST, 9, -110),
        (5, "2R= Ö", "ÖV 90", "2D", Seat.EAST, 8, -90),  # ruter
    ],
)
def test_scandinavian_notation(
    event, board, result, score, contract, declarer, tricks, expected
) -> None:
    checked = check(event, board, result, score)
    assert checked.ok, checked.message
    row = checked.row
    assert row is not None
    assert (row.contract, row.declarer, row.tricks) == (Contract.parse(contract), declarer, tricks)
    assert checked.ns_score == expected and row.written_score_ns == expected


def test_scandinavian_score_for_the_wrong_side_is_refused(event) -> None:
    checked = check(event, 5, "2K+1 V", "NS 110")
    assert not checked.ok and checked.ns_score == -110
    assert "2C+1 by W scores -110 for NS on board 5 (EW not vulnerable), not +110" in (
        checked.message
    )


# -- what cannot be read -----------------------------------------------------------------------
@pytest.mark.parametrize(
    ("result", "score", "says"),
    [
        ("4S=", "", "type the declarer (N, E, S or W)"),
        ("4S= X", "", "type the declarer (N, E, S or W)"),
        ("4S N", "", "type the result of 4S by N"),
        ("4S N 3", "", "3 could be tricks or overtricks"),
        ("8S= N", "", "level 8 is not 1-7"),
        ("4S+4 N", "", "14 tricks"),
        ("4Q= N", "", "unknown strain 'Q'"),
        ("hello", "", "type the contract first"),
        ("N 4S= S", "", "type the declarer once"),
        ("", "620", "type the result for the score 620"),
        ("4S= N", "six", "score 'six' is not a whole number of points"),
    ],
)
def test_what_cannot_be_read_is_refused_with_what_to_type(event, result, score, says) -> None:
    checked = check(event, 7, result, score)
    assert not checked.ok and checked.row is None
    assert says in checked.message


def test_an_empty_line_is_not_entered(event) -> None:
    checked = check(event, 7, "", "  ")
    assert checked == LineCheck(True, "not entered", None, None)


# -- the movement ------------------------------------------------------------------------------
def test_a_pair_that_is_not_on_the_board(event) -> None:
    line = line_of(event, 7, 2)  # round 2, table 3: 3-7
    checked = check_line(event, 1, 7, TypedLine(replace(line, ew=5), "4S= N"))
    assert not checked.ok and checked.ns_score == 620
    assert checked.message == (
        "pair 5 does not play board 7 in round 2 (the movement has 3-7); "
        "pair 5 plays it in round 5 (5-6)"
    )
    checked = check_line(event, 1, 7, TypedLine(replace(line, ns=5, ew=6), "4S= N"))
    assert checked.message == (
        "pairs 5 and 6 play board 7 in round 5 (5-6 at table 5), not in round 2 "
        "(the movement has 3-7)"
    )
    checked = check_line(event, 1, 7, TypedLine(replace(line, ew=12), "4S= N"))
    assert not checked.ok and "pair 12 (EW) is not in section A" in checked.message
    checked = check_line(event, 1, 7, TypedLine(replace(line, ns=7, ew=3), "4S= N"))
    assert not checked.ok and "NS 7 and EW 3 are swapped" in checked.message
    checked = check_line(event, 1, 7, TypedLine(replace(line, section="C"), "4S= N"))
    assert not checked.ok and "section 'C' is not in session 1" in checked.message
    checked = check_line(event, 1, 11, TypedLine(line, "4S= N"))
    assert not checked.ok and checked.message == "board 11 is not played in section A"


def test_a_pair_twice_on_the_board_and_a_line_typed_twice(event) -> None:
    lines = [typed(event, 7, r, "4S= N") for r in (1, 2, 3, 4, 5)]
    assert all(c.ok for c in check_traveller(event, 1, 7, lines))
    lines[4] = TypedLine(replace(lines[4].line, ns=3, ew=6), "4S= N")  # 3 also plays round 2
    checks = check_traveller(event, 1, 7, lines)
    assert [c.ok for c in checks] == [True, True, True, True, False]
    assert "pair 3 is on board 7 twice" in checks[4].message
    again = [*lines[:4], lines[1]]
    checks = check_traveller(event, 1, 7, again)
    assert [c.ok for c in checks] == [True, True, True, True, False]
    assert "NS 3 vs EW 7 on board 7 is entered twice" in checks[4].message


# -- saving: the spreadsheet door's CSV --------------------------------------------------------
def board_7(event) -> list[TypedLine]:
    return [
        typed(event, 7, 1, "4S= N", "620"),
        typed(event, 7, 2, "3NX-2S"),
        typed(event, 7, 3, "pass"),
        typed(event, 7, 4, ""),  # not entered
        typed(event, 7, 5, "A60/40"),
    ]


def test_saved_as_the_spreadsheet_door_csv_that_imports_to_the_same_rows(
    event, tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.setenv("BRIDGESCAN_NOW", "2026-11-16T21:40:00+01:00")
    lines = board_7(event)
    checks = check_traveller(event, 1, 7, lines)
    assert [c.ns_score for c in checks] == [620, -500, 0, None, None]
    path = save_traveller(tmp_path, event, 1, 7, lines, "td@club")
    assert path == tmp_path / "typed" / "session1.csv" == traveller_csv(tmp_path, 1)
    with path.open(encoding="utf-8-sig", newline="") as handle:
        table = list(csv.reader(handle, delimiter=";"))
    assert table == [
        HEADER,
        ["7", "1", "4", "4", "9", "4", "S", "", "N", "=", "620", "", "", ""],
        ["7", "2", "3", "3", "7", "3", "NT", "X", "S", "-2", "", "500", "", ""],
        ["7", "3", "2", "2", "10", "Pass", "", "", "", "", "0", "", "", ""],
        ["7", "5", "5", "5", "6", "", "", "", "", "", "", "", "A60/40", ""],
    ]
    imported = read_csv(path)
    assert imported.findings == ()
    rows = list(imported.rows)
    assert rows == [c.row for c in checks if c.row is not None]
    fields = [(r.contract, r.declarer, r.tricks, r.written_score_ns, r.adjustment) for r in rows]
    assert fields == [
        (Contract.parse("4S"), Seat.NORTH, 10, 620, None),
        (Contract.parse("3NTX"), Seat.SOUTH, 7, -500, None),
        (None, None, None, 0, None),
        (None, None, None, None, Adjustment(Artificial(60), Artificial(40))),
    ]  # fmt: skip
    assert read_entry_file(path).rows == imported.rows
    # The whole door's validation finds nothing wrong on board 7 (other boards: not entered).
    (entries,) = load_session_entries(event, [path])
    board_7_findings = [f for f in entries.findings if f.location.board == 7]
    assert sorted(f.code.value for f in board_7_findings) == ["passed-out", "result-missing"]
    missing = next(f for f in board_7_findings if f.code.value == "result-missing")
    assert (missing.location.round, missing.location.table) == (4, 1)  # the line not entered
    assert all(f.severity is not Severity.ERROR for f in entries.findings)
    # One JSON line: when, who, the lines as typed.
    (logged,) = (path.parent / "session1.log.jsonl").read_text("utf-8").splitlines()
    entry = json.loads(logged)
    assert entry["time"] == "2026-11-16T20:40:00.000000+00:00"
    assert entry["who"] == "td@club" and entry["board"] == 7 and entry["session"] == 1
    assert entry["lines"][1] == {
        "section": "A", "round": 2, "table": 3, "ns": 3, "ew": 7, "result": "3NX-2S", "score": "",
    }  # fmt: skip
    assert entry["lines"][3]["result"] == ""


def test_the_same_board_saved_twice_is_replaced_not_duplicated(event, tmp_path: Path) -> None:
    save_traveller(tmp_path, event, 1, 7, board_7(event), "td")
    board_3 = [typed(event, 3, r, "4H+1 W", "-650") for r in (1, 2, 3, 4, 5)]
    save_traveller(tmp_path, event, 1, 3, board_3, "td")
    again = [typed(event, 7, r, "4S+1 N") for r in (1, 2)]
    path = save_traveller(tmp_path, event, 1, 7, again, "assistant")
    rows = read_csv(path).rows
    assert [(r.board, r.round) for r in rows] == [(3, n) for n in (1, 2, 3, 4, 5)] + [
        (7, 1),
        (7, 2),
    ]
    # 4S+1 by N, all vulnerable on board 7: 120 + 500 + 30 = 650.
    assert {r.written_score_ns for r in rows if r.board == 7} == {650}
    assert {r.written_score_ns for r in rows if r.board == 3} == {-650}
    assert typed_boards(tmp_path, 1) == [3, 7] and typed_boards(tmp_path, 2) == []
    log = (path.parent / "session1.log.jsonl").read_text("utf-8").splitlines()
    assert [json.loads(line)["board"] for line in log] == [7, 3, 7]
    assert json.loads(log[2])["who"] == "assistant"
    # Clearing every line of a board removes its lines; the file keeps the others.
    save_traveller(tmp_path, event, 1, 7, [typed(event, 7, 1, "")], "td")
    assert {r.board for r in read_csv(path).rows} == {3}


def test_a_traveller_with_a_bad_line_is_not_saved(event, tmp_path: Path) -> None:
    lines = board_7(event)
    lines[1] = typed(event, 7, 2, "3NX-2S", "-300")  # the non-vulnerable penalty
    with pytest.raises(TravellerRefused) as refused:
        save_traveller(tmp_path, event, 1, 7, lines, "td")
    assert isinstance(refused.value, ValueError)
    ((number, line, checked),) = refused.value.problems
    assert number == 2 and line == lines[1] and not checked.ok
    assert "line 2 (round 2, 3-7): 3NTX-2 by S scores -500 for NS on board 7" in str(refused.value)
    assert not (tmp_path / "typed" / "session1.csv").exists()
    assert not (tmp_path / "typed" / "session1.log.jsonl").exists()


def test_the_form_shows_the_saved_lines_again(event, tmp_path: Path) -> None:
    empty = typed_traveller(tmp_path, event, 1, 7)
    assert empty == [TypedLine(line, "", "") for line in traveller_lines(event, 1, 7)]
    lines = board_7(event)
    save_traveller(tmp_path, event, 1, 7, lines, "td")
    shown = typed_traveller(tmp_path, event, 1, 7)
    assert [t.line for t in shown] == traveller_lines(event, 1, 7)
    assert [(t.result, t.score) for t in shown] == [
        ("4S= N", "620"),
        ("3NTX-2 S", "-500"),
        ("pass", "0"),
        ("", ""),
        ("A60/40", ""),
    ]
    # What is shown checks and saves to the same file again.
    before = traveller_csv(tmp_path, 1).read_bytes()
    save_traveller(tmp_path, event, 1, 7, shown, "td")
    assert traveller_csv(tmp_path, 1).read_bytes() == before
    assert typed_traveller(tmp_path, event, 1, 3) == [
        TypedLine(line) for line in traveller_lines(event, 1, 3)
    ]


def test_two_sections_write_a_section_column(tmp_path: Path) -> None:
    two = parse_event(TWO_SECTIONS)
    lines = [TypedLine(line, "4S= N") for line in traveller_lines(two, 1, 1)]
    lines[3] = TypedLine(lines[3].line, "4S-1 N", "-50")  # room B, round 1: board 1 none vul
    path = save_traveller(tmp_path, two, 1, 1, lines, "td")
    with path.open(encoding="utf-8-sig", newline="") as handle:
        header = next(csv.reader(handle, delimiter=";"))
    assert header == ["Section", *HEADER]
    rows = read_csv(path).rows
    assert [(r.section, r.round, r.written_score_ns) for r in rows] == [
        ("A", 1, 420), ("A", 2, 420), ("A", 3, 420), ("B", 1, -50), ("B", 2, 420), ("B", 3, 420),
    ]  # fmt: skip
    assert list(rows) == [c.row for c in check_traveller(two, 1, 1, lines)]


def test_lines_typed_in_a_spreadsheet_for_other_boards_are_kept(event, tmp_path: Path) -> None:
    """The director opened the file in a spreadsheet, added board 3 with an opening lead and
    saved it with commas; saving board 7 keeps that line and its Lead column."""
    path = tmp_path / "typed" / "session1.csv"
    path.parent.mkdir()
    path.write_text(
        "Board,Round,Table,NS,EW,Contract,Declarer,Result,NS score,Lead\n"
        "3,1,2,2,7,4H,W,+1,-650,SA\n",
        encoding="utf-8",
    )
    save_traveller(tmp_path, event, 1, 7, board_7(event), "td")
    imported = read_csv(path)
    board_3 = [r for r in imported.rows if r.board == 3]
    assert len(board_3) == 1 and board_3[0].lead == "SA"
    assert board_3[0].written_score_ns == -650 and board_3[0].contract == Contract.parse("4H")
    assert [r.board for r in imported.rows] == [3, 7, 7, 7, 7]
    assert imported.findings == ()


# -- every contract, typed the canonical way and run together ----------------------------------
@settings(max_examples=draws(200), deadline=None)
@given(
    board=st.integers(1, 10),
    level=st.integers(1, 7),
    strain=st.sampled_from(list(Strain)),
    doubling=st.sampled_from(list(Doubling)),
    declarer=st.sampled_from(list(Seat)),
    tricks=st.integers(0, 13),
    compact=st.booleans(),
)
def test_any_result_reads_back_as_typed(
    event, board, level, strain, doubling, declarer, tricks, compact
) -> None:
    contract = Contract(level, strain, doubling)
    result = format_result(contract, tricks)
    text = f"{contract}{declarer}{result}" if compact else f"{declarer} {contract}{result}"
    checked = check_line(event, 1, board, TypedLine(traveller_lines(event, 1, board)[0], text))
    assert checked.ok, checked.message
    assert checked.ns_score == ns_score(contract, declarer, tricks, vulnerability_of(board))
    assert checked.row is not None
    assert (checked.row.contract, checked.row.declarer, checked.row.tricks) == (
        contract,
        declarer,
        tricks,
    )


def test_boards_saved_at_the_same_time_all_stay(event, tmp_path: Path) -> None:
    """Two directors typing different boards of one evening: no save loses another's lines."""
    from concurrent.futures import ThreadPoolExecutor

    def save(board: int) -> Path:
        lines = [TypedLine(line, "pass") for line in traveller_lines(event, 1, board)]
        return save_traveller(tmp_path, event, 1, board, lines, f"td{board}")

    with ThreadPoolExecutor(max_workers=5) as pool:
        list(pool.map(save, range(1, 11)))
    assert typed_boards(tmp_path, 1) == list(range(1, 11))
    assert len(read_csv(traveller_csv(tmp_path, 1)).rows) == 50  # 10 boards x 5 tables
    log = (tmp_path / "typed" / "session1.log.jsonl").read_text("utf-8").splitlines()
    assert sorted(json.loads(line)["board"] for line in log) == list(range(1, 11))
    assert not list((tmp_path / "typed").glob("*.part"))
