"""Publication versions: each publication of the results is version n, stamped with the
official time and, per session, the end of its correction period (Law 79C1).

``publish_stored`` scores what the event store holds (the door rows, what they were scored
from, every accepted correction) through ``pipeline.results.event.score_event`` and, when
anything differs from the current version (a result, a session's status, a deadline),
publishes version n+1: one compare-and-append of the publication record and the results
(refused if someone else published first, then re-scored and tried again), then the file
set (``pipeline.publish``) and a record of the files' hashes. The run, the spreadsheet
path and every correction publish this way, so a version is always exactly one state of
the store, never a mix.

A session is official when no review item of it is open and no finding blocks it (the one
status, ``pipeline.results.status.session_status``, that every publisher shows); its
correction period starts the first time it is published official and ends by the event's
rule (``Event.correction_rule``: 30 minutes, other minutes, or until a time). While it is
provisional no period runs. A changed ruling (Law 92B) reopens the boards it touches.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from pipeline.clock import Clock, now
from pipeline.corrections.changes import change_report, changed_sessions
from pipeline.corrections.hand_records import deals_changed_since, stored_hands
from pipeline.corrections.inputs import stored_corrections, stored_inputs
from pipeline.corrections.records import (
    FILES,
    HEAD_KEY,
    PUBLICATION,
    Correction,
    Publication,
    ReopenedBoard,
    SessionPublication,
    VersionFiles,
    files_key,
)
from pipeline.corrections.request import line_text
from pipeline.doors.session_input import SessionInput
from pipeline.publish import publish_version, published_paths
from pipeline.publish.file_set import (
    WrittenVersion,
    read_manifest,
    switch_current,
    version_folder,
    version_name,
)
from pipeline.publish.results_json_read import published_head
from pipeline.results.event import score_event
from pipeline.results.masterpoints import masterpoint_scale
from pipeline.results.model import EventResults, ResultLine, StoreHead
from pipeline.results.publication import (
    AuditEntry,
    ChangeReport,
    PublicationView,
    SessionPeriodView,
)
from pipeline.results.status import session_blocking, session_status
from pipeline.store import Append, ConflictError, EventStore, StoredRecord
from pipeline.store.codec import dumps
from scoring.event import Event

__all__ = [
    "RESULTS",
    "EVENT",
    "LateChange",
    "NothingPublished",
    "Published",
    "StoredState",
    "results_digest",
    "publication_head",
    "load_state",
    "score_state",
    "session_publications",
    "publication_view",
    "audit_entries",
    "commit",
    "repair",
    "publish_stored",
]

RESULTS = "results"
EVENT = "event"
_RETRIES = 20


class NothingPublished(LookupError):
    """The output folder's store holds no publication (nothing to correct yet)."""


@dataclass(frozen=True)
class Published:
    """A version as published: its number, the results with the publication attached, the
    publication record, where the files are, and whether this call made it (``new``)."""

    version: int
    results: EventResults
    publication: Publication
    paths: dict[str, Path]
    folder: Path
    new: bool


@dataclass(frozen=True)
class StoredState:
    """What the store holds now: the event, every session's input with the corrections
    applied, the review items still open, the corrections and the current publication."""

    event: Event
    inputs: tuple[SessionInput, ...]
    open_items: Mapping[int, tuple[str, ...]]
    corrections: tuple[Correction, ...]
    head: StoredRecord | None
    as_of: int = 0  # the last store record the inputs were read up to

    @property
    def publication(self) -> Publication | None:
        return None if self.head is None else self.head.value  # type: ignore[no-any-return]


def _bare(results: EventResults) -> EventResults:
    return replace(results, publication=None, changes=None, audit=())


def results_digest(results: EventResults) -> str:
    """SHA-256 of the results as scored (without version, changes or audit), with each
    traveller's lines in one order: the same results brought by another door, or in
    another order, are the same results and publish no new version."""
    bare = _bare(results)
    sessions = tuple(
        replace(session, boards=tuple(
            replace(board, lines=tuple(sorted(board.lines, key=_line_order)))
            for board in session.boards
        ))
        for session in bare.sessions
    )  # fmt: skip
    return hashlib.sha256(dumps(replace(bare, sessions=sessions)).encode("utf-8")).hexdigest()


