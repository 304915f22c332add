"""The tournament office's batch: every session of every event folder in one flow run.

``run_batch`` (the ``bridgescan-batch`` flow) takes event folders (or folders of event
folders) and gives each event what ``bridgescan run`` gives it, through the same steps
(pipeline/flows/run_event.py: ``prepare_event``, ``settle_readings``, ``finish_event``), so
the results of an event are the same whichever command made them. What the batch adds:

- pages are read in parallel, a chunk of pages per task (pipeline/flows/pages.py), where
  the office configured (pipeline/flows/task_runners.py): reading processes of the
  command's own, threads, local Dask worker processes, or a Dask scheduler
  (pipeline/flows/chunk_reading.py: a task run per chunk);
- a page read before (the same scan content, the same reader version) is taken from the
  event's store, not read again; each chunk's readings are kept there as soon as they
  are back, so a batch cut off half way reads only what it had not read;
- reading streams: a few chunks per worker are in flight, each event is scored and
  published as soon as its last page is in, on a thread of its own (while the flow keeps
  the next event's chunks and the workers read them), and its readings are let go, so
  memory stays flat however long the day;
- one bad event (files that cannot be used, an output folder that cannot be written, a
  broken store) is reported with its reason and the rest goes on;
- a flow run per event and per session named after them, each session's ranking and review
  summary as Prefect artifacts (pipeline/flows/batch_event.py), and the batch summary
  (pipeline/flows/batch_report.py).

Which folders are events and where their output goes: pipeline/flows/batch_plan.py.

Re-running the same batch after a crash adds nothing twice: every step writes the event
store idempotently and publishes atomically.
"""

from __future__ import annotations

import queue
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import copy_context
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from functools import partial
from importlib import import_module
from pathlib import Path
from typing import Any

from pipeline.flows import pages as chunking
from pipeline.flows import run_event as job_steps
from pipeline.flows import steps
from pipeline.flows.batch_event import ByReference, EventRun, score_and_publish
from pipeline.flows.batch_plan import chunks_in_flight, event_folders, event_store, output_names
from pipeline.flows.batch_report import BatchReport, EventOutcome
from pipeline.flows.chunk_reading import SubmitChunk, chunk_readers
from pipeline.flows.collector import frozen_setup, full_collections_held
from pipeline.flows.pages import ChunkRead
from pipeline.flows.prefect_flow import plain_flow
from pipeline.flows.task_runners import runner_spec

__all__ = ["Notice", "PUBLISHING_MODULES", "batch_listeners", "imports_of_publishing", "run_batch"]

# What an event's scoring and publishing import when they first run (the review queue, the
# workbook, the site, the JSON; Prefect's task engine and artifacts). The command imports
# them before the batch starts, with the collector paused, so they are frozen with the
# batch's setup (``frozen_setup``) instead of being scanned again by every full collection
# of the day: some 50,000 objects of openpyxl, jinja2, lxml and PIL.
PUBLISHING_MODULES = (
    "pipeline.doors.scans.review_queue",
    "pipeline.doors.scans.review_sheet",
    "pipeline.publish.results_json",
    "pipeline.publish.workbook",
    "pipeline.publish.web.site",
    "prefect.task_engine",
    "prefect.artifacts",
)


@dataclass(frozen=True)
class Notice:
    """What the batch tells the command line as it goes (the progress bar)."""

    kind: str  # "planned" (an event, its pages to read), "pages", "reused", "skipped",
    # "scoring", "event"
    event: str = ""
    title: str = ""
    pages: int = 0
    outcome: EventOutcome | None = None


# Who wants to hear how the batch goes (the CLI's progress bar). Not a flow parameter:
# Prefect records flow parameters, and a callback is not data.
batch_listeners: list[Callable[[Notice], None]] = []


def _notify(notice: Notice) -> None:
    for listener in batch_listeners:
        listener(notice)


def imports_of_publishing() -> Iterator[Callable[[], object]]:
    """Each of ``PUBLISHING_MODULES`` imported, a module at a time (what the command does
    while a temporary API starts, pipeline/flows/local_api.py; an imported one is free)."""
    for name in PUBLISHING_MODULES:
        yield partial(import_module, name)


def _batch_run_name() -> str:
    from prefect.runtime import flow_run

    folders = flow_run.parameters.get("folders") or ()
    return f"batch of {len(folders)} folder(s), {datetime.now():%Y-%m-%d %H:%M}"


