"""An individual evening (seed 004 "Individuellt"), typed as CSV and scored by hand.

Eight players, the individual Howell for 8 (positions: player 8 stationary North at table
1; player x at position x - r of Z_7; table 1 N inf S 0 E 1 W 3, table 2 N 2 S 6 E 4 W 5),
stopped after 3 rounds of 1 board, both tables on the round's board:
  round 1 (board 1): table 1 N 8 S 1 E 2 W 4 (pairs 1, 2), table 2 N 3 S 7 E 5 W 6 (3, 4)
  round 2 (board 2): table 1 N 8 S 2 E 3 W 5 (5, 6),      table 2 N 4 S 1 E 6 W 7 (7, 8)
  round 3 (board 3): table 1 N 8 S 3 E 4 W 6 (9, 10),     table 2 N 5 S 2 E 7 W 1 (11, 12)
Scores (NS, 2S by North): board 1 table 1 +140, table 2 +110: table 1 NS 2, EW 0, table 2
NS 0, EW 2; board 2 110 and 110: 1 each; board 3 110 and 170: table 1 NS 0, EW 2, table 2
NS 2, EW 0. Top 2 a board (two results), each player's maximum 6.
Players (the side they sat on): 8 N,N,N 2+1+0 = 3; 1 S,S,W 2+1+0 = 3; 2 E,S,S 0+1+2 = 3;
3 N,E,S 0+1+0 = 1; 4 W,N,E 0+1+2 = 3; 5 E,W,N 2+1+2 = 5; 6 W,E,W 2+1+2 = 5; 7 S,W,E 0+1+0
= 1 (together 24 = 3 boards x 2 tables x 2 x 2). Ranking by percent: 1-2 players 5 and 6
(5/6 = 83.33%), 3-6 players 1, 2, 4, 8 (50%), 7-8 players 3 and 7 (16.67%).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pipeline.doors.session_input import read_session
from pipeline.events.eventfile import EventFileError, load_event
from pipeline.results.event import score_event

NAMES = ("Anna Ahl", "Bo Berg", "Cia Carlsson", "Dan Dahl", "Eva Ek", "Filip Fors",
         "Gun Gran", "Hans Holm")  # fmt: skip
LINES = ((1, 1, 1, 2, 140), (1, 2, 3, 4, 110), (2, 1, 5, 6, 110), (2, 2, 7, 8, 110),
         (3, 1, 9, 10, 110), (3, 2, 11, 12, 170))  # fmt: skip
RESULT = {110: "=", 140: "+1", 170: "+2"}
MOVEMENT = "{type: individual-howell, players: 8, boards_per_round: 1, rounds: 3}"


def _event_text(movement: str = MOVEMENT, players: int = 8) -> str:
    text = (
        "event: {name: Individual evening, kind: pairs-matchpoints}\nsessions:\n"
        "  - number: 1\n    date: 2026-11-30\n    sections:\n      - name: A\n"
        f"        movement: {movement}\n        players:\n"
    )
    for number in range(1, players + 1):
        name = NAMES[(number - 1) % 8]
        text += f'          - {{number: {number}, name: {name}, member: "{100 + number}"}}\n'
    return text


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "event.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _typed(tmp_path: Path) -> Path:
    lines = ["Board,Round,Table,NS,EW,Contract,Declarer,Result,NS score,EW score"]
    for round_, table, ns, ew, score in LINES:
        lines.append(f"{round_},{round_},{table},{ns},{ew},2S,N,{RESULT[score]},{score},")
    path = tmp_path / "session1.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _scored(tmp_path: Path):
    event = load_event(_write(tmp_path, _event_text()))
    return score_event(event, [read_session(event, 1, [_typed(tmp_path)])])


def test_each_player_gets_the_matchpoints_of_his_side_worked_by_hand(tmp_path: Path) -> None:
    results = _scored(tmp_path)
    assert results.individual is not None
    ranking = [(p.place, p.number, p.total, p.maximum) for p in results.individual.players]
    assert ranking == [
        ("1-2", 5, 5, 6), ("1-2", 6, 5, 6),
        ("3-6", 1, 3, 6), ("3-6", 2, 3, 6), ("3-6", 4, 3, 6), ("3-6", 8, 3, 6),
        ("7-8", 3, 1, 6), ("7-8", 7, 1, 6),
    ]  # fmt: skip
    five = results.individual.players[0]
    assert five.player.name == "Eva Ek" and five.percent == Fraction(250, 3)
    assert [(r.round, r.table, r.seat, r.partner, r.points) for r in five.rounds] == [
        (1, 2, "E", 6, 2), (2, 1, "W", 3, 1), (3, 2, "N", 2, 2)
    ]  # fmt: skip
    assert sum(p.total for p in results.individual.players) == 24
    assert any("no masterpoints (an individual event" in note for note in results.notes)
    assert results.awards == ()


def test_event_check_counts_partners_and_opponents(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pipeline.cli import app

    path = _write(
        tmp_path, _event_text("{type: individual-howell, players: 8, boards_per_round: 3}")
    )
    done = CliRunner().invoke(app, ["event", "check", str(path)])
    assert done.exit_code == 0, done.output
    assert " section A: 8 players (individual)" in done.output
    assert "rounds 7, tables 2, boards 1-21 (21), each played 2 times" in done.output
    assert "every two are partners 1x and opponents 2x" in done.output
    assert "never meet: none (everyone meets everyone)" in done.output
    assert "tables share a round's boards: duplicate them, or pass them" in done.output
    reduced = "{type: individual-reduced-howell, players: 16, boards_per_round: 2}"
    seed = _write(tmp_path, _event_text(reduced, players=16))
    done = CliRunner().invoke(app, ["event", "check", str(seed)])
    assert done.exit_code == 0, done.output
    assert "never meet: 13-14, 13-15, 13-16, 14-15, 14-16, 15-16" in done.output


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda t: t.replace('          - {number: 8, name: Hans Holm, member: "108"}\n', ""),
            "needs player(s) 8, which are not listed",
        ),
        (lambda t: t.replace("number: 8,", "number: 7,"), "player number 7 appears twice"),
        (
            lambda t: t.replace("individual-howell, players: 8", "individual-howell, players: 10"),
            "players, not 10 (a complete individual needs 4k or 4k + 1 players",
        ),
        (
            lambda t: t.replace("kind: pairs-matchpoints", "kind: cross-imps"),
            "an individual is scored in matchpoints",
        ),
    ],
)
def test_event_file_mistakes_are_named(tmp_path: Path, edit, message: str) -> None:  # noqa: ANN001
    with pytest.raises(EventFileError) as caught:
        load_event(_write(tmp_path, edit(_event_text())))
    assert message in str(caught.value)
    assert caught.value.line is not None


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("number: 3,", "number: three,"),
         "sessions[0].sections[0].players[2].number: player number 'three' is not a whole "
         "number (line 11)"),
        (lambda t: t.replace("        players:\n", "        pairs: []\n        players:\n"),
         "sessions[0].sections[0]: an individual section lists players, not pairs or teams "
         "(line 6)"),
        (lambda t: t.split("        players:\n")[0],
         "sessions[0].sections[0]: pairs missing (an individual section lists players instead) "
         "(line 6)"),
        (lambda t: t.replace('member: "105"', 'club: "105"'),
         "sessions[0].sections[0].players[4]: unknown setting 'club' (allowed: member, name, "
         "number) (line 13)"),
        (lambda t: t.replace("number: 8,", "number: 7,"),
         "sessions[0].sections[0].players[7].number: player number 7 appears twice (line 16)"),
        (lambda t: t.replace("kind: pairs-matchpoints", "kind: cross-imps"),
         "event.kind: an individual is scored in matchpoints (kind: pairs-matchpoints), not "
         "pairs-cross-imps (line 1)"),
    ],
)  # fmt: skip
def test_the_players_block_names_file_field_and_line(tmp_path: Path, edit, message: str) -> None:  # noqa: ANN001
    """The players block is read by ``IndividualPlayerEntry`` (event_schema.py): the line
    is counted in ``_event_text`` (player n on line 8 + n, the section on line 6)."""
    with pytest.raises(EventFileError) as caught:
        load_event(_write(tmp_path, edit(_event_text())))
    assert str(caught.value) == f"event.yaml: {message}"


def test_published_in_json_workbook_and_site(tmp_path: Path) -> None:
    import json

    import openpyxl

    from pipeline.publish import publish
    from pipeline.publish.results_json import results_to_dict
    from pipeline.publish.results_json_read import read_results_json, results_from_dict

    results = _scored(tmp_path)
    data = json.loads(json.dumps(results_to_dict(results)))
    assert results_from_dict(data).individual == results.individual  # every field read back
    first = data["individual"]["players"][0]
    assert (first["number"], first["name"], first["percent"], first["percent_exact"]) == (
        5, "Eva Ek", 83.33, "250/3")  # fmt: skip
    assert first["rounds"][0] == {
        "session": 1, "round": 1, "table": 2, "seat": "E", "partner": 6, "pair": 4,
        "points": 2, "points_exact": "2", "maximum": 2, "maximum_exact": "2",
    }  # fmt: skip
    out = tmp_path / "out"
    paths = publish(results, out)
    assert read_results_json(out / "results.json").individual == results.individual
    book = openpyxl.load_workbook(paths["workbook"])
    assert book.sheetnames[0] == "Ranking"
    rows = [r for r in book["Ranking"].iter_rows(values_only=True) if r and r[0] == "1-2"]
    # place, number, player, member, rounds 1-3, total, max, %
    assert rows == [("1-2", 5, "Eva Ek", "105", 2, 1, 2, 5, 6, 250 / 3),
                    ("1-2", 6, "Filip Fors", "106", 2, 1, 2, 5, 6, 250 / 3)]  # fmt: skip
    index = (out / "web" / "index.html").read_text("utf-8")
    assert "Individual ranking" in index and "Eva Ek" in index and "83.33" in index
    assert 'href="session-1.html"' in index and (out / "web" / "session-1.html").exists()


def test_personal_and_table_cards(tmp_path: Path) -> None:
    import pypdfium2
    from typer.testing import CliRunner

    from pipeline.cli import app

    path = _write(tmp_path, _event_text())
    done = CliRunner().invoke(app, ["event", "cards", str(path), "-o", str(tmp_path / "c.pdf")])
    assert done.exit_code == 0, done.output
    pdf = pypdfium2.PdfDocument(tmp_path / "c.pdf")
    texts = [" ".join(pdf[i].get_textpage().get_text_range().split()) for i in range(len(pdf))]
    assert len(texts) == 3  # 8 personal cards four to a page, 2 table cards two to a page
    # Eva Ek (5): round 1 table 2 East with 6 Filip Fors against 3 & 7 on board 1.
    assert "Player 5" in texts[1] and "Filip Fors" in texts[1] and "3 & 7" in texts[1]
    assert "Table 1" in texts[2] and "boards also at table 2" in texts[2]
    refused = CliRunner().invoke(app, ["event", "cards", str(path), "-o", str(tmp_path / "c.xlsx")])
    assert refused.exit_code == 2 and "printed as a PDF" in refused.output


def test_event_suggest_offers_individual_movements() -> None:
    from typer.testing import CliRunner

    from pipeline.cli import app

    # 13 players: 13 rounds, so 2 boards a round make 26 (the seed's usual 26-28).
    done = CliRunner().invoke(app, ["event", "suggest", "--players", "13", "--boards", "26-28"])
    assert done.exit_code == 0, done.output
    assert done.output.splitlines()[1] == (
        "  movement: {type: individual-howell, players: 13, boards_per_round: 2}"
    )
    # 16 players: the seed's reduced Howell, 12 rounds of 2 = its "24 brickor".
    done = CliRunner().invoke(app, ["event", "suggest", "--players", "16", "--boards", "24"])
    assert "{type: individual-reduced-howell, players: 16, boards_per_round: 2}" in done.output
    # 8 players and 24-26 boards: 7 rounds of 3 is 21, of 4 is 28: stopped after 6 rounds of 4
    done = CliRunner().invoke(app, ["event", "suggest", "--players", "8", "--boards", "24-26"])
    assert "{type: individual-howell, players: 8, boards_per_round: 4, rounds: 6}" in done.output
    done = CliRunner().invoke(app, ["event", "suggest", "--players", "10"])
    assert done.exit_code == 1 and "no individual movement for 10 players" in done.output
    assert "nearest: 9 (1 player fewer) or 12 (2 players more)" in done.output


def test_the_event_file_round_trips(tmp_path: Path) -> None:
    from pipeline.events.eventfile import parse_event
    from pipeline.events.eventfile_writer import dump_event

    event = load_event(_write(tmp_path, _event_text()))
    text = dump_event(event)
    assert "players:" in text and "pairs:" not in text
    assert parse_event(text) == event
