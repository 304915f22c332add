"""Two sessions of different sizes level correctly; a team evening scores IMPs and VPs.

Leveling (rules.md §8, seed 004 "Nivellering"): session 1 has 13 pairs (a 7-table Howell,
each board played 6 times, top 2 x 5 = 10), session 2 has 16 pairs (8 tables, each board
played 8 times, top 2 x 7 = 14). Every board score of session 1 is multiplied by 14/10 = 1.4;
session 2 keeps its numbers. So a pair's event total is 1.4 x its session-1 points plus its
session-2 points, its maximum 1.4 x max1 + max2, and a pair that played only session 2
keeps its session-2 points.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from pipeline.doors.entry import write_entry_workbook
from pipeline.events.eventfile import load_event
from pipeline.flows.score_files import run_score
from sample_data.fill import fill_entry_workbook, typed
from sample_data.generate import play_session
from scoring.contract import Contract, Seat
from scoring.traveller import TravellerRow
from tests.pipeline.results.test_club_evening import EVENT_YAML, typed_lines
from tests.pipeline.workbook_blocks import block


def _pairs_yaml(count: int) -> str:
    return "\n".join(
        f"          - {{number: {n}, players: [{{name: Player {2 * n - 1}}}, "
        f"{{name: Player {2 * n}}}]}}"
        for n in range(1, count + 1)
    )


TWO_SESSIONS = f"""\
event:
  name: Autumn two-session pairs
  kind: pairs-matchpoints
sessions:
  - number: 1
    date: 2026-11-16
    sections:
      - name: A
        movement: {{type: howell, pairs: 13, boards_per_round: 2}}
        pairs:
{_pairs_yaml(13)}
  - number: 2
    date: 2026-11-19
    sections:
      - name: A
        movement: {{type: howell, pairs: 16, boards_per_round: 2}}
        pairs:
{_pairs_yaml(16)}
"""


def _entry(event_file: Path, session: int, folder: Path, seed: int) -> Path:
    event = load_event(event_file)
    movement = event.session(session).sections[0].movement
    rows = play_session(movement, random.Random(seed))
    path = folder / f"session{session}.xlsx"
    write_entry_workbook(path, event, session)
    workbook = openpyxl.load_workbook(path)
    fill_entry_workbook(workbook, {(r.board, r.ns_pair, r.ew_pair): typed(r) for r in rows})
    workbook.save(path)
    return path


@pytest.fixture(scope="module")
def leveled(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path]:
    folder = tmp_path_factory.mktemp("two")
    event_file = folder / "event.yaml"
    event_file.write_text(TWO_SESSIONS, encoding="utf-8")
    files = [str(_entry(event_file, 1, folder, 11)), str(_entry(event_file, 2, folder, 12))]
    run_score(event_file, files, folder / "out")
    data = json.loads((folder / "out" / "results.json").read_text(encoding="utf-8"))
    return data, folder / "out"


def test_session_tops_and_factors(leveled: tuple[dict, Path]) -> None:
    data, _ = leveled
    s1, s2 = data["sessions"]
    assert (s1["pairs"], s1["top"], s1["leveling_factor_exact"]) == (13, 10, "7/5")
    assert (s2["pairs"], s2["top"], s2["leveling_factor_exact"]) == (16, 14, "1")
    assert data["event"]["target_top"] == 14


def test_every_pair_is_leveled_board_by_board(leveled: tuple[dict, Path]) -> None:
    data, _ = leveled
    s1 = {r["pair"]: r for r in data["sessions"][0]["ranking"]}
    s2 = {r["pair"]: r for r in data["sessions"][1]["ranking"]}
    assert len(data["overall"]) == 16
    for entry in data["overall"]:
        pair = entry["pair"]
        expected = Fraction(s2[pair]["total_exact"])
        maximum = Fraction(s2[pair]["maximum"])
        if pair in s1:
            expected += Fraction(7, 5) * Fraction(s1[pair]["total_exact"])
            maximum += Fraction(7, 5) * Fraction(s1[pair]["maximum"])
        assert Fraction(entry["total_exact"]) == expected, pair
        assert entry["maximum"] == pytest.approx(float(maximum))
        assert entry["percent"] == pytest.approx(float(expected * 100 / maximum), abs=0.005)
    totals = [Fraction(e["total_exact"]) for e in data["overall"]]
    assert totals == sorted(totals, reverse=True)


def test_leveled_sheet_shows_each_sessions_factor(leveled: tuple[dict, Path]) -> None:
    _, out = leveled
    workbook = openpyxl.load_workbook(out / "results.xlsx")
    assert workbook.sheetnames[:3] == ["Ranking", "S1 Ranking", "S2 Ranking"]
    sheet = workbook["Ranking"]
    header_row = next(r for r in range(1, 10) if sheet.cell(r, 1).value == "Place")
    header = [c.value for c in sheet[header_row]]
    assert header[4:10] == [
        "S1 points",
        "S1 factor",
        "S1 leveled",
        "S2 points",
        "S2 factor",
        "S2 leveled",
    ]
    first = [c.value for c in sheet[header_row + 1]]
    assert first[5] == pytest.approx(1.4) and first[8] == 1
    assert first[6] == pytest.approx(first[4] * 1.4)
    rule = next(c.value for c in sheet["A"][:header_row] if "How the ranking" in str(c.value))
    assert "x 1.4000" in rule and "the highest total wins" in rule
    # A pair that played one session is said to have done so, beside its total.
    assert header[-1] == "Note"
    rows = [[c.value for c in r] for r in sheet.iter_rows(min_row=header_row + 1)]
    notes = {row[1]: row[-1] for row in rows if row[1] is not None}
    one_session = {row[1] for row in rows if row[1] is not None and row[4] is None}  # no S1
    assert one_session and all(notes[p] == "played session 2 only" for p in one_session)
    assert all(notes[p] is None for p in notes if p not in one_session)


# -- a team evening -------------------------------------------------------------------------
TEAMS = """\
event:
  name: Friday teams
  kind: teams
