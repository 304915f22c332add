"""A handicap event from the event file (seed 004 "d) Handicaptävling"), scored by hand.

A 4-pair Howell, 3 rounds of 1 board (round r plays board r): round 1 4-1 and 2-3, round 2
4-2 and 3-1, round 3 4-3 and 1-2 (NS first); all 2S by North. Board 1: 4-1 +140, 2-3 +110:
4 and 3 get 2, 1 and 2 get 0; board 2: 110 and 110: 1 each; board 3: 4-3 110, 1-2 170: 1
and 3 get 2. Scratch: pair 1 3, pair 2 1, pair 3 5, pair 4 3, each of 6.
Handicaps: Anna Ahl (member 101) 8%, Cia and Dan (pair 2) beginners 12% each: pair 1 8%,
pair 2 24%, pairs 3 and 4 0%.
Of the points missed (the seed's way): pair 1 3 + 8% x 3 = 3.24; pair 2 1 + 24% x 5 = 2.2.
Ranking: 1 pair 3 (5), 2 pair 1 (3.24), 3 pair 4 (3), 4 pair 2 (2.2).
Of the top: pair 1 3 + 8% x 6 = 3.48, pair 2 1 + 24% x 6 = 2.44 (same order).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from pipeline.doors.session_input import read_session
from pipeline.events.eventfile import EventFileError, load_event
from pipeline.results.event import score_event

HANDICAP = """handicap:
  method: {method}
  players:
    - {{member: "101", percent: 8}}
    - {{name: Cia Carlsson, percent: 12}}
    - {{name: dan dahl, percent: 12}}
