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

The parts are modules of their own: the state read from the store (stored_state.py), the
publication record (publication_record.py), the results as shown (published_results.py),
the writes of a version (version_commit.py) and the refusal of a late change
(late_change.py).
"""

from __future__ import annotations

from pathlib import Path

from pipeline.clock import Clock, now
from pipeline.corrections.changes import change_report, changed_sessions
from pipeline.corrections.hand_records import deals_changed_since
from pipeline.corrections.late_change import refuse_late
from pipeline.corrections.publication_record import (
    results_digest,
    same_publication,
    session_publications,
)
from pipeline.corrections.published_results import full_results
from pipeline.corrections.records import HEAD_KEY, PUBLICATION, Publication
from pipeline.corrections.stored_state import (
    load_state,
    previous_results,
    publication_head,
    score_state,
)
from pipeline.corrections.version_commit import Published, commit, repair
from pipeline.store import ConflictError, EventStore

__all__ = ["publish_stored"]

_RETRIES = 20


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
            refuse_late(head, report, at)
        sessions = session_publications(state.event, results, state.open_items, head, version,
                                        at, changed_sessions(report, state.inputs))  # fmt: skip
        publication = Publication(
            version=version, published_at=at, cause=cause, by=by, sessions=sessions,
            results_digest=results_digest(results), masterpoints=scale,
            time_zone=state.event.time_zone, corrections=len(state.corrections),
            inputs_as_of=state.as_of,
        )  # fmt: skip
        head_seq = state.head.seq if state.head else None
        if (head is not None and same_publication(head, publication)
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
