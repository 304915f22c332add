"""One event on its way through the batch: its pages as they come back, its scoring and
publishing as a sub-flow run named after it, and what became of it.

The batch flow (pipeline/flows/batch.py) plans the events and streams their pages; once
an event's last chunk is in, ``score_and_publish`` settles each session (a sub-flow run per
session, ``Autumn pairs · session 1``) and finishes the event through the same steps as
``bridgescan run`` (pipeline/flows/run_event.py), then publishes its ranking and review
summary as Prefect artifacts. ``EventRun.fail`` turns whatever stopped an event into the
batch summary's line (pipeline/flows/failures.py says whose job it is).
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.doors.scans.reading import scan_files
from pipeline.doors.scans.reviewed_rows import ReadSession
from pipeline.flows import pages as chunking
from pipeline.flows import run_event as job_steps
from pipeline.flows import session_readings
from pipeline.flows.batch_report import EventOutcome, SessionLine
from pipeline.flows.failures import classify
from pipeline.flows.prefect_flow import plain_flow
from pipeline.store import EventStore

__all__ = ["ByReference", "EventRun", "score_and_publish"]


class ByReference:
    """A value handed to a task or sub-flow as it is, not looked into. Prefect records a
    flow run's parameters in its API and walks a task's parameters for futures; an event's
    page readings (with their image crops) belong in the event store, not in the API, and
    walking the event (pairs, movements) for every chunk costs more than reading a page.
    Prefect records it as a placeholder (``<ByReference>``); it pickles for Dask."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


@dataclass(eq=False)
class EventRun:
    """One event on its way through the batch (mutable, the flow's own bookkeeping)."""

    name: str
    folder: Path
    out_dir: Path
    job: job_steps.EventJob | None = None
    chunks: dict[int, list[chunking.PageChunk]] = field(default_factory=dict)
    reader_keys: dict[int, str] = field(default_factory=dict)  # session -> reader version
    scan_digests: dict[int, list[str]] = field(default_factory=dict)  # session -> kept scans
    read: dict[int, list[chunking.ChunkRead]] = field(default_factory=dict)
    first_sent: dict[int, float] = field(default_factory=dict)
    received: int = 0  # chunks back from the workers (or from the store)
    concluding: float = 0.0  # when scoring began
    outcome: EventOutcome | None = None
    _store: EventStore | None = field(default=None, repr=False)

    def store(self) -> EventStore:
        """The event's store for the batch's own bookkeeping (its scans kept, each chunk
        looked up and kept), opened once, not once a chunk; ``let_go`` closes it."""
        assert self.job is not None
        if self._store is None:
            self._store = EventStore(self.job.store_path)
        return self._store

    def let_go(self) -> None:
        """The event is done with (scored, or failed): its pages and its store let go."""
        self.read.clear()
        if self._store is not None:
            self._store.close()
            self._store = None

    @property
    def complete(self) -> bool:
        """Every chunk is back: the event can be scored."""
        return self.received == sum(len(c) for c in self.chunks.values())

    @property
    def title(self) -> str:
        return self.job.event.name if self.job else self.folder.name

    @property
    def pages(self) -> int:
        return sum(c.pages for chunks in self.chunks.values() for c in chunks)

    @property
    def pages_in(self) -> int:
        """Pages back so far (read now or taken from the store)."""
        return sum(r.chunk.pages for reads in self.read.values() for r in reads)

    def fail(self, error: BaseException, why: str = "") -> EventOutcome:
        """Record that the event failed; ``why`` adds what the pages said (the likely cause
        when a session of bad pages has nothing to score)."""
        kind, reason = classify(error)
        if why and kind == "bad-input":
            reason = f"{reason}: {why}"
        reason = reason.replace(f"{self.folder}/", "")
        note = reason
        if kind == "internal":
            note += " (bridgescan failed here: please report it; details in batch-summary.json)"
        line = SessionLine(self.name, self.title, None, "failed", pages=self.pages, note=note)
        detail = "".join(traceback.format_exception(error)) if kind == "internal" else reason
        self.outcome = EventOutcome(self.name, self.title, self.folder, self.out_dir, kind,
                                    (line,), detail)  # fmt: skip
        return self.outcome


@plain_flow("bridgescan-session", placeholders=(ByReference,))
def settle_session(run: ByReference, session: int) -> Any:
    """One session's pages, in scan order with duplicates marked, kept in the store with the
    review decisions so far; publishes the session's review summary."""
    from ocr.reader import mark_duplicates

    event: EventRun = run.value
    assert event.job is not None
    chunks = [(r.chunk, r.readings()) for r in event.read.get(session, [])]  # unpacked now
    pages = mark_duplicates(chunking.in_scan_order(chunks))
    job = event.job
    settled = job_steps.settle_readings(session, pages, job.store_path, job.out_dir, job.event)
    _remember_session(event, session, pages)
    return ByReference(settled)


