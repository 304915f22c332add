"""A session with a result waiting for review is provisional, and its numbers say so.

The evening of tests/pipeline/results/test_club_evening.py, but the line of NS 5 v EW 4 on board 2
(round 1, table 4) was scanned and waits for review (item ``scan.pdf#p2r1``) instead of
missing. Worked by hand:

- Board 2 keeps N = 3 and its top of 4; the known results 7-3 +600 and 1-6 -100 are
  compared with each other and factored to 3 results (3.5/0.5 and 0.5/3.5), marked
  provisional, not Neuberg: the board is not factored in the final result.
- The waiting line is credited to each pair at its own percentage on the boards it was
  compared on (artificial awards left out), exactly (an estimate, not an award: no
  whole-point rounding). Pair 5: B1 0 + B4 4 + B6 2 + B7 2 = 8 of 16 = 50% (its A40 on B3
  is an award): 2. Pair 4: B1 0 + B3 3.5 + B5 0 + B6 0 + B7 4 = 7.5 of 20 = 37.5%: 1.5.
- Pair 5: 9 + 2 = 11 of 24 (45.83%); pair 4: 7.5 + 1.5 = 9 of 24 (37.5%); the other pairs
  as in the official evening (pair 6 43.75%). Ranking unchanged: 3, 7, 2, 5, 6, 4, 1.
- No "result-missing" finding for the line; the status is PROVISIONAL and names the item.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from pipeline.doors.session_input import WaitingLine, read_session
from pipeline.events.eventfile import load_event
from pipeline.publish import publish
from pipeline.results.event import score_event
from tests.pipeline.results.test_club_evening import evening  # noqa: F401 - the shared fixture

ITEM = "scan.pdf#p2r1"


def _results(evening_files: tuple[Path, Path]):
    out, entry = evening_files
    event = load_event(entry.parent / "event.yaml")
    data = read_session(event, 1, [entry])
    waiting = replace(data, waiting=(WaitingLine(2, 5, 4, ITEM, 1, 4),), open_items=(ITEM,))
    return score_event(event, [waiting])


def test_the_waiting_line_is_credited_provisionally(evening) -> None:  # noqa: F811
    results = _results(evening)
    session = results.sessions[0]
    board = next(b for b in session.boards if b.board == 2)
    marks = {
        (ln.ns_pair, ln.ew_pair): (ln.ns_mp, ln.ew_mp, ln.factored, ln.provisional, ln.waiting,
                                   ln.not_played)
        for ln in board.lines
    }  # fmt: skip
    assert marks == {
        (7, 3): (Fraction(7, 2), Fraction(1, 2), False, True, "", False),
        (1, 6): (Fraction(1, 2), Fraction(7, 2), False, True, "", False),
        (5, 4): (Fraction(2), Fraction(3, 2), False, True, ITEM, False),
    }
    assert (board.normal, board.top, board.played, board.neuberg) == (3, 4, 3, False)
    assert board.waiting == (ITEM,)
    points = {s.pair: (s.place, s.points, s.maximum) for s in session.standings}
    assert points[5] == ("4", Fraction(11), 24) and points[4] == ("6", Fraction(9), 24)
    assert [s.pair for s in session.standings] == [3, 7, 2, 5, 6, 4, 1]
    assert not any(f.code == "result-missing" for f in results.findings)


def test_every_publisher_says_provisional_and_withholds_masterpoints(evening, tmp_path) -> None:  # noqa: F811
    import json

    import openpyxl

    results = _results(evening)
    assert results.status.provisional
    assert results.status.reasons == (f"session 1: 1 reading waits for review ({ITEM})",)
    official = score_event(load_event(evening[1].parent / "event.yaml"),
                           [read_session(load_event(evening[1].parent / "event.yaml"), 1,
                                         [evening[1]])])  # fmt: skip
    assert not official.status.provisional
    assert sorted(publish(official, tmp_path)) == ["csv", "json", "web", "workbook"]
    paths = publish(results, tmp_path)  # the next version is provisional again
    assert sorted(paths) == ["json", "web", "workbook"]
    assert not (tmp_path / "masterpoints.csv").exists()  # withheld: the earlier one gone
    data = json.loads((tmp_path / "results.json").read_text("utf-8"))
    assert data["status"] == {"state": "provisional", "reasons": list(results.status.reasons),
                              "waiting": [ITEM]}  # fmt: skip
    workbook = openpyxl.load_workbook(tmp_path / "results.xlsx")
    banner = f"PROVISIONAL, not final: session 1: 1 reading waits for review ({ITEM})"
    for sheet in workbook.worksheets:
        assert banner in [sheet.cell(r, 1).value for r in range(1, 8)], sheet.title
    for page in (tmp_path / "web").glob("*.html"):
        assert "PROVISIONAL" in page.read_text("utf-8"), page.name
    index = (tmp_path / "web" / "index.html").read_text("utf-8")
    assert f"1 reading waits for review ({ITEM})" in index


def test_a_session_is_official_only_when_nothing_of_its_own_or_the_events_is_open() -> None:
    from pipeline.results.status import FindingView, session_status

    of_session_2 = FindingView("error", "result-missing", "2", "board 4", "no result")
    of_event = FindingView("error", "names", "", "event.yaml", "pair 3 has no names")
    warning = FindingView("warning", "score-column", "1", "board 1", "EW column")
    # Session 1: one item waits; session 2's error is not session 1's; a warning blocks nothing.
    first = session_status(1, ("scan.pdf#p2r1",), (of_session_2, warning))
    assert first.provisional and first.waiting == ("scan.pdf#p2r1",)
    assert first.reasons == ("session 1: 1 reading waits for review (scan.pdf#p2r1)",)
    assert not session_status(1, (), (of_session_2, warning)).provisional
    second = session_status(2, (), (of_session_2,))
    assert second.reasons == ("1 finding blocks publishing (result-missing; see Findings)",)
    # A finding of the whole event blocks every session.
    assert session_status(1, (), (of_event,)).provisional


def test_a_session_whose_every_reading_waits_keeps_the_results_provisional() -> None:
    # Sample evening: session 2 typed, session 1 scanned with every row still in review.
    # Session 1 has no row to score, but its open item keeps the event PROVISIONAL (it was
    # once left out, and the results said OFFICIAL).
    from pipeline.doors.session_input import ScoreInputError, SessionInput

    folder = Path(__file__).resolve().parents[3] / "sample_data" / "club-evening"
    event = load_event(folder / "event.yaml")
    waiting = SessionInput(1, (), ("scans/session1.pdf",), open_items=(ITEM,))
    results = score_event(event, [waiting, read_session(event, 2, [folder / "session2.csv"])])
    assert [s.number for s in results.sessions] == [2]
    assert results.status.provisional
    assert results.status.reasons == (f"session 1: 1 reading waits for review ({ITEM})",)
    try:
        score_event(event, [waiting])
    except ScoreInputError as error:
        assert "no result can be scored yet: 1 reading(s) wait for review" in str(error)
    else:
        raise AssertionError("nothing to score must be refused, not published as official")