def _line_order(line: ResultLine) -> tuple[int, int, int, int]:
    return (line.ns_pair, line.ew_pair, line.round or 0, line.table or 0)


def publication_head(store: EventStore) -> StoredRecord | None:
    """The current publication record, or None before the first."""
    record = store.latest(PUBLICATION, HEAD_KEY)
    return record if record is not None and isinstance(record.value, Publication) else None


def load_state(store: EventStore, published: bool = False) -> StoredState:
    """Read the state to score from the store; NothingPublished when no event is stored.

    ``published``: the state the current version was scored from, leaving out anything a
    run recorded after it and did not publish (a correction builds on what people saw).
    """
    head = publication_head(store)
    as_of = store.head().records
    if published and head is not None:
        as_of = head.value.inputs_as_of or head.seq
    event_record = store.latest(EVENT, EVENT, as_of)
    if event_record is None or not isinstance(event_record.value, Event):
        raise NothingPublished("no event has been scored into this store yet")
    event = event_record.value
    corrections = tuple(stored_corrections(store))  # only ever appended with a version
    inputs, open_items = stored_inputs(store, event, corrections, as_of)
    return StoredState(event, inputs, open_items, corrections, head, as_of)


def score_state(event: Event, inputs: Sequence[SessionInput], masterpoints: str) -> EventResults:
    """Score stored inputs the way the run does (the same entry point, the same scale)."""
    scale = masterpoint_scale(masterpoints)
    return score_event(
        event, inputs, masterpoint_scale=scale, with_masterpoints=scale is not None,
        source="the stored event",
    )  # fmt: skip


def session_publications(
    event: Event,
    results: EventResults,
    open_items: Mapping[int, tuple[str, ...]],
    previous: Publication | None,
    version: int,
    at: datetime,
    changed: set[int],
    reopen: Mapping[int, ReopenedBoard] | None = None,
    numbers: Sequence[int] | None = None,
) -> tuple[SessionPublication, ...]:
    """Each session's state in version ``version`` published at ``at``.

    Official when nothing is open and nothing blocks; the period starts the first time it is
    published official and keeps that start while it stays official. ``reopen``: a board a
    changed ruling reopens, per session (Law 92B).
    """
    if numbers is None:  # the sessions scored; a team evening has no session views
        numbers = [view.number for view in results.sessions] or list(open_items)
    out = []
    for number in numbers:
        before = previous.session(number) if previous is not None else None
        items = tuple(open_items.get(number, ()))
        status = session_status(number, items, results.findings)
        blocking = len(session_blocking(results.findings, number))
        rule = event.correction_rule(number)
        official = not status.provisional
        official_at = deadline = None
        reopened: tuple[ReopenedBoard, ...] = ()
        if official:
            official_at = before.official_at if before and before.official_at else at
            deadline = rule.period(official_at).ends_at
            reopened = before.reopened if before and before.official else ()
            if reopen and number in reopen:
                reopened = (*reopened, reopen[number])
        changed_in = version if before is None or number in changed else before.changed_in
        out.append(
            SessionPublication(
                number, official_at, deadline, str(rule), items, blocking, reopened, changed_in
            )  # fmt: skip
        )
    return tuple(out)


def publication_view(publication: Publication, event: Event) -> PublicationView:
    """What the publishers show about ``publication``."""
    names = {s.number: s.label for s in event.sessions}
    at = publication.published_at
    sessions = tuple(
        SessionPeriodView(
            session=s.session,
            name=names.get(s.session, f"Session {s.session}"),
            official_at=s.official_at,
            deadline=s.deadline,
            passed=s.deadline is not None and at >= s.deadline,
            rule=s.rule,
            open_items=s.open_items,
            blocking=s.blocking,
            reopened=tuple((r.board, r.until) for r in s.reopened),
            changed_in=s.changed_in,
        )
        for s in publication.sessions
    )
    return PublicationView(publication.version, at, publication.time_zone, publication.cause,
                           sessions, publication.late)  # fmt: skip


