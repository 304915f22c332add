"""Where a command's output goes and in which form: every figure kept, whoever reads it.

On a terminal the tables are drawn as wide as the terminal. Written to a file or a pipe
(a saved log, ``| less``, ``| grep``) nothing is cut: no 80-column default, no ellipsis,
no colour codes, tables drawn in ASCII, each line as long as it needs to be. Scripts ask
for ``--format csv`` (the command's main table: header and rows) or ``--format json``
(every table of the command, each a list of objects keyed by column); with either, stdout
holds the data alone and the rest (progress, notes, the status) goes to stderr.

A reader that stops reading (``bridgescan versions OUT | head -3``) does not change what
the command did: the rest of the output is dropped and the command ends with its own exit
code (``keep_going_when_the_reader_leaves``), where Python would print a BrokenPipeError
and Click would exit 1, the code that means "waiting for the director".
"""

from __future__ import annotations

import csv
import errno
import io
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any, TextIO

import typer

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "OutputFormat",
    "FormatOption",
    "Listing",
    "stdout_console",
    "stderr_console",
    "text_table",
    "emit",
    "keep_going_when_the_reader_leaves",
]

# Wide enough for any line bridgescan prints (a ranking row, a long file path); Rich then
# draws every table at its natural width instead of squeezing it into 80 columns.
_UNCUT = 100_000


class OutputFormat(StrEnum):
    """How a command prints its tables: for a person, or for a script."""

    TEXT = "text"
    CSV = "csv"
    JSON = "json"


FormatOption = Annotated[
    OutputFormat,
    typer.Option(
        "--format",
        help="text: tables for a person (never cut when written to a file or a pipe); "
        "csv: the main table for scripts; json: every table for scripts. With csv or json "
        "only the data goes to stdout, the rest to stderr.",
        case_sensitive=False,
    ),
]


@dataclass(frozen=True)
class Listing:
    """One table as data: ``name`` is its key in JSON, ``title`` what a person reads above
    it, ``right`` the columns aligned right (figures). Cells are the text shown."""

    name: str
    title: str
    columns: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)
    right: frozenset[str] = frozenset()

    def add(self, *cells: object) -> None:
        self.rows.append(tuple("" if c is None else str(c) for c in cells))


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def stdout_console(data_elsewhere: bool = False) -> Console:
    """The console for what a command reports: stdout, or stderr when stdout carries
    ``--format csv/json`` data (``data_elsewhere``); never cut when not a terminal."""
    return _console(stderr=data_elsewhere)


def stderr_console() -> Console:
    """The console for errors and refusals: stderr, never cut when not a terminal."""
    return _console(stderr=True)


def _console(stderr: bool) -> Console:
    from rich.console import Console

    if _is_terminal(sys.stderr if stderr else sys.stdout):
        return Console(stderr=stderr)
    return Console(stderr=stderr, width=_UNCUT, no_color=True, highlight=False,
                   emoji=False)  # fmt: skip


def text_table(listing: Listing, console: Console) -> object:
    """The listing as a Rich table: box lines on a terminal, ASCII in a file or pipe;
    no column ever truncated."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    plain = not console.is_terminal
    table = Table(title=listing.title, box=box.ASCII if plain else box.HEAVY_HEAD)
    for name in listing.columns:
        table.add_column(name, justify="right" if name in listing.right else "left",
                         overflow="fold")  # fmt: skip
    for row in listing.rows:
        table.add_row(*(Text(cell) for cell in row))  # Text: a name like "[b]" stays as typed
    return table


def emit(listings: Sequence[Listing], form: OutputFormat, console: Console) -> None:
    """Print ``listings`` in ``form``: text tables on ``console``; CSV (the first listing,
    the command's main table) or JSON (all of them) on stdout."""
    if form is OutputFormat.TEXT:
        for listing in listings:
            console.print(text_table(listing, console))
        return
    if form is OutputFormat.CSV:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        main = listings[0]
        writer.writerow(main.columns)
        writer.writerows(main.rows)
        sys.stdout.write(buffer.getvalue())
        sys.stdout.flush()
        return
    data: dict[str, Any] = {
        listing.name: [dict(zip(listing.columns, row, strict=True)) for row in listing.rows]
        for listing in listings
    }
    sys.stdout.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    sys.stdout.flush()


class _ReaderMayLeave(io.TextIOBase):
    """stdout that drops what it is given once the reader has gone (a closed pipe), so the
    command finishes its work and exits with its own code."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.gone = False

    def _leave(self) -> None:
        # Whatever Python still buffers for fd 1 would fail again at exit; point fd 1 at
        # /dev/null so that last flush succeeds and nothing is printed about it.
        self.gone = True
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, self._stream.fileno())
        os.close(null)

    def write(self, text: str) -> int:  # type: ignore[override]
        if self.gone:
            return len(text)
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self._leave()
            return len(text)

    def flush(self) -> None:
        if self.gone:
            return
        try:
            self._stream.flush()
        except BrokenPipeError:
            self._leave()
        except OSError as error:
            if error.errno != errno.EPIPE:
                raise
            self._leave()

    def isatty(self) -> bool:
        return _is_terminal(self._stream)

    def fileno(self) -> int:
        return self._stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._stream.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self._stream.errors

    @property
    def buffer(self) -> Any:
        return self._stream.buffer


def keep_going_when_the_reader_leaves() -> None:
    """Wrap stdout so a closed pipe ends only the printing, never the command's work or
    its exit code (installed once by ``pipeline.cli.main``)."""
    if not isinstance(sys.stdout, _ReaderMayLeave) and sys.stdout is not None:
        sys.stdout = _ReaderMayLeave(sys.stdout)
