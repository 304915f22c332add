"""A facitbarometer from the event file (seed 004 "a) Facitbarometer"), scored by hand.

Tonight: a 3-table Mitchell, 1 board a round, one copy of each board (round 1: 1-4 board 1,
2-5 board 2, 3-6 board 3; round 2: 1-6 b2, 2-4 b3, 3-5 b1; round 3: 1-5 b3, 2-6 b1, 3-4 b2).
The booklet (booklet.csv), 2-1-0 points of the booklet's own field:
  board 1 (8 results, top 14): -100 x1 0, 110 x2 3, 140 x3 8, 420 x2 13;
  board 2 (6 results, top 10): -200 x1 0, 110 x2 3, 620 x3 8;
  board 3 (4 results, top 6): -620 0, -140 2, 150 4, 400 6.
Each result tonight gets the booklet's points ("Varje par får sin poäng direkt ur facit");
a score between two gets the next lower one's points plus its number of results:
  board 1: 1-4 3S= +140: 8 / 6; 3-5 2S+2 +170 (between 140 x3 and 420): 8 + 3 = 11 / 3;
           2-6 2H= by E -110 (below every result): 0 / 14;
  board 2: 2-5 4S= +620: 8 / 2; 1-6 4S+1 +650 (above every result): 10 / 0; 3-4 2S= +110:
           3 / 7;
  board 3: 3-6 2S+1 by E -140: 2 / 4; 2-4 2S+2 +170 (between 150 and 400): 4 + 1 = 5 / 1;
           1-5 4S= by E -620: 0 / 6.
Totals, each of 14 + 10 + 6 = 30: pair 1 8 + 10 + 0 = 18 (60%), 2 0 + 8 + 5 = 13, 3 11 + 3 +
2 = 16, 4 6 + 7 + 1 = 14, 5 3 + 2 + 6 = 11, 6 14 + 0 + 4 = 18 (60%). All pairs are ranked
together (the booklet, not the Mitchell's other direction, is what they are compared with):
1-2 pairs 1 and 6, 3 pair 3, 4 pair 4, 5 pair 2, 6 pair 5.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from pipeline.doors.session_input import read_session
from pipeline.events.eventfile import EventFileError, load_event, parse_event
from pipeline.events.eventfile_writer import dump_event
from pipeline.results.event import score_event

BOOKLET = """SM-final 2025, facit
Board,NS score,Results,NS points
1,-100,1,0
1,110,2,3
1,140,3,8
1,420,2,13
2,-200,1,0
2,110,2,3
2,620,3,8
3,-620,1,0
3,-140,1,2
3,150,1,4
3,400,1,6
"""
# round, table, board, NS, EW, contract, declarer, result, NS score, EW score
LINES = (
    (1, 1, 1, 1, 4, "3S", "N", "=", "140", ""), (1, 2, 2, 2, 5, "4S", "S", "=", "620", ""),
    (1, 3, 3, 3, 6, "2S", "E", "+1", "", "140"), (2, 1, 2, 1, 6, "4S", "S", "+1", "650", ""),
    (2, 2, 3, 2, 4, "2S", "N", "+2", "170", ""), (2, 3, 1, 3, 5, "2S", "N", "+2", "170", ""),
    (3, 1, 3, 1, 5, "4S", "E", "=", "", "620"), (3, 2, 1, 2, 6, "2H", "E", "=", "", "110"),
    (3, 3, 2, 3, 4, "2S", "S", "=", "110", ""),
)  # fmt: skip
EVENT = """event: {name: Facit evening, kind: pairs-matchpoints}
sessions:
  - number: 1
    date: 2026-12-01
    facit: booklet.csv
    sections:
      - name: A
        movement: {type: mitchell, tables: 3, boards_per_round: 1}
        pairs:
