"""The facitbarometer evening of tests/pipeline/results/test_facit_event.py (worked by hand
there) through ``bridgescan run``: the event folder with its booklet and the typed
travellers, scored by the main job and published."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pipeline.cli import app
from tests.pipeline.results.test_facit_event import _folder


def test_a_facit_evening_through_run(tmp_path: Path) -> None:
    folder = _folder(tmp_path)
    out = tmp_path / "out"
    ran = CliRunner().invoke(app, ["run", str(folder), "--out", str(out)], catch_exceptions=False)
    assert ran.exit_code == 0, ran.output
    assert "Traceback" not in ran.output
    results = json.loads((out / "results.json").read_text("utf-8"))
    session = results["sessions"][0]
    assert session["movement"].endswith("facit booklet.csv")
    assert [(r["place"], r["pair"], r["total"]) for r in session["ranking"]] == [
        ("1-2", 1, 18), ("1-2", 6, 18), ("3", 3, 16), ("4", 4, 14), ("5", 2, 13), ("6", 5, 11)
    ]  # fmt: skip
    assert results["status"]["state"] == "official"
