"""An individual over several sessions (seed 004 "Individuellt"; rules.md §8 leveling):
one individual Howell continued on a later evening, `event check` over the sessions, and
one ranking of the players over sessions of different tops, worked by hand.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli import app
from scoring.movements.individual import individual_howell, individual_meetings


def _players(numbers: range) -> str:
    return "".join(f"          - {{number: {n}, name: P{n}}}\n" for n in numbers)


def _session(number: int, movement: str, players: range) -> str:
    return (
        f"  - number: {number}\n    date: 2026-12-0{number}\n    sections:\n      - name: A\n"
        f"        movement: {movement}\n        players:\n{_players(players)}"
    )


def _event(tmp_path: Path, *sessions: str) -> Path:
    folder = tmp_path / "individual"
    folder.mkdir()
    path = folder / "event.yaml"
    text = "event: {name: Two evenings, kind: pairs-matchpoints}\nsessions:\n" + "".join(sessions)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_howell_continued_on_the_second_evening() -> None:
    # 8 players: 7 rounds on the complete card; rounds 1-3 tonight, 4-7 next week.
    first = individual_howell(8, 2, rounds=3)
    second = individual_howell(8, 2, rounds=4, first_round=4)
    assert sorted({t.round for t in second.tables}) == [4, 5, 6, 7]
    # Round 4 from the starter ((8, 0, 1, 3), (2, 6, 4, 5)): position p holds player
    # (p + 3) mod 7 + 1: table 1 N 8 S 4 E 5 W 7, table 2 N 6 S 3 E 1 W 2; board set 4.
    assert [(t.players, t.boards) for t in second.tables[:2]] == [
        ((8, 4, 5, 7), (7, 8)),
        ((6, 3, 1, 2), (7, 8)),
    ]
    both = individual_meetings(first)
    later = individual_meetings(second)
    assert not set(both.partners) & set(later.partners)  # nobody partners twice
    assert len(both.partners) + len(later.partners) == 28  # 8 * 7 / 2: everybody once


def test_event_check_over_the_sessions(tmp_path: Path) -> None:
    form = "{type: individual-howell, players: 8, boards_per_round: 2, rounds: %d%s}"
    event = _event(
        tmp_path,
        _session(1, form % (3, ""), range(1, 9)),
        _session(2, form % (4, ", first_round: 4"), range(1, 9)),
    )
    done = CliRunner().invoke(app, ["event", "check", str(event)])
    assert done.exit_code == 0, done.output
    summary = "over the 2 sessions: 8 players; 28 couple(s) partners once, 0 more often, 0 never"
    assert summary in done.output
    # Session 2 started again at round 1: rounds 1-3's twelve partnerships come back, round
    # 4's four are new: 16 couples, 4 once, 12 twice; 28 - 16 = 12 never partners.
    event.write_text(event.read_text("utf-8").replace(", first_round: 4", ""), "utf-8")
    done = CliRunner().invoke(app, ["event", "check", str(event)])
    assert done.exit_code == 1 and "Traceback" not in done.output
    assert "4 couple(s) partners once, 12 more often, 12 never" in done.output
    # round 1: 8-1 and 2-4 at table 1
    assert "ERROR P1 and P8 are partners in sessions 1, 2" in done.output


def test_one_ranking_over_sessions_of_different_tops(tmp_path: Path) -> None:
    """Session 1: 8 players, round 1 of their Howell, board 1 at two tables (top 2):
    table 1 N 8 S 1 E 2 W 4 +420, table 2 N 3 S 7 E 5 W 6 +430 (typed 7-3), so NS 0 and 2,
    EW 2 and 0. Session 2: 12 players, round 1 of theirs (starter ((12, 0, 1, 3), (2, 9, 6,
    7), (4, 10, 5, 8)), position p holds player p + 1): table 1 N 12 S 1 E 2 W 4 +100,
    table 2 N 3 S 10 E 7 W 8 +100, table 3 N 5 S 11 E 6 W 9 -50; top 4: NS 3, 3, 0, EW 1, 1,
    4. Leveled to the larger top (rules.md §8), session 1 counts double (x 4/2):

        P1 0 + 3 = 3/8   P2 4 + 1 = 5/8   P3 4 + 3 = 7/8   P4 4 + 1 = 5/8
        P5 0 + 0 = 0/8   P6 0 + 4 = 4/8   P7 4 + 1 = 5/8   P8 0 + 1 = 1/8
        P9 4/4  P10 3/4  P11 0/4  P12 3/4   (played session 2 only)

    By percentage: P9 100, P3 87.5, P10 and P12 75, P2, P4 and P7 62.5, P6 50, P1 37.5,
    P8 12.5, P5 and P11 0.
    """
    event = _event(
        tmp_path,
        _session(1, "{type: individual-howell, players: 8, boards_per_round: 1, rounds: 1}",
                 range(1, 9)),
        _session(2, "{type: individual-howell, players: 12, boards_per_round: 1, rounds: 1}",
                 range(1, 13)),
    )  # fmt: skip
    header = "Board;N;S;E;W;Contract;Declarer;Result\n"
    (event.parent / "session1.csv").write_text(
        header + "1;8;1;2;4;4S;N;=\n1;7;3;5;6;3NT;S;+1\n", "utf-8"
    )
    (event.parent / "session2.csv").write_text(
        header + "1;12;1;2;4;2S;E;-2\n1;3;10;7;8;3D;W;-2\n1;5;11;6;9;2H;N;-1\n", "utf-8"
    )  # board 1, nobody vulnerable: two down +100 for NS twice, one down -50
    ran = CliRunner().invoke(app, ["run", str(event.parent), "--out", str(tmp_path / "out")])
    assert ran.exit_code == 0, ran.output
    results = json.loads((tmp_path / "out" / "results.json").read_text("utf-8"))
    players = {p["name"]: p for p in results["individual"]["players"]}
    got = {name: (Fraction(p["total_exact"]), p["maximum"]) for name, p in players.items()}
    assert got == {
        "P1": (3, 8), "P2": (5, 8), "P3": (7, 8), "P4": (5, 8), "P5": (0, 8), "P6": (4, 8),
        "P7": (5, 8), "P8": (1, 8), "P9": (4, 4), "P10": (3, 4), "P11": (0, 4), "P12": (3, 4),
    }  # fmt: skip
    order = [p["name"] for p in results["individual"]["players"]]
    assert order[:2] == ["P9", "P3"] and order[-3:] in (["P8", "P5", "P11"], ["P8", "P11", "P5"])
    assert players["P10"]["place"] == players["P12"]["place"] == "3-4"