def audit_entries(corrections: Sequence[Correction]) -> tuple[AuditEntry, ...]:
    """The corrections as the audit sheet lists them."""
    return tuple(
        AuditEntry(
            number=c.number,
            made_at=c.made_at,
            session=c.session,
            board=c.board,
            ns_pair=(c.after or c.before).ns_pair,  # type: ignore[union-attr]
            ew_pair=(c.after or c.before).ew_pair,  # type: ignore[union-attr]
            before=line_text(c.before),
            after=line_text(c.after) if c.after is not None else "(taken off)",
            by=c.by,
            role=str(c.role),
            reason=c.reason,
            basis=str(c.basis),
            deadline=c.deadline,
            version=c.version,
            override=str(c.override) if c.override else "",
            ruling=c.ruling,
            reopens_until=c.reopens_until,
            review_item=c.review_item,
        )
        for c in corrections
    )


def previous_results(store: EventStore, head: Publication | None) -> EventResults | None:
    """The results of the current version as published (None before the first, or for a
    store written before results were kept as records)."""
    if head is None:
        return None
    record = store.latest(RESULTS, EVENT)
    value = record.value if record is not None else None
    if isinstance(value, EventResults) and value.publication is not None:
        if value.publication.version == head.version:
            return value
    return None


def _files_record(store: EventStore, written: WrittenVersion, head: StoreHead) -> None:
    value = VersionFiles(written.version, version_name(written.version), written.files,
                         head.records, head.chain)  # fmt: skip
    store.append(FILES, files_key(written.version), value, actor="bridgescan",
                 reason=f"the file set of version {written.version}")  # fmt: skip


def verify_before_publishing(store: EventStore, out_dir: Path) -> None:
    """Check the store before anything is published from it: the whole chain, and that it
    still holds the head ``out_dir``'s current results were published with (records lost
    or a chain rewritten since are found). Raises the store's ``TamperedError``."""
    store.check(published_head(out_dir, store.location))


def _store_head(store: EventStore, out_dir: Path) -> StoreHead:
    head = store.head()
    return StoreHead(head.records, head.chain, store.location.published_name(out_dir))


def commit(
    store: EventStore,
    out_dir: Path,
    results: EventResults,
    publication: Publication,
    extra: Sequence[Append] = (),
    head_seq: int | None = None,
) -> Published:
    """Verify the store, then append ``extra`` (a correction), the publication and the
    results in one compare-and-append on the publication head (``ConflictError`` if it
    moved), then write the version's files with the store's chain head and record their
    hashes."""
    verify_before_publishing(store, out_dir)
    entries = [
        *extra,
        Append(PUBLICATION, HEAD_KEY, publication, publication.by, publication.cause),
        Append(RESULTS, EVENT, results, "bridgescan", f"version {publication.version}"),
    ]
    store.append_many(entries, expect={(PUBLICATION, HEAD_KEY): head_seq})
    shown = replace(results, store_head=_store_head(store, out_dir))
    written = publish_version(shown, out_dir, publication.version, hands=stored_hands(store))
    _files_record(store, written, shown.store_head)  # type: ignore[arg-type]
    return Published(publication.version, shown, publication, published_paths(out_dir),
                     written.folder, True)  # fmt: skip


def repair(store: EventStore, out_dir: Path) -> Published | None:
    """The current version as published; its files written if a crash left them unwritten
    (the store has the version, the folder does not), and their hashes recorded if that was
    not done. None when the store holds no such version."""
    head = publication_head(store)
    if head is None:
        return None
    publication: Publication = head.value
    version = publication.version
    record = store.latest(RESULTS, EVENT)
    results = record.value if record is not None else None
    if not isinstance(results, EventResults) or results.publication is None:
        return None
    if results.publication.version != version:
        return None
    files = store.latest(FILES, files_key(version))
    if isinstance(files, StoredRecord) and isinstance(files.value, VersionFiles):
        known = StoreHead(files.value.head_records, files.value.head_chain,
                          store.location.published_name(out_dir))  # fmt: skip
    else:
        known = _store_head(store, out_dir)
    shown = replace(results, store_head=known)
    folder = version_folder(out_dir, version)
    if folder.is_dir():
        switch_current(out_dir, version)
        written = WrittenVersion(version, folder, read_manifest(folder))
    else:
        written = publish_version(shown, out_dir, version, hands=stored_hands(store))
    if files is None:
        _files_record(store, written, known)
    return Published(version, shown, publication, published_paths(out_dir), folder, False)


