"""Scanned evenings of seed 004's reduced Howell and barometer through ``bridgescan run``.

The travellers are printed for the event, filled and scanned by the synthetic generator
(``forms synth --event``), and read, validated and scored by the main job, as a club does.

- Reduced Howell, 11 pairs, 9 rounds of 1 board (6 tables, 3 stationary pairs 10-12; pair 12
  is the missing highest number, so table 1 is idle): 9 travellers of 5 lines each; every
  pair is ranked, and every board has its 5 results (read, or waiting for review: the
  generator writes some pair numbers changed, a player error a person must see).
- Barometer (endless Howell, 6 pairs, 5 rounds of 1 board): round 1's slip scanned twice
  leaves nothing to score (every reading waits): the queue is written, nothing published,
  exit 1. The slips of rounds 1-2 give
  standings "after round 2 of 5", PROVISIONAL; with every round's slips in, the next run
  publishes the whole evening and no round is pending.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli import app

runner = CliRunner()


def _event(folder: Path, name: str, movement: str, pairs: int) -> Path:
    folder.mkdir(parents=True)
    players = "".join(
        f"          - number: {n}\n            players: [{{name: Player {n}a}}, "
        f"{{name: Player {n}b}}]\n"
        for n in range(1, pairs + 1)
    )
    (folder / "event.yaml").write_text(
        f"event: {{name: {name}, kind: pairs-matchpoints}}\nsessions:\n  - number: 1\n"
        f"    date: 2026-11-24\n    sections:\n      - name: A\n        movement: {movement}\n"
        f"        pairs:\n{players}",
        encoding="utf-8",
    )
    (folder / "inputs.yaml").write_text("sessions:\n  1:\n    scans: [scans]\n", encoding="utf-8")
    return folder / "event.yaml"


def _invoke(*args: str):  # noqa: ANN202
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert "Traceback" not in result.output
    return result


def _played(event_file: Path, into: Path, seed: int) -> list[Path]:
    """The event's travellers filled and scanned: one page a board, in board order."""
    made = _invoke("forms", "synth", str(into), "--event", str(event_file), "--seed", str(seed))
    assert made.exit_code == 0, made.output
    return sorted(p for p in into.iterdir() if p.suffix in (".jpg", ".png"))


def _scanned(pages: list[Path], folder: Path) -> None:
    (folder / "scans").mkdir(exist_ok=True)
    for page in pages:
        shutil.copy(page, folder / "scans" / page.name)


def test_a_scanned_reduced_howell(tmp_path: Path) -> None:
    folder = tmp_path / "reduced"
    movement = "{type: reduced-howell, pairs: 11, boards_per_round: 1, rounds: 9}"
    event = _event(folder, "Reduced Howell", movement, 11)
    pages = _played(event, tmp_path / "synth", seed=3)
    assert len(pages) == 9
    _scanned(pages, folder)
    ran = _invoke("run", str(folder), "--out", str(tmp_path / "out"))
    assert ran.exit_code in (0, 1), ran.output  # 1: readings wait for review
    results = json.loads((tmp_path / "out" / "results.json").read_text("utf-8"))
    session = results["sessions"][0]
    assert session["movement"] == "Reduced Howell 11 pairs, 9 x 1 boards"
    assert sorted(s["pair"] for s in session["ranking"]) == list(range(1, 12))
    assert [(b["normal"], len(b["results"])) for b in session["boards"]] == [(5, 5)] * 9


def test_a_scanned_barometer_round_by_round(tmp_path: Path) -> None:
    folder = tmp_path / "barometer"
    event = _event(folder, "Barometer", "{type: endless-howell, pairs: 6, boards_per_round: 1}", 6)
    pages = _played(event, tmp_path / "synth", seed=4)
    assert len(pages) == 5
    out = tmp_path / "out"
    # Round 1's slip scanned twice: every reading waits (which copy counts?), nothing can be
    # scored. The queue is written, nothing is published, and the exit says "a person".
    _scanned(pages[:1], folder)
    shutil.copy(pages[0], folder / "scans" / f"again-{pages[0].name}")
    waiting = _invoke("run", str(folder), "--out", str(out))
    assert waiting.exit_code == 1, waiting.output
    assert "no result can be scored yet" in waiting.output
    assert (out / "review" / "review.json").is_file() and not (out / "results.json").exists()
    # The console's run says the same as done, waiting for a person, not as a fault.
    from pipeline.web.runs import Runner

    runner = Runner()
    runner.start("barometer", folder, tmp_path / "console-out")
    said = runner.wait("barometer")
    assert said is not None and (said.state, said.provisional) == ("done", True)
    assert "no result can be scored yet" in said.lines[0]
    (folder / "scans" / f"again-{pages[0].name}").unlink()
    _scanned(pages[:2], folder)  # the slips of rounds 1 and 2 (boards 1 and 2)
    first = _invoke("run", str(folder), "--out", str(out))
    assert first.exit_code == 1, first.output
    assert "standings after round 2 of 5: rounds 3-5 not played yet" in first.output
    results = json.loads((out / "results.json").read_text("utf-8"))
    assert results["status"]["state"] == "provisional"
    assert [b["board"] for b in results["sessions"][0]["boards"]] == [1, 2]
    pages_text = (out / "web" / "index.html").read_text("utf-8")
    assert "after round 2 of 5" in pages_text
    _scanned(pages[2:], folder)  # rounds 3-5 come in
    second = _invoke("run", str(folder), "--out", str(out))
    assert second.exit_code in (0, 1), second.output
    results = json.loads((out / "results.json").read_text("utf-8"))
    assert [b["board"] for b in results["sessions"][0]["boards"]] == [1, 2, 3, 4, 5]
    assert not [f for f in results["findings"] if f["code"] == "rounds-not-played"]
    assert not any("after round" in r for r in results["status"]["reasons"])
