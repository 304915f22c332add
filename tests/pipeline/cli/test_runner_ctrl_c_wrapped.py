"""Ctrl-C in the standing runner's command that a library turns into an error of its own
ends the command as it would in the client's own process (pipeline/cli/runner/request.py,
``_Interruptible``; pipeline/cli/commands.py ``execute``): "interrupted", exit 130, not
"internal error" and exit 70. The runner raises the ``KeyboardInterrupt`` in the command's
thread itself, not through bridgescan's SIGINT handler: the interrupt must be remembered
for the command there too. In-process: the runner's real ``_Interruptible``, pressed from
another thread as the client's INTERRUPT frame does (``_interrupts``)."""

from __future__ import annotations

import os
import threading
import time

import pytest
import typer

from pipeline.cli import commands
from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.runner.request import _Interruptible


def _app(started: threading.Event) -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def work() -> None:
        try:
            started.set()
            for _ in range(500):  # interrupted at its next Python step, long before 5 s
                time.sleep(0.01)
            raise ValueError("a bug")
        except KeyboardInterrupt:  # pydantic's serializer, while Prefect sends a run's state
            raise RuntimeError("Error calling function: KeyboardInterrupt") from None

    @app.command()
    def other() -> None:  # a group of two, as bridgescan's command line is
        pass

    return app


def test_ctrl_c_in_the_runner_wrapped_by_a_library_exits_as_interrupted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    started = threading.Event()
    command = _Interruptible()  # this thread's, as the runner makes it for its command

    def press() -> None:
        started.wait(10)
        command.interrupt()

    presser = threading.Thread(target=press)
    presser.start()
    try:
        code = commands.execute(_app(started), ["bridgescan", "work"])
    finally:
        command.finished()
        presser.join()
    said = capsys.readouterr().err
    if code == ExitCode.INTERNAL:
        os.unlink(said.split("Please report it with ")[1].strip())
    assert (code, said) == (130, "interrupted: nothing more was written\n")
