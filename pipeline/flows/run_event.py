"""Prefect flows: the main job as tasks around the plain functions of pipeline/flows/steps.py.

Import this module only after :func:`pipeline.flows.prefect_env.configure_prefect`. Each task is a
thin wrapper (call ``task.fn(...)`` to run one without Prefect); each opens its own store
connection, so sessions can be read in parallel on Prefect's thread pool. Flow and task
parameters stay plain (paths, records), as Prefect records flow parameters in its API. Large
task parameters (the event, the pages read, the rows, the results) are passed ``quote()``d:
Prefect would otherwise walk every object in them looking for futures, which cost more than
the work itself on a re-run (measured: tens of seconds of CPU for the sample's 26 pages).

An event's job is three steps that the batch flow (pipeline/flows/batch.py) shares, so an
event scores the same whichever command ran it: ``prepare_event`` (event checked and
recorded, session files found), reading (here one task per session, which keeps the
session's scans first and takes them whole from the store when their fingerprint is
unchanged, pipeline/flows/session_readings.py; the batch reads chunks of pages in
parallel) settled by ``settle_readings``, and ``finish_event`` (rows of both doors, scored
once, published, the store verified).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from importlib import import_module
from pathlib import Path

from prefect import task
from prefect.cache_policies import NO_CACHE
from prefect.utilities.annotations import quote

from pipeline.doors.inputs import SessionFiles, session_files
from pipeline.doors.scans import reading, reviewed_rows
from pipeline.flows import session_readings, steps
from pipeline.flows.prefect_flow import plain_flow
from pipeline.flows.readings import StoredReadings
from pipeline.flows.store_checks import check_store
from pipeline.store import DEFAULT_NAME, EventStore, store_location
from scoring.event import Event

__all__ = [
    "EventJob",
    "RunSummary",
    "SessionSummary",
    "prepare_event",
    "settle_readings",
    "finish_event",
    "run_event",
    "listeners",
    "STEP_MODULES",
    "imports_of_the_steps",
]

# Who wants to hear what the run is doing (the CLI's progress bar): ``(stage, detail)`` with
# stage "keeping scans", "page" (detail: the page as read), "scoring and writing". Not a
# flow parameter: Prefect stores flow parameters, and a callback is not data.
listeners: list[Callable[[str, object], None]] = []


@dataclass(frozen=True)
class SessionSummary:
    """What one session's inputs gave."""

    session: int
    pages: int
    rows_read: int
    accepted: int
    decided: int
    to_review: int
    typed: int
    replaced: tuple[str, ...]
    rows_changed: int
    pages_reused: int = 0  # taken as read before by the same reader, not read again
    unreadable: tuple[str, ...] = ()  # pages (or files) that could not be read, and why


@dataclass(frozen=True)
class RunSummary:
    """What the run did and where the results are."""

    event: str
    sessions: tuple[SessionSummary, ...]
    paths: dict[str, Path]
    review_folder: Path
    store: str  # where the event store is (a SQLite path, or a URL without its password)
    records: int
    blocking: tuple[str, ...]
    findings: int
    notes: tuple[str, ...]
    head: str = ""  # the store's chain head as published (RECORDS:HASH)
    results: object = None  # the published EventResults, for the command's ranking table
    version: int = 0  # the publication version the run published (or found current)
    waiting: tuple[str, ...] = ()  # the open review items, by id
    legacy_decisions: Path | None = None  # an old review/decisions.jsonl, not read any more
    kept_sheets: tuple[str, ...] = ()  # notes on filled-in review sheets kept aside
    out: Path | None = None

    @property
    def to_review(self) -> int:
        return sum(s.to_review for s in self.sessions)


@dataclass(frozen=True)
class EventJob:
    """An event folder made ready to run: the event as scored, its session files, and where
    its results and store go. Shared by ``bridgescan run`` and the batch flow, so both
    score an event through the same steps."""

    folder: Path
    event: Event
    plan: tuple[SessionFiles, ...]
    out_dir: Path
    store_path: Path | str  # a SQLite path or a store URL (pipeline/store/location.py)
    event_digest: str = ""  # the event's record in the store (its digest), as recorded


