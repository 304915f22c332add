"""One progress line for long commands: what is happening, from the first second, kept on screen.

``run`` and ``scan read`` show the stage they are in (starting, keeping scans, reading page
n of N, scoring, writing, checking the store) on one line with a bar for the pages and the
time elapsed; the line stays when the command ends, so the terminal keeps a record of what
was done. Rich prints nothing but the final line when the output is not a terminal;
``stage_progress_on_stdout`` writes that line without Rich there (pipeline/cli/progress_line.py).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["StageProgress", "stage_progress", "stage_progress_on_stdout"]


class StageProgress:
    """The stage shown, and the pages read of the pages to read."""

    def __init__(self, progress: Any, total: int | None) -> None:
        self._progress = progress
        self._task = progress.add_task("starting", total=total)
        self._pages = 0
        self._total = total

    def stage(self, text: str) -> None:
        self._progress.update(self._task, description=text)

    def page(self) -> None:
        self._pages += 1
        of = f" of {self._total}" if self._total else ""
        self._progress.update(self._task, advance=1, description=f"reading page {self._pages}{of}")

    def advance(self, pages: int) -> None:
        """``pages`` more done, the stage's own words kept (``forms synth``: making pages)."""
        self._progress.update(self._task, advance=pages)

    def set_total(self, total: int | None) -> None:
        self._total = total
        self._progress.update(self._task, total=total)

    def finish(self, text: str) -> None:
        total = self._progress.tasks[0].total
        self._progress.update(self._task, description=text, completed=total or 1, total=total or 1)


@contextmanager
def stage_progress(console: Any, total: int | None = None) -> Iterator[StageProgress]:
    """A progress line on ``console`` (rich), started at once. Redrawn ten times a second on
    a terminal only: elsewhere nothing but the final line is printed, and the redrawing
    thread cost 13 ms of CPU a second for nothing (0.04 s over 3 s, load 10)."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (SpinnerColumn(finished_text="-"), TextColumn("{task.description:<24}"),
               BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())  # fmt: skip
    redraw = console.is_terminal
    with Progress(*columns, console=console, transient=False, auto_refresh=redraw) as progress:
        yield StageProgress(progress, total)


@contextmanager
def stage_progress_on_stdout(total: int | None = None) -> Iterator[StageProgress]:
    """``stage_progress`` on stdout, and where stdout is a file or a pipe the one line Rich
    would print there, written without importing Rich (``FinalLine``: some 50 ms of CPU of a
    command's start-up)."""
    from pipeline.cli.progress_line import FinalLine, rich_would_draw_plainly

    if not rich_would_draw_plainly(sys.stdout):
        from pipeline.cli.output import stdout_console

        with stage_progress(stdout_console(), total) as progress:
            yield progress
        return
    line = FinalLine(sys.stdout)
    try:
        yield StageProgress(line, total)
    finally:
        line.close()
