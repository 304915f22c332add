"""The batch's progress on the terminal: one bar for the whole batch, pages per second, the
event being scored, and a line for every event as it is published or fails.

It shows from the first second (Prefect takes seconds to start) and stays on screen. The
flow (pipeline/flows/batch.py) sends ``Notice`` records; this only draws them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["BatchProgress"]


def _speed_column() -> Any:
    from rich.progress import ProgressColumn
    from rich.text import Text

    class PagesPerSecond(ProgressColumn):  # type: ignore[misc]
        """Pages per second over the last seconds (rich's own running average)."""

        def render(self, task: Any) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:.1f} pages/s", style="cyan")

    return PagesPerSecond()


class BatchProgress:
    """A rich progress bar fed by the batch flow's notices."""

    def __init__(self, console: Console) -> None:
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
        from rich.table import Column

        self.console = console
        self._progress = Progress(
            TextColumn("{task.description}",
                       table_column=Column(max_width=26, no_wrap=True, overflow="ellipsis")),
            BarColumn(bar_width=16),
            TextColumn("{task.completed}/{task.fields[pages]} pages"),
            _speed_column(),
            TimeElapsedColumn(),
            console=console,
            transient=False,
            # rich redraws 10 times a second by default: 1.6 s of CPU in a 104-slip batch
            # of 58 s (2026-11-29, at load 27), for a bar whose figures move once a second.
            refresh_per_second=2,
            # Into a file or a pipe (a script, a log, the benchmark) rich draws the bar once,
            # as it stops; a redrawing thread would still build the bar's table twice a
            # second, under the interpreter lock the reading threads of `--runner threads`
            # wait for (1.6% of the lock's samples on the 200-slip day, 2026-11-30).
            auto_refresh=console.is_terminal and not console.is_dumb_terminal,
        )  # fmt: skip
        self._task = self._progress.add_task("starting Prefect", total=None, pages="?")
        self._reading = "reading"

    def __enter__(self) -> BatchProgress:
        self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._progress.stop()

    def starting(self, events: int, runner: str) -> None:
        self._progress.update(self._task, description=f"preparing {events} events")
        self._reading = f"reading, {runner}"

    def hear(self, notice: Any) -> None:
        """Draw one notice of the batch flow."""
        progress, task = self._progress, self._task
        if notice.kind == "planned":  # an event planned: its pages join the total
            total = (progress.tasks[0].total or 0) + notice.pages
            reading = self._reading if total else "no pages to read"
            progress.update(task, total=total or None, pages=total, description=reading)
        elif notice.kind == "pages":
            progress.advance(task, notice.pages)
        elif notice.kind in ("skipped", "reused"):  # not read now: off the bar's total
            total = max(0, (progress.tasks[0].total or 0) - notice.pages)
            progress.update(task, total=total or None, pages=total)
        elif notice.kind == "scoring":
            progress.update(task, description=f"scoring {notice.title}")
        elif notice.kind == "event" and notice.outcome is not None:
            progress.console.print(_event_line(notice.outcome), markup=False, highlight=False,
                                   soft_wrap=True)  # fmt: skip
            progress.update(task, description=self._reading)


def _event_line(outcome: Any) -> str:
    lines = outcome.sessions
    if outcome.outcome in ("official", "provisional"):
        review = sum(line.review_items for line in lines)
        blocking = sum(line.blocking for line in lines)
        state = "official" if outcome.outcome == "official" else "PROVISIONAL"
        waits = f": {review} review item(s), {blocking} blocking finding(s)"
        version = lines[0].version if lines else None
        if not (review or blocking):
            waits = ""
        return f"{outcome.event}: {outcome.title}: published v{version}, {state}{waits}"
    note = lines[0].note if lines else outcome.reason
    return f"{outcome.event}: FAILED ({outcome.outcome}): {note}"
