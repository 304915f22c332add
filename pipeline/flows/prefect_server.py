"""A standing local Prefect server, so a command does not start Prefect's API each time.

Without a server every ``bridgescan run`` or ``batch`` starts Prefect's temporary API in a
subprocess (pipeline/flows/local_api.py): measured at 4-5 s of CPU a command (its database
copied from the installation's template in a new Prefect home: prefect_database.py), about
as much as a re-run of an event does itself (docs/batch.md, "Where the time goes").
``bridgescan prefect start`` starts one API process that outlives the command, on
loopback, and records where it is in a state file (``$PREFECT_HOME/bridgescan-server.json``,
Prefect's home: ``~/.prefect`` unless set); ``stop`` ends it, ``status`` says whether it
answers. Which API a command uses, in order:

1. ``PREFECT_API_URL`` when set (the office's server: nothing here changes it);
2. the server in the state file when its process is alive and answers ``/api/health``;
3. else Prefect's temporary API, as before. A state file whose server is gone is removed
   with one line on stderr saying so.

Only the standard library is imported here: the choice is made before Prefect is imported,
because Prefect reads ``PREFECT_API_URL`` once, when it loads.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from pipeline.flows.local_api import API_MARK, answers, api_command, free_port, start_local_api
from pipeline.flows.prefect_env import (
    configure_prefect,
    prefect_home,
    trust_no_authority_on_plain_http,
)

__all__ = [
    "ServerState",
    "state_file",
    "read_state",
    "answers",
    "use_running_server",
    "choose_api",
    "start_server",
    "stop_server",
    "end_process",
    "has_mark",
]

STATE_NAME = "bridgescan-server.json"
DEFAULT_PORT = 4200


@dataclass(frozen=True)
class ServerState:
    """Where the standing server is: its API address, its process and its log."""

    url: str  # the API's address, http://127.0.0.1:PORT/api (what PREFECT_API_URL takes)
    pid: int
    log: str
    started_at: float


def state_file() -> Path:
    """Where ``bridgescan prefect start`` records the server it started."""
    return prefect_home() / STATE_NAME


def read_state() -> ServerState | None:
    """The recorded server, or None (no file, or one that is not ours to read)."""
    try:
        return ServerState(**json.loads(state_file().read_text("utf-8")))
    except (OSError, ValueError, TypeError):
        return None


def _is_api_process(pid: int) -> bool:
    return has_mark(pid, API_MARK)


def has_mark(pid: int, mark: str) -> bool:
    """Whether process ``pid`` runs with ``mark`` on its command line (a zombie has none)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return mark.encode() in cmdline.read()
    except OSError:
        return False


def _alive(state: ServerState) -> bool:
    running = _is_api_process(state.pid) if os.path.isdir("/proc") else True
    return running and answers(state.url)


def use_running_server(say: object = None) -> str | None:
    """Point this process (and the processes it starts) at a running Prefect server, before
    Prefect is imported; returns the API's address, or None (Prefect's temporary API then).

    ``PREFECT_API_URL`` set by the user wins and is returned as it is. A recorded server
    that is gone is forgotten (its state file removed) and ``say`` (default: stderr) gets
    one line saying so.
    """
    if os.environ.get("PREFECT_API_URL"):
        return os.environ["PREFECT_API_URL"]
    state = read_state()
    if state is None:
        return None
    if _alive(state):
        os.environ["PREFECT_API_URL"] = state.url
        return state.url
    state_file().unlink(missing_ok=True)
    line = (f"note: the Prefect server recorded in {state_file()} ({state.url}, process "
            f"{state.pid}) is not running; using a temporary local API "
            "(`bridgescan prefect start` starts a server again)\n")  # fmt: skip
    (say or sys.stderr.write)(line)  # type: ignore[operator]
    return None


def choose_api(say: object = None) -> str | None:
    """Choose the Prefect API a command uses, first thing and before Prefect is imported:
    ``PREFECT_API_URL`` or a running server (``use_running_server``; ``say`` as there),
    else this command's temporary API started now (``local_api.start_local_api``), so that
    it boots while the command loads. Returns the server's address, None for the temporary
    API (``tie_local_api_to_this_process`` waits for it before the flow). An API on this
    machine over plain HTTP spares Prefect's clients their certificate authorities
    (``prefect_env.trust_no_authority_on_plain_http``)."""
    configure_prefect()
    server = use_running_server(say)
    if server is None:
        start_local_api()
    trust_no_authority_on_plain_http()
    return server


def start_server(port: int = DEFAULT_PORT, timeout: float = 120.0) -> tuple[ServerState, bool]:
    """Start the standing server (or find the one running); returns it and whether it was
    started now. Raises ``RuntimeError`` with the end of its log when it does not answer
    within ``timeout`` seconds (the process is then stopped)."""
    running = read_state()
    if running is not None and _alive(running):
        return running, False
    home = prefect_home()
    home.mkdir(parents=True, exist_ok=True)
    chosen = free_port(port)
    url = f"http://127.0.0.1:{chosen}/api"
    log = home / "bridgescan-server.log"
    env = {**os.environ, "PREFECT_UI_ENABLED": "true", "PREFECT_HOME": str(home)}
    env.pop("PREFECT_API_URL", None)  # the server is the API: it talks to no other
    command = api_command(chosen)
    with open(log, "ab") as sink:
        process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=sink,
                                   stderr=sink, start_new_session=True)  # fmt: skip
    state = ServerState(url, process.pid, str(log), time.time())
    deadline = time.monotonic() + timeout
    while not answers(url, timeout=1.0):
        if process.poll() is not None or time.monotonic() > deadline:
            end_process(process.pid)
            tail = log.read_text("utf-8", errors="replace")[-1500:]
            raise RuntimeError(f"the Prefect server did not start on {url}; its log {log}:\n{tail}")
        time.sleep(0.2)
    _write_state(state)
    return state, True


def _write_state(state: ServerState) -> None:
    target = state_file()
    part = target.with_name(target.name + ".part")
    part.write_text(json.dumps(asdict(state), indent=1) + "\n", "utf-8")
    part.replace(target)


def end_process(pid: int, grace: float = 10.0, mark: str = API_MARK) -> None:
    """SIGTERM, then SIGKILL after ``grace`` seconds; only while its command line holds
    ``mark`` (Prefect's API by default), so a process number reused is left alone."""
    for sent in (signal.SIGTERM, signal.SIGKILL):
        if not has_mark(pid, mark):
            return
        try:
            os.kill(pid, sent)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + grace
        while has_mark(pid, mark) and time.monotonic() < deadline:
            _reap(pid)
            time.sleep(0.1)


def _reap(pid: int) -> None:
    try:
        os.waitpid(pid, os.WNOHANG)  # our own child (started by this process): not a zombie
    except ChildProcessError:
        pass


def stop_server() -> ServerState | None:
    """Stop the recorded server and forget it; returns what was recorded (None: nothing)."""
    state = read_state()
    if state is None:
        return None
    end_process(state.pid)
    state_file().unlink(missing_ok=True)
    return state
