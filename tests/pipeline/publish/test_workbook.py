"""The result workbook: sheets, print layout, marks, formula safety, atomic writing."""

from __future__ import annotations

import zipfile
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.publish.workbook import (
    Award,
    BoardView,
    EventResults,
    FindingView,
    PlayerView,
    ResultLine,
    SessionView,
    Standing,
    build_workbook,
    write_workbook,
)
from pipeline.publish.workbook.layout import fmt, sheet_title
from pipeline.publish.workbook.masterpoints import awards_csv
from pipeline.results.status import PublicationStatus, publication_status
from tests.pipeline.workbook_blocks import block, titles

F = Fraction


def _line(
    board: int, ns: int, ew: int, ns_mp: F | None, ew_mp: F | None, **marks: object
) -> ResultLine:
    return ResultLine(board, ns, ew, 1, 1, "4H", "N", "=", 420, "", ns_mp, ew_mp, **marks)  # type: ignore[arg-type]


def _results(names: tuple[str, ...] = ("Anna Berg", "Bo Ek"), **extra: object) -> EventResults:
    players = tuple(PlayerView(n, f"10{i}") for i, n in enumerate(names))
    board = BoardView(
        1, F(4), 3, 2,
        (
            _line(1, 1, 2, F(7, 2), F(1, 2), factored=True),
            _line(1, 3, 4, F(1, 2), F(7, 2), factored=True),
            ResultLine(1, 5, 6, 2, 3, "", "", "", None, "", None, None, not_played=True),
        ),
        neuberg=True,
        dealer="N",
        vulnerability="None",
    )  # fmt: skip
    standings = tuple(
        Standing(place, pair, players[:2], F(points), F(4), F(points) * 25, 1)
        for place, pair, points in (
            ("1", 1, 4), ("2", 4, 3), ("3-4", 2, 2), ("3-4", 3, 2), ("5", 5, 1), ("6", 6, 0),
        )
    )  # fmt: skip
    session = SessionView(1, "Tuesday", 6, F(4), F(1), (board,), standings, "Howell 6 pairs")
    values: dict[str, object] = {
        "title": "Tuesday pairs",
        "date": "2026-11-17",
        "club": "BK Test",
        "kind": "pairs",
        "scale": "2-1-0",
        "sessions": (session,),
    }
    values.update(extra)
    values.setdefault("status", publication_status([], values.get("findings", ())))  # type: ignore[arg-type]
    return EventResults(**values)  # type: ignore[arg-type]


def _header_row(sheet: openpyxl.worksheet.worksheet.Worksheet, first: str) -> int:
    return next(r for r in range(1, 12) if sheet.cell(r, 1).value == first)


def test_sheets_in_reading_order(tmp_path: Path) -> None:
    path = write_workbook(_results(), tmp_path / "r.xlsx")
    names = openpyxl.load_workbook(path).sheetnames
    assert names == ["Ranking", "Masterpoints", "Findings", "Travellers", "Score cards"]


def test_shared_places_stay_text(tmp_path: Path) -> None:
    sheet = openpyxl.load_workbook(write_workbook(_results(), tmp_path / "r.xlsx"))["Ranking"]
    row = _header_row(sheet, "Place")
    places = [sheet.cell(r, 1).value for r in range(row + 1, row + 7)]
    assert places == ["1", "2", "3-4", "3-4", "5", "6"]
    assert all(sheet.cell(r, 1).data_type == "s" for r in range(row + 1, row + 7))


def test_every_sheet_is_print_ready(tmp_path: Path) -> None:
    workbook = openpyxl.load_workbook(write_workbook(_results(), tmp_path / "r.xlsx"))
    for sheet in workbook.worksheets:
        assert sheet.freeze_panes is not None and sheet.freeze_panes != "A1", sheet.title
        row = int("".join(ch for ch in sheet.freeze_panes if ch.isdigit()))
        if sheet.title in ("Travellers", "Score cards"):  # blocks: the title on every page
            assert sheet.print_title_rows == f"$1:${row - 1}", sheet.title
        else:  # one table: its header on every page
            assert sheet.print_title_rows == f"${row - 1}:${row - 1}", sheet.title
        assert str(sheet.page_setup.paperSize) == sheet.PAPERSIZE_A4  # "9" = A4
        assert sheet.page_setup.fitToWidth == 1 and sheet.sheet_properties.pageSetUpPr.fitToPage
        assert sheet.column_dimensions["A"].width >= 5  # set, not left at the default


def test_traveller_marks_neuberg_and_not_played(tmp_path: Path) -> None:
    sheet = openpyxl.load_workbook(write_workbook(_results(), tmp_path / "r.xlsx"))["Travellers"]
    board = block(sheet, "Board 1 ·")
    assert board.title.startswith("Board 1 · dealer N · none vulnerable · top 4.0")
    assert "played 2 of 3" in board.title and "Neuberg" in board.title
    assert board.header[:4] == ("NS", "EW", "NS pair", "EW pair")
    assert [r[:4] for r in board.rows] == [
        (1, 2, "Berg - Ek", "Berg - Ek"),
        (3, 4, "Berg - Ek", "Berg - Ek"),
        (5, 6, "Berg - Ek", "Berg - Ek"),
    ]
    assert [r[11] for r in board.rows] == ["Neuberg", "Neuberg", "not played"]
    assert [(r[9], r[10]) for r in board.rows] == [(3.5, 0.5), (0.5, 3.5), (None, None)]
    assert sheet.cell(board.first_row, 1).fill.fgColor.rgb.endswith("FFF2CC")


