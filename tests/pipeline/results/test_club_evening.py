"""A club evening typed into the generated entry workbook scores to hand-worked numbers.

The evening: 7 pairs, a 4-table Howell with pair 8 missing (seed 004 "Tävlingsformer":
the highest number is missing, so every pair sits out one round), one board a round,
7 boards, each played 3 times: N = 3, top = 2(3-1) = 4 on the 2-1-0 scale (rules.md §3).
Default options: Neuberg rounded to 0.1, artificial scores in whole matchpoints (seed 004
"Justerad poäng": 60% rounded up, 40% down), Law 88 on, no sit-out credit (ranking by
percentage, rules.md §7).

The movement (round, table, NS-EW) per board, from ``howell(7, 1)``:
  B1: R4 T3 6-2, R6 T2 7-5, R7 T4 4-3      B5: R1 T3 3-6, R3 T2 4-2, R4 T4 1-7
  B2: R1 T4 5-4, R5 T3 7-3, R7 T2 1-6      B6: R2 T3 4-7, R4 T2 5-3, R5 T4 2-1
  B3: R1 T2 2-7, R2 T4 6-5, R6 T3 1-4      B7: R3 T3 5-1, R5 T2 6-4, R6 T4 3-2
  B4: R2 T2 3-1, R3 T4 7-6, R7 T3 2-5
Pair p sits out round p.

Hand calculation (NS score -> NS MP / EW MP; Law 77 scores from rules.md §2):
B1 (none vul): 6-2 4S N = +420; 7-5 4S N +1 +450; 4-3 3S S +1 +170.
   +450 beats 2: 4/0; +420 beats 1: 2/2; +170: 0/4.
B2 (NS vul), the result of 5-4 is MISSING: 7-3 3NT N = +600; 1-6 3NT S -1 -100.
   n = 2 < N = 3: raw 2 and 0 on top 2; Neuberg S' = (S + 1) x 3/2 - 1 (rules.md §4):
   +600: (2+1) x 1.5 - 1 = 3.5 / EW (0+1) x 1.5 - 1 = 0.5; -100: 0.5 / 3.5.
B3 (EW vul), 6-5 ARTIFICIAL A60/40: 2-7 2H E = -110; 1-4 2H E +1 -140.
   The artificial line leaves the comparison; the other two are factored like B2:
   -110: 3.5 / 0.5; -140: 0.5 / 3.5. NS 6: 60% of 4 = 2.4, in whole points rounded up
   to 3 ("60% must be at least 60%"); EW 5: 40% of 4 = 1.6, rounded down to 1.
   Law 88: pair 6 scored 2 + 3.5 + 2 + 0 + 0 = 7.5 of 20 (37.5%) on its other boards,
   less than 60%, so it keeps 3.
B4 (all vul), 7-6 SPLIT assigned score +620 for NS / +170 for EW (rules.md §5):
   3-1 4S N = +620; 2-5 4S N -1 -100.
   NS field {+620, -100, +620}: 3-1 3, 7-6 3, 2-5 0.
   EW field {+620, -100, +170}: EW 1 4-4 = 0, EW 6 4-2 = 2, EW 5 4-0 = 4.
   Line 7-6 scores 3 + 2 = 5, above the top of 4: a split score does that.
B5 (NS vul): 3-6 1NT S +1 +120; 4-2 2S E = -110; 1-7 1NT S = +90.
   +120: 4/0; +90: 2/2; -110: 0/4.
B6 (EW vul): 4-7 passed out 0; 5-3 2D W -1 +100; 2-1 3C N = +110.
   +110: 4/0; +100: 2/2; 0: 0/4.
B7 (all vul): 5-1 3NT W = -600; 6-4 3NT W +1 -630; 3-2 4S W -1 +100.
   +100: 4/0; -600: 2/2; -630: 0/4.
Totals (max = 4 per board played):
   pair 1: B2 0.5 + B3 0.5 + B4 0 + B5 2 + B6 0 + B7 2   = 5.0 / 24 = 20.833..%
   pair 2: B1 2 + B3 3.5 + B4 0 + B5 4 + B6 4 + B7 0     = 13.5 / 24 = 56.25%
   pair 3: B1 4 + B2 0.5 + B4 3 + B5 4 + B6 2 + B7 4     = 17.5 / 24 = 72.916..%
   pair 4: B1 0 + B3 3.5 + B5 0 + B6 0 + B7 4 (B2 missing) = 7.5 / 20 = 37.5%
   pair 5: B1 0 + B3 1 + B4 4 + B6 2 + B7 2 (B2 missing)   = 9 / 20 = 45%
   pair 6: B1 2 + B2 3.5 + B3 3 + B4 2 + B5 0 + B7 0     = 10.5 / 24 = 43.75%
   pair 7: B1 4 + B2 3.5 + B3 0.5 + B4 3 + B5 2 + B6 4   = 17.0 / 24 = 70.833..%
   Control: every board gives 12 except B2 (8): 6 x 12 + 8 = 80 = the sum of the totals.
Ranking by percentage: 3, 7, 2, 5, 6, 4, 1. Seven boards earn no bronze points (seed 004:
at least 18 boards).
"""