# The modules the steps import when they first run (a re-run: the stored pages' checks, the
# review queue, the typed session, publishing, the command's report), and every flow and
# task call's own (Prefect's visualization, which loads graphviz): a command waiting for
# its temporary API imports them meanwhile (``imports_of_the_steps``).
STEP_MODULES = (
    "prefect.utilities.visualization",
    "ocr.stack",
    "pipeline.doors.scans.review_queue",
    "pipeline.doors.scans.review_sheet",
    "pipeline.doors.entry.importer",
    "pipeline.publish.results_json",
    "pipeline.publish.workbook",
    "pipeline.publish.web.site",
    "pipeline.cli.report",
    "pipeline.cli.correct",
)


def imports_of_the_steps() -> Iterator[Callable[[], object]]:
    """Each of ``STEP_MODULES`` imported, a step at a time: what a command can do while
    Prefect's API is still starting (pipeline/flows/local_api.py, ``meanwhile``); a step
    done that way costs the flow nothing later."""
    for name in STEP_MODULES:
        yield partial(import_module, name)


def _notify(stage: str, detail: object = None) -> None:
    for listener in listeners:
        listener(stage, detail)


@task(name="read scans", cache_policy=NO_CACHE)
def read_scans(
    event: Event, files: SessionFiles, store_path: Path | str, out_dir: Path, event_digest: str
) -> reviewed_rows.ReadSession:
    """The session's scans kept in the store (before anything reads them), then read: taken
    whole as read before when the session's fingerprint is unchanged (no reader set up,
    pipeline/flows/session_readings.py), else page by page, each page read only when no
    reading of it by the same reader is kept."""
    paths = reading.scan_files(files.scans)
    with EventStore(store_path) as store:
        scans = session_readings.SessionScans.of(event_digest, files.session, paths,
                                                 steps.keep_scans(store, files))  # fmt: skip
        pages = session_readings.stored_pages(store, scans)
    if pages is not None:
        for page in pages:
            _notify("page", page)
        settled = settle_readings(files.session, pages, store_path, out_dir, event, recorded=True)
        return replace(settled, reused=len(pages))
    reader = reading.scan_reader(event, files.session)
    key = reading.reader_key(reader, event, files.session)
    with EventStore(store_path) as store:  # pages read before by this reader are not read again
        stored = StoredReadings(store, key)
        pages = reading.read_scans(reader, files.scans, on_page=lambda page: _notify("page", page),
                                   cache=stored)  # fmt: skip
    settled = settle_readings(files.session, pages, store_path, out_dir, event)
    with EventStore(store_path) as store:
        session_readings.remember(store, scans, key, pages)
    return replace(settled, reused=stored.reused)


def settle_readings(
    session: int,
    pages: list,
    store_path: Path | str,
    out_dir: Path,
    event: Event | None = None,
    recorded: bool = False,
) -> reviewed_rows.ReadSession:
    """A session's pages as read (in scan order, duplicates marked): kept in the store
    (unless ``recorded``: taken whole from the store, they are there already); with the
    review decisions in the store (the only place they live), the rows that stand and the
    open items (checked against ``event``'s movement when given)."""
    with EventStore(store_path) as store:
        if not recorded:
            steps.record_readings(store, session, pages)
        decisions = steps.load_decisions(store)
    context = reading.queue_context(event, session)
    return reviewed_rows.review_rows(session, pages, decisions, context)


@task(name="session rows", cache_policy=NO_CACHE)
def session_rows(
    event: Event,
    files: SessionFiles,
    scanned: reviewed_rows.ReadSession | None,
    store_path: Path | str,
) -> tuple[object, SessionSummary]:
    data, notes = steps.session_input(event, files, scanned)
    open_items = tuple(item.id for item in scanned.review) if scanned else ()
    with EventStore(store_path) as store:
        changed = steps.record_rows(store, files.session, data.rows)
        steps.record_input(store, data, open_items)
    pages = scanned.pages if scanned else ()
    summary = SessionSummary(
        session=files.session,
        pages=len(pages),
        rows_read=sum(1 for p in pages for r in p.rows if str(r.status) != "empty"),
        accepted=sum(1 for p in pages for r in p.rows if str(r.status) == "accepted"),
        decided=scanned.decided if scanned else 0,
        to_review=len(scanned.review) if scanned else 0,
        typed=sum(1 for r in data.rows if r.source is None or r.source.page is None),
        replaced=notes,
        rows_changed=changed,
        pages_reused=scanned.reused if scanned else 0,
        unreadable=tuple(
            f"{item.where}: {'; '.join(item.reasons)}"
            for item in (scanned.review if scanned else ())
            if item.kind == "page" and "unreadable" in item.reasons
        ),
    )
    return data, summary