def _same_publication(old: Publication, new: Publication) -> bool:
    def states(p: Publication) -> list[tuple[object, ...]]:
        return [(s.session, s.official, s.open_items, s.blocking, s.deadline) for s in p.sessions]

    return old.results_digest == new.results_digest and states(old) == states(new)


def full_results(
    results: EventResults,
    publication: Publication,
    event: Event,
    changes: ChangeReport | None,
    corrections: Sequence[Correction],
) -> EventResults:
    """The results with the publication, what changed and the audit attached."""
    return replace(
        _bare(results),
        publication=publication_view(publication, event),
        changes=changes,
        audit=audit_entries(corrections),
    )


class LateChange(ValueError):
    """A run or ``score`` would change results whose correction period has ended (Law 79C1):
    nothing is published; the change needs ``correct`` with a Law 79C2 override."""


def _late_lines(head: Publication, report: ChangeReport, at: datetime) -> list[str]:
    late = []
    for line in report.lines:
        session = head.session(line.session)
        deadline = session.deadline_for(line.board) if session and session.official else None
        if deadline is not None and at >= deadline:
            late.append(
                f"session {line.session}, board {line.board}, {line.ns_pair}-{line.ew_pair}: "
                f"{line.before or '(none)'} -> {line.after or '(none)'}"
            )
    return late


def _refuse_late(head: Publication, report: ChangeReport, at: datetime) -> None:
    late = _late_lines(head, report, at)
    if late:
        raise LateChange(
            "these results were published officially and their correction period has ended "
            f"(Law 79C1), but the input now changes them: {'; '.join(late[:5])}"
            + (f" (and {len(late) - 5} more)" if len(late) > 5 else "")
            + ". Put the input back as it was, or make the change with `bridgescan correct` "
            "and a Law 79C2 override (--override --director NAME --organizer NAME)"
        )


def publish_stored(
    store: EventStore,
    out_dir: Path,
    *,
    cause: str,
    by: str,
    masterpoints: str | None = None,
    clock: Clock | None = None,
) -> Published:
    """Score the store's current state and publish it as a new version when anything
    differs from the current one; else make sure the current version's files are there."""
    for _ in range(_RETRIES):
        state = load_state(store)
        head = state.publication
        scale = masterpoints or (head.masterpoints if head else "bronze")
        results = score_state(state.event, state.inputs, scale)
        at = now(clock)
        version = (head.version if head else 0) + 1
        before = previous_results(store, head)
        report = change_report(before, results, version, version - 1, cause)
        if head is not None:
            _refuse_late(head, report, at)
        sessions = session_publications(state.event, results, state.open_items, head, version,
                                        at, changed_sessions(report, state.inputs))  # fmt: skip
        publication = Publication(
            version=version, published_at=at, cause=cause, by=by, sessions=sessions,
            results_digest=results_digest(results), masterpoints=scale,
            time_zone=state.event.time_zone, corrections=len(state.corrections),
            inputs_as_of=state.as_of,
        )  # fmt: skip
        head_seq = state.head.seq if state.head else None
        if (head is not None and _same_publication(head, publication)
                and not deals_changed_since(store, head_seq)):  # fmt: skip
            repaired = repair(store, out_dir)
            if repaired is not None:
                return repaired
        full = full_results(results, publication, state.event,
                            report if before is not None else None, state.corrections)  # fmt: skip
        try:
            return commit(store, out_dir, full, publication,
                          head_seq=state.head.seq if state.head else None)  # fmt: skip
        except ConflictError:
            continue  # someone published meanwhile: score their state and try again
    raise ConflictError(PUBLICATION, HEAD_KEY, publication_head(store))