def _remember_session(event: EventRun, session: int, pages: list) -> None:
    """The session's fingerprint recorded as ``run`` records it, so a ``run`` of the folder
    after the batch takes the session whole from the store (pipeline/flows/session_readings.py),
    and a batch's store holds the same records as a run's."""
    job = event.job
    assert job is not None
    files = next(f for f in job.plan if f.session == session)
    scans = session_readings.SessionScans.of(
        job.event_digest, session, scan_files(files.scans), event.scan_digests[session]
    )
    with EventStore(job.store_path) as store:
        session_readings.remember(store, scans, event.reader_keys[session], pages)


@plain_flow("bridgescan-event", placeholders=(ByReference,))
def score_and_publish(run: ByReference, masterpoints: str) -> Any:
    """One event: its sessions settled, every session's rows scored once, published."""
    from prefect.states import Completed, Failed

    from pipeline.flows.artifacts import publish_event_artifacts

    event: EventRun = run.value
    assert event.job is not None
    read: dict[int, ReadSession] = {}
    try:
        for session in sorted(event.read):
            named = settle_session.with_options(flow_run_name=f"{event.title} · session {session}")
            read[session] = named(run, session).value
        summary = job_steps.finish_event(event.job, read, masterpoints)
        event.outcome = _outcome(event, summary, read, summary.version)
        publish_event_artifacts(event.name, summary.results, read,  # type: ignore[arg-type]
                                event.outcome.outcome == "provisional")  # fmt: skip
    except Exception as error:  # noqa: BLE001 - reported in the summary, the batch goes on
        pages = "; ".join(filter(None, (_first_problem(r, ()) for r in read.values())))
        return Failed(message=event.fail(error, pages).reason.splitlines()[-1])
    return Completed(message=event.outcome.outcome)


def _outcome(
    run: EventRun, summary: job_steps.RunSummary, read: dict[int, ReadSession], version: int
) -> EventOutcome:
    """The event's summary lines, each session with its own status as the results give it
    (pipeline/results/status.py: provisional while a reading of it waits for review or a
    finding blocks it, its own or the event's), the event provisional if any session is."""
    from pipeline.results.status import session_blocking, session_status

    results: Any = summary.results
    finished = time.perf_counter()
    lines = []
    for s in summary.sessions:
        reads = run.read.get(s.session, [])
        scanned = read.get(s.session)
        waiting = tuple(item.id for item in scanned.review) if scanned else ()
        status = session_status(s.session, waiting, results.findings)
        held = session_blocking(results.findings, s.session)
        note = _first_problem(scanned, held).replace(f"{run.folder}/", "")
        started = run.first_sent.get(s.session, run.concluding)
        lines.append(SessionLine(
            run.name, run.title, s.session, "PROVISIONAL" if status.provisional else "official",
            pages=s.pages, pages_read=sum(r.chunk.pages for r in reads if not r.reused),
            rows_accepted=s.accepted, rows_typed=s.typed, review_items=s.to_review,
            blocking=len(held), version=version, seconds=finished - started, note=note,
        ))  # fmt: skip
    provisional = results.status.provisional
    return EventOutcome(run.name, run.title, run.folder, run.out_dir,
                        "provisional" if provisional else "official", tuple(lines))  # fmt: skip


def _first_problem(read: ReadSession | None, blocking: Sequence[Any]) -> str:
    """The first thing a person should look at in this session, in a line."""
    if blocking:
        first = blocking[0]
        more = f" (+{len(blocking) - 1} more)" if len(blocking) > 1 else ""
        return f"{first.code}: {first.where}: {first.message}{more}"
    if read is not None and read.review:
        bad_pages = [p for p in read.pages if p.needs_review]
        if bad_pages:
            page = bad_pages[0]
            more = f" (+{len(bad_pages) - 1} more pages)" if len(bad_pages) > 1 else ""
            reason = page.message or ", ".join(str(p) for p in page.problems)
            where = f"{page.page}: "
            return f"{'' if reason.startswith(where) else where}{reason}{more}"
        item = read.review[0]
        where = item.where.replace(Path(item.file).name, item.file, 1)  # the file's own path
        return f"{where}: {'; '.join(item.reasons)}"
    return ""
