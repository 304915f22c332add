"""``bridgescan`` commands for the tests of the record (clock, verification, trail): the
command line exactly as a director types it, with the clock set by ``BRIDGESCAN_NOW`` and
the store key in the test's own folder.

``bridgescan`` runs the command through the Typer app in the test's process (what the
command does: its exit code, its output, what it records), with the environment the
process would have and nothing else of this process's ``BRIDGESCAN_*`` settings;
``bridgescan_process`` starts it as its own process, for the claims about the process (the
exit code a shell sees through the entry point, no traceback) and ``released_together``
for processes racing on one store. A process pays a second or two of imports the
in-process command does not."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

__all__ = [
    "ROOT",
    "bridgescan",
    "bridgescan_process",
    "environment",
    "released_together",
    "published",
    "correct_args",
]

ROOT = Path(__file__).parents[2]
_MAIN = "import sys; sys.argv[0] = 'bridgescan'; from pipeline.cli import main; main()"


def environment(home: Path, at: datetime | None = None, **extra: str) -> dict[str, str]:
    """A clean environment: this checkout's code, HOME (and the store key made on first
    use) in ``home``, wide output, and the clock at ``at``."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(ROOT),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "COLUMNS": "200",
        "TZ": "UTC",  # an event without a time zone shows the machine's: make it known
        "PREFECT_HOME": str(home / ".prefect"),
        "DO_NOT_TRACK": "1",
    }
    if at is not None:
        env["BRIDGESCAN_NOW"] = at.isoformat()
    env.update(extra)
    return env


def bridgescan(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``bridgescan ARGS`` through the Typer app in this process, as a process with the
    environment ``env`` would run it: ``env`` set (and its ``TZ`` in force), every other
    ``BRIDGESCAN_*`` setting of this process removed, and this process's environment as it
    was afterwards. Output as a terminal shows it (stdout and stderr together, a logged
    warning among them as a process without logging set up prints it) in ``.stdout``. A
    command that raises is a failing test (the entry point would have made it exit 70)."""
    from typer.testing import CliRunner

    from pipeline.cli import app

    root = logging.getLogger()
    shown = _LastResort()
    root.addHandler(shown)
    try:
        with _environment(env):
            result = CliRunner().invoke(app, list(args), prog_name="bridgescan",
                                        catch_exceptions=False)  # fmt: skip
    finally:
        root.removeHandler(shown)
    return subprocess.CompletedProcess(["bridgescan", *args], result.exit_code, result.output)


class _LastResort(logging.Handler):
    """What Python does with a warning logged in a process that set up no logging (as
    bridgescan does not): the message alone on stderr, the stderr of the moment (here the
    command's, captured with its output)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)

    def emit(self, record: logging.LogRecord) -> None:
        sys.stderr.write(self.format(record) + "\n")


@contextmanager
def _environment(env: dict[str, str]) -> Iterator[None]:
    """``env`` in force (its ``TZ`` too), without this process's other ``BRIDGESCAN_*``
    settings; afterwards this process's environment as it was, whatever a command set."""
    saved = dict(os.environ)
    for name in saved:
        if name.startswith("BRIDGESCAN_") and name not in env:
            del os.environ[name]
    os.environ.update(env)
    time.tzset()
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)
        time.tzset()


def bridgescan_process(
    *args: str, env: dict[str, str], timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """``bridgescan ARGS`` as its own process, through the console script's entry point;
    stdout and stderr together in ``.stdout``."""
    return subprocess.run(
        [sys.executable, "-c", _MAIN, *args], cwd=ROOT, env=env, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout, check=False,
    )  # fmt: skip


def released_together(
    commands: list[list[str]], env: dict[str, str], start: Path, timeout: float = 180
) -> list[subprocess.CompletedProcess[str]]:
    """One process per command, each with the environment ``env``; once each has bridgescan
    imported, all are released at one moment (the file ``start``); their results, stdout and
    stderr together in ``.stdout``.

    The processes are forks of a forkserver that imported bridgescan's command line and
    store once for this pytest process (``_racers``): real processes of their own, with their
    own store connections, racing on one store as two directors' commands would, without a
    second or two of imports each. The entry point as a shell starts it is
    ``bridgescan_process``'s claim."""
    racers = _racers()
    outputs = [start.with_name(f"{start.name}.out.{i}") for i in range(len(commands))]
    processes = [
        racers.Process(target=_released, args=(str(start), command, env, str(output)))
        for command, output in zip(commands, outputs, strict=True)
    ]
    for process in processes:
        process.start()
    deadline = time.monotonic() + timeout
    ready = [Path(f"{start}.ready.{process.pid}") for process in processes]
    while not all(path.exists() or not process.is_alive()
                  for path, process in zip(ready, processes, strict=True)):  # fmt: skip
        if time.monotonic() > deadline:
            break  # released anyway: the commands still run, only less together
        time.sleep(0.01)
    start.touch()
    results = []
    for command, process, output in zip(commands, processes, outputs, strict=True):
        process.join(timeout)
        if process.exitcode is None:
            process.kill()
            process.join()
        text = output.read_text(encoding="utf-8", errors="replace")
        code = process.exitcode
        results.append(subprocess.CompletedProcess(["bridgescan", *command], code, text))
    return results


def _racers() -> Any:
    """Processes forked from this pytest process's forkserver, which imports bridgescan's
    command line and store once (a fork of the test's own process would copy its threads'
    locks)."""
    import multiprocessing

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["pipeline.cli", "pipeline.store.event_store"])
    return context


def _released(start: str, command: list[str], env: dict[str, str], output: str) -> None:
    """A released process: ``env`` its whole environment (its ``TZ`` in force), stdout and
    stderr into ``output``; says it is ready, waits for ``start``, then runs ``bridgescan
    COMMAND`` through the entry point (its exit code the process's)."""
    written = os.open(output, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(written, 1)
    os.dup2(written, 2)
    os.close(written)
    os.environ.clear()
    os.environ.update(env)
    time.tzset()
    sys.argv = ["bridgescan", *command]
    from pipeline.cli import main

    Path(f"{start}.ready.{os.getpid()}").touch()
    while not Path(start).exists():
        time.sleep(0.002)
    main()


def published(tmp_path: Path, monkeypatch: Any) -> Path:
    """The hand-worked event of correction_event.py published at its time (version 1) in
    ``tmp_path/out``, this process's environment set as ``environment`` sets it."""
    from pipeline.flows.score_files import score_files
    from tests.pipeline.correction_event import PUBLISHED, write_event

    event, files = write_event(tmp_path / "event")
    for name, value in environment(tmp_path, PUBLISHED).items():
        monkeypatch.setenv(name, value)
    out = tmp_path / "out"
    score_files(event, files, out, "silver")
    return out


def correct_args(out: Path, board: int, ns: int, ew: int, result: str, score: int) -> list[str]:
    """``correct OUT`` of one line of session 2 by a scorer."""
    return ["correct", str(out), "--session", "2", "--board", str(board), "--ns", str(ns),
            "--ew", str(ew), "--result", result, "--score", str(score), "--by", "Eva Berg",
            "--role", "scorer", "--reason", "the traveller says otherwise"]  # fmt: skip
