"""A Paul Jones over three sessions (seed 004 "b) Paul Jones"), typed as CSV, scored by hand.

Two teams of four: team 1 "Ekorrarna" Anna Ahl (101), Bo Berg (102), Cia Carlsson (103),
Dan Dahl (104), identified by member number; team 2 "Rävarna" Eva Ek, Filip Fors, Gun Gran,
Hans Holm, by name. Each session is a 4-pair Howell, 3 rounds of 1 board (round r plays
board r): round 1 4-1 and 2-3, round 2 4-2 and 3-1, round 3 4-3 and 1-2 (NS first). Every
board is played twice: 2-1-0 matchpoints, top 2, a session's maximum 6 and 12 points shared.
The pairs (AB+CD, AC+BD, AD+BC per team):
  session 1: 1 Ahl-Berg, 2 Carlsson-Dahl, 3 Ek-Fors, 4 Gran-Holm
  session 2: 1 Ahl-Carlsson, 2 Berg-Dahl, 3 Ek-Gran, 4 Fors-Holm
  session 3: 1 Ahl-Dahl, 2 Berg-Carlsson, 3 Ek-Holm, 4 Fors-Gran
Scores (NS, all 2S by North: = +110, +1 +140, +2 +170, the same at any vulnerability):
  session 1: b1 4-1 140, 2-3 110: 4 and 3 get 2, 1 and 2 get 0; b2 4-2 110, 3-1 110: 1 each;
             b3 4-3 110, 1-2 170: 1 and 3 get 2, 4 and 2 get 0.   Pairs 1:3 2:1 3:5 4:3.
  session 2: b1 4-1 110, 2-3 140: 1 and 2 get 2; b2 4-2 170, 3-1 140: 4 and 1 get 2;
             b3 4-3 140, 1-2 140: 1 each.                         Pairs 1:5 2:3 3:1 4:3.
  session 3: b1 4-1 170, 2-3 140: 4 and 3 get 2; b2 4-2 110, 3-1 140: 2 and 3 get 2;
             b3 4-3 140, 1-2 110: 4 and 2 get 2.                  Pairs 1:0 2:4 3:4 4:4.
Every session has the same top, so leveling multiplies by 1.
Individual (the leveled matchpoints of the pair played in, each of 18):
  Ahl 3+5+0 = 8, Berg 3+3+4 = 10, Carlsson 1+5+4 = 10, Dahl 1+3+0 = 4,
  Ek 5+1+4 = 10, Fors 5+3+4 = 12, Gran 3+1+4 = 8, Holm 3+3+4 = 10 (together 72 = 2 x 36).
  Ranking: 1 Fors 12 (66.67%); 2-5 Berg, Carlsson, Ek, Holm 10 (55.56%); 6-7 Ahl, Gran 8
  (44.44%); 8 Dahl 4 (22.22%).
Teams (pairs 1+2 and 3+4, each session of 12): Ekorrarna 4 + 8 + 4 = 16 (44.44%),
  Rävarna 8 + 4 + 8 = 20 (55.56%): 1 Rävarna, 2 Ekorrarna.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pipeline.doors.session_input import read_session
from pipeline.events.eventfile import EventFileError, load_event
from pipeline.results.event import score_event

ANNA, BO = '{name: Anna Ahl, member: "101"}', '{name: Bo Berg, member: "102"}'
CIA, DAN = '{name: Cia Carlsson, member: "103"}', '{name: Dan Dahl, member: "104"}'
EVA, FILIP, GUN, HANS = "Eva Ek", "Filip Fors", "Gun Gran", "Hans Holm"
TEAMS = f"""paul_jones:
  teams:
    - {{number: 1, name: Ekorrarna, players: [{ANNA}, {BO}, {CIA}, {DAN}]}}
    - {{number: 2, name: Rävarna, players: [{EVA}, {FILIP}, {GUN}, {HANS}]}}
