"""The ``bridgescan`` entry point: ``main``, light until it knows where the command runs.

``bridgescan run`` is handed to the standing runner when one of the same code answers
(``bridgescan prefect start`` starts it: pipeline/cli/runner/client.py); nothing but the
standard library is imported before that is known. Every other command, and ``run``
without a runner, runs in this process from ``pipeline.cli.commands`` (the command groups,
the exit codes, the one place a bug becomes exit 70), whose names this package also gives
(``app``, ``build_app``, ...: tests and tools import them from here).
"""

from __future__ import annotations

import sys
from typing import Any

from pipeline.cli.exit_codes import ExitCode

__all__ = ["app", "build_app", "main", "ExitCode"]


def main() -> None:
    """Console-script entry point: ``bridgescan run`` through the standing runner when one
    answers (its exit code), else the command in this process
    (``commands.run_in_this_process``: telemetry off, no traceback ever reaches a user).
    A command line without the word ``run`` is never ``bridgescan run``: the runner's
    client (its sockets, a few ms of CPU) is not imported for it."""
    if "run" in sys.argv[1:]:
        _run_early(sys.argv)
    from pipeline.cli.commands import run_in_this_process

    run_in_this_process()


def _run_early(argv: list[str]) -> None:
    """``bridgescan run`` before the command loads: through the standing runner when one
    answers (exits with its code), else its Prefect API chosen first thing
    (pipeline/cli/run.py chooses it again, inside the command's handled path): a temporary
    API boots while this process loads Typer, rich and the command (some 0.4 s of its
    CPU), not after, and a command that then stops on its input stops its API. Choosing
    early is only a head start: whatever fails here (a full disk, a port, a process that
    will not start) is left to the command's own choice, which reports it as every
    command's faults are reported (exit 70, the traceback in a file), not as a raw
    traceback with exit 1 (review waiting) before the SIGINT handler is set."""
    from pipeline.cli.runner.client import names_run, run_through_runner

    code = run_through_runner(argv)
    if code is not None:
        sys.exit(code)
    if names_run(argv[1:]):
        from pipeline.flows.prefect_server import choose_api

        try:
            choose_api()
        except Exception:  # noqa: BLE001 -- see the docstring: the command chooses again
            pass


def __getattr__(name: str) -> Any:
    """The command line's names (``app``, ``build_app``, ``_groups_for``, ...), from
    ``pipeline.cli.commands`` when first asked for."""
    from importlib import import_module

    commands = import_module("pipeline.cli.commands")  # `from pipeline.cli import` asks here
    try:
        return getattr(commands, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
