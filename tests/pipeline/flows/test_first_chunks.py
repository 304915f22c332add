"""The batch's first chunks read while the command loads Prefect (pipeline/flows/first_chunks.py).

``bridgescan batch`` on reading processes sends the first event's first chunks to them
before it imports Prefect; the flow, planning the event again, takes each one's answer
instead of sending it again, and its task run (made then) waits for that answer, standing
for the chunk in the UI as for every other chunk. Nothing is sent ahead where the flow must
decide: an event with a store (pages kept before), a shared PostgreSQL store, an event file
that cannot be used. Real reading processes, the real command in this process on the
session's Prefect API, the sample's first three pages (the batch on processes against
threads, whole, is test_batch_flow.py's).
"""

from __future__ import annotations

import os
import uuid
from concurrent.futures import Future
from pathlib import Path

import pytest

from pipeline.flows import first_chunks
from pipeline.flows.batch_plan import chunks_in_flight
from pipeline.flows.reading_processes import ReadingProcesses, close_early, start_early
from pipeline.store import DEFAULT_NAME
from tests.pipeline.flows.batch_outputs import batch_summary
from tests.pipeline.flows.commands import Invoke
from tests.pipeline.flows.reading_children import reading_processes
from tests.pipeline.flows.sample_events import first_pages, scanned_event


class _Watched(Future):  # type: ignore[type-arg]
    """An answer sent ahead, noting the task run that waits for it (the session's Prefect API
    keeps no task run: tests/prefect_api.py; the engine that runs them is the same)."""

    def __init__(self, answer: Future, waited_in: list[str | None]) -> None:  # type: ignore[type-arg]
        super().__init__()
        self.answer, self.waited_in = answer, waited_in

    def result(self, timeout: float | None = None) -> object:
        from prefect.context import TaskRunContext

        context = TaskRunContext.get()
        self.waited_in.append(context.task_run.name if context is not None else None)
        return self.answer.result(timeout)


def test_the_first_chunks_are_read_ahead_and_taken_by_their_task_runs(
    tmp_path: Path, bridgescan: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = f"ahead-{uuid.uuid4().hex[:8]}"
    folder = scanned_event(tmp_path / name, first_pages(3))
    sent: list[str] = []
    taken: list[str] = []
    waited_in: list[str | None] = []
    send, take = ReadingProcesses.send_ahead, ReadingProcesses.sent_ahead

    def send_ahead(self: ReadingProcesses, event: object, chunks: list) -> None:  # type: ignore[type-arg]
        sent.extend(chunk.label for chunk in chunks)
        send(self, event, chunks)  # type: ignore[arg-type]

    def sent_ahead(self: ReadingProcesses, chunk: object) -> object:
        answer = take(self, chunk)  # type: ignore[arg-type]
        if answer is None:
            return None
        taken.append(chunk.label)  # type: ignore[attr-defined]
        return _Watched(answer, waited_in)

    monkeypatch.setattr(ReadingProcesses, "send_ahead", send_ahead)  # watched, not replaced
    monkeypatch.setattr(ReadingProcesses, "sent_ahead", sent_ahead)
    out = tmp_path / "out"
    done = bridgescan("batch", folder, "-o", out, "--runner", "processes", "--workers", "2",
                      "--chunk-pages", "2")  # fmt: skip
    assert done.exit_code == 0, done.stdout[-3000:] + done.stderr[-3000:]  # official
    assert "Traceback" not in done.stdout + done.stderr
    labels = [f"{name} s1 session1.pdf p1-2", f"{name} s1 session1.pdf p3"]
    assert sent == labels  # both chunks (2 processes keep 6 in flight), in scan order
    assert sorted(taken) == labels  # each answer taken by the flow: none read twice
    summary = batch_summary(out)
    assert summary["pages"] == summary["pages_read"] == 3
    assert [s["pages_read"] for s in summary["events"][0]["sessions"]] == [3, 0]
    assert sorted(waited_in) == [f"read {label}" for label in labels]  # each in its task run
    assert reading_processes(os.getpid()) == []  # ended with the batch


def test_nothing_is_sent_ahead_where_the_flow_must_decide(tmp_path: Path) -> None:
    folder = scanned_event(tmp_path / "evening", first_pages(3))
    out = tmp_path / "out"
    assert first_chunks.send_first_chunks([folder], out, None, 2, 1) == 0  # no processes
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "event.yaml").write_text("name: [unclosed\n")
    start_early(1)
    try:
        assert first_chunks.send_first_chunks([broken], out, None, 2, 1) == 0  # flow reports it
        assert first_chunks.send_first_chunks([folder], out, "postgresql://h/db", 2, 1) == 0
        (out / "evening").mkdir(parents=True)
        (out / "evening" / DEFAULT_NAME).write_bytes(b"")  # a store: pages kept before
        assert first_chunks.send_first_chunks([folder], out, None, 2, 1) == 0
        (out / "evening" / DEFAULT_NAME).unlink()
        assert first_chunks.send_first_chunks([folder], out, None, 2, 1) == 2  # 1 process: 4
    finally:
        close_early()
    assert reading_processes(os.getpid()) == []


def test_the_batch_keeps_three_chunks_a_worker_in_flight_four_at_least() -> None:
    assert [chunks_in_flight(n) for n in (1, 2, 3)] == [4, 6, 9]


def test_an_output_folder_it_cannot_look_into_is_left_to_the_flow(tmp_path: Path) -> None:
    """Where ``OUT/<event>/bridgescan.sqlite`` cannot even be looked up, nothing is sent
    and nothing is raised: the flow reports the event (before, ``Path.exists`` raised out
    of the command: a traceback). A director's case is an output folder they may not
    search (EACCES), which root's tests cannot make; a path one over the system's 4,096
    bytes (ENAMETOOLONG) is the same error from the same call."""
    folder = scanned_event(tmp_path / "evening", first_pages(3))
    out = tmp_path
    while len(str(out)) < 4096 - len("/evening/" + DEFAULT_NAME) - 200:
        out = out / ("o" * 199)  # each name under 255 bytes; the whole a folder that exists
    out = out / ("o" * (4096 - len(str(out)) - len("/evening/" + DEFAULT_NAME) - 1))
    out.mkdir(parents=True)  # the command's check of -o passes: it is a folder
    assert len(str(out / "evening" / DEFAULT_NAME)) > 4095  # PATH_MAX counts the NUL
    start_early(1)
    try:
        assert first_chunks.send_first_chunks([folder], out, None, 2, 1) == 0
    finally:
        close_early()
    assert reading_processes(os.getpid()) == []
