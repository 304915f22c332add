"""Centred matchpoints as an output presentation (issue 14, rules.md §15).

Norwegian clubs read every matchpoint figure relative to the average: a board's points
minus half its top, a total minus half the tops it counts. The figures below are worked by
hand from that rule; the scores themselves never change.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from pipeline.events.eventfile import parse_event
from pipeline.publish.results_json import results_to_dict
from pipeline.publish.results_json_read import results_from_dict
from pipeline.publish.wording import signed
from pipeline.publish.workbook import (
    BoardView,
    EventResults,
    PlayerView,
    ResultLine,
    SessionView,
    Standing,
    write_workbook,
)
from pipeline.results.model.event import LeveledSession, LeveledStanding
from scoring.presentation import Presentation, centre, centred_total, uncentre
from tests.pipeline.workbook_blocks import block

F = Fraction
PLAYERS = (PlayerView("Kari Nordmann"), PlayerView("Ola Nordmann"))


def _results(presentation: Presentation = Presentation.CENTRED) -> EventResults:
    """One board on a top of 4: NS 3.5 / EW 0.5 at one table, the reverse at the other,
    and a third table whose result is missing (Neuberg-factored)."""
    lines = (
        ResultLine(1, 1, 2, 1, 1, "4H", "N", "=", 420, "", F(7, 2), F(1, 2), factored=True),
        ResultLine(1, 3, 4, 1, 2, "3NT", "S", "=", 400, "", F(1, 2), F(7, 2), factored=True),
        ResultLine(1, 5, 6, 1, 3, "", "", "", None, "", None, None, not_played=True),
    )
    board = BoardView(1, F(4), 3, 2, lines, neuberg=True)
    standings = (  # points of a maximum of 4: 100%, 50%, 0%
        Standing("1", 1, PLAYERS, F(4), F(4), F(100), 1),
        Standing("2", 2, PLAYERS, F(2), F(4), F(50), 1),
        Standing("3", 6, PLAYERS, F(0), F(4), F(0), 1),
    )
    session = SessionView(1, "Monday", 6, F(4), F(1), (board,), standings)
    return EventResults(
        "Mandagsturnering", "2026-11-23", "BK Test", "pairs", "2-1-0",
        sessions=(session,), presentation=presentation,
    )  # fmt: skip


def _table(sheet: openpyxl.worksheet.worksheet.Worksheet, first: str) -> list[list[object]]:
    header = next(r for r in range(1, 12) if sheet.cell(r, 1).value == first)
    return [[c.value for c in row] for row in sheet.iter_rows(min_row=header)]


def test_the_arithmetic_of_rules_15() -> None:
    assert centre(F(8), F(8)) == 4 and centre(F(0), F(8)) == -4 and centre(F(4), F(8)) == 0
    assert uncentre(F(-4), F(8)) == 0
    assert centred_total(F(52), F(104)) == 0  # 50% of 13 boards on a top of 8 is 0.0
    assert centred_total(F(60), F(104)) == 8


@pytest.mark.parametrize(
    ("value", "text"),
    [(F(3, 2), "+1.5"), (F(0), "0.0"), (F(1, 25), "0.0"), (F(-3, 2), "-1.5"), (None, "")],
)
def test_signed_text(value: Fraction | None, text: str) -> None:
    assert signed(value) == text


def test_traveller_prints_each_side_against_half_the_top(tmp_path: Path) -> None:
    workbook = openpyxl.load_workbook(write_workbook(_results(), tmp_path / "r.xlsx"))
    sheet = workbook["Travellers"]
    board = block(sheet, "Board 1 ·")
    assert board.header[9:11] == ("NS ±", "EW ±")
    assert [(r[9], r[10]) for r in board.rows] == [(1.5, -1.5), (-1.5, 1.5), (None, None)]
    formats = {c.number_format for c in sheet["J"] if isinstance(c.value, float)}
    assert formats == {"+0.0;-0.0;0.0"}
    assert any("50% is 0.0" in str(c.value) for c in sheet["A"][:6])


def test_ranking_prints_totals_against_half_the_maximum(tmp_path: Path) -> None:
    sheet = openpyxl.load_workbook(write_workbook(_results(), tmp_path / "r.xlsx"))["Ranking"]
    rows = _table(sheet, "Place")
    header = rows[0]
    assert "±" in header and "Max" not in header
    figures = [
        (r[header.index("Pair")], r[header.index("±")], r[header.index("%")]) for r in rows[1:4]
    ]
    assert figures == [(1, 2.0, 100), (2, 0.0, 50), (6, -2.0, 0)]


def test_score_card_centres_the_board_and_the_total(tmp_path: Path) -> None:
    cards = openpyxl.load_workbook(write_workbook(_results(), tmp_path / "r.xlsx"))
    card = block(cards["Score cards"], "Pair 2:")
    assert card.header[9] == "±" and card.rows[0][9] == -1.5  # EW 0.5 of a top of 4
    assert "0.0 = 50.00%" in card.title
    boards = next(r for r in card.rows if r[8] == "Boards")
    assert boards[9] == -1.5


def test_points_stay_points_unless_asked(tmp_path: Path) -> None:
    plain = _results(Presentation.POINTS)
    sheet = openpyxl.load_workbook(write_workbook(plain, tmp_path / "r.xlsx"))["Travellers"]
    board = block(sheet, "Board 1 ·")
    assert board.header[9:11] == ("NS MP", "EW MP") and board.rows[0][9:11] == (3.5, 0.5)


def test_leveled_totals_centre_each_figure_on_its_own_maximum(tmp_path: Path) -> None:
    """Session 1 (top 8, factor 3/2): 30 of 48 is +6.0, leveled 45 of 72 is +9.0; session 2:
    20 of 48 is -4.0; the total 65 of 120 is +5.0."""
    base = _results()
    second = replace(base.sessions[0], number=2, name="Tuesday")
    standing = LeveledStanding(
        "1", 1, PLAYERS,
        (
            LeveledSession(1, F(30), F(3, 2), F(45), F(72)),
            LeveledSession(2, F(20), F(1), F(20), F(48)),
        ),
        F(65), F(120), F(65, 120) * 100,
    )  # fmt: skip
    results = replace(base, sessions=(base.sessions[0], second), leveled=(standing,))
    sheet = openpyxl.load_workbook(write_workbook(results, tmp_path / "r.xlsx"))["Ranking"]
    rows = _table(sheet, "Place")
    header = rows[0]
    row = rows[1]
    assert row[header.index("S1 points ±")] == 6.0 and row[header.index("S1 leveled ±")] == 9.0
    assert row[header.index("S2 points ±")] == -4.0 and row[header.index("Total ±")] == 5.0
    assert "Max" not in header


def test_the_event_file_asks_for_it_and_results_json_keeps_points() -> None:
    event = parse_event(
        "event: {name: Mandag, kind: pairs-matchpoints}\n"
        "options: {matchpoint_presentation: centred}\n"
        "sessions:\n"
        "  - number: 1\n"
        "    sections:\n"
        "      - name: A\n"
        "        movement: {type: howell, pairs: 6, boards_per_round: 2}\n"
        "        pairs:\n"
        + "".join(
            f"          - {{number: {n}, players: [{{name: P{n}a}}, {{name: P{n}b}}]}}\n"
            for n in range(1, 7)
        )
    )
    assert event.options.matchpoint_presentation is Presentation.CENTRED
    data = results_to_dict(_results())
    assert data["event"]["matchpoint_presentation"] == "centred"
    assert data["sessions"][0]["boards"][0]["results"][0]["ns_mp"] == 3.5  # points, as scored
    assert results_from_dict(data).presentation is Presentation.CENTRED


def test_the_site_prints_the_same_centred_figures() -> None:
    import re

    from pipeline.publish.web import build_site

    files = build_site(_results())

    def cells(name: str) -> list[str]:
        html = files[name].decode()
        return re.findall(r'<td class="num[^"]*">([^<]*)</td>', html)

    board = cells("board-1-1.html")
    assert "+1.5" in board and "-1.5" in board and "3.5" not in board
    ranking = cells("index.html")
    assert ["+2.0", "100.00"] == ranking[0:2] and "0.0" in ranking and "-2.0" in ranking
    card = cells("pair-2.html")
    assert card.count("-1.5") == 2  # the board and the running total
    plain = build_site(_results(Presentation.POINTS))["board-1-1.html"].decode()
    assert ">3.5<" in plain and "+1.5" not in plain
