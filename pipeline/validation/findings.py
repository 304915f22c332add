"""Findings: what validation tells the director, each with a code, a severity and a place.

A finding is a record, not an exception: a session is checked whole and every problem is
listed at once, each pointing at the exact cell (session, board, round, table, row, column and
the file/sheet it came from) so the director can go straight to the traveller.

Severities (docs/validation.md):
- ERROR blocks publishing until the input is corrected (a Law 77 score that disagrees, a pair
  that is not in the section, a duplicate row ...);
- WARNING needs a director's acknowledgement (a result missing against the movement: the
  board is then scored with Neuberg; an ambiguous result cell ...);
- INFO is for the record only (a passed-out board).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from enum import Enum

from scoring.traveller import Source, TravellerRow

__all__ = [
    "Severity",
    "Code",
    "Location",
    "Finding",
    "ColumnResolver",
    "FIELDS",
    "field_column",
    "blocks_publishing",
    "needs_acknowledgement",
    "sorted_findings",
    "worst_severity",
]


class Severity(Enum):
    """How much a finding stops: ERROR blocks publishing, WARNING needs an acknowledgement."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    def __str__(self) -> str:
        return self.value

    @property
    def rank(self) -> int:
        """0 for ERROR, 1 for WARNING, 2 for INFO: sorts the worst first."""
        return {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}[self]


class Code(Enum):
    """Every kind of finding, with its severity. The value is the stable code scripts match."""

    # Cell syntax, found while importing a workbook or CSV (pipeline.doors.entry).
    BOARD_SYNTAX = "board-syntax"
    PAIR_SYNTAX = "pair-syntax"
    ROUND_SYNTAX = "round-syntax"
    CONTRACT_SYNTAX = "contract-syntax"
    DECLARER_SYNTAX = "declarer-syntax"
    RESULT_SYNTAX = "result-syntax"
    RESULT_AMBIGUOUS = "result-ambiguous"
    TRICKS_OUT_OF_RANGE = "tricks-out-of-range"
    SCORE_SYNTAX = "score-syntax"
    ADJUSTMENT_SYNTAX = "adjustment-syntax"
    LEAD_SYNTAX = "lead-syntax"
    CELL_FORMULA = "cell-formula"
    INCOMPLETE_RESULT = "incomplete-result"
    FILE_UNREADABLE = "file-unreadable"  # a whole file (corrupt, truncated, foreign)
    # The score column against Law 77.
    SCORE_MISMATCH = "score-mismatch"
    PASSED_OUT = "passed-out"
    # The rows against the movement and each other.
    NO_RESULTS = "no-results"
    SECTION_UNKNOWN = "section-unknown"
    BOARD_NOT_IN_MOVEMENT = "board-not-in-movement"
    PAIR_NOT_IN_SECTION = "pair-not-in-section"
    PAIRS_SWAPPED = "pairs-swapped"
    PAIRS_NOT_EXPECTED = "pairs-not-expected"
    ROUND_MISMATCH = "round-mismatch"
    PAIR_TWICE = "pair-twice-on-board"
    DUPLICATE_ROW = "duplicate-row"
    RESULT_MISSING = "result-missing"
    # The director's control sums once scored (seed 004 "Kontroller").
    CONTROL_LINE = "control-line"
    CONTROL_BOARD = "control-board"
    CONTROL_ROUND = "control-round"
    CONTROL_TOTAL = "control-total"

    def __str__(self) -> str:
        return self.value

    @property
    def severity(self) -> Severity:
        """The severity findings of this kind carry."""
        return _SEVERITY.get(self, Severity.ERROR)


_SEVERITY = {
    Code.RESULT_AMBIGUOUS: Severity.WARNING,
    Code.ROUND_MISMATCH: Severity.WARNING,
    Code.RESULT_MISSING: Severity.WARNING,
    Code.LEAD_SYNTAX: Severity.WARNING,
    Code.PASSED_OUT: Severity.INFO,
}


