"""What the interoperability commands share: reading the files they are given, and failing.

A results file read as its format (or exit 2 naming the file), a deal file's double-dummy
analysis (or exit 3 when the solver is missing), the ``--section`` option, and the one
way these commands stop: a message on stderr and an exit code (``ExitCode``). Apart from
the commands so each command module holds one command group and none borrows from another.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from pipeline.cli.exit_codes import ExitCode
from pipeline.cli.failing import fail

__all__ = ["SectionOption", "fail", "read_results_file", "solved"]


def read_results_file(
    path: Path, expected: str | None = None, section: str | None = None
) -> object:
    """The session in a PBN or USEBIO results file (an ``ImportedSession``); exit 2 with
    the file named when it cannot be read or is not the ``expected`` format."""
    from pipeline.interop.formats import format_of, read_results

    try:
        if expected is not None and format_of(path.read_bytes(), str(path)) != expected:
            raise fail(f"{path}: this is not a {expected} file")
        return read_results(path, section)
    except OSError as error:
        raise fail(f"{path}: {error.strerror}") from None
    except ValueError as error:
        raise fail(str(error)) from None


def solved(records: Any) -> Any:
    """Double-dummy tables and par, or exit 3 when the solver is not installed."""
    from pipeline.events.hand_records import MissingSolverError, analyse

    try:
        return analyse(records)
    except MissingSolverError as error:
        raise fail(str(error), ExitCode.ENVIRONMENT) from None


SectionOption = Annotated[
    str | None, typer.Option(help="Read one section of a PBN file with several (default: all).")
]
