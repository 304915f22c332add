"""Failure that is honest: bad files inside `bridgescan run` (the real command, in the test's
process; where Prefect's own temporary API is the point, on an API of its own).

The sample evening, session 1 given as a corrupt PDF (text with a .pdf name), a truncated
PDF (the first 300 KB of the sample's 9.9 MB scan: no cross-reference table, no pages),
the director's typed CSV and a foreign file named .xlsx; session 2 typed as in the sample.
Each bad file gets a message naming it (and the page), the rest of the evening is scored
and published PROVISIONAL (exit 1, never a traceback); an inputs.yaml path outside the
event folder is refused before anything runs (exit 2, nothing written).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.pipeline.flows.commands import Invoke

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "sample_data" / "club-evening"


def _event(tmp_path: Path, session1: str) -> Path:
    folder = tmp_path / "evening"
    (folder / "scans").mkdir(parents=True)
    shutil.copy(SAMPLE / "event.yaml", folder)
    shutil.copy(SAMPLE / "session2.csv", folder)
    shutil.copy(SAMPLE / "scans" / "session1-director.csv", folder / "scans")
    (folder / "inputs.yaml").write_text(
        f"sessions:\n  1:\n{session1}\n  2:\n    entries: [session2.csv]\n", encoding="utf-8"
    )
    return folder


def test_corrupt_truncated_and_foreign_files_are_named_and_the_evening_goes_on(
    tmp_path: Path, bridgescan: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _event(
        tmp_path,
        "    scans: [scans/corrupt.pdf, scans/truncated.pdf]\n"
        "    entries: [scans/session1-director.csv, scans/foreign.xlsx]",
    )
    (folder / "scans" / "corrupt.pdf").write_text("not a PDF at all\n")
    with open(SAMPLE / "scans" / "session1.pdf", "rb") as whole:
        (folder / "scans" / "truncated.pdf").write_bytes(whole.read(300_000))
    (folder / "scans" / "foreign.xlsx").write_text("hello, I am a text file\n")
    out = tmp_path / "out"
    monkeypatch.setenv("COLUMNS", "200")  # each message on one line

    done = bridgescan("run", folder, "-o", out)

    said = done.stdout + done.stderr
    assert done.exit_code == 1, said[-3000:]  # published, provisional: never 70, never 0
    assert "Traceback" not in said
    assert "session 1: not read: corrupt.pdf, page 1: unreadable" in done.stdout
    assert "session 1: not read: truncated.pdf, page 1: unreadable" in done.stdout
    assert "file-unreadable" in done.stdout and "foreign.xlsx" in done.stdout
    assert "PROVISIONAL" in done.stdout
    results = json.loads((out / "results.json").read_text())
    assert results["status"]["state"] == "provisional"
    assert results["status"]["waiting"] == ["corrupt.pdf#p1", "truncated.pdf#p1"]
    unreadable = [f for f in results["findings"] if f["code"] == "file-unreadable"]
    assert len(unreadable) == 1 and "foreign.xlsx" in unreadable[0]["where"]
    assert "not a readable .xlsx workbook" in unreadable[0]["message"]
    # The rest of the evening: session 2 (typed) is scored and ranked as in the sample.
    second = results["sessions"][1]
    assert second["number"] == 2 and len(second["ranking"]) == 16
    assert (out / "results.xlsx").is_file() and not (out / "masterpoints.csv").exists()
    queue = json.loads((out / "review" / "review.json").read_text())
    assert [(i["id"], i["reasons"][0]) for i in queue["items"]] == [
        ("corrupt.pdf#p1", "unreadable"), ("truncated.pdf#p1", "unreadable")]  # fmt: skip


def test_a_path_outside_the_event_folder_is_refused_before_anything_runs(
    tmp_path: Path, bridgescan: Invoke
) -> None:
    outside = tmp_path / "elsewhere.csv"
    shutil.copy(SAMPLE / "session2.csv", outside)
    folder = _event(tmp_path, f"    entries: [{outside}]")
    out = tmp_path / "out"

    done = bridgescan("run", folder, "-o", out)

    assert done.exit_code == 2, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "elsewhere.csv" in done.stderr and "nothing was published" in done.stderr
    published = [p.name for p in out.iterdir()] if out.exists() else []
    assert not set(published) & {"results.json", "results.xlsx", "versions", "web"}, published


def test_prefect_that_does_not_start_in_time_is_the_machine_not_a_bug(
    tmp_path: Path, bridgescan: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Prefect's local API given no time to start (as on an overloaded machine): exit 3 with
    what to do, not 70 ("a bug") and not a traceback; nothing published.

    The command on its own temporary API (the session's left out; its address and the
    process started are this test's and forgotten after it), in the test's process: the API
    process it starts is stopped as soon as the wait is over, while as a process of its own
    the command imported Prefect for 2-3 s of CPU as the API booted beside it, for the same
    exit code. The watcher that ends the API after a kill -9 is test_killed_run.py's."""
    from pipeline.flows import local_api

    monkeypatch.delenv("PREFECT_API_URL", raising=False)
    monkeypatch.setenv("PREFECT_HOME", str(tmp_path / "prefect"))
    monkeypatch.setenv("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", "0")
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setattr(local_api, "_started", [])
    monkeypatch.setattr(local_api, "watch_local_api", lambda: None)
    folder = _event(tmp_path, "    entries: [scans/session1-director.csv]")
    out = tmp_path / "out"

    done = bridgescan("run", folder, "-o", out)

    said = done.stdout + done.stderr
    assert done.exit_code == 3, said[-3000:]
    assert "Traceback" not in said and "internal error" not in said
    assert "PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS" in done.stderr
    assert not (out / "results.json").exists()
    (api,) = local_api._started
    assert api[0].wait(5) is not None  # the API it started is stopped, not left running
