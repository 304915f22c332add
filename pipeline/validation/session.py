"""Validate a whole session: every row alone, the rows together, and against the movement.

This is what the spreadsheet door, the scanner door and ``bridgescan entry check`` call. It
returns every finding at once, sorted the way a director works through them (by board, row).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pipeline.validation.findings import (
    Code,
    ColumnResolver,
    Finding,
    Location,
    field_column,
    sorted_findings,
)
from pipeline.validation.movement_check import check_against_movement, check_rows_together
from pipeline.validation.score_check import check_rows
from scoring.event import Session
from scoring.movement import Movement
from scoring.traveller import TravellerRow

__all__ = ["validate_rows", "validate_session", "merge_findings"]

_CELL_CODES = frozenset(
    {
        Code.BOARD_SYNTAX,
        Code.PAIR_SYNTAX,
        Code.CONTRACT_SYNTAX,
        Code.DECLARER_SYNTAX,
        Code.RESULT_SYNTAX,
        Code.TRICKS_OUT_OF_RANGE,
        Code.CELL_FORMULA,
        Code.INCOMPLETE_RESULT,
    }
)


def validate_rows(
    rows: Sequence[TravellerRow],
    movement: Movement | None = None,
    *,
    session: str | None = None,
    section_pairs: Iterable[int] | None = None,
    columns: ColumnResolver = field_column,
) -> list[Finding]:
    """All checks of the rows of one section (pairs from ``movement`` unless given)."""
    if not rows:
        return [
            Finding.of(
                Code.NO_RESULTS,
                Location(session=session),
                "the session has no results",
                "enter the travellers, or check that the right file was given",
            )
        ]
    pairs: set[int] | None = set(section_pairs) if section_pairs is not None else None
    if pairs is None and movement is not None:
        pairs = set(movement.pairs)
    findings = check_rows(rows, session, columns)
    findings += check_rows_together(rows, session, pairs, columns, movement)
    if movement is not None:
        findings += check_against_movement(rows, movement, session, columns)
    return sorted_findings(findings)


def validate_session(
    rows: Sequence[TravellerRow],
    session: Session,
    *,
    columns: ColumnResolver = field_column,
    import_findings: Iterable[Finding] = (),
) -> list[Finding]:
    """Validate the rows of an event session, section by section, with each section's
    movement and pairs; findings from the import (cell syntax) are merged in."""
    label = str(session.number)
    known = {section.name for section in session.sections}
    findings: list[Finding] = []
    if not rows:
        findings += validate_rows(rows, session=label)
    for row in rows:
        if row.section not in known:
            findings.append(
                Finding.of(
                    Code.SECTION_UNKNOWN,
                    Location.of_row(row, label),
                    f"section {row.section!r} is not in session {session.number} "
                    f"(sections {', '.join(sorted(known))})",
                )
            )
    for section in session.sections:
        mine = [row for row in rows if row.section == section.name]
        if not mine and rows and len(session.sections) > 1:
            findings.append(
                Finding.of(
                    Code.NO_RESULTS,
                    Location(session=label, section=section.name),
                    f"section {section.name} has no results",
                )
            )
            continue
        if mine:
            findings += validate_rows(
                mine,
                section.movement,
                session=label,
                section_pairs=section.pair_numbers,
                columns=columns,
            )
    return merge_findings(import_findings, findings)


def merge_findings(first: Iterable[Finding], second: Iterable[Finding]) -> list[Finding]:
    """Both lists, sorted, without an ``incomplete-result`` for a row whose cell syntax was
    already reported (the cell finding says more)."""
    first = list(first)
    flagged = {
        (f.location.source.file, f.location.source.sheet, f.location.row)
        for f in first
        if f.code in _CELL_CODES and f.location.source is not None
    }
    kept = [
        f
        for f in second
        if not (
            f.code is Code.INCOMPLETE_RESULT
            and f.location.source is not None
            and (f.location.source.file, f.location.source.sheet, f.location.row) in flagged
        )
    ]
    return sorted_findings(first + kept)