"""
PAIRS = {
    1: ((ANNA, BO), (CIA, DAN), (EVA, FILIP), (GUN, HANS)),
    # Cia's name spelled otherwise in session 2: her member number still says who she is
    2: ((ANNA, '{name: Cia Karlsson, member: "103"}'), (BO, DAN), (EVA, GUN), (FILIP, HANS)),
    3: ((ANNA, DAN), (BO, CIA), (EVA, HANS), (FILIP, GUN)),
}
SCORES = {  # session: NS score per (round, table)
    1: ((140, 110), (110, 110), (110, 170)),
    2: ((110, 140), (170, 140), (140, 140)),
    3: ((170, 140), (110, 140), (140, 110)),
}
SEATS = (((4, 1), (2, 3)), ((4, 2), (3, 1)), ((4, 3), (1, 2)))
RESULT = {110: "=", 140: "+1", 170: "+2"}


def _event_text(pairs: dict[int, tuple[tuple[str, str], ...]], head: str = TEAMS) -> str:
    text = "event: {name: Autumn Paul Jones, kind: pairs-matchpoints}\n" + head + "sessions:\n"
    for session, lineup in pairs.items():
        text += (
            f"  - number: {session}\n    date: 2026-11-{9 + session}\n    sections:\n"
            "      - name: A\n        movement: {type: howell, pairs: 4, boards_per_round: 1}\n"
            "        pairs:\n"
        )
        for number, (a, b) in enumerate(lineup, start=1):
            text += f"          - {{number: {number}, players: [{a}, {b}]}}\n"
    return text


def _typed(tmp_path: Path, session: int) -> Path:
    lines = ["Board,Round,Table,NS,EW,Contract,Declarer,Result,NS score,EW score"]
    for round_, seats in enumerate(SEATS, start=1):
        for table, (ns, ew) in enumerate(seats, start=1):
            score = SCORES[session][round_ - 1][table - 1]
            lines.append(f"{round_},{round_},{table},{ns},{ew},2S,N,{RESULT[score]},{score},")
    path = tmp_path / f"session{session}.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _scored(tmp_path: Path):
    path = tmp_path / "event.yaml"
    path.write_text(_event_text(PAIRS), encoding="utf-8")
    event = load_event(path)
    inputs = [read_session(event, s, [_typed(tmp_path, s)]) for s in (1, 2, 3)]
    return score_event(event, inputs)


def test_pairs_individual_and_team_results_worked_by_hand(tmp_path: Path) -> None:
    results = _scored(tmp_path)
    per_session = [{s.pair: s.points for s in view.standings} for view in results.sessions]
    assert per_session == [{1: 3, 2: 1, 3: 5, 4: 3}, {1: 5, 2: 3, 3: 1, 4: 3},
                           {1: 0, 2: 4, 3: 4, 4: 4}]  # fmt: skip
    assert results.paul_jones is not None
    players = [(p.place, p.player.name, p.total, p.maximum) for p in results.paul_jones.players]
    assert players == [
        ("1", "Filip Fors", 12, 18),
        ("2-5", "Bo Berg", 10, 18),
        ("2-5", "Cia Carlsson", 10, 18),
        ("2-5", "Eva Ek", 10, 18),
        ("2-5", "Hans Holm", 10, 18),
        ("6-7", "Anna Ahl", 8, 18),
        ("6-7", "Gun Gran", 8, 18),
        ("8", "Dan Dahl", 4, 18),
    ]
    first = results.paul_jones.players[0]
    assert first.percent == Fraction(200, 3)  # 12 / 18 = 66.67 %
    cia = next(p for p in results.paul_jones.players if p.player.member == "103")
    assert [(s.session, s.pair, s.partner, s.points) for s in cia.sessions] == [
        (1, 2, "Dan Dahl", 1), (2, 1, "Anna Ahl", 5), (3, 2, "Bo Berg", 4)
    ]  # fmt: skip
    teams = [
        (t.place, t.name, [s.points for s in t.sessions], t.total, t.maximum, t.percent)
        for t in results.paul_jones.teams
    ]
    assert teams == [
        ("1", "Rävarna", [8, 4, 8], 20, 36, Fraction(500, 9)),
        ("2", "Ekorrarna", [4, 8, 4], 16, 36, Fraction(400, 9)),
    ]
    assert [s.pairs for s in results.paul_jones.teams[0].sessions] == [(3, 4)] * 3


def _check(tmp_path: Path, text: str):
    from typer.testing import CliRunner

    from pipeline.cli import app

    path = tmp_path / "event.yaml"
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(app, ["event", "check", str(path)])


def test_event_check_names_the_paul_jones(tmp_path: Path) -> None:
    checked = _check(tmp_path, _event_text(PAIRS))
    assert checked.exit_code == 0, checked.output
    assert "Paul Jones: 2 teams of four; every player has a new partner" in checked.output


@pytest.mark.parametrize(
    ("session_2", "path", "line", "message"),
    [
        # Anna and Bo again in session 2 (and Cia and Dan): the first is reported, with a count
        (
            ((ANNA, BO), (CIA, DAN), (EVA, GUN), (FILIP, HANS)),
            "sessions[1].sections[0].pairs[0]",
            23,
            "Paul Jones: Anna Ahl and Bo Berg were partners in session 1 already: every player "
            "has a new partner each session (and 1 more)",
        ),
        # Anna with Eva of the other team (so Cia with Gun)
        (
            ((ANNA, EVA), (BO, DAN), (CIA, GUN), (FILIP, HANS)),
            "sessions[1].sections[0].pairs[0]",
            23,
            "Paul Jones: Anna Ahl (team 1) and Eva Ek (team 2) are not team mates: partners "
            "come from the own team (and 1 more)",
        ),
        # a stranger in Hans's place: Hans plays in no pair, the stranger is in no team
        (
            ((ANNA, CIA), (BO, DAN), (EVA, GUN), (FILIP, "Ivar Isaksson")),
            "sessions[1].sections[0].pairs[3]",
            26,
            "Paul Jones: Ivar Isaksson is in no Paul Jones team (and 1 more)",
        ),
    ],
)
def test_a_pair_against_the_rule_is_an_event_file_error(
    tmp_path: Path, session_2, path: str, line: int, message: str
) -> None:
    text = _event_text({1: PAIRS[1], 2: session_2, 3: PAIRS[3]})
    with pytest.raises(EventFileError) as caught:
        load_event(_write(tmp_path, text))
    assert (caught.value.source, caught.value.path, caught.value.line) == ("event.yaml", path, line)
    assert caught.value.detail == message
    checked = _check(tmp_path, text)
    assert checked.exit_code == 2  # ExitCode.BAD_INPUT, README's exit-code table
    assert f"event.yaml: {path}: {message} (line {line})" in checked.output
    assert "Traceback" not in checked.output


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "event.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_fourth_session_and_a_teams_event_are_refused(tmp_path: Path) -> None:
    text = _event_text({**PAIRS, 4: PAIRS[1]})
    with pytest.raises(EventFileError, match=r"a Paul Jones has 3 sessions") as caught:
        load_event(_write(tmp_path, text))
    assert caught.value.path == "sessions[3]"
    imps = _event_text(PAIRS).replace("pairs-matchpoints", "pairs-cross-imps")
    with pytest.raises(EventFileError, match="a Paul Jones is a matchpoint pairs event"):
        load_event(_write(tmp_path, imps))


def test_pairs_drawn_into_teams_with_a_recorded_seed(tmp_path: Path) -> None:
    # One session of four pairs drawn into two teams of two pairs: every pair in one team,
    # the seed recorded, and the same seed draws the same teams again.
    text = _event_text({1: PAIRS[1]}, head="paul_jones: {draw: 7}\n")
    event = load_event(_write(tmp_path, text))
    assert [t.draw_seed for t in event.paul_jones] == [7, 7]
    pairs = {p.number: p.players for p in event.sessions[0].sections[0].pairs}
    teams = [t.players for t in event.paul_jones]
    drawn = sorted(n for t in teams for n, players in pairs.items() if set(players) <= set(t))
    assert drawn == [1, 2, 3, 4] and all(len(t) == 4 for t in teams)
    assert load_event(_write(tmp_path, text)).paul_jones == event.paul_jones
    checked = _check(tmp_path, text)
    assert "drawn from session 1's pairs with seed 7" in checked.output


def test_published_in_json_workbook_and_site(tmp_path: Path) -> None:
    import json

    import openpyxl

    from pipeline.publish import publish
    from pipeline.publish.results_json import results_to_dict
    from pipeline.publish.results_json_read import read_results_json, results_from_dict

    results = _scored(tmp_path)
    data = json.loads(json.dumps(results_to_dict(results)))
    assert results_from_dict(data).paul_jones == results.paul_jones  # every field read back
    jones = data["paul_jones"]
    assert jones["unit"] == "leveled matchpoints" and jones["draw_seed"] is None
    assert (jones["players"][0]["name"], jones["players"][0]["percent"]) == ("Filip Fors", 66.67)
    assert jones["players"][0]["percent_exact"] == "200/3"
    assert [(t["name"], t["total"]) for t in jones["teams"]] == [("Rävarna", 20), ("Ekorrarna", 16)]
    out = tmp_path / "out"
    paths = publish(results, out)
    assert read_results_json(out / "results.json").paul_jones == results.paul_jones
    book = openpyxl.load_workbook(paths["workbook"])
    players = [r for r in book["Players"].iter_rows(values_only=True) if r and r[0] == "1"]
    # place, player, member, team, partners in sessions 1-3, points 1-3, total, max, %
    assert players == [("1", "Filip Fors", None, 2, "Eva Ek", "Hans Holm", "Gun Gran",
                        5, 3, 4, 12, 18, 200 / 3)]  # fmt: skip
    teams = [r for r in book["Teams"].iter_rows(values_only=True) if r and r[0] in ("1", "2")]
    assert teams == [
        ("1", 2, "Rävarna", "Eva Ek, Filip Fors, Gun Gran, Hans Holm", 8, 4, 8, 20, 36, 500 / 9),
        ("2", 1, "Ekorrarna", "Anna Ahl, Bo Berg, Cia Carlsson, Dan Dahl", 4, 8, 4, 16, 36,
         400 / 9),
    ]  # fmt: skip
    page = (out / "web" / "paul-jones.html").read_text("utf-8")
    assert "Individual ranking" in page and "Team ranking" in page
    assert "Filip Fors" in page and "66.67" in page and "Rävarna" in page
    assert 'href="paul-jones.html"' in (out / "web" / "index.html").read_text("utf-8")


def test_a_team_name_like_a_formula_stays_text(tmp_path: Path) -> None:
    import openpyxl

    from pipeline.publish import publish

    path = tmp_path / "event.yaml"
    path.write_text(_event_text(PAIRS).replace("Ekorrarna", '"=SUM(A1)"'), encoding="utf-8")
    event = load_event(path)
    results = score_event(event, [read_session(event, 1, [_typed(tmp_path, 1)])])
    paths = publish(results, tmp_path / "out")
    cell = openpyxl.load_workbook(paths["workbook"])["Teams"]
    names = [c for row in cell.iter_rows() for c in row if c.value == "=SUM(A1)"]
    assert names and all(c.data_type == "s" for c in names)


def test_score_and_web_commands_publish_the_players_and_teams(tmp_path: Path) -> None:
    """``bridgescan score`` exits 0 (nothing blocks; the event and the results go through
    the event store) and ``bridgescan web -o SITE`` builds the Paul Jones page from
    results.json alone."""
    from typer.testing import CliRunner

    from pipeline.cli import app

    path = _write(tmp_path, _event_text(PAIRS))
    files = [f"{s}={_typed(tmp_path, s)}" for s in (1, 2, 3)]
    out = tmp_path / "out"
    scored = CliRunner().invoke(app, ["score", str(path), *files, "-o", str(out)])
    assert scored.exit_code == 0, scored.output
    book = __import__("openpyxl").load_workbook(out / "results.xlsx")
    assert {"Players", "Teams"} <= set(book.sheetnames)
    site = tmp_path / "site"
    rebuilt = CliRunner().invoke(app, ["web", str(out), "-o", str(site)])
    assert rebuilt.exit_code == 0, rebuilt.output
    page = (site / "paul-jones.html").read_text("utf-8")
    assert "Filip Fors" in page and "55.56" in page  # Rävarna's 20 of 36


@pytest.mark.parametrize(
    ("head", "path", "line", "message"),
    [
        (
            "paul_jones:\n  teams:\n    - {number: 1, players: [A, B, C]}\n",
            "paul_jones.teams[0].players",
            4,  # line 1 the event, 2 paul_jones, 3 teams, 4 the team
            "Paul Jones team 1 has 3 players, not 4",
        ),
        (
            "paul_jones: {draw: 7, teams: []}\n",
            "paul_jones",
            2,
            "give either teams (entered as teams of four) or draw (a seed)",
        ),
        (
            "paul_jones: {draw: seven}\n",
            "paul_jones.draw",
            2,
            "draw seed 'seven' is not a whole number",
        ),
    ],
)
def test_a_bad_paul_jones_block_is_named(
    tmp_path: Path, head: str, path: str, line: int, message: str
) -> None:
    with pytest.raises(EventFileError) as caught:
        load_event(_write(tmp_path, _event_text({1: PAIRS[1]}, head=head)))
    assert (caught.value.path, caught.value.line, caught.value.detail) == (path, line, message)


def test_after_two_of_three_sessions_the_lists_say_so(tmp_path: Path) -> None:
    # Sessions 1 and 2 only (figures above): Fors 5 + 3 = 8 of 12; teams
    # Ekorrarna 4+8 = 12, Rävarna 8+4 = 12 of 24 each: they share places 1-2.
    import openpyxl

    from pipeline.publish import publish
    from pipeline.publish.results_json_read import read_results_json

    event = load_event(_write(tmp_path, _event_text(PAIRS)))
    results = score_event(event, [read_session(event, s, [_typed(tmp_path, s)]) for s in (1, 2)])
    view = results.paul_jones
    assert view is not None and view.so_far == "after sessions 1, 2 of 3"
    assert [(t.place, t.total, t.maximum) for t in view.teams] == [("1-2", 12, 24)] * 2
    fors = next(p for p in view.players if p.player.name == "Filip Fors")
    assert (fors.total, fors.maximum) == (8, 12)
    out = tmp_path / "out"
    paths = publish(results, out)
    assert read_results_json(out / "results.json").paul_jones == view
    cells = [c for row in openpyxl.load_workbook(paths["workbook"])["Teams"].iter_rows(
        values_only=True) for c in row if isinstance(c, str)]  # fmt: skip
    assert any("after sessions 1, 2 of 3" in c for c in cells)
    assert "Standings after sessions 1, 2 of 3" in (out / "web" / "paul-jones.html").read_text()
