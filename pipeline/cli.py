"""The ``bridgescan`` command line.

Each area registers its commands from its own ``pipeline/cli_*.py`` module; those modules
import nothing heavy at the top (cv2, prefect, pandas load inside the commands), so
``bridgescan --help`` is instant. Exit codes are the same everywhere (see ``ExitCode``).
"""

from __future__ import annotations

import importlib
from enum import IntEnum

import typer

__all__ = ["app", "main", "ExitCode"]


class ExitCode(IntEnum):
    """What scripts can rely on."""

    OK = 0
    FINDINGS = 1  # the work was done, but findings block publishing or need a director
    BAD_INPUT = 2  # input could not be read; nothing was written
    ENVIRONMENT = 3  # a tool or package is missing (e.g. tesseract)


app = typer.Typer(
    name="bridgescan",
    help="Duplicate bridge results from scanned or typed travellers.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Areas in the order they appear in --help.
_AREAS = (
    "pipeline.cli_run",
    "pipeline.cli_score",
    "pipeline.cli_entry",
    "pipeline.cli_event",
    "pipeline.cli_forms",
    "pipeline.cli_scan",
    "pipeline.cli_interop",
)

for _module in _AREAS:
    try:
        _area = importlib.import_module(_module)
    except ModuleNotFoundError as error:  # an area not built yet in this checkout
        if error.name != _module:
            raise
        continue
    _area.register(app)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