from __future__ import annotations

import json
import zipfile
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from pipeline.doors.entry import write_entry_workbook
from pipeline.events.eventfile import load_event
from pipeline.flows.score_files import run_score
from sample_data.fill import fill_entry_workbook
from scoring.contract import Contract, Seat
from scoring.traveller import TravellerRow
from tests.pipeline.workbook_blocks import block, titles

EVENT_YAML = """\
event:
  name: Tuesday club pairs
  kind: pairs-matchpoints
  organizer: BK Testklubben
sessions:
  - number: 1
    name: Tuesday 17 November
    date: 2026-11-17
    sections:
      - name: A
        movement: {type: howell, pairs: 7, boards_per_round: 1}
        pairs:
          - {number: 1, players: [{name: Anna Berg, member: "1001"}, {name: Bo Ek, member: "1002"}]}
          - {number: 2, players: [{name: Cecilia Lind, member: "1003"}, {name: Dag Holm, member: "1004"}]}
          - {number: 3, players: [{name: Eva Sjöberg, member: "1005"}, {name: "Fredrik Nyström", member: "1006"}]}
          - {number: 4, players: [{name: Gunilla Åberg, member: "1007"}, {name: Hans Dahl, member: "1008"}]}
          - {number: 5, players: [{name: Ingrid Strand, member: "1009"}, {name: Jonas Lund, member: "1010"}]}
          - {number: 6, players: [{name: Karin Björk, member: "1011"}, {name: Lars Falk, member: "1012"}]}
          - {number: 7, players: [{name: Maria Hedlund, member: "1013"}, {name: Nils Wikström, member: "1014"}]}
"""  # noqa: E501

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _row(
    board: int, ns: int, ew: int, contract: str, by: Seat, tricks: int, score: int
) -> TravellerRow:
    return TravellerRow(board, ns, ew, Contract.parse(contract), by, tricks, written_score_ns=score)


# What the scorer types, line by line: (board, NS, EW) -> cells.
def typed_lines() -> dict[tuple[int, int, int], dict[str, object]]:
    from sample_data.fill import typed

    rows = [
        _row(1, 6, 2, "4S", N, 10, 420),
        _row(1, 7, 5, "4S", N, 11, 450),
        _row(1, 4, 3, "3S", S, 10, 170),
        _row(2, 7, 3, "3NT", N, 9, 600),
        _row(2, 1, 6, "3NT", S, 8, -100),
        _row(3, 2, 7, "2H", E, 8, -110),
        _row(3, 1, 4, "2H", E, 9, -140),
        _row(4, 3, 1, "4S", N, 10, 620),
        _row(4, 2, 5, "4S", N, 9, -100),
        _row(4, 7, 6, "4S", N, 10, 620),
        _row(5, 3, 6, "1NT", S, 8, 120),
        _row(5, 4, 2, "2S", E, 8, -110),
        _row(5, 1, 7, "1NT", S, 7, 90),
        _row(6, 5, 3, "2D", W, 7, 100),
        _row(6, 2, 1, "3C", N, 9, 110),
        _row(7, 5, 1, "3NT", W, 9, -600),
        _row(7, 6, 4, "3NT", W, 10, -630),
        _row(7, 3, 2, "4S", W, 9, 100),
    ]
    lines = {(r.board, r.ns_pair, r.ew_pair): typed(r) for r in rows}
    lines[(6, 4, 7)] = {"level": "Pass"}
    lines[(3, 6, 5)] = {"adjusted": "A60/40"}
    lines[(4, 7, 6)]["adjusted"] = "+620/+170"
    return lines


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("evening")
    event_file = folder / "event.yaml"
    event_file.write_text(EVENT_YAML, encoding="utf-8")
    entry = folder / "tuesday.xlsx"
    write_entry_workbook(entry, load_event(event_file), 1)
    workbook = openpyxl.load_workbook(entry)
    assert fill_entry_workbook(workbook, typed_lines()) == 20  # 21 lines, 5-4 on B2 missing
    workbook.save(entry)
    out = folder / "out"
    run_score(event_file, [str(entry)], out)
    return out, entry


