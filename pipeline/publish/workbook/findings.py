"""The findings sheet: what validation found, where, and what the director should do.

Errors block publishing (the ``score`` command exits 1 when any is left); warnings need a
director's acknowledgement. The sheet lists both, errors first, each with its exact location
(session, board, row, column and the file/sheet it came from), so the director can go
straight to the traveller.
"""

from __future__ import annotations

from openpyxl.styles import Font
from openpyxl.workbook.workbook import Workbook

from pipeline.publish.workbook.layout import (
    Column,
    finish_sheet,
    new_sheet,
    write_table,
    write_title,
)
from pipeline.publish.workbook.ranking import heading
from pipeline.results.model.event import EventResults
from pipeline.results.status import FindingView

__all__ = ["write_findings", "SEVERITY_ORDER"]

SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}

_COLUMNS = (
    Column("Severity", 9),
    Column("Code", 22),
    Column("Session", 10),
    Column("Where", 42),
    Column("Message", 60),
    Column("Suggestion", 30),
)


def _key(finding: FindingView) -> tuple[int, str, str]:
    return (SEVERITY_ORDER.get(finding.severity, 3), finding.session, finding.where)


def write_findings(workbook: Workbook, results: EventResults) -> None:
    """The ``Findings`` sheet; it says so plainly when there are none."""
    sheet = new_sheet(workbook, "Findings")
    errors = len(results.blocking_findings)
    others = len(results.findings) - errors
    summary = (
        f"{errors} error(s) that block publishing, {others} warning(s)/note(s)"
        if results.findings
        else "No findings: every row agrees with Law 77 and the movement."
    )
    header_row = write_title(sheet, heading(results, summary))
    findings = sorted(results.findings, key=_key)
    end = write_table(
        sheet,
        header_row,
        _COLUMNS,
        ((f.severity, f.code, f.session, f.where, f.message, f.suggestion) for f in findings),
    )
    for row in range(header_row + 1, end):
        if sheet.cell(row=row, column=1).value == "error":
            sheet.cell(row=row, column=1).font = Font(bold=True, color="C00000")
    head = results.store_head
    if head is not None:  # where these results came from, checkable later (docs/store.md)
        sheet.cell(row=end + 1, column=1, value=(
            f"Event store {head.store or ''}: {head.records} records, chain head {head}. "
            f"Check it with: bridgescan store verify --expect {head}"))  # fmt: skip
    finish_sheet(sheet, header_row, landscape=True)
