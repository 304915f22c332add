"""A disk that cannot take the output: exit 3 ("cannot write"), with what to free.

A full disk (or a quota, a file-size limit, a read-only mount) while a command keeps scans,
records readings or publishes is the machine, not the input and not a bug: the command
says which file could not be written, how much room the disk holding the output has, how
much the last published version took, and that nothing was published (the store's SQLite
transaction is undone as a whole, and a version folder only appears once it is complete,
pipeline/publish/file_set.py), so the same command can simply be run again once there is
room. The errors are recognised as the batch recognises them (pipeline/flows/failures.py).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer

from pipeline.cli.exit_codes import ExitCode

__all__ = ["cannot_write_reason", "exits_when_the_disk_is_full", "room_text"]


def cannot_write_reason(error: BaseException) -> str | None:
    """What could not be written and why, when ``error`` says the disk cannot take the
    output (full, over quota, a file too large, read-only); None otherwise."""
    import errno

    from pipeline.flows.failures import classify

    if isinstance(error, OSError) and error.errno in (errno.EACCES, errno.EPERM):
        return None  # a file we may not read or write: its command names it (exit 2)
    outcome, reason = classify(error)
    return reason if outcome == "cannot-write" else None


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


def _folder_size(folder: Path) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file() and not f.is_symlink())


def room_text(out: Path) -> str:
    """How much room the disk holding ``out`` has, and what the last version took."""
    place = out
    while not place.exists() and place != place.parent:
        place = place.parent
    usage = shutil.disk_usage(place)
    text = (f"the disk holding {out} has {_megabytes(usage.free)} free of "
            f"{_megabytes(usage.total)}")  # fmt: skip
    versions = sorted((out / "versions").glob("v[0-9]*")) if (out / "versions").is_dir() else []
    if versions:
        text += f"; the last version published there ({versions[-1].name}) took "
        text += _megabytes(_folder_size(versions[-1]))
    return text


@contextmanager
def exits_when_the_disk_is_full(
    out: Path, consequence: str = "nothing was published"
) -> Iterator[None]:  # noqa: E501
    """Turn "cannot write" inside the block into exit 3 with what to free; anything else
    goes on as it was."""
    try:
        yield
    except Exception as error:
        reason = cannot_write_reason(error)
        if reason is None:
            raise
        if isinstance(error, OSError) and not error.filename:  # say where, at least
            reason = f"cannot write in {out}: {error.strerror or error}"
        typer.echo(
            f"error: {reason}\n{room_text(out)}: free space there (or write the results to "
            f"another disk) and run the same command again; {consequence}",
            err=True,
        )
        raise typer.Exit(ExitCode.ENVIRONMENT) from None
