"""The publication in the workbook: the Changes sheet (what moved since the previous
version) and the Audit sheet (every correction: who, role, when,
before and after, why, on which law; Law 79C2 overrides marked).

Times are printed in the event's own time zone (``pipeline.clock.local_text``).
"""

from __future__ import annotations

from openpyxl.workbook.workbook import Workbook

from pipeline.clock import local_text, zone_name
from pipeline.publish.wording import law_text
from pipeline.publish.workbook.layout import (
    MP_FORMAT,
    PERCENT_FORMAT,
    Column,
    finish_sheet,
    new_sheet,
    write_table,
    write_title,
)
from pipeline.publish.workbook.ranking import heading
from pipeline.results.model.event import EventResults

__all__ = ["write_changes_sheet", "write_audit_sheet"]


def write_changes_sheet(workbook: Workbook, results: EventResults) -> None:
    """What changed from the previous version: the lines, then the pairs that moved."""
    report = results.changes
    if report is None or report.empty:
        return
    sheet = new_sheet(workbook, "Changes")
    header = write_title(
        sheet,
        heading(
            results,
            f"What changed from version {report.previous} to {report.version}: {report.cause}",
        ),  # fmt: skip
    )
    # Spelt out: on one sheet "MP" would be the lines' matchpoints and the pairs' masterpoints.
    points = "IMPs" if results.scale == "IMP" else "matchpoints"
    line_columns = [
        Column("Session", 8, align="center"), Column("Board", 7, align="center"),
        Column("NS", 5, align="center"), Column("EW", 5, align="center"),
        Column("Before", 22), Column("After", 22),
        Column(f"NS {points} before", 12, MP_FORMAT), Column(f"NS {points} after", 12, MP_FORMAT),
        Column(f"EW {points} before", 12, MP_FORMAT), Column(f"EW {points} after", 12, MP_FORMAT),
    ]  # fmt: skip
    end = write_table(
        sheet, header, line_columns,
        ((c.session, c.board, c.ns_pair, c.ew_pair, c.before, c.after, c.ns_mp_before,
          c.ns_mp_after, c.ew_mp_before, c.ew_mp_after) for c in report.lines),
    ) if report.lines else header  # fmt: skip
    if report.pairs:
        pair_columns = [
            Column("Ranking", 10), Column("Pair", 6, align="center"), Column("Names", 34),
            Column("Points before", 10, MP_FORMAT), Column("Points after", 10, MP_FORMAT),
            Column("Change", 9, MP_FORMAT), Column("% before", 9, PERCENT_FORMAT),
            Column("% after", 9, PERCENT_FORMAT), Column("% change", 9, PERCENT_FORMAT),
            Column("Place before", 9, align="center"), Column("Place after", 9, align="center"),
            Column("Masterpoints before", 12, "0.##"), Column("Masterpoints after", 12, "0.##"),
        ]  # fmt: skip
        write_table(
            sheet, end + 1, pair_columns,
            ((p.scope, p.pair, p.names, p.points_before, p.points_after, p.points_delta,
              p.percent_before, p.percent_after, p.percent_delta, p.place_before,
              p.place_after, p.masterpoints_before, p.masterpoints_after)
             for p in report.pairs),
        )  # fmt: skip
    finish_sheet(sheet, header, landscape=True)


def write_audit_sheet(workbook: Workbook, results: EventResults) -> None:
    """Every correction so far, oldest first; Law 79C2 overrides shaded and named."""
    if not results.audit:
        return
    zone = results.publication.time_zone if results.publication else ""
    sheet = new_sheet(workbook, "Audit")
    header = write_title(
        sheet, heading(results, f"Corrections (audit log), times in {zone_name(zone)}")
    )
    columns = [
        Column("No", 5, align="center"), Column("When", 19), Column("Session", 8, align="center"),
        Column("Board", 7, align="center"), Column("Before", 22), Column("After", 22),
        Column("By", 18), Column("Role", 10), Column("Reason", 34), Column("Law", 34),
        Column("Deadline", 17), Column("Version", 8, align="center"),
    ]  # fmt: skip
    entries = results.audit
    write_table(
        sheet, header, columns,
        ((e.number, local_text(e.made_at, zone, seconds=True), e.session, e.board,
          e.before or "(no result)", e.after, e.by, e.role, e.reason, law_text(e),
          local_text(e.deadline, zone) if e.deadline else "", e.version) for e in entries),
        marked=(e.basis == "79C2" for e in entries),
    )  # fmt: skip
    finish_sheet(sheet, header, landscape=True)
