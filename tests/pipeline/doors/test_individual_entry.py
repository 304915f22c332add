"""An individual's travellers typed with the four player numbers (N, S, E, W) per line
(seed 004 "Individuellt"; pipeline/doors/entry/individual_rows.py).

Eight players, the individual Howell for 8 with one board a round (player 8 stationary
North at table 1, position p holds player (p + r - 1) mod 7 + 1 in round r; both tables play
the round's board). By hand from the starter ((8, 0, 1, 3), (2, 6, 4, 5)):

    round 1, board 1: table 1 N 8 S 1 E 2 W 4 (pairs 1 and 2), table 2 N 3 S 7 E 5 W 6 (3, 4)
    round 2, board 2: table 1 N 8 S 2 E 3 W 5 (pairs 5, 6),    table 2 N 4 S 1 E 6 W 7 (7, 8)

Board 1 typed: 8-1 against 2-4, 4S= by N (+420, board 1 none vulnerable); 7-3 against 5-6
(N and S changed chairs: the same partnership), 3NT+1 by S (+430). Boards 2-7 passed out at
both tables. Matchpoints 2-1-0, two results a board, top 2: on board 1 +430 beats +420, so
pair 3 (players 3, 7) and pair 2 (players 2, 4) get 2, pairs 1 (8, 1) and 4 (5, 6) get 0;
a passed-out board is 1 to each side. Each player 7 boards, maximum 14:
players 2, 3, 4, 7: 2 + 6 = 8 (57.14 %), shared 1st-4th; players 1, 5, 6, 8: 0 + 6 = 6
(42.86 %), shared 5th-8th.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.doors.entry.sessions import load_session_entries
from pipeline.events.eventfile import load_event

PLAYERS = "".join(f"          - {{number: {n}, name: Player {n}}}\n" for n in range(1, 9))
EVENT = (
    "event: {name: Individual, kind: pairs-matchpoints}\nsessions:\n  - number: 1\n"
    "    date: 2026-11-30\n    sections:\n      - name: A\n"
    "        movement: {type: individual-howell, players: 8, boards_per_round: 1}\n"
    f"        players:\n{PLAYERS}"
)
HEADER = "Board;N;S;E;W;Contract;Declarer;Result\n"
BOARD_1 = "1;8;1;2;4;4S;N;=\n1;7;3;5;6;3NT;S;+1\n"


def _lines_of_passed_boards() -> str:
    # the two tables of rounds 2-7, from the schedule above (checked in the first test)
    from scoring.movements.individual import individual_howell

    lines = []
    for t in individual_howell(8, 1).tables:
        if t.round > 1:
            lines.append(f"{t.boards[0]};{t.north};{t.south};{t.east};{t.west};Pass;;\n")
    return "".join(lines)


def _folder(tmp_path: Path, typed: str) -> Path:
    folder = tmp_path / "individual"
    folder.mkdir()
    (folder / "event.yaml").write_text(EVENT, encoding="utf-8")
    (folder / "session1.csv").write_text(HEADER + typed, encoding="utf-8")
    return folder


def test_typed_players_become_the_movements_partnerships(tmp_path: Path) -> None:
    from scoring.movements.individual import individual_howell

    round_two = [t.players for t in individual_howell(8, 1).tables if t.round == 2]
    assert round_two == [(8, 2, 3, 5), (4, 1, 6, 7)]  # the docstring's hand working
    # Round 2 table 2 typed the other way round: 6-7 as N-S against 4-1.
    typed = BOARD_1 + "2;8;2;3;5;Pass;;\n2;6;7;4;1;Pass;;\n"
    folder = _folder(tmp_path, typed)
    event = load_event(folder / "event.yaml")
    (entries,) = load_session_entries(event, [folder / "session1.csv"])
    rows = [(r.board, r.ns_pair, r.ew_pair, r.round, r.table) for r in entries.rows]
    assert rows == [(1, 1, 2, 1, 1), (1, 3, 4, 1, 2), (2, 5, 6, 2, 1), (2, 8, 7, 2, 2)]
    swapped = [f for f in entries.findings if f.code.value == "pairs-swapped"]
    assert [(f.location.board, f.location.row) for f in swapped] == [(2, 5)]


def test_lines_that_cannot_be_placed_are_named(tmp_path: Path) -> None:
    typed = (
        "1;8;1;2;4;4S;N;=\n"
        "1;9;3;5;6;3NT;S;+1\n"  # row 3: no player 9
        "1;8;1;5;6;3NT;S;+1\n"  # row 4: 8-1 never meets 5-6 on board 1
        "1;3;3;5;6;3NT;S;+1\n"  # row 5: player 3 twice
    )
    folder = _folder(tmp_path, typed)
    event = load_event(folder / "event.yaml")
    (entries,) = load_session_entries(event, [folder / "session1.csv"])
    assert [(r.board, r.ns_pair, r.ew_pair) for r in entries.rows] == [(1, 1, 2)]
    found = {
        f.location.row: (f.code.value, f.location.column, f.message, f.suggestion)
        for f in entries.findings
        if f.code.value in ("pair-not-in-section", "pairs-not-expected", "pair-syntax")
    }
    assert found[3][:3] == (
        "pair-not-in-section",
        "N",
        "player 9 is not in section A (players 1-8)",
    )
    assert found[4][0] == "pairs-not-expected"
    assert found[4][2].startswith("players 8-1 against 5-6 do not play board 1 together")
    assert found[4][3] == (
        "board 1 is played by round 1 table 1: 8-1 against 2-4; round 1 table 2: 3-7 against 5-6"
    )
    assert found[5][:3] == ("pair-syntax", "S", "player 3 is typed twice on the line")
    done = CliRunner().invoke(app, ["entry", "check", str(folder / "event.yaml"),
                                    str(folder / "session1.csv")])  # fmt: skip
    assert done.exit_code == 1 and "Traceback" not in done.output
    assert "session1.csv" in done.output and "player 9 is not in section A" in done.output


def test_a_typed_individual_evening_through_run(tmp_path: Path) -> None:
    folder = _folder(tmp_path, BOARD_1 + _lines_of_passed_boards())
    ran = CliRunner().invoke(app, ["run", str(folder), "--out", str(tmp_path / "out")])
    assert ran.exit_code == 0, ran.output
    results = json.loads((tmp_path / "out" / "results.json").read_text("utf-8"))
    ranking = {p["number"]: p for p in results["individual"]["players"]}
    assert all(p["maximum"] == 14 for p in ranking.values())
    assert {n: Fraction(p["total_exact"]) for n, p in ranking.items()} == {
        1: 6,
        2: 8,
        3: 8,
        4: 8,
        5: 6,
        6: 6,
        7: 8,
        8: 6,
    }
    assert sorted(p["place"] for n, p in ranking.items() if n in (2, 3, 4, 7)) == ["1-4"] * 4
    assert sorted(p["place"] for n, p in ranking.items() if n in (1, 5, 6, 8)) == ["5-8"] * 4
