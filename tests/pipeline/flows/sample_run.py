"""The bundled sample evening through the run flow once for the whole test session.

Reading the sample's 26 scanned pages is most of a run's cost, and the reader gives the same
readings for the same pages: the tests that need "the sample as ``bridgescan run`` publishes
it" (the run flow's first run, the batch compared with it, PostgreSQL compared with SQLite)
share one run instead of reading the pages again each. The run is a command of its own (the
``bridgescan-run`` flow in a fresh process, Prefect's settings as ``bridgescan`` sets them,
one BLAS thread as the commands have), on the session's Prefect API, at one fixed instant
(``NOW``) so that what the tests publish later carries the same stamps.

One run serves every pytest-xdist worker: the first that asks runs it under a file lock in the
session's shared temporary folder and writes what the run reported beside it; the others read
that. Tests must not change the run's folders: copy ``out`` first (``copy_out``).
"""

from __future__ import annotations

import fcntl
import json
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.prefect_api import command_env

__all__ = ["NOW", "SAMPLE", "SUMMARY", "SampleRun", "copy_out", "shared_sample_run"]

ROOT = Path(__file__).parents[3]
SAMPLE = ROOT / "sample_data" / "club-evening"
FOLDER = Path("sample_data") / "club-evening"
"""The sample as the run names it: relative to ROOT, as ``bridgescan run sample_data`` does
(the scans' paths in the store and the review queue are as the command was given them)."""
NOW = "2026-11-16T22:30:00+01:00"
"""The instant the shared run publishes at (``BRIDGESCAN_NOW``): the evening itself."""

INFO = "sample-run.json"

SUMMARY = textwrap.dedent(
    """
    import json, sys
    from pipeline.flows.prefect_env import configure_prefect
    configure_prefect()  # before numpy and Prefect load, as every bridgescan command does
    from pathlib import Path
    from pipeline.flows.run_event import run_event

    def summary(s):
        return {"sessions": [x.__dict__ for x in s.sessions], "records": s.records,
                "status": s.results.status.label, "reasons": list(s.results.status.reasons),
                "waiting": list(s.waiting), "paths": sorted(s.paths)}
    """
)
"""The start of a script that runs the flow: ``summary(run)`` is what a run reported, as JSON."""

SCRIPT = SUMMARY + textwrap.dedent(
    """
    done = run_event(Path(sys.argv[1]), Path(sys.argv[2]))
    print("REPORT" + json.dumps(summary(done), default=str))
    """
)


@dataclass(frozen=True)
class SampleRun:
    """The sample's first run: the event folder it read (relative to ROOT, the commands'
    working folder), its output folder, what it reported (the sessions' summaries, the
    status and its reasons, the rows waiting, the files)."""

    folder: Path
    out: Path
    report: dict[str, Any]


def shared_sample_run(root: Path) -> SampleRun:
    """The session's run of the sample, made by whichever process asks first (under a lock)."""
    root.mkdir(parents=True, exist_ok=True)
    info = root / INFO
    with open(root / "sample-run.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not info.exists():
            out = root / "sample-run" / "out"
            env = command_env(root / "sample-run" / "prefect")
            env["BRIDGESCAN_NOW"] = NOW
            command = [sys.executable, "-c", SCRIPT, str(FOLDER), str(out)]
            done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900,
                                  cwd=ROOT)  # fmt: skip
            assert done.returncode == 0, done.stderr[-4000:]
            report = json.loads(done.stdout.split("REPORT", 1)[1])
            info.write_text(json.dumps({"folder": str(FOLDER), "out": str(out), "report": report}))
        saved = json.loads(info.read_text())
    return SampleRun(Path(saved["folder"]), Path(saved["out"]), saved["report"])


def copy_out(run: SampleRun, to: Path) -> Path:
    """A copy of the run's output folder (its store, versions and review queue) to go on from."""
    shutil.copytree(run.out, to, symlinks=True)  # the version links stay links
    return to