"""
PAIRS = ('[{name: Anna Ahl, member: "101"}, Bo Berg]', "[Cia Carlsson, Dan Dahl]",
         "[Eva Ek, Filip Fors]", "[Gun Gran, Hans Holm]")  # fmt: skip
LINES = ((1, 1, 4, 1, 140), (1, 2, 2, 3, 110), (2, 1, 4, 2, 110), (2, 2, 3, 1, 110),
         (3, 1, 4, 3, 110), (3, 2, 1, 2, 170))  # fmt: skip
RESULT = {110: "=", 140: "+1", 170: "+2"}


def _scored(tmp_path: Path, head: str):
    text = (
        "event: {name: Handicap evening, kind: pairs-matchpoints}\n"
        + head
        + (
            "sessions:\n  - number: 1\n    date: 2026-11-30\n    sections:\n      - name: A\n"
            "        movement: {type: howell, pairs: 4, boards_per_round: 1}\n        pairs:\n"
        )
    )
    for number, players in enumerate(PAIRS, start=1):
        text += f"          - {{number: {number}, players: {players}}}\n"
    path = tmp_path / "event.yaml"
    path.write_text(text, encoding="utf-8")
    event = load_event(path)
    rows = ["Board,Round,Table,NS,EW,Contract,Declarer,Result,NS score,EW score"]
    rows += [f"{r},{r},{t},{ns},{ew},2S,N,{RESULT[s]},{s}," for r, t, ns, ew, s in LINES]
    typed = tmp_path / "s1.csv"
    typed.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return score_event(event, [read_session(event, 1, [typed])])


@pytest.mark.parametrize(
    ("method", "first", "second"),
    [("of-missed", Fraction(81, 25), Fraction(11, 5)), ("of-top", Fraction(87, 25),
                                                        Fraction(61, 25))],
)  # fmt: skip
def test_the_handicap_ranking_worked_by_hand(
    tmp_path: Path, method: str, first: Fraction, second: Fraction
) -> None:
    results = _scored(tmp_path, HANDICAP.format(method=method))
    assert results.handicap is not None and results.handicap.method == method
    ranking = [
        (r.place, r.pair, r.handicap, r.total) for r in results.handicap.sessions[0].standings
    ]
    assert ranking == [("1", 3, 0, 5), ("2", 1, 8, first), ("3", 4, 0, 3), ("4", 2, 24, second)]
    # the scratch ranking is unchanged: 3 first, 1 and 4 shared, 2 last
    assert [(s.place, s.pair) for s in results.sessions[0].standings] == [
        ("1", 3), ("2-3", 1), ("2-3", 4), ("4", 2)
    ]  # fmt: skip


def test_published_in_json_workbook_and_site(tmp_path: Path) -> None:
    import json

    import openpyxl

    from pipeline.publish import publish
    from pipeline.publish.results_json import results_to_dict
    from pipeline.publish.results_json_read import results_from_dict

    results = _scored(tmp_path, HANDICAP.format(method="of-missed"))
    data = json.loads(json.dumps(results_to_dict(results)))
    assert results_from_dict(data).handicap == results.handicap
    assert data["handicap"]["sessions"][0]["ranking"][1]["total"] == 3.24
    paths = publish(results, tmp_path / "out")
    rows = [r for r in openpyxl.load_workbook(paths["workbook"])["Handicap"].iter_rows(
        values_only=True) if r and r[0] == 1]  # fmt: skip
    assert rows[1] == (1, "2", 1, "Anna Ahl - Bo Berg", 3, 6, 8, 0.24, 3.24, 54)
    page = (tmp_path / "out" / "web" / "handicap.html").read_text("utf-8")
    assert "Anna Ahl - Bo Berg" in page and "3.24" in page
    assert 'href="handicap.html"' in (tmp_path / "out" / "web" / "index.html").read_text("utf-8")


@pytest.mark.parametrize(
    ("head", "message"),
    [
        (HANDICAP.format(method="of-average"), "method 'of-average' is not of-missed or of-top"),
        (HANDICAP.format(method="of-top").replace("percent: 8", "percent: 15"),
         "a player's handicap of 15% is outside 0-12%"),
        (HANDICAP.format(method="of-top").replace("percent: 8", "percent: lots"),
         "percent 'lots' is not a number"),
    ],
)  # fmt: skip
def test_a_bad_handicap_block_is_named(tmp_path: Path, head: str, message: str) -> None:
    with pytest.raises(EventFileError) as caught:
        _scored(tmp_path, head)
    assert message in str(caught.value) and caught.value.line is not None


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda h: h.replace("of-top", "of-average"),
         "handicap.method: method 'of-average' is not of-missed or of-top (line 3)"),
        (lambda h: h.replace("percent: 8", "percent: 15"),
         "handicap.players[0].percent: member 101: a player's handicap of 15% is outside "
         "0-12% (line 5)"),
        (lambda h: h.replace('member: "101", ', ""),
         "handicap.players[0]: give the player's member or name (line 5)"),
        (lambda h: h.replace("percent: 8", "pct: 8"),
         "handicap.players[0]: unknown setting 'pct' (allowed: member, name, percent); did you "
         "mean 'percent'? (line 5)"),
        (lambda h: h.replace("dan dahl", "cia carlsson"),
         "handicap.players[2]: this player is listed twice (line 7)"),
        (lambda h: h.replace('member: "101"', 'member: "1 1"'),
         "handicap.players[0].member: member number '1 1' of the player is not valid (letters "
         "and digits, up to 20 characters) (line 5)"),
        (lambda h: "handicap: {method: of-top}\n", "handicap: players missing (line 2)"),
    ],
)  # fmt: skip
def test_the_handicap_block_names_file_field_and_line(tmp_path: Path, edit, message: str) -> None:  # noqa: ANN001
    """The block is read by ``HandicapEntry`` (event_schema.py); lines counted in HANDICAP
    under the event line: handicap 2, method 3, the players 5-7."""
    with pytest.raises(EventFileError) as caught:
        _scored(tmp_path, edit(HANDICAP.format(method="of-top")))
    assert str(caught.value) == f"event.yaml: {message}"


def test_the_handicap_block_round_trips(tmp_path: Path) -> None:
    from pipeline.events.eventfile import parse_event
    from pipeline.events.eventfile_writer import dump_event

    results_dir = tmp_path / "e"
    results_dir.mkdir()
    _scored(results_dir, HANDICAP.format(method="of-top"))
    event = load_event(results_dir / "event.yaml")
    assert event.handicap is not None and event.handicap.method.value == "of-top"
    assert parse_event(dump_event(event)) == event
