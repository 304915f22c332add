"""The progress line where the output is a file or a pipe: Rich's last line, without Rich.

Where stdout is not a terminal, Rich's progress display (pipeline/cli/progress.py) prints
nothing while a command runs and one line when it ends: the spinner, the stage, the bar,
pages done of pages to do, the time elapsed. Importing Rich and building its console and
its table for that one line was some 50 ms of CPU of ``scan read``'s start-up (load 14),
which issue 43's outside check counts. ``FinalLine`` keeps the task as Rich's ``Progress``
keeps it (the calls ``StageProgress`` makes) and writes that line as Rich draws it without
colour at a width that cuts nothing (pipeline/cli/output.py): "- done", padded to 24, a
bar of 40, "27/27", "0:00:05". The elapsed time stops where Rich's does, when the pages
done first reach the pages to do; a line left unfinished (a command stopped on its input)
shows the spinner's frame, the bar's whole halves and, without a count of pages, the
pulse, as Rich would (tests/pipeline/cli/test_progress_line.py draws each beside Rich).

``rich_would_draw_plainly`` says where Rich would draw it so: a stream that is not a
terminal, in UTF-8, with no variable that makes Rich take it for a terminal, not on
Windows (whose consoles Rich draws in ASCII). Anywhere else Rich draws the line itself.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from time import monotonic
from typing import TextIO

__all__ = ["FinalLine", "rich_would_draw_plainly"]

_BAR_WIDTH = 40  # Rich's BarColumn
_SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"  # Rich's "dots" spinner, a frame every 80 ms
_PULSE = "━" * 10 + " " * 10  # Rich's pulse without colour, 15 characters a second


def rich_would_draw_plainly(stream: TextIO) -> bool:
    """Whether Rich would draw its progress line on ``stream`` as ``FinalLine`` does."""
    if sys.platform == "win32" or os.environ.get("TTY_COMPATIBLE", "") in ("0", "1"):
        return False
    if os.environ.get("FORCE_COLOR") is not None:
        return False
    encoding = (getattr(stream, "encoding", None) or "").lower()
    try:
        return encoding.startswith("utf") and not stream.isatty()
    except (AttributeError, ValueError):
        return False


@dataclass
class _Task:
    description: str
    total: float | None
    started: float
    completed: float = 0
    finished_at: float | None = None  # elapsed seconds when the pages done reached the total
    drawn_at: float | None = None  # when Rich would first draw it (its spinner's start)


class FinalLine:
    """Rich's ``Progress`` as ``StageProgress`` uses it (``add_task``, ``update``,
    ``tasks``), keeping one task and writing its last line on ``stream`` at ``close``."""

    def __init__(self, stream: TextIO, clock: Callable[[], float] = monotonic) -> None:
        self._stream = stream
        self._clock = clock
        self.tasks: list[_Task] = []

    def add_task(self, description: str, total: float | None = 100.0) -> int:
        now = self._clock()
        self.tasks.append(_Task(description, total, started=now, drawn_at=now))
        return len(self.tasks) - 1

    def update(
        self,
        task_id: int,
        *,
        total: float | None = None,
        completed: float | None = None,
        advance: float | None = None,
        description: str | None = None,
    ) -> None:
        """As Rich's ``Progress.update``: a total of None leaves the total as it is; a new
        total starts the count of its finish again."""
        task = self.tasks[task_id]
        if total is not None and total != task.total:
            task.total, task.finished_at = total, None
        if advance is not None:
            task.completed += advance
        if completed is not None:
            task.completed = completed
        if description is not None:
            task.description = description
        if task.total is not None and task.completed >= task.total and task.finished_at is None:
            task.finished_at = self._clock() - task.started

    def line(self) -> str:
        """The task's line as Rich draws it now."""
        task = self.tasks[0]
        now = self._clock()
        finished = task.finished_at is not None
        if finished:
            spinner = "-"
        else:
            spinner = _SPINNER[int((now - (task.drawn_at or now)) / 0.08) % len(_SPINNER)]
        total = "?" if task.total is None else str(int(task.total))
        count = f"{int(task.completed):{len(total)}d}/{total}"
        elapsed = task.finished_at if finished else now - task.started
        time = str(timedelta(seconds=max(0, int(elapsed or 0))))
        return f"{spinner} {task.description:<24} {_bar(task, now):<{_BAR_WIDTH}} {count} {time}"

    def close(self) -> None:
        """Write the line, as Rich does when its display stops."""
        if self.tasks:
            self._stream.write(self.line() + "\n")
            self._stream.flush()


def _bar(task: _Task, now: float) -> str:
    """Rich's ``ProgressBar`` without colour: whole and half bars done, nothing for what is
    left; the pulse where there is no total."""
    if task.total is None:
        offset = int(-now * 15) % len(_PULSE)
        return (_PULSE * (_BAR_WIDTH // len(_PULSE) + 2))[offset : offset + _BAR_WIDTH]
    done = min(task.total, max(0, task.completed))
    halves = int(_BAR_WIDTH * 2 * done / task.total) if task.total else _BAR_WIDTH * 2
    return "━" * (halves // 2) + "╸" * (halves % 2)
