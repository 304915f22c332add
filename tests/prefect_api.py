"""One Prefect API for the whole test session, as an office's Prefect server serves its commands.

Without it every ``bridgescan run`` or ``batch`` a test starts (and every pytest-xdist worker
that runs a flow in-process) starts Prefect's temporary local API of its own: a fresh
process that imports the server and, in a new home, copies Prefect's database from the
installation's template (pipeline/flows/prefect_database.py), 5-8 s of CPU each time on a
2-core machine, for nothing the test looks at. The commands honour
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

The session's API keeps what the tests read back from it, the flow runs (their parameters,
states and names: test_prefect_flow.py), and not what none reads: the task runs a flow's
tasks report as events, and the events themselves (``UNREAD_SERVICES``: the task run
recorder, the event persister and logger, the automations' triggers). A flow and its tasks
run the same in the test's process either way (the client sends the events; nobody on the
API stores them); the commands' own temporary API, and the tests that start one or a server
of their own (the smoke test, a run killed with -9, the standing server's), keep every
service. The task run recorder is most of what they cost: a write for every task's every
state.

The API's database as it stood when the API first answered (migrated, Prefect's block types
registered, no test's runs in it) is kept beside it (``keep_fresh_database``, before any
test runs): a test that starts a Prefect server of its own on a new home, where migrating
an empty database from nothing is not what it is about, starts it on a copy
(``fresh_database``) instead of migrating again (about 11 s of CPU; the smoke test of the
dependency set still migrates from nothing).

The API is tied to the process that starts it as the commands tie their temporary API
(``local_api.watch_local_api``): a run killed before its teardown, with -9 or by a second
Ctrl-C, no longer leaves the API holding its port and database
(tests/test_prefect_api_watcher.py).
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import time
import urllib.error
import urllib.request
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from pipeline.flows.local_api import api_command, owned_environment, watch_local_api

__all__ = [
    "SessionApi",
    "command_env",
    "fresh_database",
    "keep_fresh_database",
    "start_api",
    "stop_recorded_api",
    "wait_until_ready",
]

INFO = "prefect-api.json"
FRESH = "prefect-fresh"
"""The folder, beside the API's home, holding its database as it stood when it first answered."""
#: The services of Prefect's temporary API that keep what no test reads back from the session's
#: API (the module's docstring says why they are off there).
UNREAD_SERVICES = {
    f"PREFECT_SERVER_SERVICES_{name}_ENABLED": "false"
    for name in ("TASK_RUN_RECORDER", "EVENT_PERSISTER", "EVENT_LOGGER", "TRIGGERS")
}
#: What a Prefect home holds of its API: the database, and the memo of the block types it has
#: registered (without it, a server registers them all again on start).
HOME_FILES = ("prefect.db", "memo_store.toml")


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
        **UNREAD_SERVICES,
    )
    watch_local_api()  # a run killed before its teardown (-9, Ctrl-C twice) stops it too
    with (home / "api.log").open("w") as log:
        process = subprocess.Popen(api_command(port), env=owned_environment(env),
                                   stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
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


def _copy_database(source: Path, target: Path) -> None:
    """A consistent copy of a SQLite database another process may be writing (its WAL
    included), through SQLite's backup."""
    with closing(sqlite3.connect(source)) as read, closing(sqlite3.connect(target)) as write:
        read.backup(write)


def keep_fresh_database(root: Path) -> None:
    """Keep the session API's database (and block memo) as it stands now, once per test
    session, under a lock: every xdist worker calls this once its API answers and before
    its first test, so the first call copies it before any test of any worker has run."""
    home = root / "prefect-api"
    if not (home / HOME_FILES[0]).is_file():  # an API from outside the session
        return
    with open(root / f"{FRESH}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        kept = root / FRESH
        if kept.is_dir():
            return
        part = root / f"{FRESH}.part"
        shutil.rmtree(part, ignore_errors=True)
        part.mkdir()
        _copy_database(home / HOME_FILES[0], part / HOME_FILES[0])
        if (home / HOME_FILES[1]).is_file():
            shutil.copy(home / HOME_FILES[1], part / HOME_FILES[1])
        part.rename(kept)


def fresh_database(root: Path, home: Path) -> bool:
    """Put the session's fresh Prefect database (``keep_fresh_database``) in the new Prefect
    home ``home``; False when the session kept none (its API came from outside)."""
    kept = root / FRESH
    if not kept.is_dir():
        return False
    home.mkdir(parents=True, exist_ok=True)
    _copy_database(kept / HOME_FILES[0], home / HOME_FILES[0])
    if (kept / HOME_FILES[1]).is_file():
        shutil.copy(kept / HOME_FILES[1], home / HOME_FILES[1])
    return True
