"""One Prefect API for the whole test session, as an office's Prefect server serves its commands.

Without it every ``bridgescan run`` or ``batch`` a test starts (and every pytest-xdist worker
that runs a flow in-process) starts Prefect's temporary local API of its own: a fresh
process that imports the server and migrates a new SQLite database, 15-20 s of CPU each
time on a 2-core machine, for nothing the test looks at. The commands honour
``PREFECT_API_URL`` (pipeline/flows/local_api.py steps aside when it is set), so the session
starts one API (uvicorn serving Prefect's app, as Prefect starts its temporary one, its
database in the session's temporary folder) and every test process and command uses it.
It is started as the commands start their temporary API (``local_api.api_command``: Prefect's
server imported with the garbage collector paused, a sixth less CPU than plain uvicorn).

The controlling process starts it in ``pytest_configure``, before the xdist workers start,
and sets ``PREFECT_API_URL`` in its environment: the workers and every process a test starts
inherit it. The API starts while the workers collect; the first test that needs it waits
(``wait_until_ready``). The tests of Prefect's temporary API itself (a run killed with -9,
the smoke test of the dependency set) take ``PREFECT_*`` out of their command's environment
and so still start their own.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from pipeline.flows.local_api import api_command

__all__ = ["SessionApi", "command_env", "start_api", "stop_recorded_api", "wait_until_ready"]

INFO = "prefect-api.json"


@dataclass(frozen=True)
class SessionApi:
    """A started API: its address, its process and the folder holding its database."""

    url: str
    pid: int
    home: Path


def command_env(home: Path) -> dict[str, str]:
    """The environment for a command a test starts: this process's, without Prefect's
    settings but the session's API (``PREFECT_API_URL``, when the session has one), and
    Prefect's home in ``home``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    if os.environ.get("PREFECT_API_URL"):
        env["PREFECT_API_URL"] = os.environ["PREFECT_API_URL"]
    env["PREFECT_HOME"] = str(home)
    return env


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_api(root: Path) -> SessionApi:
    """Start the session's API (not waiting for it) and record it in ``root``."""
    home = root / "prefect-api"
    home.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_")}
    env.update(
        PREFECT_HOME=str(home),
        PREFECT_UI_ENABLED="false",
        PREFECT_SERVER_ANALYTICS_ENABLED="false",
        PREFECT__SERVER_EPHEMERAL="1",  # the services of Prefect's temporary API, no more
        DO_NOT_TRACK="1",
    )
    with (home / "api.log").open("w") as log:
        process = subprocess.Popen(api_command(port), env=env, stdin=subprocess.DEVNULL,
                                   stdout=log, stderr=subprocess.STDOUT,
                                   start_new_session=True)  # fmt: skip
    api = SessionApi(f"http://127.0.0.1:{port}/api", process.pid, home)
    (root / INFO).write_text(json.dumps({"url": api.url, "pid": api.pid, "home": str(home)}))
    return api


def wait_until_ready(url: str, timeout: float = 300) -> None:
    """Return once the API answers its health check; fail with its log after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=10) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"the session's Prefect API at {url} did not start in {timeout} s")
        time.sleep(0.2)


def stop_recorded_api(root: Path) -> None:
    """Stop the API the session started, if it started one."""
    info = root / INFO
    try:
        pid = json.loads(info.read_text())["pid"]
    except FileNotFoundError:  # none started, or the folder was already cleaned away
        return
    try:
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            finished, _ = os.waitpid(pid, os.WNOHANG)
            if finished:
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass
    info.unlink(missing_ok=True)
