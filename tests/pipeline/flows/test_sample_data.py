"""The bundled sample events: reproducible from their seed, and scored end to end.

The club evening is built to carry the irregularities of a real evening (sample_data/build.py):
a missing result (board 5), an artificial A60/40 (board 9), a split assigned score (board 12)
and a score written for the wrong side (board 17), which is the one finding that blocks
publishing. Session 2 (16 pairs, top 14) levels session 1 (13 pairs, top 10) by 1.4.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
import typer
from typer.testing import CliRunner

from pipeline.cli.score import register
from pipeline.flows.score_files import run_score
from sample_data.build import DEFAULT_SEED, IRREGULARITIES, build

SAMPLE = Path(__file__).resolve().parents[3] / "sample_data"
CLUB = SAMPLE / "club-evening"
TEAMS = SAMPLE / "teams-evening"


def _values(path: Path) -> dict[str, list[tuple[object, ...]]]:
    workbook = openpyxl.load_workbook(path)
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in workbook.worksheets}


def test_build_reproduces_the_committed_files(tmp_path: Path) -> None:
    written = build(tmp_path, DEFAULT_SEED)
    assert len(written) == 5
    texts = ("club-evening/event.yaml", "club-evening/session2.csv", "teams-evening/event.yaml")
    for name in texts:
        assert (tmp_path / name).read_bytes() == (SAMPLE / name).read_bytes(), name
    for name in ("club-evening/session1.xlsx", "teams-evening/teams.xlsx"):
        assert _values(tmp_path / name) == _values(SAMPLE / name), name


def test_another_seed_gives_another_evening(tmp_path: Path) -> None:
    build(tmp_path, DEFAULT_SEED + 1)
    assert (tmp_path / "club-evening/session2.csv").read_bytes() != (
        CLUB / "session2.csv"
    ).read_bytes()


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, dict]:
    out = tmp_path_factory.mktemp("club") / "out"
    app = typer.Typer()
    register(app)

    @app.callback()
    def _root() -> None:
        """bridgescan"""

    args = ["score", str(CLUB / "event.yaml"), str(CLUB / "session1.xlsx"),
            str(CLUB / "session2.csv"), "-o", str(out)]  # fmt: skip
    result = CliRunner().invoke(app, args)
    data = json.loads((out / "results.json").read_text(encoding="utf-8"))
    return result.exit_code, result.output, data


def test_club_evening_blocks_publishing_on_the_score_column_error(
    club: tuple[int, str, dict],
) -> None:
    code, output, data = club
    assert code == 1, output
    errors = [f for f in data["findings"] if f["severity"] == "error"]
    assert [(f["code"], f["session"]) for f in errors] == [("score-mismatch", "1")]
    assert f"board {IRREGULARITIES['score_error']}," in errors[0]["where"]
    assert "session1.xlsx" in errors[0]["where"] and "row" in errors[0]["where"]
    warnings = {(f["code"], f["where"].split(",")[0]) for f in data["findings"]}
    assert ("result-missing", f"board {IRREGULARITIES['missing']}") in warnings


def _board(data: dict, session: int, board: int) -> dict:
    return next(b for b in data["sessions"][session - 1]["boards"] if b["board"] == board)


def test_club_evening_irregular_boards_are_marked(club: tuple[int, str, dict]) -> None:
    _, _, data = club
    missing = _board(data, 1, IRREGULARITIES["missing"])
    assert (missing["normal"], missing["played"], missing["neuberg"]) == (6, 5, True)
    artificial = _board(data, 1, IRREGULARITIES["artificial"])
    line = next(r for r in artificial["results"] if r["adjustment"] == "A60/A40")
    # 60% and 40% of the top of 10 (plain percentages; Law 88 may raise the 60% side).
    assert line["ew_mp"] == 4 and line["ns_mp"] >= 6
    assert artificial["neuberg"]  # the other five results are factored to N = 6
    split = _board(data, 1, IRREGULARITIES["split"])
    assert [r["split"] for r in split["results"]].count(True) == 1
    weighted = _board(data, 2, IRREGULARITIES["weighted"])
    assert any(r["adjustment"] == "50% +420 50% +170" for r in weighted["results"])


def test_club_evening_levels_and_awards(club: tuple[int, str, dict]) -> None:
    _, _, data = club
    s1, s2 = data["sessions"]
    assert (s1["pairs"], s1["top"], s1["leveling_factor"]) == (13, 10, 1.4)
    assert (s2["pairs"], s2["top"], s2["leveling_factor"]) == (16, 14, 1)
    assert len(s1["boards"]) == 26 and len(s2["boards"]) == 30
    by_pair = {r["pair"]: r for r in s1["ranking"]}
    for entry in data["overall"]:
        if entry["pair"] in by_pair:
            first = next(s for s in entry["sessions"] if s["session"] == 1)
            assert first["factor"] == 1.4
            assert Fraction(str(first["leveled"])) == pytest.approx(
                Fraction(by_pair[entry["pair"]]["total_exact"]) * Fraction(7, 5), abs=1e-4
            )
    # Bronze points per evening: a quarter of 13 pairs, rounded up = 4 pairs; of 16 = 4.
    awarded = {(a["competition"], a["pair"]) for a in data["masterpoints"]}
    assert len([c for c, _ in awarded if c.startswith("Monday")]) == 4
    assert len([c for c, _ in awarded if c.startswith("Thursday")]) == 4
    assert len(data["masterpoints"]) == 16  # two players each


def test_team_evening_sample(tmp_path: Path) -> None:
    results, paths = run_score(TEAMS / "event.yaml", [str(TEAMS / "teams.xlsx")], tmp_path)
    assert results.teams is not None
    assert len(results.teams.matches) == 6  # 4 teams, round robin
    for match in results.teams.matches:
        assert match.vp_first + match.vp_second == 20
        assert len(match.boards) == 6
    assert sum(t.vp for t in results.teams.standings) == 20 * 6
    assert not results.blocking_findings
    assert paths["workbook"].is_file()
