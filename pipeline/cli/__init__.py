"""The ``bridgescan`` command line: one module per command group, nothing imports it.

Each group registers its commands from its own module here (``run``, ``score``, ``entry``,
``event``, ``forms``, ``scan``, ``interop``, ``web``, ``store``); those modules import nothing
heavy at the top (cv2, prefect, pandas load inside the commands), so ``bridgescan --help`` is
instant. They parse, call the functions of the pipeline's rooms, and print. Exit codes are the
same everywhere (``pipeline.cli.exit_codes.ExitCode``).
"""

from __future__ import annotations

import importlib

import typer

from pipeline.cli.exit_codes import ExitCode

__all__ = ["app", "main", "ExitCode"]

app = typer.Typer(
    name="bridgescan",
    help="Duplicate bridge results from scanned or typed travellers.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Command groups in the order they appear in --help.
_GROUPS = (
    "run",
    "score",
    "correct",
    "audit",
    "entry",
    "event",
    "forms",
    "scan",
    "interop",
    "web",
    "store",
)

for _name in _GROUPS:
    importlib.import_module(f"pipeline.cli.{_name}").register(app)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
