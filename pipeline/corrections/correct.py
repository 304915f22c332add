"""Making a correction: check it, time it, re-score everything, publish the next version.

``correct`` is the one function the command line and the director's web console call. It
reads the current version from the event store, finds the line, builds the corrected line
(``request.corrected_row``), decides by the clock whether the correction stands (Law 79C1
inside the period; after it only as a Law 79C2 override naming the director and the
organizer; no period while the session is provisional), re-validates and re-scores the
whole event (leveling and masterpoints depend on every session) through ``score_event``,
refuses a correction that would add a finding that blocks publishing, and publishes
version n+1 with the change report and the audit: the correction record and the new
version are appended in one compare-and-append, so two scorers correcting at once both land
in a definite order, or the second is told the results changed under it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pipeline.clock import Clock, local_text, now, utc_text, zone_name
from pipeline.corrections.changes import change_report, changed_sessions
from pipeline.corrections.inputs import with_corrections
from pipeline.corrections.publication_record import results_digest, session_publications
from pipeline.corrections.published_results import full_results
from pipeline.corrections.records import (
    CORRECTION,
    DECISION,
    Correction,
    Publication,
    ReopenedBoard,
    Role,
    correction_key,
)
from pipeline.corrections.request import (
    CorrectionPeriodEnded,
    CorrectionRefused,
    LineCorrection,
    Signature,
    corrected_row,
    find_line,
    line_text,
)
from pipeline.corrections.stored_state import (
    NothingPublished,
    StoredState,
    load_state,
    previous_results,
    score_state,
)
from pipeline.corrections.version_commit import Published, commit
from pipeline.doors.scans.review import Decision
from pipeline.doors.session_input import SessionInput
from pipeline.results.model.event import EventResults
from pipeline.results.publication import ChangeReport
from pipeline.results.status import FindingView, session_blocking
from pipeline.store import Append, ConflictError, EventStore
from pipeline.store.clock_floor import check_floor
from scoring.correction import (
    CorrectionBasis,
    LateCorrectionError,
    correction_basis,
    reopened_deadline,
)
from scoring.traveller import TravellerRow

__all__ = [
    "ResultsChanged",
    "CorrectionOutcome",
    "Change",
    "MakeChange",
    "make_correction",
    "correct",
    "basis_text",
    "session_input",
]

_RETRIES = 20


class ResultsChanged(RuntimeError):
    """Someone else changed the results since the person looked; nothing was changed."""

    def __init__(self, current: int, seen: int) -> None:
        self.current = current
        self.seen = seen
        super().__init__(
            f"the results changed since you looked (version {current}; you looked at version "
            f"{seen}): look at version {current} and make the correction again if it is "
            "still needed"
        )


@dataclass(frozen=True)
class CorrectionOutcome:
    """An accepted correction, the version it published and what changed."""

    correction: Correction
    published: Published
    changes: ChangeReport


def basis_text(correction: Correction, time_zone: str) -> str:
    """``Law 79C1 (period ends 22:10)``, ``Law 79C2 override: ...``, ``before official``."""
    if correction.basis is CorrectionBasis.NOT_OFFICIAL:
        return "before the results were official (no correction period running yet)"
    deadline = "" if correction.deadline is None else local_text(correction.deadline, time_zone)
    if correction.basis is CorrectionBasis.LAW_79C1:
        return f"Law 79C1, within the correction period (until {deadline})"
    return f"{correction.override}, after the period ended at {deadline}"


def session_input(state: StoredState, number: int) -> SessionInput:
    """The stored input of session ``number``; refused when there is no such session."""
    try:
        state.event.session(number)
    except KeyError:
        numbers = ", ".join(str(s.number) for s in state.event.sessions)
        raise CorrectionRefused(f"the event has no session {number} (sessions {numbers})") from None
    for data in state.inputs:
        if data.session == number:
            return data
    raise CorrectionRefused(f"session {number} has no published results to correct")


@dataclass(frozen=True)
class Change:
    """One line's change as a correction makes it: ``before`` (None: there was no line),
    ``after`` (None: the line goes, e.g. a review decision 'reject'); ``where`` names it in
    messages; ``decision`` is the review decision record to keep with it."""

    session: int
    board: int
    before: TravellerRow | None
    after: TravellerRow | None
    where: str
    ruling: bool = False
    review_item: str = ""
    decision: Decision | None = None


MakeChange = Callable[[StoredState, int], Change]
"""Builds the change on a state, given the number the correction will have."""


def _timing(
    state: StoredState,
    head: Publication,
    change: Change,
    signature: Signature,
    at: datetime,
    not_before: datetime | None,
) -> tuple[CorrectionBasis, datetime | None]:
    """Law 79C1 or 79C2, decided at ``at`` or at ``not_before`` (the store's last record)
    when that is later: a clock that ran backwards (and was let through with a clock
    correction) never makes a late correction "within the period"."""
    if not_before is not None and not_before > at:
        at = not_before
    session = head.session(change.session)
    deadline = session.deadline_for(change.board) if session and session.official else None
    try:
        basis = correction_basis(at, deadline, override=signature.override is not None)
    except LateCorrectionError:
        assert deadline is not None
        zone = state.event.time_zone
        raise CorrectionPeriodEnded(
            f"{change.where}: the correction period of session {change.session} ended at "
            f"{local_text(deadline, zone, seconds=True)} ({zone_name(zone)}; Law 79C1); it is "
            f"{local_text(at, zone, seconds=True)}. A later correction needs a Law 79C2 "
            "override: the director and the organizer both find it beyond reasonable doubt "
            "that the record is wrong (--override --director NAME --organizer NAME)",
            change.where,
            deadline,
            at,
            zone,
        ) from None
    return basis, deadline


def _blocking(results: EventResults, session: int) -> set[tuple[str, str, str]]:
    return {(f.code, f.where, f.message) for f in session_blocking(results.findings, session)}


def _new_blocking(before: EventResults, after: EventResults, session: int) -> FindingView | None:
    added = _blocking(after, session) - _blocking(before, session)
    return next((f for f in after.blocking_findings if (f.code, f.where, f.message) in added), None)


@dataclass(frozen=True)
class _Draft:
    correction: Correction
    results: EventResults
    publication: Publication
    report: ChangeReport
    records: tuple[Append, ...]


def _draft(
    state: StoredState,
    change: Change,
    signature: Signature,
    at: datetime,
    before_results: EventResults,
    seen_version: int,
    not_before: datetime | None = None,
) -> _Draft:
    head = state.publication
    assert head is not None
    if change.ruling and signature.role is not Role.DIRECTOR:
        raise CorrectionRefused(
            f"{change.where}: a changed ruling (Law 92B) is the director's; --role director"
        )
    basis, deadline = _timing(state, head, change, signature, at, not_before)
    number = len(state.corrections) + 1
    version = head.version + 1
    reopens_until = None
    if change.ruling and deadline is not None:
        minutes = state.event.correction_rule(change.session).minutes
        reopens_until = reopened_deadline(deadline, at, minutes)
    correction = Correction(
        number=number, session=change.session, board=change.board, before=change.before,
        after=change.after, by=signature.by, role=signature.role, reason=signature.reason,
        made_at=at, basis=basis, deadline=deadline, version=version, seen_version=seen_version,
        override=signature.override if basis is CorrectionBasis.LAW_79C2 else None,
        ruling=change.ruling, reopens_until=reopens_until, review_item=change.review_item,
    )  # fmt: skip
    inputs = tuple(
        with_corrections(d, [correction]) if d.session == change.session else d
        for d in state.inputs
    )
    open_items = {
        number_: tuple(i for i in items if i != change.review_item)
        for number_, items in state.open_items.items()
    }
    results = score_state(state.event, inputs, head.masterpoints)
    added = _new_blocking(before_results, results, change.session)
    if added is not None:
        shown = line_text(change.after) if change.after is not None else "removing the line"
        # The line as it would be carries the source "correction N by X" of a correction
        # that is refused, so never made: it is "the line as corrected" here.
        drafted = f"correction {number} by {signature.by}"
        raise CorrectionRefused(
            f"{change.where}: {shown} would not be right: {added.message} "
            f"({added.code}, {added.where})".replace(drafted, "the line as corrected")
        )
    cause = f"correction {number} by {signature.by} ({signature.role})"
    report = change_report(before_results, results, version, head.version, cause)
    reopen = {}
    if reopens_until is not None:
        reopen[change.session] = ReopenedBoard(change.board, reopens_until, number)
    sessions = session_publications(state.event, results, open_items, head, version, at,
                                    changed_sessions(report, inputs), reopen)  # fmt: skip
    publication = Publication(
        version=version, published_at=at, cause=cause, by=signature.by, sessions=sessions,
        results_digest=results_digest(results), masterpoints=head.masterpoints,
        time_zone=state.event.time_zone, corrections=number,
        late=basis is CorrectionBasis.LAW_79C2, inputs_as_of=state.as_of,
    )  # fmt: skip
    full = full_results(results, publication, state.event, report, [*state.corrections, correction])
    records = [Append(CORRECTION, correction_key(number), correction, signature.by,
                      signature.reason)]  # fmt: skip
    if change.decision is not None:  # the same decision record the review queue writes
        records.append(Append(DECISION, change.decision.item, change.decision, signature.by,
                              signature.reason))  # fmt: skip
    return _Draft(correction, full, publication, report, tuple(records))


def _before_results(store: EventStore, state: StoredState) -> EventResults:
    head = state.publication
    assert head is not None
    return previous_results(store, head) or score_state(
        state.event, state.inputs, head.masterpoints
    )


def make_correction(
    store: EventStore,
    out_dir: Path,
    make_change: MakeChange,
    signature: Signature,
    seen_version: int | None = None,
    clock: Clock | None = None,
) -> CorrectionOutcome:
    """Build a change on the current version, time it, re-score, and publish the next
    version in one compare-and-append; when another version came first, build it again on
    that one if its line is as it was, else ``ResultsChanged``."""
    seen: TravellerRow | None | bool = False  # the line as first seen (False: not yet)
    first_version: int | None = None
    for _ in range(_RETRIES):
        state = load_state(store, published=True)
        head = state.publication
        if head is None:
            raise NothingPublished(f"nothing has been published in {out_dir} yet")
        if seen_version is not None and seen_version != head.version:
            raise ResultsChanged(head.version, seen_version)
        first_version = first_version or head.version
        change = make_change(state, len(state.corrections) + 1)
        if seen is not False and seen != change.before:  # the line changed under the person
            raise ResultsChanged(head.version, first_version)
        at, floor = now(clock), store.last_time()
        if floor is not None:  # refused unless a clock correction says why (clock_floor.py)
            check_floor(utc_text(at), utc_text(floor), f"record {store.head().records}",
                        store.location)  # fmt: skip
        draft = _draft(state, change, signature, at, _before_results(store, state),
                       seen_version or first_version, floor)  # fmt: skip
        try:
            published = commit(store, out_dir, draft.results, draft.publication, draft.records,
                               head_seq=state.head.seq if state.head else None)  # fmt: skip
        except ConflictError:
            if seen_version is not None:
                latest = load_state(store).publication
                raise ResultsChanged(latest.version if latest else 0, seen_version) from None
            seen = change.before  # re-applied on the new version if the line is as seen
            continue
        return CorrectionOutcome(draft.correction, published, draft.report)
    latest = load_state(store).publication
    raise ResultsChanged(latest.version if latest else 0, first_version or 0)


def correct(
    store: EventStore,
    out_dir: Path,
    request: LineCorrection,
    signature: Signature,
    clock: Clock | None = None,
) -> CorrectionOutcome:
    """Make one correction of one result line and publish the next version.

    Raises ``CorrectionRefused`` (bad or late: nothing changed), ``ResultsChanged`` (the
    results moved under the person: nothing changed), ``NothingPublished``.
    """

    def line_change(state: StoredState, number: int) -> Change:
        data = session_input(state, request.session)
        session = state.event.session(request.session)
        _section, before = find_line(data.rows, request, session)
        after = corrected_row(request, before, number, signature.by)
        return Change(request.session, request.board, before, after, request.where,
                      ruling=request.ruling)  # fmt: skip

    return make_correction(store, out_dir, line_change, signature, request.seen_version, clock)
