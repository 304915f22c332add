"""The batch's progress bar (pipeline/cli/batch_progress.py) redraws itself only on a
terminal: into a file or a pipe it is written once, as it stops, and no thread builds it
twice a second meanwhile (under `--runner threads` that thread would take the interpreter
lock from the reading threads)."""

from __future__ import annotations

import io

from rich.console import Console

from pipeline.cli.batch_progress import BatchProgress
from pipeline.flows import batch


def test_into_a_file_the_bar_is_written_once_as_it_stops_and_never_redrawn() -> None:
    out = io.StringIO()
    with BatchProgress(Console(file=out, width=120)) as progress:
        assert progress._progress.live._refresh_thread is None  # nothing redraws it
        progress.starting(1, "2 threads")
        progress.hear(batch.Notice("planned", "e01", "E1", pages=16))
        progress.hear(batch.Notice("pages", "e01", "E1", pages=8))
        assert out.getvalue() == ""  # not drawn while it runs
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("reading, 2 threads")
    assert "8/16 pages" in lines[0]


def test_on_a_terminal_the_bar_is_redrawn_by_its_own_thread() -> None:
    terminal = Console(file=io.StringIO(), width=120, force_terminal=True)
    with BatchProgress(terminal) as progress:
        redraws = progress._progress.live._refresh_thread
        assert redraws is not None and redraws.is_alive()
