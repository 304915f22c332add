"""A scanned individual evening (seed 004 "Individuellt") through ``bridgescan run``.

Eight players, the individual Howell for 8 (7 rounds of 1 board, both tables on the round's
board): ``forms print`` puts the four player numbers on each row (N-S and E-W), the
synthetic generator fills and scans the 7 travellers, and the main job reads them with the
event file (the row's partnerships come from the movement), scores every board on the
partnerships and ranks the players. Every board has its 2 results (read, or waiting for
review: the generator writes some numbers changed, a player error a person must see).
"""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli import app

runner = CliRunner()


def _invoke(*args: str):  # noqa: ANN202
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def test_a_scanned_individual_evening(tmp_path: Path) -> None:
    folder = tmp_path / "individual"
    folder.mkdir()
    players = "".join(f"          - {{number: {n}, name: Player {n}}}\n" for n in range(1, 9))
    event = folder / "event.yaml"
    event.write_text(
        "event: {name: Individual, kind: pairs-matchpoints}\nsessions:\n  - number: 1\n"
        "    date: 2026-11-30\n    sections:\n      - name: A\n"
        "        movement: {type: individual-howell, players: 8, boards_per_round: 1}\n"
        f"        players:\n{players}",
        encoding="utf-8",
    )
    (folder / "inputs.yaml").write_text("sessions:\n  1:\n    scans: [scans]\n", encoding="utf-8")
    made = _invoke("forms", "synth", str(tmp_path / "synth"), "--event", str(event), "--seed", "5")
    assert made.exit_code == 0, made.output
    pages = sorted(p for p in (tmp_path / "synth").iterdir() if p.suffix in (".jpg", ".png"))
    assert len(pages) == 7
    # The printed form: round 1 of board 1 is N 8 S 1 against E 2 W 4 (player numbers).
    truth = json.loads(pages[0].with_suffix(".json").read_text("utf-8"))
    assert (truth["rows"][0]["printed_ns"], truth["rows"][0]["printed_ew"]) == (1, 2)
    printed = _invoke("forms", "print", str(event), "-o", str(tmp_path / "t.pdf"))
    assert printed.exit_code == 0, printed.output
    (folder / "scans").mkdir()
    for page in pages:
        shutil.copy(page, folder / "scans" / page.name)
    ran = _invoke("run", str(folder), "--out", str(tmp_path / "out"))
    assert ran.exit_code in (0, 1), ran.output  # 1: readings wait for review
    results = json.loads((tmp_path / "out" / "results.json").read_text("utf-8"))
    boards = results["sessions"][0]["boards"]
    assert [(b["normal"], len(b["results"])) for b in boards] == [(2, 2)] * 7
    ranking = results["individual"]["players"]
    assert sorted(p["number"] for p in ranking) == list(range(1, 9))
    # A board's 2 results share its top of 2 on each side: 2 + 2 matchpoints, each credited
    # to two players, so 8 a board over the players.
    assert sum(Fraction(p["total_exact"]) for p in ranking) == 8 * len(boards)
    assert all(p["maximum"] == 14 for p in ranking)  # 7 boards of top 2, nobody sits out
