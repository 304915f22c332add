"""How a command stops on what it was given: ``error: `` and one message on stderr, then
the exit code (``ExitCode``; bad input unless said otherwise). One place, so every command
says it the same way and a script or a person can find the line."""

from __future__ import annotations

import typer

from pipeline.cli.exit_codes import ExitCode

__all__ = ["fail"]


def fail(message: str, code: int = ExitCode.BAD_INPUT) -> typer.Exit:
    """Print ``error: message`` on stderr; the ``typer.Exit`` to raise with ``code``."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)
