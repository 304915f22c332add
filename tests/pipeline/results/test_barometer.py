"""A barometer evening scored round by round (seed 004 "Barometertävlingar", "Oändlig Howell").

Six pairs, endless Howell, one board a round (3 tables, 5 rounds; every table plays board r
in round r). Seating from the seed's rules (pair t at table t, pair 2T + 1 - t = 7 - t
opposite it, pair 6 NS at table 1; pair x takes the seat of pair x - 1, pair 1 that of 5):
round 1: 6-1, 2-5, 3-4; round 2: 6-2, 3-1, 4-5 (NS first).

Typed results, worked by hand (2-1-0 matchpoints, three results a board, top 4):
- board 1 (none vulnerable): 6-1 4S N = +420, 2-5 4S N +1 = +450, 3-4 4S N -1 = -50.
  NS: 2 gets 4, 6 gets 2, 3 gets 0; EW: 4 gets 4, 1 gets 2, 5 gets 0.
- board 2 (NS vulnerable): 6-2 3NT N = +600, 3-1 3NT N +1 = +630, 4-5 2S N = +110.
  NS: 3 gets 4, 6 gets 2, 4 gets 0; EW: 5 gets 4, 2 gets 2, 1 gets 0.
After round 2 of 5 (of 8 possible): pair 2 6; pairs 3, 4, 5, 6 4 each; pair 1 2.
After round 1 of 5 (of 4): pairs 2 and 4 4; pairs 1 and 6 2; pairs 3 and 5 0.
Rounds not played yet are not missing results: no result-missing finding; the status is
PROVISIONAL and says "after round N of 5" wherever it appears.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

from pipeline.doors.session_input import read_session
from pipeline.events.eventfile import load_event
from pipeline.publish import publish
from pipeline.results.event import score_event

EVENT = """event: {name: Tuesday barometer, kind: pairs-matchpoints}
sessions:
  - number: 1
    date: 2026-11-24
    sections:
      - name: A
        movement: {type: endless-howell, pairs: 6, boards_per_round: 1}
        pairs:
