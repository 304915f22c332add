"""Prefect's temporary local API ends with the command that started it, however it ends.

Without a Prefect server, Prefect starts its API as a child process (uvicorn) and stops it
from an ``atexit`` hook. A command killed with -9 (or by the out-of-memory killer) runs no
hook, and the API process lived on, holding a port and a SQLite database, one more for every
killed run. ``tie_local_api_to_this_process`` first starts a small watcher process that
holds the read end of a pipe only this process can write to, then the API. The watcher
notes the API processes this process starts (from /proc, as soon as they appear: a kill
while the API is still starting is covered too); when this process ends, for whatever
reason, the kernel closes the write end, the watcher reads end-of-file and stops them
(SIGTERM, then SIGKILL after 5 s), each only if it is still Prefect's API, so a reused
process number is safe.
"""

from __future__ import annotations

import os
import subprocess
import sys

__all__ = ["tie_local_api_to_this_process", "watch_local_api", "API_MARK"]

API_MARK = "prefect.server.api.server:create_app"
"""What Prefect's API process has on its command line (``uvicorn --factory ...``)."""

_WATCHER = r"""
import os, select, signal, sys, time
fd, command, mark = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].encode()

def is_api(pid):
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return mark in cmdline.read()
    except OSError:
        return False

def api_children():
    # The command's children that are Prefect's API: from the kernel's list of each
    # thread's children (cheap enough to ask twice a second for hours), else every process.
    try:
        children = set()
        for thread in os.listdir(f"/proc/{command}/task"):
            with open(f"/proc/{command}/task/{thread}/children") as listed:
                children |= {int(pid) for pid in listed.read().split()}
    except OSError:
        children = {int(n) for n in os.listdir("/proc") if n.isdigit() and parent_of(n) == command}
    return {pid for pid in children if is_api(pid)}

def parent_of(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None

seen, ended, started = set(), False, time.monotonic()
while not ended:
    ready, _, _ = select.select([fd], [], [], 0.1 if time.monotonic() < started + 60 else 0.5)
    if ready:
        try:
            ended = not os.read(fd, 64)
        except OSError:
            ended = True
    if not ended:
        seen |= api_children()
for pid in seen:
    if is_api(pid):
        os.kill(pid, signal.SIGTERM)
deadline = time.monotonic() + 5
while any(is_api(pid) for pid in seen) and time.monotonic() < deadline:
    time.sleep(0.1)
for pid in seen:
    if is_api(pid):
        os.kill(pid, signal.SIGKILL)
"""

_lifeline: list[int] = []  # the write end of the watcher's pipe, held open until we end


def watch_local_api() -> None:
    """Start the watcher (once): any Prefect API process this process starts from now on is
    stopped when this process ends, however it ends. For ``serve``, whose flows start the
    API only when a run begins; ``tie_local_api_to_this_process`` does this and starts it."""
    if _lifeline or not os.path.isdir("/proc"):  # Linux: the watcher reads /proc
        return
    read_end, write_end = os.pipe()  # not inherited by later children (PEP 446)
    subprocess.Popen(
        [sys.executable, "-c", _WATCHER, str(read_end), str(os.getpid()), API_MARK],
        pass_fds=(read_end,),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # Ctrl-C in the terminal is for the command, not the watcher
    )
    os.close(read_end)
    _lifeline.append(write_end)


def tie_local_api_to_this_process() -> None:
    """Start Prefect's temporary local API now (none when ``PREFECT_API_URL`` names a
    server) with a watcher that stops it when this process ends, even by kill -9.

    Prefect's own client uses the same API instance (``SubprocessASGIServer()`` is one per
    port, and the temporary one has none), so the flow that follows runs on it. Raises
    Prefect's ``RuntimeError`` when the API does not start in time
    (``pipeline.flows.prefect_env.late_api_message`` says what to do).
    """
    from prefect.settings import PREFECT_API_URL

    if os.environ.get("PREFECT_API_URL") or PREFECT_API_URL.value():
        return
    watch_local_api()
    from prefect.server.api.server import SubprocessASGIServer

    SubprocessASGIServer().start()  # the instance Prefect's own client then uses