sessions:
  - number: 1
    date: 2026-11-20
    sections:
      - name: A
        movement: {type: teams, teams: 2, boards_per_round: 8}
        pairs:
          - {number: 1, players: [Anna, Bo]}
          - {number: 2, players: [Cecilia, Dag]}
          - {number: 3, players: [Eva, Fredrik]}
          - {number: 4, players: [Gunilla, Hans]}
        teams:
          - {number: 1, name: Vikings, pairs: [1, 2]}
          - {number: 2, name: Ravens, pairs: [3, 4]}
"""
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _r(
    board: int, ns: int, ew: int, contract: str, by: Seat, tricks: int, score: int
) -> TravellerRow:
    return TravellerRow(board, ns, ew, Contract.parse(contract), by, tricks, written_score_ns=score)


def test_team_evening_scores_imps_and_vps(tmp_path: Path) -> None:
    """Table 1: NS 3 (Ravens) v EW 2 (Vikings); table 2: NS 1 (Vikings) v EW 4 (Ravens).
    Vikings' IMPs per board = IMPs(NS score at table 2 - NS score at table 1) (Law 78B):
    B1 +420 v +170: 250 -> 6.  B2 -100 v +600: -700 -> -12.  B3 +100 v -110: 210 -> 5.
    B4 +620 v +620: 0.  B5 +140 v +90: 50 -> 2.  B6 +110 v +100: 10 -> 0.
    B7 +100 v -600: 700 -> 12.  B8: Ravens A60 / Vikings A40 at table 1 -> -3 (Law 86A).
    Won 6 + 5 + 2 + 12 = 25, lost 12 + 3 = 15: margin 10 on 8 boards = 13.78 VP (WBF 2013
    20-VP scale, tests/scoring/test_vp.py), Ravens 20 - 13.78 = 6.22.
    """
    event_file = tmp_path / "teams.yaml"
    event_file.write_text(TEAMS, encoding="utf-8")
    rows = [
        _r(1, 1, 4, "4S", N, 10, 420), _r(1, 3, 2, "3S", S, 10, 170),
        _r(2, 1, 4, "3NT", S, 8, -100), _r(2, 3, 2, "3NT", N, 9, 600),
        _r(3, 1, 4, "4S", W, 9, 100), _r(3, 3, 2, "2H", E, 8, -110),
        _r(4, 1, 4, "4S", N, 10, 620), _r(4, 3, 2, "4S", N, 10, 620),
        _r(5, 1, 4, "2S", N, 9, 140), _r(5, 3, 2, "1NT", S, 7, 90),
        _r(6, 1, 4, "3C", N, 9, 110), _r(6, 3, 2, "2D", W, 7, 100),
        _r(7, 1, 4, "4S", W, 9, 100), _r(7, 3, 2, "3NT", W, 9, -600),
        _r(8, 1, 4, "3NT", N, 9, 400),
    ]  # fmt: skip
    lines = {(r.board, r.ns_pair, r.ew_pair): typed(r) for r in rows}
    lines[(8, 3, 2)] = {"adjusted": "A60/40"}
    entry = tmp_path / "teams.xlsx"
    write_entry_workbook(entry, load_event(event_file), 1)
    workbook = openpyxl.load_workbook(entry)
    fill_entry_workbook(workbook, lines)
    workbook.save(entry)
    results, paths = run_score(event_file, [str(entry)], tmp_path / "out")
    assert results.teams is not None
    (match,) = results.teams.matches
    assert (match.first, match.second) == (1, 2)
    assert [b.imps_first for b in match.boards] == [6, -12, 5, 0, 2, 0, 12, -3]
    assert (match.imps_first, match.imps_second) == (25, 15)
    assert (match.vp_first, match.vp_second) == (Fraction("13.78"), Fraction("6.22"))
    standings = [(t.place, t.name, t.vp) for t in results.teams.standings]
    assert standings == [("1", "Vikings", Fraction("13.78")), ("2", "Ravens", Fraction("6.22"))]
    data = json.loads(paths["json"].read_text(encoding="utf-8"))
    assert data["teams"]["matches"][0]["vp"] == [13.78, 6.22]
    sheets = openpyxl.load_workbook(paths["workbook"]).sheetnames
    assert sheets[0] == "Ranking" and "Match R1 1-2" in sheets


# -- a pure Mitchell has two winners ------------------------------------------------------
MITCHELL = """\
event:
  name: Wednesday Mitchell
  kind: pairs-matchpoints
