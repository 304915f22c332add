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

__all__ = ["tie_local_api_to_this_process", "API_MARK"]

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
    found = set()
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if parent == command and is_api(name):
                found.add(int(name))
    return found

seen, ended = set(), False
while not ended:
    ready, _, _ = select.select([fd], [], [], 1.0 if seen else 0.1)
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
    if not _lifeline and os.path.isdir("/proc"):  # Linux: the watcher reads /proc
        read_end, write_end = os.pipe()  # not inherited by later children (PEP 446)
        subprocess.Popen(
            [sys.executable, "-c", _WATCHER, str(read_end), str(os.getpid()), API_MARK],
            pass_fds=(read_end,),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # Ctrl-C in the terminal is for the command, not it
        )
        os.close(read_end)
        _lifeline.append(write_end)
    from prefect.server.api.server import SubprocessASGIServer

    SubprocessASGIServer().start()  # the instance Prefect's own client then uses
