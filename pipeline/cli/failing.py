"""How a command stops on what it was given: ``error: `` and one message on stderr, then
the exit code (``ExitCode``; bad input unless said otherwise). One place, so every command
says it the same way and a script or a person can find the line."""

from __future__ import annotations

import typer

from pipeline.cli.exit_codes import ExitCode

__all__ = ["fail", "said"]


def fail(message: str, code: int = ExitCode.BAD_INPUT) -> typer.Exit:
    """Print ``error: message`` on stderr; the ``typer.Exit`` to raise with ``code``."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def said(error: BaseException) -> str:
    """An error as a person reads it: a file the system refused as ``FILE: why``
    (``x.pdf: Permission denied``), not Python's ``[Errno 13] Permission denied: 'x.pdf'``."""
    import os

    if isinstance(error, OSError) and error.strerror and error.filename is not None:
        return f"{os.fsdecode(error.filename)}: {error.strerror}"
    return str(error)