FIELDS = (
    "board",
    "round",
    "table",
    "ns",
    "ew",
    "contract",
    "declarer",
    "result",
    "score",
    "adjusted",
)
"""The fields of a traveller row a finding can point at (an importer maps them to columns)."""

ColumnResolver = Callable[[TravellerRow, str], str | None]
"""Names the input column of one of ``FIELDS`` for a row (e.g. ``"J"`` in a workbook)."""


def field_column(row: TravellerRow, field_name: str) -> str | None:
    """The default resolver: the field's own name, for rows that came from no file."""
    return field_name


@dataclass(frozen=True)
class Location:
    """Where a finding points: the session and board, the guide-card round and table, and
    the input cell (row and column as the director sees them, plus the file/sheet ``source``).
    """

    session: str | None = None
    section: str | None = None
    board: int | None = None
    round: int | None = None
    table: int | None = None
    row: int | None = None
    column: str | None = None
    source: Source | None = None

    @classmethod
    def of_row(
        cls, row: TravellerRow, session: str | None = None, column: str | None = None
    ) -> Location:
        """The place of a traveller row; ``column`` narrows it to one cell."""
        source = row.source
        if source is not None and column is not None:
            source = replace(source, column=column)
        return cls(
            session=session,
            section=row.section,
            board=row.board,
            round=row.round,
            table=row.table,
            row=None if row.source is None else row.source.row,
            column=column if column is not None else (source.column if source else None),
            source=source,
        )

    def __str__(self) -> str:
        parts: list[str] = []
        if self.session is not None:
            parts.append(f"session {self.session}")
        if self.section is not None and self.section != "A":
            parts.append(f"section {self.section}")
        if self.board is not None:
            parts.append(f"board {self.board}")
        if self.round is not None:
            parts.append(f"round {self.round}")
        if self.table is not None:
            parts.append(f"table {self.table}")
        if self.source is not None:
            parts.append(str(self.source))
        else:
            if self.row is not None:
                parts.append(f"row {self.row}")
            if self.column is not None:
                parts.append(f"column {self.column}")
        return ", ".join(parts) or "session"


@dataclass(frozen=True)
class Finding:
    """One thing validation found: ``code`` says what, ``location`` where, ``message`` explains
    it in the director's words and ``suggestion`` proposes a fix when one is likely."""

    code: Code
    location: Location
    message: str
    suggestion: str | None = None
    severity: Severity = field(default=Severity.ERROR)

    @classmethod
    def of(
        cls, code: Code, location: Location, message: str, suggestion: str | None = None
    ) -> Finding:
        """A finding with the severity its code carries."""
        return cls(code, location, message, suggestion, code.severity)

    def __str__(self) -> str:
        text = f"{self.severity.value.upper()} {self.code.value} at {self.location}: {self.message}"
        if self.suggestion:
            text += f" (suggestion: {self.suggestion})"
        return text


def _sort_key(finding: Finding) -> tuple[object, ...]:
    loc = finding.location
    return (
        loc.session or "",
        loc.section or "",
        loc.board if loc.board is not None else -1,
        loc.row if loc.row is not None else -1,
        loc.round if loc.round is not None else -1,
        loc.table if loc.table is not None else -1,
        finding.severity.rank,
        finding.code.value,
        loc.column or "",
    )


def sorted_findings(findings: Iterable[Finding]) -> list[Finding]:
    """Findings in the order a director works through them: by session, board, row."""
    return sorted(findings, key=_sort_key)


def blocks_publishing(findings: Iterable[Finding]) -> bool:
    """Whether any finding is an ERROR."""
    return any(f.severity is Severity.ERROR for f in findings)


def needs_acknowledgement(findings: Iterable[Finding]) -> bool:
    """Whether any finding is a WARNING (a director must acknowledge it before publishing)."""
    return any(f.severity is Severity.WARNING for f in findings)


def worst_severity(findings: Iterable[Finding]) -> Severity | None:
    """The most serious severity among ``findings``, or None when there are none."""
    severities = [f.severity for f in findings]
    return min(severities, key=lambda s: s.rank) if severities else None