"""
ROUND_1 = ["1,1,1,6,1,4S,N,=,420", "1,1,2,2,5,4S,N,+1,450", "1,1,3,3,4,4S,N,-1,"]
ROUND_2 = ["2,2,1,6,2,3NT,N,=,600", "2,2,2,3,1,3NT,N,+1,630", "2,2,3,4,5,2S,N,=,110"]


def _players(count: int) -> str:
    return "".join(
        f"          - number: {n}\n            players: [{{name: Player {n}a}}, "
        f"{{name: Player {n}b}}]\n"
        for n in range(1, count + 1)
    )


def _event(tmp_path: Path, options: str = "") -> Path:
    path = tmp_path / "event.yaml"
    path.write_text(options + EVENT + _players(6), encoding="utf-8")
    return path


def _scored(tmp_path: Path, lines: list[str], options: str = ""):
    event = load_event(_event(tmp_path, options))
    entries = tmp_path / "typed.csv"
    header = "Board,Round,Table,NS,EW,Contract,Declarer,Result,NS score,EW score\n"
    entries.write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    return score_event(event, [read_session(event, 1, [entries])])


def _points(results) -> dict[int, tuple[Fraction, int]]:
    return {s.pair: (s.points, s.maximum) for s in results.sessions[0].standings}


def test_standings_after_each_round(tmp_path: Path) -> None:
    first = _scored(tmp_path, ROUND_1)
    assert _points(first) == {2: (4, 4), 4: (4, 4), 1: (2, 4), 6: (2, 4), 3: (0, 4), 5: (0, 4)}
    assert first.status.reasons == (
        "session 1: standings after round 1 of 5: rounds 2-5 not played yet",
    )
    second = _scored(tmp_path, ROUND_1 + ROUND_2)
    assert _points(second) == {2: (6, 8), 3: (4, 8), 4: (4, 8), 5: (4, 8), 6: (4, 8), 1: (2, 8)}
    assert second.status.provisional
    assert "after round 2 of 5" in second.status.banner
    assert "after round 2 of 5" in second.sessions[0].movement
    assert not [f for f in second.findings if f.code == "result-missing"]
    pending = [f for f in second.findings if f.code == "rounds-not-played"]
    assert [(f.session, f.where) for f in pending] == [("1", "rounds 3-5")]


def test_a_missing_slip_of_a_played_round_is_still_missing(tmp_path: Path) -> None:
    results = _scored(tmp_path, ROUND_1 + ROUND_2[:2])
    missing = [f for f in results.findings if f.code == "result-missing"]
    assert [f.where for f in missing] and all("board 2" in f.where for f in missing)


def test_every_publisher_says_after_which_round(tmp_path: Path) -> None:
    import json

    import openpyxl

    results = _scored(tmp_path, ROUND_1 + ROUND_2)
    out = tmp_path / "out"
    paths = publish(results, out)
    assert "csv" not in paths  # masterpoints withheld while provisional
    data = json.loads((out / "results.json").read_text("utf-8"))
    assert data["status"]["state"] == "provisional"
    assert any("after round 2 of 5" in r for r in data["status"]["reasons"])
    book = openpyxl.load_workbook(paths["workbook"])
    cells = [str(c.value) for ws in book.worksheets for row in ws.iter_rows() for c in row]
    assert any("after round 2 of 5" in c for c in cells if c)
    pages = [p.read_text("utf-8") for p in (out / "web").rglob("*.html")]
    assert pages and all("standings after round 2 of 5" in page for page in pages)  # banner


def test_a_medeltavling_ranks_nearest_the_average_first(tmp_path: Path) -> None:
    # Seed 004 "Medeltävlingar". After round 2: pairs 3, 4, 5, 6 at 4 of 8 (50%) share
    # 1-4; pair 2 at 75% is above the average, so 5th before pair 1 at 25%.
    results = _scored(tmp_path, ROUND_1 + ROUND_2, "options: {winner: nearest-average}\n")
    ranking = [(s.place, s.pair) for s in results.sessions[0].standings]
    assert ranking == [("1-4", 3), ("1-4", 4), ("1-4", 5), ("1-4", 6), ("5", 2), ("6", 1)]


# -- Gröna Hissen: the next round from the standings -------------------------------------
ELEVATOR = """event: {name: Green elevator, kind: pairs-matchpoints}
sessions:
  - number: 1
    date: 2026-11-24
    sections:
      - name: A
        movement: {type: elevator, pairs: 6, boards_per_round: 1, rounds: 4, delay: 2,
                   draw: 7, file: pairings.csv}
        pairs:
