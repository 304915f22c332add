"""A test run killed with -9 leaves no PostgreSQL cluster behind (tests/postgres.py's watcher).

A pytest-like process (the controlling process of a run: it names itself in
``RUN_PID_VARIABLE`` and asks for the session's cluster as the first worker would) starts the
cluster, says where it is, and is killed with -9 before any teardown: the cluster's server
must stop and its folder go within the watcher's time, not live on.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.postgres import RUN_PID_VARIABLE, server_binaries

ROOT = Path(__file__).parents[1]

_RUN = """
import os, sys, time
from pathlib import Path
from tests.postgres import shared_cluster
cluster = shared_cluster(Path(sys.argv[1]))
print(cluster.folder, flush=True)
time.sleep(600)  # killed long before
"""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie is no server
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_a_killed_run_leaves_no_cluster(tmp_path: Path) -> None:
    try:
        server_binaries()
    except RuntimeError as missing:
        pytest.fail(str(missing))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(RUN_PID_VARIABLE, None)  # this run's controller is not the one to watch: the child is
    run = subprocess.Popen([sys.executable, "-c", _RUN, str(tmp_path / "run")], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert run.stdout is not None
        folder = Path(run.stdout.readline().strip())
        server = int((folder / "data" / "postmaster.pid").read_text().split()[0])
        assert _alive(server)
    finally:
        run.send_signal(signal.SIGKILL)
        run.wait()
    deadline = time.monotonic() + 60
    while (_alive(server) or folder.exists()) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(server), "the killed run's PostgreSQL server is still running"
    assert not folder.exists(), f"the killed run's cluster folder {folder} is still there"
