"""The results JSON: its shape, its numbers, and that it says the same as the workbook."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pipeline.publish.results_json import (
    FORMAT,
    number,
    results_to_dict,
    results_to_json,
    write_results_json,
)
from pipeline.publish.results_json_read import read_results_json, results_from_dict
from pipeline.publish.workbook import (
    Award,
    LeveledSession,
    LeveledStanding,
    MatchView,
    PlayerView,
    TeamBoard,
    TeamStanding,
    TeamsView,
)
from tests.pipeline.publish.test_workbook import _results

F = Fraction


@pytest.mark.parametrize(
    ("value", "places", "expected"),
    [
        (F(4), 4, 4),
        (F(7, 2), 4, 3.5),
        (F(1, 3), 4, 0.3333),
        (F(2, 3), 4, 0.6667),
        (F(35, 48) * 100, 2, 72.92),
        (F(-1, 8), 2, -0.13),  # half away from zero, like the printed figures
        (None, 2, None),
    ],
)
def test_number(value: F | None, places: int, expected: float | int | None) -> None:
    got = number(value, places)
    assert got == expected and type(got) is type(expected)


@given(st.fractions(min_value=-10_000, max_value=10_000, max_denominator=1000))
def test_number_is_within_half_a_unit(value: F) -> None:
    got = number(value, 4)
    assert abs(F(str(got)) - value) <= F(1, 20_000)


def test_shape_of_a_pairs_event() -> None:
    awards = (Award("1", 1, PlayerView("Anna Berg", "101"), F(26)),)
    data = results_to_dict(_results(awards=awards))
    assert data["format"] == FORMAT == "bridgescan-results/1"
    assert data["status"] == {"state": "official", "reasons": [], "waiting": []}
    assert data["event"] == {
        "title": "Tuesday pairs", "date": "2026-11-17", "club": "BK Test", "kind": "pairs",
        "scale": "2-1-0", "target_top": None,
        "matchpoint_presentation": "points",
    }  # fmt: skip
    (session,) = data["sessions"]
    assert (session["top"], session["leveling_factor"], session["pairs"]) == (4, 1, 6)
    board = session["boards"][0]
    assert [(r["ns"], r["ew"], r["ns_mp"], r["ew_mp"]) for r in board["results"]] == [
        (1, 2, 3.5, 0.5), (3, 4, 0.5, 3.5), (5, 6, None, None),
    ]  # fmt: skip
    assert [(r["place"], r["pair"], r["total"], r["percent"]) for r in session["ranking"][:4]] == [
        ("1", 1, 4, 100), ("2", 4, 3, 75), ("3-4", 2, 2, 50), ("3-4", 3, 2, 50),
    ]  # fmt: skip
    assert data["masterpoints"] == [
        {"member": "101", "name": "Anna Berg", "pair": 1, "place": "1", "kind": "bronze",
         "competition": "", "date": None, "points": 26},
    ]  # fmt: skip
    assert data["overall"] == [] and data["teams"] is None


def test_leveled_totals_carry_the_factor_exactly() -> None:
    leveled = (
        LeveledStanding(
            "1", 3, (PlayerView("A"), PlayerView("B")),
            (LeveledSession(1, F(151, 10), F(7, 5), F(10570, 500), F(252)),
             LeveledSession(2, F(201), F(1), F(201), F(336))),
            F(211.4) + 201, F(588), F(100),
        ),
    )  # fmt: skip
    data = results_to_dict(_results(leveled=leveled, target_top=F(14)))
    (entry,) = data["overall"]
    assert [s["factor"] for s in entry["sessions"]] == [1.4, 1]
    assert entry["sessions"][0]["leveled"] == 21.14
    assert data["event"]["target_top"] == 14


def test_team_event() -> None:
    match = MatchView(1, 1, 2, (TeamBoard(1, 420, 170, F(6)),), F(25), F(15), F("13.78"),
                      F("6.22"))  # fmt: skip
    teams = TeamsView(
        (match,),
        (TeamStanding("1", 1, "Vikings", (), F("13.78"), F(25), F(15)),
         TeamStanding("2", 2, "Ravens", (), F("6.22"), F(15), F(25))),
    )  # fmt: skip
    data = results_to_dict(_results(teams=teams, kind="teams", scale="IMP"))
    assert data["teams"]["matches"][0]["vp"] == [13.78, 6.22]
    assert data["teams"]["matches"][0]["boards"][0]["imps_home"] == 6
    assert [(t["name"], t["vp"], t["quotient"]) for t in data["teams"]["ranking"]] == [
        ("Vikings", 13.78, 1.6667),
        ("Ravens", 6.22, 0.6),
    ]


def test_written_atomically_as_utf8(tmp_path: Path) -> None:
    path = write_results_json(_results(("Åke Öberg", "=cmd")), tmp_path / "r.json")
    text = path.read_text(encoding="utf-8")
    assert "Åke Öberg" in text and "=cmd" in text
    assert json.loads(text)["sessions"][0]["ranking"][0]["players"][0]["name"] == "Åke Öberg"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


@pytest.mark.parametrize(
    "results",
    [
        _results(
            awards=(Award("1", 1, PlayerView("Anna Berg", "101"), F(26)),),
            notes=("pair 9 played one session",),
        ),  # fmt: skip
        _results(
            leveled=(
                LeveledStanding(
                    "1",
                    3,
                    (PlayerView("A"), PlayerView("B")),
                    (LeveledSession(1, F(151, 10), F(7, 5), F(10570, 500), F(252)),),
                    F(10570, 500),
                    F(252),
                    F(2114, 25),
                ),
            ),
            target_top=F(14),
        ),  # fmt: skip
        _results(
            teams=TeamsView(
                (
                    MatchView(
                        1,
                        1,
                        2,
                        (TeamBoard(1, 420, None, F(6), "not played"),),
                        F(25),
                        F(15),
                        F("13.78"),
                        F("6.22"),
                    ),
                ),
                (
                    TeamStanding(
                        "1", 1, "Vikings", (PlayerView("Ann", "7"),), F("13.78"), F(25), F(15)
                    ),
                ),
            ),
            kind="teams",
            scale="IMP",
        ),  # fmt: skip
    ],
    ids=["one-session", "leveled", "teams"],
)
def test_read_back_gives_the_same_document(results: object) -> None:
    """The reader is the writer's inverse on everything the JSON holds (bridgescan web)."""
    data = json.loads(json.dumps(results_to_dict(results)))  # type: ignore[arg-type]
    again = results_from_dict(data)
    assert results_to_dict(again) == data
    assert again.notes == results.notes  # type: ignore[attr-defined]


