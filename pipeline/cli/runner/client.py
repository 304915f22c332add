"""``bridgescan run`` as a client of the standing runner, when one of the same code answers.

The first thing ``bridgescan run`` does (pipeline/cli/__init__.py, ``main``), with the
standard library only: no Typer, rich or Prefect is imported before it knows. A runner
recorded in Prefect's home (``bridgescan prefect start`` starts it), of the same code
(``wire.code_digest``), that accepts within ``ANSWER_SECONDS``: the client sends it the
command line, the working folder, the environment variables bridgescan, Prefect and libpq
read (``wire.is_forwarded``) and its terminal (a terminal or not, width, encoding), shows
what the runner writes as it comes and exits with the runner's exit code. Ctrl-C (and
SIGTERM, SIGHUP) is sent on: the runner stops at its next step with the same message as
the command in itself ("interrupted: nothing more was written", exit 130).

Anything else (no runner, another code, no answer, a runner busy with another command or
started with other Prefect settings, ``--no-runner``, ``--help``): ``run_through_runner``
returns None and the command runs in itself, as without a runner. Once the runner has
accepted, the command is the runner's: if the runner ends before it answers (killed), the
client says so and exits 130 (``RUNNER_GONE``), the store and the files as after a killed
command: the same command run again carries on without adding anything twice.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
from typing import Any

from pipeline.cli.runner import wire

__all__ = ["run_through_runner", "names_run", "NO_RUNNER_FLAG", "ANSWER_SECONDS", "RUNNER_GONE"]

NO_RUNNER_FLAG = "--no-runner"
#: How long the client waits for the runner to accept or refuse (it answers at once when it
#: is idle: a busy machine's scheduler is all that delays it).
ANSWER_SECONDS = 10.0
#: The exit code when the runner ends before the command did: as a command stopped by a
#: signal (``ExitCode.INTERRUPTED``), which it is.
RUNNER_GONE = 130

_HELP = frozenset({"-h", "--help", "--version"})


def names_run(argv: list[str]) -> bool:
    """Whether the command line (``sys.argv[1:]``) is ``bridgescan [--clock-correction R]
    run ARGS...`` without a help: a command that will run an event's flow. A bare ``run``
    prints its help (``no_args_is_help``) and needs no Prefect API."""
    if _HELP.intersection(argv):
        return False
    words = iter(argv)
    for word in words:
        if word == "--clock-correction":
            next(words, None)
        elif not word.startswith("-"):
            return word == "run" and next(words, None) is not None
    return False


def _record() -> dict[str, Any] | None:
    try:
        with open(wire.record_path(), encoding="utf-8") as file:
            record = json.load(file)
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def _terminal(stream: Any) -> dict[str, object]:
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError):
        terminal = False
    return {"terminal": terminal, "encoding": getattr(stream, "encoding", None) or "utf-8"}


def _size() -> tuple[int, int] | None:
    for descriptor in (0, 1, 2):  # where rich looks for the terminal's size
        try:
            size = os.get_terminal_size(descriptor)
        except OSError:
            continue
        return size.columns, size.lines
    return None


def _request(argv: list[str]) -> bytes:
    return json.dumps({
        "argv": argv,
        "cwd": os.getcwd(),
        "env": {name: value for name, value in os.environ.items() if wire.is_forwarded(name)},
        "stdout": _terminal(sys.stdout),
        "stderr": _terminal(sys.stderr),
        "size": _size(),
        "code": wire.code_digest(),
    }).encode()  # fmt: skip


def _connect(path: str) -> wire.Frames | None:
    """The runner's socket, when the process listening on it is this user's: the request
    carries the user's settings (a store's password in ``PG*``, Prefect's key), so a socket
    another user put in a Prefect home open to others gets nothing."""
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.settimeout(ANSWER_SECONDS)
    try:
        connection.connect(path)
        if wire.peer(connection)[1] != os.getuid():
            raise PermissionError(path)
    except OSError:
        connection.close()
        return None
    return wire.Frames(connection)


def run_through_runner(argv: list[str]) -> int | None:
    """The command run by the standing runner: its exit code; None when there is no runner
    to run it (the caller then runs it in itself). ``argv``: ``sys.argv`` as a whole."""
    if NO_RUNNER_FLAG in argv[1:] or not names_run(argv[1:]):
        return None
    record = _record()
    if record is None or record.get("code") != wire.code_digest():
        return None
    frames = _connect(str(wire.socket_path()))
    if frames is None:
        return None
    if not frames.send(wire.REQUEST, _request(argv)):
        frames.close()
        return None
    answer = frames.receive()  # within ANSWER_SECONDS, else None
    if answer is None or answer[0] != wire.ACCEPTED:
        frames.close()
        return None
    frames.connection.settimeout(None)
    return _follow(frames, record.get("pid"))


def _follow(frames: wire.Frames, pid: object) -> int:
    """What the runner writes, shown as it comes, until its exit code."""

    def send_on(_signum: int, _frame: object) -> None:
        frames.send(wire.INTERRUPT)

    for sent in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sent, send_on)
    streams = {wire.STDOUT: sys.stdout, wire.STDERR: sys.stderr}
    while (frame := frames.receive()) is not None:
        kind, payload = frame
        if kind == wire.EXIT:
            frames.close()
            return int(payload)
        stream = streams.get(kind)
        if stream is None:
            continue
        try:
            stream.flush()
            stream.buffer.write(payload)
            stream.buffer.flush()
        except (OSError, ValueError):  # the reader left (`| head`): the command goes on
            streams[kind] = None
    frames.close()
    sys.stderr.write(
        f"error: the bridgescan runner (process {pid}) ended before the command did; what "
        "it wrote is kept, as after a command stopped mid-run: run the same command again "
        f"(it carries on without adding anything twice), or with {NO_RUNNER_FLAG}\n"
    )
    return RUNNER_GONE