@task(name="publish", cache_policy=NO_CACHE)
def publish(
    read: list, out_dir: Path, store_path: Path | str, masterpoints: str
) -> tuple[object, Path, tuple[str, ...]]:
    """Score what the store holds (the rows just recorded, every correction) and publish it
    as the next version when anything changed: the store verified first against the head
    last published (nothing is published from a broken one), the results recorded, the
    files written with the chain head (pipeline/corrections/publication.py)."""
    from pipeline.corrections.publication import publish_stored

    # The queue first: when every reading waits, nothing can be scored, and the director
    # needs the queue to decide them (NothingScoredYet).
    with EventStore(store_path) as store:
        decisions = steps.load_decisions(store)
    review, kept = steps.write_review(read, out_dir, decisions)
    with EventStore(store_path) as store:
        published = publish_stored(store, out_dir, cause="run", by="bridgescan run",
                                   masterpoints=masterpoints)  # fmt: skip
    return published, review, kept


def prepare_event(
    folder: Path, out_dir: Path, store_path: Path | str | None = None, store_checked: bool = False
) -> EventJob:
    """Load and check the event, find its session files, record the event in the store.

    The store is verified first (``check_store``) unless the caller has just done it
    (``store_checked``: ``bridgescan run`` verifies before it starts Prefect), so a run
    verifies its store once before reading and once before publishing, not three times."""
    from pipeline.events.eventfile import load_event
    from pipeline.results.names import check_names

    event = load_event(folder / "event.yaml")
    check_names(event, "event.yaml")
    out_dir.mkdir(parents=True, exist_ok=True)
    store_path = store_path or out_dir / DEFAULT_NAME  # a SQLite path, or a store URL
    plan = tuple(session_files(folder, event))
    if not store_checked:
        check_store(store_path, out_dir)  # a broken store is refused before anything is read
    with EventStore(store_path) as store:  # the event as scored: pairs, movements, options
        recorded = store.append("event", "event", event, actor="bridgescan")
    return EventJob(folder, event, plan, out_dir, store_path, recorded.digest)


def finish_event(
    job: EventJob, read: dict[int, reviewed_rows.ReadSession], masterpoints: str
) -> RunSummary:
    """Every session's rows (both doors), scored once for the event, published, verified."""
    summaries = []
    for files in job.plan:
        scanned = quote(read.get(files.session))
        _data, summary = session_rows(quote(job.event), files, scanned, job.store_path)
        summaries.append(summary)
    _notify("scoring and writing")
    published, review, kept = publish(
        quote(list(read.values())), job.out_dir, job.store_path, masterpoints
    )
    results = published.results  # type: ignore[attr-defined]
    paths = published.paths  # type: ignore[attr-defined]
    head = results.store_head
    blocking = tuple(f"{f.code}: {f.where}: {f.message}" for f in results.blocking_findings)  # type: ignore[attr-defined]
    legacy = job.out_dir / steps.REVIEW_FOLDER / "decisions.jsonl"
    return RunSummary(
        event=job.event.name,
        sessions=tuple(summaries),
        paths=paths,
        review_folder=review,
        store=str(store_location(job.store_path)),
        records=head.records,
        head=str(head),
        blocking=blocking,
        findings=len(results.findings),  # type: ignore[attr-defined]
        notes=tuple(results.notes),  # type: ignore[attr-defined]
        results=results,
        version=published.version,  # type: ignore[attr-defined]
        waiting=tuple(item.id for session in read.values() for item in session.review),
        legacy_decisions=legacy if legacy.is_file() else None,
        kept_sheets=kept,
        out=job.out_dir,
    )


@plain_flow("bridgescan-run", log_prints=False)  # parameters recorded as plain JSON
def run_event(
    folder: Path,
    out_dir: Path,
    store_path: Path | str | None = None,
    masterpoints: str = "bronze",
    store_checked: bool = False,
) -> RunSummary:
    """Scans and entry files of an event folder in; workbook, JSON, review queue out
    (``store_checked``: the caller has just verified the store, see ``prepare_event``)."""
    job = prepare_event(folder, out_dir, store_path, store_checked)
    _notify("keeping scans")
    futures = {
        f.session: read_scans.submit(
            quote(job.event), f, job.store_path, job.out_dir, job.event_digest
        )
        for f in job.plan
        if f.scans
    }
    read = {number: future.result() for number, future in futures.items()}
    return finish_event(job, read, masterpoints)
