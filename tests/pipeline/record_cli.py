"""``bridgescan`` as its own process, for the tests of the record (clock, verification,
trail): the command line exactly as a director runs it, with the clock set by
``BRIDGESCAN_NOW`` and the store key in the test's own folder."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

__all__ = [
    "ROOT",
    "RELEASED",
    "bridgescan",
    "environment",
    "released_together",
    "published",
    "correct_args",
]

ROOT = Path(__file__).parents[2]
_MAIN = "import sys; sys.argv[0] = 'bridgescan'; from pipeline.cli import main; main()"
#: ``python -c RELEASED START ARGS...``: bridgescan ARGS, started when the file START appears.
RELEASED = """
import sys, time
from pathlib import Path
start = Path(sys.argv[1])
while not start.exists():
    time.sleep(0.005)
sys.argv = ["bridgescan", *sys.argv[2:]]
from pipeline.cli import main
main()
"""


def environment(home: Path, at: datetime | None = None, **extra: str) -> dict[str, str]:
    """A clean environment: this checkout's code, HOME (and the store key made on first
    use) in ``home``, wide output, and the clock at ``at``."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "COLUMNS": "200",
        "TZ": "UTC",  # an event without a time zone shows the machine's: make it known
        "PREFECT_HOME": str(home / ".prefect"),
        "DO_NOT_TRACK": "1",
    }
    if at is not None:
        env["BRIDGESCAN_NOW"] = at.isoformat()
    env.update(extra)
    return env


def bridgescan(
    *args: str, env: dict[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run ``bridgescan ARGS``; stdout and stderr together in ``.stdout``."""
    return subprocess.run(
        [sys.executable, "-c", _MAIN, *args], cwd=ROOT, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout, check=False,
    )  # fmt: skip


def released_together(
    commands: list[list[str]], env: dict[str, str], start: Path, wait: float = 1.5
) -> list[subprocess.CompletedProcess[str]]:
    """Start one process per command, let them import bridgescan (``wait`` seconds), then
    release them at one moment (the file ``start``); their results, output in ``.stdout``."""
    processes = [
        subprocess.Popen([sys.executable, "-c", RELEASED, str(start), *command], cwd=ROOT,
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        for command in commands
    ]  # fmt: skip
    time.sleep(wait)
    start.touch()
    results = []
    for process in processes:
        output, _ = process.communicate(timeout=180)
        results.append(subprocess.CompletedProcess(process.args, process.returncode, output))
    return results


def published(tmp_path: Path, monkeypatch: Any) -> Path:
    """The hand-worked event of correction_event.py published at its time (version 1) in
    ``tmp_path/out``, this process's environment set as ``environment`` sets it."""
    from pipeline.flows.score_files import score_files
    from tests.pipeline.correction_event import PUBLISHED, write_event

    event, files = write_event(tmp_path / "event")
    for name, value in environment(tmp_path, PUBLISHED).items():
        monkeypatch.setenv(name, value)
    out = tmp_path / "out"
    score_files(event, files, out, "silver")
    return out


def correct_args(out: Path, board: int, ns: int, ew: int, result: str, score: int) -> list[str]:
    """``correct OUT`` of one line of session 2 by a scorer."""
    return ["correct", str(out), "--session", "2", "--board", str(board), "--ns", str(ns),
            "--ew", str(ew), "--result", result, "--score", str(score), "--by", "Eva Berg",
            "--role", "scorer", "--reason", "the traveller says otherwise"]  # fmt: skip