EXPECTED_RANKING = [  # place, pair, points, max, percent
    ("1", 3, Fraction(35, 2), 24, Fraction(35, 2) * 100 / 24),
    ("2", 7, Fraction(17), 24, Fraction(17) * 100 / 24),
    ("3", 2, Fraction(27, 2), 24, Fraction(5625, 100)),
    ("4", 5, Fraction(9), 20, Fraction(45)),
    ("5", 6, Fraction(21, 2), 24, Fraction(4375, 100)),
    ("6", 4, Fraction(15, 2), 20, Fraction(75, 2)),
    ("7", 1, Fraction(5), 24, Fraction(5) * 100 / 24),
]


def test_ranking_json_matches_the_hand_calculation(evening: tuple[Path, Path]) -> None:
    data = json.loads((evening[0] / "results.json").read_text(encoding="utf-8"))
    ranking = data["sessions"][0]["ranking"]
    got = [(r["place"], r["pair"], Fraction(r["total_exact"]), r["maximum"]) for r in ranking]
    assert got == [(place, pair, pts, mx) for place, pair, pts, mx, _ in EXPECTED_RANKING]
    for entry, (_, _, _, _, percent) in zip(ranking, EXPECTED_RANKING, strict=True):
        assert entry["percent"] == pytest.approx(float(percent), abs=0.005)
    assert sum(Fraction(r["total_exact"]) for r in ranking) == 80


@pytest.mark.parametrize(
    ("board", "ns", "ew", "ns_mp", "ew_mp", "factored", "adjusted"),
    [
        (1, 7, 5, 4, 0, False, False),
        (1, 6, 2, 2, 2, False, False),
        (2, 7, 3, 3.5, 0.5, True, False),
        (2, 1, 6, 0.5, 3.5, True, False),
        (3, 6, 5, 3, 1, False, True),
        (3, 2, 7, 3.5, 0.5, True, False),
        (4, 7, 6, 3, 2, False, True),
        (4, 3, 1, 3, 0, False, False),
        (4, 2, 5, 0, 4, False, False),
        (6, 4, 7, 0, 4, False, False),
        (7, 6, 4, 0, 4, False, False),
    ],
)
def test_each_result_has_the_hand_worked_matchpoints(
    evening: tuple[Path, Path],
    board: int,
    ns: int,
    ew: int,
    ns_mp: float,
    ew_mp: float,
    factored: bool,
    adjusted: bool,
) -> None:
    data = json.loads((evening[0] / "results.json").read_text(encoding="utf-8"))
    boards = {b["board"]: b for b in data["sessions"][0]["boards"]}
    line = next(r for r in boards[board]["results"] if (r["ns"], r["ew"]) == (ns, ew))
    assert (line["ns_mp"], line["ew_mp"]) == (ns_mp, ew_mp)
    assert (line["factored"], line["adjusted"]) == (factored, adjusted)


def test_missing_result_is_listed_as_not_played_and_warned(evening: tuple[Path, Path]) -> None:
    data = json.loads((evening[0] / "results.json").read_text(encoding="utf-8"))
    board2 = next(b for b in data["sessions"][0]["boards"] if b["board"] == 2)
    assert (board2["normal"], board2["played"], board2["neuberg"]) == (3, 2, True)
    missing = [r for r in board2["results"] if r["not_played"]]
    assert [(r["ns"], r["ew"], r["ns_mp"]) for r in missing] == [(5, 4, None)]
    codes = {(f["code"], f["severity"]) for f in data["findings"]}
    assert ("result-missing", "warning") in codes
    assert not [f for f in data["findings"] if f["severity"] == "error"]


