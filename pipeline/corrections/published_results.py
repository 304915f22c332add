"""The results as published: with the publication, what changed and the audit attached.

``full_results`` is what every publisher (workbook, JSON, site) is given for a version:
the scored results plus ``publication_view`` (each session's correction period as shown)
and ``audit_entries`` (the corrections as the audit sheet lists them). Apart from the
publication record (publication_record.py), which is what is kept; this is what is shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pipeline.corrections.publication_record import bare_results
from pipeline.corrections.records import Correction, Publication
from pipeline.corrections.request import line_text
from pipeline.results.model.event import EventResults
from pipeline.results.publication import (
    AuditEntry,
    ChangeReport,
    PublicationView,
    SessionPeriodView,
)
from scoring.event import Event
from scoring.traveller import TravellerRow

__all__ = ["publication_view", "audit_entries", "full_results"]


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
    """The corrections as the audit sheet lists them. A review item decided as no result on
    a row the reader never made a result of has no line before or after: its pairs are 0
    (no pair has that number) and it reads "(no result read)" -> "(no result)"."""
    return tuple(
        AuditEntry(
            number=c.number,
            made_at=c.made_at,
            session=c.session,
            board=c.board,
            ns_pair=_line_of(c).ns_pair if _line_of(c) is not None else 0,  # type: ignore[union-attr]
            ew_pair=_line_of(c).ew_pair if _line_of(c) is not None else 0,  # type: ignore[union-attr]
            before=line_text(c.before) if c.before is not None else "(no result read)",
            after=line_text(c.after)
            if c.after is not None
            else "(taken off)"
            if c.before is not None
            else "(no result)",
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


def _line_of(correction: Correction) -> TravellerRow | None:
    return correction.after or correction.before


def full_results(
    results: EventResults,
    publication: Publication,
    event: Event,
    changes: ChangeReport | None,
    corrections: Sequence[Correction],
) -> EventResults:
    """The results with the publication, what changed and the audit attached."""
    return replace(
        bare_results(results),
        publication=publication_view(publication, event),
        changes=changes,
        audit=audit_entries(corrections),
    )