# Its parameters recorded without FastAPI (pipeline/flows/prefect_flow.py); validated, so
# a deployment's run, given its folders as JSON text, gets them as paths.
@plain_flow(
    "bridgescan-batch", flow_run_name=_batch_run_name, log_prints=False, validate_parameters=True
)
def run_batch(
    folders: list[Path],
    out_dir: Path,
    runner: str = "processes",
    workers: int | None = None,
    address: str | None = None,
    masterpoints: str = "bronze",
    chunk_pages: int = chunking.DEFAULT_CHUNK_PAGES,
    store: str | None = None,
) -> BatchReport:
    """Every event folder in ``folders`` read, scored and published into ``out_dir/<event>``,
    with the batch summary in ``out_dir``; the task runner is ``runner`` (processes, threads
    or dask) with ``workers`` workers, or the Dask scheduler at ``address``; each event's store is
    in its output folder, or in its own schema of the PostgreSQL database ``store``."""
    from pipeline.flows.artifacts import publish_batch_artifact
    from pipeline.flows.batch_report import summary_frame, write_summary

    clock = time.perf_counter()
    spec = runner_spec(runner, workers, address)
    paths = event_folders(folders)
    runs = [EventRun(name, folder, out_dir / name)
            for name, folder in zip(output_names(paths), paths, strict=True)]  # fmt: skip
    report = BatchReport(spec.describe(), datetime.now(UTC).isoformat(timespec="seconds"))
    window = chunks_in_flight(spec.workers)
    frozen_setup()  # what exists now lives as long as the batch: out of every collection
    try:  # the readers start first: they boot while the events are planned
        with chunk_readers(spec, window) as submit, _planning(runs, chunk_pages, store) as plans:
            _stream(_chunks(runs, plans), submit, masterpoints, window, report)
            report.pages = sum(plan.result() for plan in plans)
    finally:
        for run in runs:
            run.let_go()
    report.events = [run.outcome for run in runs if run.outcome is not None]
    report.seconds = time.perf_counter() - clock
    report.finished = datetime.now(UTC).isoformat(timespec="seconds")
    write_summary(report, out_dir)
    heading = (f"{len(runs)} events, {report.pages} pages in {report.seconds:.0f} s on "
               f"{report.runner}")  # fmt: skip
    publish_batch_artifact(summary_frame(report.lines), heading)
    return report


@contextmanager
def _planning(
    runs: Sequence[EventRun], chunk_pages: int, store: str | None
) -> Iterator[list[Future[int]]]:
    """Every event planned in order on a thread of its own, while the first events' pages
    are read: planning is some 0.3 s of one core an event, and a day of twenty events
    planned before the first chunk was sent kept both reading processes waiting for it.
    Each future gives its event's pages (0: the event failed); one not yet started when
    the batch stops is not planned at all."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="plan") as planner:
        plans = [planner.submit(copy_context().run, _plan, run, chunk_pages, store)
                 for run in runs]  # fmt: skip
        try:
            yield plans
        finally:
            for plan in plans:
                plan.cancel()


def _plan(run: EventRun, chunk_pages: int, store: str | None) -> int:
    """Prepare the event (checked, recorded, its files found) and cut its scans in chunks;
    the pages it will read (0: it failed, and was reported)."""
    try:
        run.job = job_steps.prepare_event(run.folder, run.out_dir, event_store(store, run.name))
        run.chunks = chunking.event_chunks(run.name, run.job.event, run.job.plan, chunk_pages)
        for session, chunks in run.chunks.items():
            if chunks:
                run.reader_keys[session] = chunking.reader_key(run.job.event, chunks[0])
    except Exception as error:  # noqa: BLE001 - one bad event is reported, the rest goes on
        _notify(Notice("event", run.name, run.title, outcome=run.fail(error)))
        return 0
    _notify(Notice("planned", run.name, run.title, pages=run.pages))
    return run.pages


Work = tuple[EventRun, chunking.PageChunk | None, ChunkRead | None]
# The next event's plan when it is not done yet: the stream waits for it as for a chunk.
Planning = Future[int]


def _chunks(runs: Sequence[EventRun], plans: Sequence[Future[int]]) -> Iterator[Work | Planning]:
    """Every chunk of every event in order, with its pages when the store has them all
    (read before); an event's scans are kept in its store just before its first chunk
    (as ``run`` keeps them before reading). An event with nothing to read comes once,
    without a chunk. An event not planned yet comes first as its plan, to be waited for
    (the next item comes once it is done)."""
    for run, plan in zip(runs, plans, strict=True):
        if not plan.done():
            yield plan
        plan.result()
        if run.outcome is not None or run.job is None:
            continue
        try:
            for files in run.job.plan:  # a plain step: files copied
                run.scan_digests[files.session] = steps.keep_scans(run.store(), files)
        except Exception as error:  # noqa: BLE001
            _notify(Notice("skipped", run.name, run.title, pages=run.pages))
            _notify(Notice("event", run.name, run.title, outcome=run.fail(error)))
            run.let_go()
            continue
        for session in sorted(run.chunks):
            for chunk in run.chunks[session]:
                if run.outcome is None:
                    yield run, chunk, _stored_chunk(run, chunk)
        if not run.chunks:  # typed entries only: nothing to read
            yield run, None, None


def _stored_chunk(run: EventRun, chunk: chunking.PageChunk) -> ChunkRead | None:
    """The chunk's pages as an earlier run read them (same scan content, same reader), if
    the event's store has every one of them; else None (the chunk is read)."""
    from ocr.reading import PageRef
    from pipeline.doors.scans.reading import renamed
    from pipeline.flows.readings import StoredReadings

    assert run.job is not None
    pages = []
    try:
        stored = StoredReadings(run.store(), run.reader_keys[chunk.session])
        for number in range(chunk.first, chunk.last + 1):
            page = stored.get(chunk.digest, number)
            if page is None:
                return None
            pages.append(renamed(page, PageRef(str(chunk.file), number)))
    except Exception:  # noqa: BLE001 - a reading that cannot be taken back is read again
        return None
    return ChunkRead(chunk, tuple(pages), 0.0, reused=True)