def test_workbook_sheets_show_the_same_numbers(evening: tuple[Path, Path]) -> None:
    workbook = openpyxl.load_workbook(evening[0] / "results.xlsx")
    assert workbook.sheetnames == ["Ranking", "Masterpoints", "Findings", "Travellers",
                                   "Score cards"]  # fmt: skip
    assert [t.split(" ·")[0] for t in titles(workbook["Travellers"], "Board ")] == [
        f"Board {b}" for b in range(1, 8)]  # fmt: skip
    assert [t.split(":")[0] for t in titles(workbook["Score cards"], "Pair ")] == [
        f"Pair {p}" for p in (3, 7, 2, 5, 6, 4, 1)]  # fmt: skip
    ranking = workbook["Ranking"]
    header = next(r for r in range(1, 10) if ranking.cell(r, 1).value == "Place")
    first = [c.value for c in ranking[header + 1]]
    assert first[:3] == ["1", 3, "Eva Sjöberg - Fredrik Nyström"]
    assert first[4:7] == [17.5, 24, pytest.approx(72.9166, abs=1e-3)]
    board4 = block(workbook["Travellers"], "Board 4 ·")
    split = next(r for r in board4.rows if r[:2] == (7, 6))
    assert split[8] == "+620/+170" and (split[9], split[10]) == (3, 2)
    assert "split adjusted score" in split[11]
    card = block(workbook["Score cards"], "Pair 5:")
    texts = [c for r in card.rows for c in r if isinstance(c, str)]
    assert "not played" in texts  # board 2, the missing result


def test_workbook_holds_no_formulas(evening: tuple[Path, Path]) -> None:
    with zipfile.ZipFile(evening[0] / "results.xlsx") as archive:
        sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/sheet")]
        assert sheets
        for name in sheets:
            assert b"<f>" not in archive.read(name) and b"<f " not in archive.read(name)
    csv_text = (evening[0] / "masterpoints.csv").read_text(encoding="utf-8-sig")
    assert csv_text.splitlines()[0].startswith("member,name")


def test_no_masterpoints_for_seven_boards(evening: tuple[Path, Path]) -> None:
    data = json.loads((evening[0] / "results.json").read_text(encoding="utf-8"))
    assert data["masterpoints"] == []
    assert all(r["masterpoints"] is None for r in data["sessions"][0]["ranking"])


def test_sitout_credit_average(tmp_path: Path) -> None:
    """The same evening with ``sitout_credit: average`` (rules.md §7): each pair sat out one
    round of one board and is credited its points per round played, rounded to a whole
    matchpoint (half up), on a maximum of one more board (top 4):
      pair 3: 17.5/6 = 2.92 -> 3: 20.5 of 28 = 73.21%   pair 7: 17/6 = 2.83 -> 3: 20 of 28
      pair 2: 13.5/6 = 2.25 -> 2: 15.5 of 28           pair 5: 9/5 = 1.8 -> 2: 11 of 24
      pair 6: 10.5/6 = 1.75 -> 2: 12.5 of 28           pair 4: 7.5/5 = 1.5 -> 2: 9.5 of 24
      pair 1: 5/6 = 0.83 -> 1: 6 of 28.
    """
    event_file = tmp_path / "event.yaml"
    event_file.write_text(
        EVENT_YAML.replace("sessions:\n", "options:\n  sitout_credit: average\nsessions:\n", 1),
        encoding="utf-8",
    )
    entry = tmp_path / "tuesday.xlsx"
    write_entry_workbook(entry, load_event(event_file), 1)
    workbook = openpyxl.load_workbook(entry)
    fill_entry_workbook(workbook, typed_lines())
    workbook.save(entry)
    results, paths = run_score(event_file, [str(entry)], tmp_path / "out")
    got = [(s.pair, s.sitout, s.points, s.maximum) for s in results.sessions[0].standings]
    assert got == [
        (3, 3, Fraction(41, 2), 28), (7, 3, 20, 28), (2, 2, Fraction(31, 2), 28),
        (5, 2, Fraction(11), 24), (6, 2, Fraction(25, 2), 28), (4, 2, Fraction(19, 2), 24),
        (1, 1, 6, 28),
    ]  # fmt: skip
    card = block(openpyxl.load_workbook(paths["workbook"])["Score cards"], "Pair 3:")
    summary = {r[8]: r[9] for r in card.rows if r[8] in (
        "Boards", "Sit-out credit", "Total")}  # fmt: skip
    assert summary == {"Boards": 17.5, "Sit-out credit": 3, "Total": 20.5}
    data = json.loads(paths["json"].read_text(encoding="utf-8"))
    assert data["sessions"][0]["ranking"][0]["sitout_credit"] == 3