def test_travellers_are_sorted_by_the_ns_score_best_first(tmp_path: Path) -> None:
    lines = (
        ResultLine(1, 1, 2, 1, 1, "4H", "N", "=", 420, "", F(2), F(2)),
        ResultLine(1, 3, 4, 2, 1, "", "", "", None, "A60/40", F(12, 5), F(8, 5), adjusted=True),
        ResultLine(1, 5, 6, 3, 1, "4H", "N", "+1", 450, "", F(4), F(0)),
        ResultLine(1, 7, 8, 4, 1, "4H", "N", "-1", -50, "", F(0), F(4)),
    )
    results = _results()
    session = results.sessions[0]
    board = BoardView(1, F(4), 4, 4, lines, adjusted=True)
    plain = _results(sessions=(SessionView(1, "Tuesday", 8, F(4), F(1), (board,),
                                           session.standings),))  # fmt: skip
    sheet = openpyxl.load_workbook(write_workbook(plain, tmp_path / "r.xlsx"))["Travellers"]
    # +450, +420, -50 (best for NS first), then the adjusted score that has no table score.
    assert [r[:2] for r in block(sheet, "Board 1 ·").rows] == [(5, 6), (1, 2), (7, 8), (3, 4)]


def test_score_card_shows_the_pairs_own_side(tmp_path: Path) -> None:
    workbook = openpyxl.load_workbook(write_workbook(_results(), tmp_path / "r.xlsx"))
    card = block(workbook["Score cards"], "Pair 2:")  # EW against pair 1 on board 1
    values = list(card.rows[0])
    assert values[2:4] == ["EW", 1] and values[8] == -420 and values[9] == 0.5
    assert values[11] == pytest.approx(12.5)  # 0.5 of a top of 4


def test_findings_sheet_lists_errors_first(tmp_path: Path) -> None:
    findings = (
        FindingView("warning", "result-missing", "1", "board 2", "missing"),
        FindingView("error", "score-mismatch", "1", "board 1, row 7", "wrong", "+420"),
    )
    sheet = openpyxl.load_workbook(
        write_workbook(_results(findings=findings), tmp_path / "r.xlsx")
    )["Findings"]
    row = _header_row(sheet, "Severity")
    assert [sheet.cell(r, 2).value for r in (row + 1, row + 2)] == [
        "score-mismatch",
        "result-missing",
    ]
    assert "1 error(s)" in sheet.cell(2, 1).value + (sheet.cell(3, 1).value or "")


def test_empty_findings_say_so(tmp_path: Path) -> None:
    sheet = openpyxl.load_workbook(write_workbook(_results(), tmp_path / "r.xlsx"))["Findings"]
    assert any("No findings" in (sheet.cell(r, 1).value or "") for r in range(1, 5))


FORMULA_NAMES = ("=1+2", "+cmd|' /C calc'!A0", "@SUM(A1)", "-2+3", '=HYPERLINK("x")')


def test_formula_like_names_stay_text_everywhere(tmp_path: Path) -> None:
    awards = tuple(Award("1", 1, PlayerView(n, "1"), F(8)) for n in FORMULA_NAMES)
    results = _results(FORMULA_NAMES[:2], awards=awards, title="=TITLE()", club="@club")
    path = write_workbook(results, tmp_path / "r.xlsx")
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/"):
                assert b"<f>" not in archive.read(name), name
    workbook = openpyxl.load_workbook(path)
    assert workbook["Ranking"]["A1"].value == "=TITLE()"
    mp = workbook["Masterpoints"]
    row = _header_row(mp, "Place")
    assert [mp.cell(r, 3).value for r in range(row + 1, row + 6)] == list(FORMULA_NAMES)
    lines = awards_csv(results).splitlines()
    assert lines[1].split(",")[1] == "'=1+2"
    assert all(line.split(",")[2] == "'=TITLE()" for line in lines[1:])


@given(st.lists(st.text(min_size=1, max_size=30), min_size=2, max_size=2))
def test_any_name_round_trips_as_text(
    tmp_path_factory: pytest.TempPathFactory, names: list[str]
) -> None:
    workbook = build_workbook(_results(tuple(names)))
    sheet = workbook["Ranking"]
    row = _header_row(sheet, "Place")
    written = sheet.cell(row + 1, 3).value
    cleaned = [n.translate({c: None for c in range(32) if chr(c) not in "\t\n\r"}) for n in names]
    assert written == " - ".join(cleaned)
    assert sheet.cell(row + 1, 3).data_type == "s"


