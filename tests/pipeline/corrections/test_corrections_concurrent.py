"""Two scorers correcting the same event at the same moment, from two real processes.

Both processes are started, then released together (a start file), so both read version 1
and re-score at the same time. The store's compare-and-append lets one publish version 2;
the other finds the head moved, re-reads, re-applies its correction on version 2 (its line
is untouched) and publishes version 3. The same on SQLite and on PostgreSQL (a throw-away
cluster, tests/postgres.py). Nothing is lost, and no version is a mix: version 2
holds exactly one of the two corrections, version 3 both. When both name the version they
looked at (``--seen-version 1``, as the web console does) and change the same line, one
lands and the other is refused with exit 5, "the results changed since you looked".
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pipeline.cli import app
from pipeline.flows.score_files import score_files
from tests.pipeline.correction_event import PUBLISHED, iso, write_event
from tests.pipeline.record_cli import released_together

pytestmark = pytest.mark.slow  # corrections from processes started together


@pytest.fixture
def out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, store_url: str) -> Path:
    """The hand-worked event published (version 1) with its store on SQLite or PostgreSQL;
    ``BRIDGESCAN_STORE`` points the correcting processes at it."""
    event, files = write_event(tmp_path / "event")
    monkeypatch.setenv("BRIDGESCAN_NOW", iso(PUBLISHED))
    out = tmp_path / "out"
    score_files(event, files, out, "silver", store_url)
    (tmp_path / "store").write_text(store_url, encoding="utf-8")
    return out


def _race(out: Path, *commands: list[str]) -> list[subprocess.CompletedProcess[str]]:
    env = {"BRIDGESCAN_NOW": "2026-11-24T21:50:00+01:00", "PATH": "/usr/bin:/bin",
           "HOME": str(out.parent), "COLUMNS": "200",
           "XDG_CONFIG_HOME": os.environ["XDG_CONFIG_HOME"],  # the store's key
           "BRIDGESCAN_STORE": (out.parent / "store").read_text("utf-8")}  # fmt: skip
    return released_together(list(commands), env, out.parent / "start")


def _correct(out: Path, board: int, ns: int, ew: int, *change: str) -> list[str]:
    return ["correct", str(out), "--session", "2", "--board", str(board), "--ns", str(ns),
            "--ew", str(ew), *change, "--by", f"scorer {board}", "--role", "scorer",
            "--reason", f"board {board} was wrong"]  # fmt: skip


def _version(out: Path, number: int) -> dict:
    path = out / "versions" / f"v{number:04d}" / "results.json"
    return json.loads(path.read_text("utf-8"))


def _line(data: dict, board: int, ns: int) -> str:
    session = data["sessions"][1]
    line = next(r for b in session["boards"] if b["board"] == board for r in b["results"]
                if r["ns"] == ns)  # fmt: skip
    return f"{line['contract']} {line['declarer']} {line['result']} {line['score_ns']:+d}"


def test_two_corrections_at_once_both_land_in_order(out: Path) -> None:
    one, two = _race(
        out,
        _correct(out, 1, 4, 1, "--result", "+1", "--score", "450"),
        _correct(out, 3, 1, 2, "--result", "+1", "--score", "-140"),
    )
    assert (one.returncode, two.returncode) == (0, 0), one.stdout + two.stdout
    latest = json.loads((out / "results.json").read_text("utf-8"))
    assert latest["publication"]["version"] == 3
    assert _line(latest, 1, 4) == "4S N +1 +450" and _line(latest, 3, 1) == "2H E +1 -140"
    audit = latest["audit"]
    assert [(e["correction"], e["version"]) for e in audit] == [(1, 2), (2, 3)]
    # Version 2 is exactly the first correction: never a mix of the two.
    middle = _version(out, 2)
    first = audit[0]["board"]
    assert [e["board"] for e in middle["audit"]] == [first]
    expected = {1: ("4S N +1 +450", "2H E = -110"), 3: ("4S N = +420", "2H E +1 -140")}[first]
    assert (_line(middle, 1, 4), _line(middle, 3, 1)) == expected
    assert middle["changes"]["lines"][0]["board"] == first
    # The audit on either back end: both corrections, the chain and every version's files.
    env = {"BRIDGESCAN_STORE": (out.parent / "store").read_text("utf-8")}
    verified = CliRunner().invoke(app, ["audit", "verify", str(out)], env=env)
    assert verified.exit_code == 0, verified.output
    assert "3 version(s) and their files as published" in verified.output
    shown = CliRunner().invoke(app, ["audit", "show", str(out), "--json"], env=env)
    assert sorted(e["board"] for e in json.loads(shown.output)) == [1, 3]


def test_the_same_line_from_two_screens_lands_once_the_other_is_told(out: Path) -> None:
    seen = ["--seen-version", "1"]
    one, two = _race(
        out,
        _correct(out, 1, 4, 1, "--result", "+1", "--score", "450", *seen),
        _correct(out, 1, 4, 1, "--result", "+2", "--score", "480", *seen),
    )
    codes = sorted((one.returncode, two.returncode))
    assert codes == [0, 5], one.stdout + two.stdout
    refused = one if one.returncode == 5 else two
    assert "the results changed since you looked (version 2" in refused.stdout
    assert "nothing was changed" in refused.stdout
    latest = json.loads((out / "results.json").read_text("utf-8"))
    assert latest["publication"]["version"] == 2 and len(latest["audit"]) == 1