"""


def _folder(tmp_path: Path, booklet: str = BOOKLET, event: str = EVENT) -> Path:
    folder = tmp_path / "facit"
    folder.mkdir()
    text = event + "".join(
        f"          - {{number: {n}, players: [Player {n}a, Player {n}b]}}\n" for n in range(1, 7)
    )
    (folder / "event.yaml").write_text(text, encoding="utf-8")
    (folder / "booklet.csv").write_text(booklet, encoding="utf-8")
    rows = ["Board,Round,Table,NS,EW,Contract,Declarer,Result,NS score,EW score"]
    rows += [f"{b},{r},{t},{ns},{ew},{c},{d},{res},{s_ns},{s_ew}"
             for r, t, b, ns, ew, c, d, res, s_ns, s_ew in LINES]  # fmt: skip
    (folder / "session1.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder


def _scored(folder: Path):  # noqa: ANN202
    event = load_event(folder / "event.yaml")
    return score_event(event, [read_session(event, 1, [folder / "session1.csv"])])


def test_each_result_gets_its_points_from_the_facit_worked_by_hand(tmp_path: Path) -> None:
    results = _scored(_folder(tmp_path))
    session = results.sessions[0]
    points = {
        b.board: sorted((line.ns_pair, line.ns_mp, line.ew_mp) for line in b.lines)
        for b in session.boards
    }
    assert points == {
        1: [(1, 8, 6), (2, 0, 14), (3, 11, 3)],
        2: [(1, 10, 0), (2, 8, 2), (3, 3, 7)],
        3: [(1, 0, 6), (2, 5, 1), (3, 2, 4)],
    }
    assert [b.top for b in session.boards] == [14, 10, 6]
    # played 3 of the 3 times the movement plays each board tonight; the booklet's field
    # is named on the board, not counted as tonight's missing results (no Neuberg)
    assert [(b.played, b.normal, b.neuberg) for b in session.boards] == [(3, 3, False)] * 3
    assert [b.note for b in session.boards] == [
        "points from the facit booklet.csv (8 results)",
        "points from the facit booklet.csv (6 results)",
        "points from the facit booklet.csv (4 results)",
    ]
    ranking = [(s.place, s.pair, s.points, s.maximum, s.percent) for s in session.standings]
    assert ranking == [
        ("1-2", 1, 18, 30, 60), ("1-2", 6, 18, 30, 60), ("3", 3, 16, 30, Fraction(160, 3)),
        ("4", 4, 14, 30, Fraction(140, 3)), ("5", 2, 13, 30, Fraction(130, 3)),
        ("6", 5, 11, 30, Fraction(110, 3)),
    ]  # fmt: skip
    assert all(s.direction == "" for s in session.standings)  # one field, not NS and EW
    assert session.movement == (
        "Mitchell 3 tables, 3 x 1 boards; facitbarometer: each result scored against the "
        "facit booklet.csv"
    )
    assert not [f for f in results.findings if f.code.startswith("control")]
    assert not results.status.provisional  # nothing waits: official, not provisional


def test_published_in_json_workbook_and_site(tmp_path: Path) -> None:
    import openpyxl

    from pipeline.publish import publish
    from pipeline.publish.results_json import results_to_dict

    results = _scored(_folder(tmp_path))
    data = json.loads(json.dumps(results_to_dict(results)))
    session = data["sessions"][0]
    assert "facit booklet.csv" in session["movement"]
    assert [(r["pair"], r["total"]) for r in session["ranking"][:3]] == [(1, 18), (6, 18), (3, 16)]
    paths = publish(results, tmp_path / "out")
    book = openpyxl.load_workbook(paths["workbook"])
    cells = [c for ws in book.worksheets for row in ws.iter_rows(values_only=True) for c in row]
    assert any(isinstance(c, str) and "facit booklet.csv" in c for c in cells)
    page = (tmp_path / "out" / "web" / "index.html").read_text("utf-8")
    assert "facit booklet.csv" in page and "Player 6a" in page


def test_the_facit_round_trips_through_the_event_file(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    event = load_event(folder / "event.yaml")
    assert event.sessions[0].facit is not None
    assert [b.top for b in event.sessions[0].facit.boards] == [14, 10, 6]
    assert "facit: booklet.csv" in dump_event(event)
    assert parse_event(dump_event(event), base_dir=folder) == event
    from pipeline.store.codec import dumps, loads

    assert loads(dumps(event)) == event  # the booklet is kept in the event store too


@pytest.mark.parametrize(
    ("booklet", "message"),
    [
        (BOOKLET.replace("1,140,3,8", "1,140,3,2"),
         "booklet.csv: row 5: board 1: score 140 has 2 points, not more than 3 for the lower "
         "score 110 (a higher score beats the lower ones)"),
        (BOOKLET.replace("1,420,2,13", "1,110,2,13"),
         "booklet.csv: rows 4, 6: board 1: score 110 is listed twice (give it once with its "
         "number of results)"),
        (BOOKLET.replace("2,620,3,8", "2,625,3,8"),
         "booklet.csv: row 9: board 2: NS score '625' is not a score (a whole multiple of 10)"),
        (BOOKLET.replace("3,400,1,6", "3,400,1,7"),
         "booklet.csv: rows 10, 11, 12, 13: board 3: score 400: 1 result(s) with 7 points is "
         "not within 0-6"),
        (BOOKLET.replace("3,150,1,4", "x,150,1,4"),
         "booklet.csv: row 12: board 'x' is not a board number (1 or more)"),
        (BOOKLET.replace("\n3,", "\n4,"),
         "booklet.csv: the facit has no board 3, which the movement plays (boards 1-3)"),
        (BOOKLET.replace("NS points", "Comment"),
         "booklet.csv: no header row with the columns Board, NS score and NS points (Results "
         "and Top optional) in the first 10 rows"),
    ],
)  # fmt: skip
def test_a_bad_booklet_names_file_row_and_board(tmp_path: Path, booklet: str, message: str) -> None:
    with pytest.raises(EventFileError) as caught:
        load_event(_folder(tmp_path, booklet) / "event.yaml")
    assert str(caught.value) == f"event.yaml: sessions[0].facit: {message} (line 5)"


def test_a_facit_only_in_a_matchpoint_event(tmp_path: Path) -> None:
    folder = _folder(tmp_path, event=EVENT.replace("pairs-matchpoints", "pairs-butler"))
    with pytest.raises(EventFileError, match="a facit is for a pairs event in matchpoints"):
        load_event(folder / "event.yaml")


def test_a_booklet_workbook_with_swedish_headers_and_a_top(tmp_path: Path) -> None:
    """The booklet as an XLSX sheet, Swedish headers, one board with its own top (a booklet
    factored to a top of 16) and a count left empty (1 result)."""
    import openpyxl

    from pipeline.events.facit_file import read_facit

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Facit"
    sheet.append(["Bricka", "Resultat", "Antal", "Poäng", "Topp"])
    sheet.append([1, -100, None, 0, 16])
    sheet.append([1, 110, 2, "3,5", 16])
    sheet.append([1, 420, 3, 12, 16])
    book.save(tmp_path / "booklet.xlsx")
    facit = read_facit(tmp_path / "booklet.xlsx", "Facit", file="booklet.xlsx")
    board = facit.board(1)
    assert board is not None and board.top == 16
    assert [(x.score, x.count, x.points) for x in board.lines] == [
        (-100, 1, 0), (110, 2, Fraction(7, 2)), (420, 3, 12)
    ]  # fmt: skip
    assert (facit.file, facit.sheet) == ("booklet.xlsx", "Facit")


def test_event_check_says_the_session_is_scored_against_the_facit(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pipeline.cli import app

    folder = _folder(tmp_path)
    checked = CliRunner().invoke(app, ["event", "check", str(folder / "event.yaml")])
    assert checked.exit_code == 0, checked.output
    assert " facitbarometer: each result scored against the facit booklet.csv (3 boards)\n" in (
        checked.output
    )
    (tmp_path / "bad").mkdir()
    bad = _folder(tmp_path / "bad", BOOKLET.replace("1,140,3,8", "1,140,3,2"))
    refused = CliRunner().invoke(app, ["event", "check", str(bad / "event.yaml")])
    assert refused.exit_code == 2 and "row 5: board 1" in refused.output
    assert "Traceback" not in refused.output