"""


def test_grona_hissen_pairs_round_three_on_the_standings_after_round_one(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pipeline.cli import app

    event_file = tmp_path / "event.yaml"
    event_file.write_text(ELEVATOR + _players(6), encoding="utf-8")
    movement = load_event(event_file).sessions[0].sections[0].movement
    assert movement.rounds == (1, 2) and movement.barometer  # rounds 1-2 drawn
    seat = {(e.round, e.table): (e.ns, e.ew) for e in movement.entries}
    # Board 1: table 1 NS +420, table 2 NS +450, table 3 NS -50 (as in the barometer
    # above): NS at table 2 and EW at table 3 get 4, table 1's pairs 2 each, NS at table 3
    # and EW at table 2 0. Board 2 (round 2): every table 3NT N = +600, 2 each.
    scores = {1: (420, 450, -50), 2: (600, 600, 600)}
    lines = []
    for round_ in (1, 2):
        for table in (1, 2, 3):
            ns, ew = seat[(round_, table)]
            score = scores[round_][table - 1]
            contract, result = (
                ("3NT", "=") if round_ == 2 else ("4S", {420: "=", 450: "+1", -50: "-1"}[score])
            )
            ns_score = score if score > 0 else ""
            ew_score = -score if score < 0 else ""
            lines.append(
                f"{round_},{round_},{table},{ns},{ew},{contract},N,{result},{ns_score},{ew_score}"
            )
    entries = tmp_path / "typed.csv"
    entries.write_text("Board,Round,Table,NS,EW,Contract,Declarer,Result,NS score,EW score\n"
                       + "\n".join(lines) + "\n", encoding="utf-8")  # fmt: skip
    event = load_event(event_file)
    results = score_event(event, [read_session(event, 1, [entries])])
    assert "after round 2 of 4" in results.status.banner
    publish(results, tmp_path / "out")
    made = CliRunner().invoke(app, ["event", "next-round", str(event_file), "--out",
                                    str(tmp_path / "out")])  # fmt: skip
    assert made.exit_code == 0, made.output
    (a, f), (c, d), (e, b) = seat[(1, 2)], seat[(1, 1)], seat[(1, 3)]
    expected = [tuple(sorted(x)) for x in ((a, b), (c, d), (e, f))]  # 4, 2 and 0 each
    paired = load_event(event_file).sessions[0].sections[0].movement
    assert paired.rounds == (1, 2, 3)
    assert [(x.table, x.ns, x.ew, x.boards) for x in paired.entries_in_round(3)] == [
        (t, ns, ew, (3,)) for t, (ns, ew) in enumerate(expected, start=1)
    ]
    assert "Round 3, paired on the standings after round 1" in made.output
    assert (
        (tmp_path / "pairings.csv").read_text("utf-8").startswith("round,table,NS,EW,boards\n3,1,")
    )


# -- a team barometer: the standings after every round ------------------------------------
TEAMS = """event: {name: Team barometer, kind: teams}
sessions:
  - number: 1
    date: 2026-11-24
    sections:
      - name: A
        movement: {type: team-barometer, teams: 4, boards_per_round: 1}
        pairs:
"""


def test_a_team_barometer_after_round_one(tmp_path: Path) -> None:
    # Seed 004 "Lagbarometer": a double endless Howell, one group's directions switched.
    # Team k is pairs 2k-1 (A) and 2k (B). The endless Howell for 4 "pairs" (the teams),
    # round 1: team 4 NS v team 1 at table 1, team 2 NS v team 3 at table 2; the B pairs at
    # tables 3-4 the other way round: 7-1, 3-5, 2-8, 6-4 (NS-EW).
    # Board 1 (none vulnerable): 7-1 4S N = +420, 2-8 4S N = +420: team 4 +420, team 1
    # +420, net 0 IMPs. 3-5 4H N = +420, 6-4 3H N +1 = +170: team 2 +420 and -170, net +250
    # = 6 IMPs to team 2 (WBF table 220-260).
    teams = "".join(
        f"          - {{number: {k}, name: Team {k}, pairs: [{2 * k - 1}, {2 * k}]}}\n"
        for k in range(1, 5)
    )
    event_file = tmp_path / "event.yaml"
    event_file.write_text(TEAMS + _players(8) + "        teams:\n" + teams, encoding="utf-8")
    entries = tmp_path / "typed.csv"
    entries.write_text(
        "Board,Round,Table,NS,EW,Contract,Declarer,Result,NS score,EW score\n"
        "1,1,1,7,1,4S,N,=,420,\n1,1,2,3,5,4H,N,=,420,\n"
        "1,1,3,2,8,4S,N,=,420,\n1,1,4,6,4,3H,N,+1,170,\n",
        encoding="utf-8",
    )
    event = load_event(event_file)
    results = score_event(event, [read_session(event, 1, [entries])])
    assert results.status.reasons == (
        "session 1: standings after round 1 of 3: rounds 2-3 not played yet",
    )
    imps = {
        frozenset(((m.first, m.imps_first), (m.second, m.imps_second)))
        for m in results.teams.matches
    }
    assert imps == {frozenset(((4, 0), (1, 0))), frozenset(((2, 6), (3, 0)))}