def _keep_chunk(run: EventRun, result: ChunkRead) -> None:
    """Keep a chunk's readings in the event's store as soon as they are back, so a batch
    cut off after this reads them no more."""
    from pipeline.flows.readings import StoredReadings

    stored = StoredReadings(run.store(), run.reader_keys[result.chunk.session])
    if result.encoded:
        stored.put_encoded(result.chunk.digest, result.chunk.first, result.stored_names(),
                           result.encoded)  # fmt: skip
    else:
        stored.put_many(result.chunk.digest, result.chunk.first, result.readings())


def _stream(
    pending: Iterator[Work | Planning],
    submit: SubmitChunk,
    masterpoints: str,
    window: int,
    report: BatchReport,
) -> None:
    """Keep ``window`` chunks in flight; conclude each event once its last chunk is back.

    An event is scored and published on a thread of its own (``publisher``) while this one
    goes on sending and keeping the next event's chunks, so the readers are not left
    without work while an event is published. One event is published at a time, and
    while one more waits for it no further chunk is sent: the readings held stay those of
    at most two events and the chunks in flight, however long the day. An event still
    being planned (``_planning``) is waited for as a chunk is, its plan's end one more
    thing ``done`` hears of, so the chunks back meanwhile are kept and the events
    published."""
    done: queue.Queue[Any] = queue.Queue()
    in_flight: dict[Any, tuple[EventRun, chunking.PageChunk]] = {}
    ready: deque[EventRun] = deque()
    exhausted = False
    publishing: Future[None] | None = None
    planning: Planning | None = None  # the next event's plan, waited for like a chunk
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="publish") as publisher:
        while True:
            while (not exhausted and planning is None and len(in_flight) < window
                   and not (ready and publishing)):  # fmt: skip
                item = next(pending, None)
                if item is None:
                    exhausted = True
                    break
                if isinstance(item, Future):
                    planning = item
                    planning.add_done_callback(done.put)
                    break
                run, chunk, stored = item
                if chunk is None:
                    ready.append(run)
                    continue
                run.first_sent.setdefault(chunk.session, time.perf_counter())
                if stored is not None:
                    _take(run, stored, report)
                    if run.complete:
                        ready.append(run)
                    continue
                assert run.job is not None
                future = submit(run.job.event, chunk)
                in_flight[future] = (run, chunk)
                future.add_done_callback(done.put)
            if ready and publishing is None:  # in this flow run's context: its sub-flows
                publishing = publisher.submit(copy_context().run, _conclude, ready.popleft(),
                                              masterpoints)  # fmt: skip
                publishing.add_done_callback(done.put)
                continue
            if not in_flight and publishing is None and planning is None:
                break
            future = done.get()
            if future is planning:
                planning = None
                continue
            if future is publishing:
                publishing.result()  # a bug in publishing stops the batch, as before
                publishing = None
                continue
            run, chunk = in_flight.pop(future)
            _collect(run, chunk, future, report)
            if run.outcome is None and run.complete:
                ready.append(run)


def _take(run: EventRun, result: ChunkRead, report: BatchReport) -> None:
    """A chunk's pages are in: kept with the event's other pages until it is scored."""
    run.read.setdefault(result.chunk.session, []).append(result)
    run.received += 1
    if result.reused:
        _notify(Notice("reused", run.name, run.title, pages=result.chunk.pages))
    else:
        report.pages_read += result.chunk.pages
        _notify(Notice("pages", run.name, run.title, pages=result.chunk.pages))


def _collect(run: EventRun, chunk: chunking.PageChunk, future: Any, report: BatchReport) -> None:
    """Take a chunk's pages in and keep them in the store (or fail its event: the rest of
    the batch goes on)."""
    if run.outcome is not None:
        return
    try:
        result: ChunkRead = future.result()
        _keep_chunk(run, result)
        result = replace(result, encoded=())  # kept: only the readings wait for scoring
    except Exception as error:  # noqa: BLE001
        left = run.pages - run.pages_in - chunk.pages
        _notify(Notice("skipped", run.name, run.title, pages=left))
        _notify(Notice("event", run.name, run.title, outcome=run.fail(error)))
        run.let_go()
        return
    _take(run, result, report)


def _conclude(run: EventRun, masterpoints: str) -> None:
    """Score and publish one event (its own flow run), then let its readings go."""
    if run.outcome is not None:
        return
    run.concluding = time.perf_counter()
    _notify(Notice("scoring", run.name, run.title))
    event_flow = score_and_publish.with_options(flow_run_name=run.title)
    with full_collections_held():  # pipeline/flows/collector.py says why
        event_flow(ByReference(run), masterpoints, return_state=True)
        run.let_go()
    if run.outcome is not None:
        _notify(Notice("event", run.name, run.title, outcome=run.outcome))
