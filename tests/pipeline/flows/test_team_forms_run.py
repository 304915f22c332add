"""Seed 004's team forms through the scanner door: a team barometer ("Lagbarometer": a double
endless Howell, one group's directions switched) and a team Mitchell for an odd number of
teams ("Lagmitchell"), their travellers printed for the event, filled and scanned by the
synthetic generator (``forms synth --event``) and read, validated and scored by ``bridgescan
run`` as a club does. A handful of pages each (1 board a round).

- Team barometer, 4 teams (pairs 2k-1 and 2k): 3 rounds, every table on the round's board,
  4 lines a slip (two matches of two tables): 3 slips, 12 lines.
- Team Mitchell, 5 teams: table t keeps board t, 4 rounds, each board played at its table
  by 4 lines (two matches, the second half in the mirror round): 5 slips, 20 lines.

Every line is read or waits for review (the generator writes some pair numbers changed, a
player error a person must see); every team is ranked, and each match is two tables of the
same teams in opposite seats (the published matches name the teams that played).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.pipeline.flows.test_seed_forms_run import _event as pairs_event
from tests.pipeline.flows.test_seed_forms_run import _invoke


def _event(folder: Path, movement: str, teams: int) -> Path:
    """A teams event: the pairs event of test_seed_forms_run with team k = pairs 2k-1, 2k."""
    path = pairs_event(folder, "Team evening", movement, 2 * teams)
    listed = "".join(
        f"          - {{number: {k}, name: Team {k}, pairs: [{2 * k - 1}, {2 * k}]}}\n"
        for k in range(1, teams + 1)
    )
    text = path.read_text("utf-8").replace("kind: pairs-matchpoints", "kind: teams")
    path.write_text(text + "        teams:\n" + listed, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("movement", "teams", "slips", "lines"),
    [
        ("{type: team-barometer, teams: 4, boards_per_round: 1}", 4, 3, 12),
        ("{type: team-mitchell, teams: 5, boards_per_round: 1}", 5, 5, 20),
    ],
)
def test_a_scanned_team_evening(
    tmp_path: Path, movement: str, teams: int, slips: int, lines: int
) -> None:
    folder = tmp_path / "event"
    event = _event(folder, movement, teams)
    made = _invoke("forms", "synth", str(tmp_path / "synth"), "--event", str(event), "--seed", "3")
    assert made.exit_code == 0, made.output
    pages = sorted(p for p in (tmp_path / "synth").iterdir() if p.suffix in (".jpg", ".png"))
    truth = [json.loads(p.with_suffix(".json").read_text("utf-8")) for p in pages]
    assert (len(pages), sum(len(t["printed"]) for t in truth)) == (slips, lines)
    (folder / "scans").mkdir()
    for page in pages:
        shutil.copy(page, folder / "scans" / page.name)
    out = tmp_path / "out"
    ran = _invoke("run", str(folder), "--out", str(out))
    assert ran.exit_code in (0, 1), ran.output  # 1: readings wait for review
    results = json.loads((out / "results.json").read_text("utf-8"))
    assert sorted(r["team"] for r in results["teams"]["ranking"]) == list(range(1, teams + 1))
    # Every two teams meet once, each match two tables on its boards: every printed line
    # is in a match, read or waiting for review.
    matches = results["teams"]["matches"]
    met = [frozenset((m["home"], m["away"])) for m in matches]
    assert len(met) == len(set(met)) == teams * (teams - 1) // 2
    assert 2 * sum(len(m["boards"]) for m in matches) == lines
