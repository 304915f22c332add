"""A command killed the moment after it started its temporary Prefect API, before it could
tell its watcher, leaves no API behind (pipeline/flows/local_api.py; issue 42).

The API stands in as a real process that sleeps with Prefect's API mark on its command line,
started with ``owned_environment`` as ``start_local_api`` starts the real one but through a
process that ends at once, so it is nobody's child of the command's; the command is then
killed with SIGKILL without telling its watcher: only the token in the API's environment
ties it to the command, as after a kill that came before the watcher looked."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from tests.pipeline.flows.api_processes import api_running

ROOT = Path(__file__).parents[3]

COMMAND = textwrap.dedent(
    """
    import os, signal, subprocess, sys
    from pipeline.flows import local_api

    local_api.watch_local_api()
    # Started through a process that ends at once, so the API is not the command's child even
    # before the command dies: the watcher's look at the command's children cannot find it,
    # as it cannot find an API the kernel re-parented before the watcher looked.
    sleeper = [sys.executable, "-c", "import time; time.sleep(120)", local_api.API_MARK]
    starter = ("import subprocess as s, sys; "
               "print(s.Popen(sys.argv[1:], stdout=s.DEVNULL, stderr=s.DEVNULL).pid)")
    started = subprocess.run([sys.executable, "-c", starter, *sleeper], capture_output=True,
                             text=True, env=local_api.owned_environment(dict(os.environ)))
    print(started.stdout.strip(), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # the watcher never told
    """
)


def test_an_api_started_just_before_a_kill_minus_9_is_stopped_by_its_token() -> None:
    command = subprocess.run(
        [sys.executable, "-c", COMMAND], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert command.returncode == -signal.SIGKILL, command.stderr
    api = int(command.stdout.split()[0])
    try:
        deadline = time.monotonic() + 20
        while api_running(api) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not api_running(api), "the API outlived the command killed right after starting it"
    finally:
        if api_running(api):
            os.kill(api, signal.SIGKILL)
