"""The standing runner's process: ``python -m pipeline.cli.runner.standing``.

Started by ``bridgescan prefect start`` beside its server (pipeline/cli/runner/control.py),
with ``PREFECT_API_URL`` set to it. It takes the digest of its code first
(``wire.code_digest``: before it imports any of it), loads Prefect, the ``run`` command
and its flow's steps with the collector paused (as a command does), listens on
``wire.socket_path()`` (mode 0600 from its creation; a caller of another user is refused
by ``SO_PEERCRED`` before a byte is read) and then records itself in
``wire.record_path()``: a client finds it there. Each caller is served in a thread of its
own (pipeline/cli/runner/request.py: one command at a time, a second one refused as busy).
SIGTERM, SIGINT or SIGHUP end it; its record and socket are removed as it ends. Its log
(stderr) gets one line a command: the command, its exit code, its CPU and the process's
size after it.
"""

from __future__ import annotations

import gc
import json
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from functools import partial
from importlib import import_module
from pathlib import Path

from pipeline.cli.runner import wire

__all__ = ["MARK", "main"]

#: What the runner's process has on its command line (how ``control`` knows it is one).
MARK = "pipeline.cli.runner.standing"

#: What ``bridgescan run`` imports inside the command, beyond the flow's and its steps'
#: modules (``run_event.STEP_MODULES``): loaded once here, not in every command.
_COMMAND_MODULES = (
    "pipeline.cli.output",
    "pipeline.cli.progress",
    "rich.progress",
    "pipeline.flows.store_checks",
    "pipeline.flows.local_api",
    "pipeline.doors.inputs",
    "pipeline.doors.scans.reading",
    "pipeline.doors.session_input",
    "pipeline.events.eventfile",
    "ocr.pages",
)

_REQUEST_SECONDS = 30.0  # a caller that says nothing for this long is let go


def main() -> None:
    digest = wire.code_digest()  # before bridgescan's code is imported: see its docstring
    from pipeline.flows.prefect_env import configure_prefect, trust_no_authority_on_plain_http

    configure_prefect()
    server = os.environ.get("PREFECT_API_URL")
    if not server:
        sys.stderr.write("error: the runner needs PREFECT_API_URL (bridgescan prefect start)\n")
        sys.exit(3)
    trust_no_authority_on_plain_http()
    began = time.process_time()
    from pipeline.flows.collector import collector_paused

    with collector_paused():
        execute, prefect_version = _load()
    gc.collect()  # what loading left as garbage is freed, not frozen
    gc.freeze()
    from pipeline.cli.runner.request import Requests

    requests = Requests(execute, server, digest)
    listener, made = _listen(wire.socket_path())
    for ending in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(ending, _end)
    try:
        _record(digest, server, prefect_version)
        loaded = time.process_time() - began
        sys.stderr.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} runner {os.getpid()} ready "
                         f"on {server}: loaded in {loaded:.2f} s of CPU\n")  # fmt: skip
        sys.stderr.flush()
        while True:
            connection, _ = listener.accept()
            threading.Thread(target=_serve, args=(connection, requests), daemon=True).start()
    finally:
        _forget(made)


def _load() -> tuple[Callable[[list[str]], int], str]:
    """The ``run`` command (pipeline/cli/commands.py) and every module it imports; returns
    how a command line is run, and Prefect's version."""
    from pipeline.cli.commands import build_app, execute
    from pipeline.flows import run_event

    command_line = build_app(("run",))
    for step in run_event.imports_of_the_steps():
        step()
    for name in _COMMAND_MODULES:
        import_module(name)
    import prefect

    return partial(execute, command_line), str(prefect.__version__)


def _listen(path: Path) -> tuple[socket.socket, int]:
    """The socket, 0600 from its creation (the umask, then a chmod to be sure); returns it
    and its file's inode (so that only this runner's file is removed at its end). A socket
    file left by a runner that is gone is replaced; one that answers is not."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.exists():
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(path))
        except OSError:
            path.unlink(missing_ok=True)
        else:
            sys.stderr.write(f"error: another runner listens on {path}\n")
            sys.exit(3)
        finally:
            probe.close()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    mask = os.umask(0o177)  # the socket is made 0600: no chmod after, which follows links
    try:
        listener.bind(str(path))
    finally:
        os.umask(mask)
    listener.listen(16)
    return listener, os.stat(path).st_ino


def _record(digest: str, server: str, prefect_version: str) -> None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        bridgescan = version("bridgescan")
    except PackageNotFoundError:
        bridgescan = "(not installed)"
    record = {"pid": os.getpid(), "socket": str(wire.socket_path()), "code": digest,
              "bridgescan": bridgescan, "prefect": prefect_version,
              "python": sys.version.split()[0], "server": server,
              "started_at": time.time()}  # fmt: skip
    target = wire.record_path()
    part = target.with_name(f"{target.name}.{os.getpid()}.part")
    part.unlink(missing_ok=True)  # never written through a link left in its place
    descriptor = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as file:
        json.dump(record, file, indent=1)
    part.replace(target)


def _serve(connection: socket.socket, requests: object) -> None:
    try:
        pid, uid, _gid = wire.peer(connection)
        if uid != os.getuid():
            return  # the socket's mode keeps other users out; this is the second lock
        connection.settimeout(_REQUEST_SECONDS)
        requests.handle(wire.Frames(connection), pid)  # type: ignore[attr-defined]
    except OSError:
        pass  # a client gone: nothing to tell it
    finally:
        connection.close()


def _end(signum: int, _frame: object) -> None:
    raise SystemExit(0)


def _forget(inode: int) -> None:
    """This runner's record and socket removed (not another's that replaced them)."""
    try:
        with open(wire.record_path(), encoding="utf-8") as file:
            if json.load(file).get("pid") == os.getpid():
                wire.record_path().unlink(missing_ok=True)
    except (OSError, ValueError, AttributeError):
        pass
    try:
        if os.stat(wire.socket_path()).st_ino == inode:
            wire.socket_path().unlink(missing_ok=True)
    except OSError:
        pass


if __name__ == "__main__":
    main()