def test_read_back_keeps_totals_exact(tmp_path: Path) -> None:
    standing = _results().sessions[0].standings[0]
    exact = _results(
        sessions=(
            replace(_results().sessions[0], factor=F(7, 5),
                    standings=(replace(standing, points=F(1, 3)),)),
        )
    )  # fmt: skip
    again = read_results_json(write_results_json(exact, tmp_path / "results.json"))
    session = again.sessions[0]
    assert session.factor == F(7, 5) and session.standings[0].points == F(1, 3)
    assert session.boards[0].lines[0].ns_mp == F(7, 2)


def test_read_back_with_the_publication_changes_and_audit() -> None:
    from tests.pipeline.web.test_site import DEADLINE, _published

    data = json.loads(json.dumps(results_to_dict(_published(late=True))))
    again = results_from_dict(data)
    assert results_to_dict(again) == data
    assert again.publication is not None and again.publication.late
    (period,) = again.publication.sessions
    assert (period.name, period.deadline, period.rule) == (
        "Tuesday", DEADLINE, "30 minutes after publication",
    )  # fmt: skip
    assert again.audit[0].override == "Law 79C2 override: director Eva, organizer Olle"
    assert again.changes is not None and again.changes.lines[0].after == "4-2 1NT S -1 -50"


def _written_by_json(results: object) -> str:
    return json.dumps(results_to_dict(results), ensure_ascii=False, indent=1) + "\n"  # type: ignore[arg-type]


def test_the_text_is_the_one_json_writes_with_one_space_a_level() -> None:
    results = _results(('Åke "Öberg"\t', "=cmd\n\x01"), notes=("a\\b", "é€😀\u2028"))
    text = results_to_json(results)
    assert text == _written_by_json(results)
    assert text.startswith('{\n "format": "bridgescan-results/1",\n "status": {\n  "state"')
    assert '"Åke \\"Öberg\\"\\t' in text and "=cmd\\n\\u0001" in text


def test_a_name_that_only_looks_like_a_small_number_is_written_as_json_writes_it() -> None:
    results = _results(("Anne-Marie 0.00001", "x"))
    assert results_to_json(results) == _written_by_json(results)


def test_a_number_under_a_ten_thousandth_is_written_as_json_writes_it() -> None:
    # a leveling factor of 1/100,000 (six places): json writes 1e-05, pydantic 0.00001
    leveled = (
        LeveledStanding(
            "1", 3, (PlayerView("A"), PlayerView("B")),
            (LeveledSession(1, F(151, 10), F(1, 100_000), F(151, 1_000_000), F(252)),),
            F(151, 1_000_000), F(252), F(1, 10),
        ),
    )  # fmt: skip
    results = _results(leveled=leveled, target_top=F(14))
    text = results_to_json(results)
    assert '"factor": 1e-05' in text and text == _written_by_json(results)
