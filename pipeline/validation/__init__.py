"""Validation of traveller rows: findings with a code, a severity and an exact location.

- ``findings``: ``Finding``, ``Code``, ``Severity``, ``Location``;
- ``score_check``: a row alone (Law 77 score column, tricks, completeness, passed out);
- ``movement_check``: rows against the movement and each other;
- ``control_sums``: the director's control sums once scored;
- ``session``: ``validate_rows`` / ``validate_session``, everything at once.

See docs/validation.md for every code.
"""

from pipeline.validation.control_sums import balances, control_sums, session_control_sums
from pipeline.validation.findings import (
    Code,
    ColumnResolver,
    Finding,
    Location,
    Severity,
    blocks_publishing,
    field_column,
    needs_acknowledgement,
    sorted_findings,
    worst_severity,
)
from pipeline.validation.movement_check import check_against_movement, check_rows_together
from pipeline.validation.score_check import check_row, check_rows, score_suggestions
from pipeline.validation.session import merge_findings, validate_rows, validate_session

__all__ = [
    "Code",
    "ColumnResolver",
    "Finding",
    "Location",
    "Severity",
    "balances",
    "blocks_publishing",
    "check_against_movement",
    "check_row",
    "check_rows",
    "check_rows_together",
    "control_sums",
    "field_column",
    "merge_findings",
    "needs_acknowledgement",
    "score_suggestions",
    "session_control_sums",
    "sorted_findings",
    "validate_rows",
    "validate_session",
    "worst_severity",
]
