"""The batch plans its events while the first ones are read (pipeline/flows/batch.py,
``_planning``), and the progress bar's total grows as each event is planned.

The batch is the real command in the test's process (threads, the session's Prefect API)
on two copies of the sample's first three pages. The listener holds the planning of the
second event until the first event's pages are read: a batch that planned every event
before it sent the first chunk would never read them, and the hold would give up.
"""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest

from pipeline.flows import batch
from tests.pipeline.flows.commands import Invoke
from tests.pipeline.flows.sample_events import first_pages, scanned_event
from tests.pipeline.flows.sample_run import NOW

HOLD_SECONDS = 300  # far longer than reading three pages on the busiest machine


def test_the_first_event_is_read_while_the_next_one_is_planned(
    tmp_path: Path, bridgescan: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BRIDGESCAN_NOW", NOW)
    pages = first_pages(3)
    scanned_event(tmp_path / "day" / "a-first", pages)
    scanned_event(tmp_path / "day" / "b-second", pages)
    first_read = threading.Event()
    held: list[bool] = []
    heard: list[tuple[str, str, int]] = []

    def listener(notice: batch.Notice) -> None:
        heard.append((notice.kind, notice.event, notice.pages))
        if notice.kind == "pages" and notice.event == "a-first":
            first_read.set()
        if notice.kind == "planned" and notice.event == "b-second":
            held.append(first_read.wait(HOLD_SECONDS))

    batch.batch_listeners.append(listener)
    try:
        done = bridgescan("batch", tmp_path / "day", "-o", tmp_path / "out", "--runner",
                          "threads", "--workers", "1", "--chunk-pages", "2")  # fmt: skip
    finally:
        batch.batch_listeners.remove(listener)
    assert done.exit_code == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert held == [True]  # the first event's pages were read while the second waited
    planned = [(event, pages) for kind, event, pages in heard if kind == "planned"]
    assert planned == [("a-first", 3), ("b-second", 3)]
    read = [(event, pages) for kind, event, pages in heard if kind == "pages"]
    assert sorted(read) == [("a-first", 1), ("a-first", 2), ("b-second", 1), ("b-second", 2)]


def test_the_progress_total_grows_as_each_event_is_planned() -> None:
    from rich.console import Console

    from pipeline.cli.batch_progress import BatchProgress

    progress = BatchProgress(Console(file=io.StringIO(), width=120))
    task = progress._progress.tasks[0]
    progress.starting(3, "2 processes")
    progress.hear(batch.Notice("planned", "a", "A", pages=0))  # typed entries only
    assert task.total is None and task.description == "no pages to read"
    progress.hear(batch.Notice("planned", "b", "B", pages=26))
    assert (task.total, task.fields["pages"]) == (26, 26)
    assert task.description == "reading, 2 processes"
    progress.hear(batch.Notice("planned", "c", "C", pages=3))
    progress.hear(batch.Notice("reused", "b", "B", pages=8))  # 8 of b's pages from the store
    progress.hear(batch.Notice("pages", "c", "C", pages=3))
    assert (task.total, task.fields["pages"], task.completed) == (21, 21, 3)