def test_atomic_write_leaves_nothing_on_failure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "r.xlsx"
    target.write_bytes(b"previous results")

    def broken_save(workbook: object, handle: object) -> None:
        handle.write(b"half a workbook")  # type: ignore[attr-defined]
        raise OSError("disk full")

    monkeypatch.setattr("pipeline.publish.workbook.writer.save_xlsx", broken_save)
    with pytest.raises(OSError, match="disk full"):
        write_workbook(_results(), target)
    assert target.read_bytes() == b"previous results"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.xlsx"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Board 1", "Board 1"), ("a/b:c*d?e[f]", "a_b_c_d_e_f_"), ("x" * 40, "x" * 31)],
)
def test_sheet_titles_are_legal(text: str, expected: str) -> None:
    assert sheet_title(text) == expected


@pytest.mark.parametrize(
    ("value", "places", "expected"),
    [(F(7, 2), 1, "3.5"), (F(1, 3), 2, "0.33"), (F(2, 3), 2, "0.67"), (F(-1, 4), 1, "-0.3"),
     (F(35, 48) * 100, 2, "72.92"), (F(0), 1, "0.0"), (7, 0, "7")],
)  # fmt: skip
def test_fmt_rounds_half_up(value: F, places: int, expected: str) -> None:
    assert fmt(value, places) == expected


def test_blocking_findings_mark_every_sheet_provisional(tmp_path: Path) -> None:
    findings = (FindingView("error", "score-mismatch", "1", "board 1, row 7", "wrong"),)
    status = publication_status([], findings)
    workbook = openpyxl.load_workbook(
        write_workbook(_results(findings=findings, status=status), tmp_path / "r.xlsx")
    )
    banner = "PROVISIONAL, not final: 1 finding blocks publishing (score-mismatch; see Findings)"
    for sheet in workbook.worksheets:
        texts = [sheet.cell(r, 1).value or "" for r in range(1, 6)]
        assert banner in texts, sheet.title
    # Built without a status, results with a blocking finding are provisional all the same.
    assert _results(findings=findings, status=PublicationStatus()).status == status
    clean = openpyxl.load_workbook(write_workbook(_results(), tmp_path / "c.xlsx"))
    assert not any(
        str(sheet.cell(r, 1).value).startswith("PROVISIONAL")
        for sheet in clean.worksheets
        for r in range(1, 6)
    )


def test_masterpoints_carry_the_date_of_the_session_they_were_won_in(tmp_path: Path) -> None:
    """Two sessions on two evenings: each award line is dated by its own session, in the
    federation's CSV and on the Masterpoints sheet (the event's first date only as a
    fallback for an award without one)."""
    awards = (
        Award("1", 3, PlayerView("Anna Berg", "101"), F(12), "bronze", "Session 1", "2026-11-16"),
        Award("1", 7, PlayerView("Bo Ek", "102"), F(14), "bronze", "Session 2", "2026-11-19"),
        Award("2", 4, PlayerView("Cilla Ås", "103"), F(8), "bronze", "Session 2", ""),
    )
    results = _results(awards=awards, date="2026-11-16")
    lines = awards_csv(results).splitlines()
    dates = [line.split(",")[3] for line in lines[1:]]
    assert dates == ["2026-11-16", "2026-11-19", "2026-11-16"]
    sheet = openpyxl.load_workbook(write_workbook(results, tmp_path / "r.xlsx"))["Masterpoints"]
    header = _header_row(sheet, "Place")
    assert [c.value for c in sheet[header]][4:6] == ["Competition", "Date"]
    assert [sheet.cell(r, 6).value for r in (header + 1, header + 2)] == [
        "2026-11-16", "2026-11-19"]  # fmt: skip


def test_hand_records_print_the_hands_double_dummy_and_par(tmp_path: Path) -> None:
    """Board 1 dealt one suit to each hand (tests/pipeline/interop/test_deals.py works it by hand):
    North holds the spades, so NS take 13 tricks in spades, EW none; in notrump the leader's
    side runs its suit; par +1510, 7S by N or S (none vulnerable, N dealing)."""
    from pipeline.events.hand_records import analyse
    from pipeline.interop.deals import read_deals

    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    hands = {1: analyse(read_deals(f"1 {deal}\n2 {deal}\n".encode(), "hands.txt"))}
    path = write_workbook(_results(), tmp_path / "r.xlsx", hands)
    sheet = openpyxl.load_workbook(path)["Hand records"]
    board = block(sheet, "Board 1 ·")  # board 2 was not played this session: left out
    assert (
        board.title == "Board 1 · dealer N · none vulnerable · par +1510 for NS (7S by N, 7S by S)"
    )
    assert board.header == ("Seat", "♠ Spades", "♥ Hearts", "♦ Diamonds", "♣ Clubs", "HCP",
                            "NT tricks", "S tricks", "H tricks", "D tricks",
                            "C tricks")  # fmt: skip
    assert board.rows[0] == ("N", "AKQJ1098765432", "—", "—", "—", 10, 0, 13, 0, 13, 0)
    assert board.rows[1] == ("E", "—", "AKQJ1098765432", "—", "—", 10, 0, 0, 13, 0, 13)
    assert titles(sheet, "Board ") == [board.title]