sessions:
  - number: 1
    sections:
      - name: A
        movement: {{type: mitchell, tables: 5, boards_per_round: 4}}
        pairs:
{pairs}
"""


def test_pure_mitchell_ranks_and_awards_two_fields(tmp_path: Path) -> None:
    """NS pairs 1-5 and EW pairs 6-10 never meet their own direction, so each direction is a
    competition of its own (rules.md §14; seed 004: a pure Mitchell counts as two for bronze
    points): two rankings each starting at place 1, and bronze points in each. 5 rounds of 4
    boards = 20 boards (at least 18); a quarter of the 5 pairs of a field, rounded up, is 2."""
    event_file = tmp_path / "event.yaml"
    event_file.write_text(MITCHELL.format(pairs=_pairs_yaml(10)), encoding="utf-8")
    entry = _entry(event_file, 1, tmp_path, 5)
    results, _ = run_score(event_file, [str(entry)], tmp_path / "out")
    (session,) = results.sessions
    fields = {s.direction: [x.pair for x in session.standings if x.direction == s.direction]
              for s in session.standings}  # fmt: skip
    assert sorted(fields["NS"]) == [1, 2, 3, 4, 5] and sorted(fields["EW"]) == [6, 7, 8, 9, 10]
    assert [s.place for s in session.standings].count("1") >= 2
    awarded = {a.pair for a in results.awards}
    assert len(awarded & set(fields["NS"])) == 2 and len(awarded & set(fields["EW"])) == 2


# -- the club evening scored in IMPs ------------------------------------------------------
@pytest.mark.parametrize("kind", ["pairs-cross-imps", "pairs-butler"])
def test_club_evening_in_imps(tmp_path: Path, kind: str) -> None:
    """The hand-worked evening of test_club_evening, scored in IMPs (Law 78B, rules.md §9).

    Cross-IMPs (each score against every other, averaged over the comparisons):
    B1 +450: (1 + 7)/2 = 4; +420: (-1 + 6)/2 = 2.5; +170: (-7 - 6)/2 = -6.5; EW the negatives.
    B3 -110 v -140: +1 / -1; the A60/40 line: NS +3, EW -3 (Law 86A).
    B4 split: NS field {+620, -100, +620}: 3-1 and 7-6 (12 + 0)/2 = 6, 2-5 -12;
       EW field {+620, -100, +170}: EW 1 -(12 + 10)/2 = -11, EW 6 -(-10 + 7)/2 = +1.5,
       EW 5 -(-12 - 7)/2 = +9.5.
    Pair 7: B1 4 + B2 12 (+600 v -100) + B3 -1 + B4 6 + B5 -2 (EW v +90: (-1 + 5)/2)
       + B6 3 (EW v 0: (-3 - 3)/2) = 22 IMPs on 6 boards.
    Butler, the datum without the top and bottom score (the default, rules.md §9 and §15):
       B1 sorted +170, +420, +450, leave out +170 and +450: datum 420. +450: +30 -> 1,
       +420: 0, +170: -250 -> -6.
    """
    event_file = tmp_path / "event.yaml"
    event_file.write_text(EVENT_YAML.replace("pairs-matchpoints", kind), encoding="utf-8")
    entry = tmp_path / "tuesday.xlsx"
    write_entry_workbook(entry, load_event(event_file), 1)
    workbook = openpyxl.load_workbook(entry)
    fill_entry_workbook(workbook, typed_lines())
    workbook.save(entry)
    results, paths = run_score(event_file, [str(entry)], tmp_path / "out")
    (session,) = results.sessions
    assert session.unit == "IMP" and results.scale == "IMP"
    lines = {(ln.board, ln.ns_pair, ln.ew_pair): (ln.ns_mp, ln.ew_mp)
             for b in session.boards for ln in b.lines}  # fmt: skip
    if kind == "pairs-cross-imps":
        assert lines[(1, 7, 5)] == (4, -4)
        assert lines[(1, 6, 2)] == (Fraction(5, 2), Fraction(-5, 2))
        assert lines[(1, 4, 3)] == (Fraction(-13, 2), Fraction(13, 2))
        assert lines[(3, 2, 7)] == (1, -1) and lines[(3, 6, 5)] == (3, -3)
        assert lines[(4, 3, 1)] == (6, -11)
        assert lines[(4, 7, 6)] == (6, Fraction(3, 2))
        assert lines[(4, 2, 5)] == (-12, Fraction(19, 2))
        seven = next(s for s in session.standings if s.pair == 7)
        assert (seven.points, seven.boards_played, seven.percent) == (22, 6, Fraction(22, 6))
    else:
        board1 = next(b for b in session.boards if b.board == 1)
        assert board1.datum == 420
        assert [lines[k] for k in ((1, 7, 5), (1, 6, 2), (1, 4, 3))] == [(1, -1), (0, 0), (-6, 6)]
    per_board = [s.percent for s in session.standings]
    assert per_board == sorted(per_board, reverse=True)
    sheet = openpyxl.load_workbook(paths["workbook"])["Travellers"]
    assert block(sheet, "Board 1 ·").header[9:11] == ("NS IMP", "EW IMP")
    data = json.loads(paths["json"].read_text(encoding="utf-8"))
    assert data["sessions"][0]["unit"] == "IMP" and "per_board" in data["sessions"][0]["ranking"][0]
