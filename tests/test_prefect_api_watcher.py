"""A test run killed with -9 leaves no Prefect API behind (tests/prefect_api.py).

A pytest-like process (the controlling process of a run) starts the session's API as
``pytest_configure`` does, says its process number, and is killed with -9 before any
teardown: the API must stop within the watcher's time (pipeline/flows/local_api.py), not
live on holding its port and database.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.pipeline.flows.api_processes import api_running

ROOT = Path(__file__).parents[1]

_RUN = """
import sys, time
from pathlib import Path
from tests.prefect_api import start_api
print(start_api(Path(sys.argv[1])).pid, flush=True)
time.sleep(600)  # killed long before
"""


def test_a_killed_run_leaves_no_prefect_api(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.Popen([sys.executable, "-c", _RUN, str(tmp_path / "run")], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert run.stdout is not None
        api = int(run.stdout.readline())
        # The API is exec'd before its number is printed; on a loaded machine its /proc entry
        # was once read as not (yet) serving: allow it a moment, and say what its log says.
        started = time.monotonic() + 10
        while not api_running(api) and time.monotonic() < started:
            time.sleep(0.05)
        log = tmp_path / "run" / "prefect-api" / "api.log"
        assert api_running(api), f"the API {api} never ran: {_tail(log)}"
    finally:
        run.send_signal(signal.SIGKILL)
        run.wait()
    deadline = time.monotonic() + 30
    while api_running(api) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not api_running(api), "the killed run's Prefect API is still running"


def _tail(log: Path) -> str:
    try:
        return log.read_text(errors="replace")[-2000:] or "(its log is empty)"
    except OSError as exc:
        return f"(no log: {exc})"
