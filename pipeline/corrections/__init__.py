"""The correction period (Law 79C): publication versions, corrections, the audit log.

Plain functions for the command line and the director's web console alike (no printing):

- ``publish_stored``: score what the event store holds and publish it as the next version
  (``publication``); the run, ``score`` and every correction publish this way;
- ``correct``: one correction of one result line (``LineCorrection`` + ``Signature``),
  timed by the clock against the session's deadline (Law 79C1; a Law 79C2 override after
  it), re-scored and published as the next version, with what changed (``correct``);
  ``correct_review_item``: the decision on a review item made again (``review_item``);
- ``audit_log`` / ``versions`` / ``verify_audit``: who changed what, every version, and the
  check that nothing was changed behind the program's back (``audit``).

Records kept in the store are in ``records``; what a publication was scored from, in
``inputs`` and ``stored_state``; the publication record, in ``publication_record``; the
results as shown, in ``published_results``; the writes of a version, in
``version_commit``; the change report, in ``changes``.
"""

from pipeline.corrections.audit import (
    AuditFilter,
    AuditReport,
    VersionEntry,
    audit_log,
    verify_audit,
    versions,
)
from pipeline.corrections.changes import change_report
from pipeline.corrections.correct import CorrectionOutcome, ResultsChanged, basis_text, correct
from pipeline.corrections.publication import publish_stored
from pipeline.corrections.published_results import publication_view
from pipeline.corrections.records import (
    Correction,
    LateOverride,
    Publication,
    ReopenedBoard,
    Role,
    SessionPublication,
)
from pipeline.corrections.request import CorrectionRefused, LineCorrection, Signature, line_text
from pipeline.corrections.review_item import (
    ReviewItemCorrection,
    correct_review_item,
    publishable_as_correction,
)
from pipeline.corrections.stored_state import NothingPublished, load_state, publication_head
from pipeline.corrections.version_commit import Published, repair

__all__ = [
    "AuditFilter",
    "AuditReport",
    "Correction",
    "CorrectionOutcome",
    "CorrectionRefused",
    "LateOverride",
    "LineCorrection",
    "NothingPublished",
    "Publication",
    "Published",
    "ReopenedBoard",
    "ResultsChanged",
    "ReviewItemCorrection",
    "Role",
    "SessionPublication",
    "Signature",
    "VersionEntry",
    "audit_log",
    "basis_text",
    "change_report",
    "correct",
    "correct_review_item",
    "publishable_as_correction",
    "line_text",
    "load_state",
    "publication_head",
    "publication_view",
    "publish_stored",
    "repair",
    "verify_audit",
    "versions",
]
