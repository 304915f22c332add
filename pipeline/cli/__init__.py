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
    (``commands.run_in_this_process``: telemetry off, no traceback ever reaches a user)."""
    from pipeline.cli.runner.client import run_through_runner

    code = run_through_runner(sys.argv)
    if code is not None:
        sys.exit(code)
    from pipeline.cli.commands import run_in_this_process

    run_in_this_process()


def __getattr__(name: str) -> Any:
    """The command line's names (``app``, ``build_app``, ``_groups_for``, ...), from
    ``pipeline.cli.commands`` when first asked for."""
    from importlib import import_module

    commands = import_module("pipeline.cli.commands")  # `from pipeline.cli import` asks here
    try:
        return getattr(commands, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
