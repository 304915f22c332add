"""The masterpoint award list: one line per player, as a sheet and as CSV for the federation.

Awards are per player because the federation credits members, not pairs (seed 004: each
player of a pair gets the table amount). The CSV has a fixed header, UTF-8 with a BOM so
Excel opens Scandinavian names correctly, and every text field passes ``csv_safe`` so a name
starting with ``=`` cannot run as a formula in the federation's spreadsheet.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from pathlib import Path

from openpyxl.workbook.workbook import Workbook

from pipeline.files import atomic_write_text
from pipeline.publish.workbook.layout import (
    Column,
    finish_sheet,
    fmt,
    new_sheet,
    write_table,
    write_title,
)
from pipeline.publish.workbook.ranking import heading
from pipeline.results.model.event import Award, EventResults
from pipeline.xlsx import csv_safe

__all__ = ["write_awards_sheet", "awards_csv", "write_awards_csv", "CSV_HEADER"]

CSV_HEADER = ("member", "name", "event", "date", "competition", "place", "pair", "kind", "points")

_COLUMNS = (
    Column("Place", 7, align="center"),
    Column("Pair", 6, align="center"),
    Column("Player", 30),
    Column("Member", 12),
    Column("Competition", 24),
    Column("Date", 11, align="center"),
    Column("Kind", 9),
    Column("Points", 8, "0.##"),
)


def write_awards_sheet(workbook: Workbook, results: EventResults) -> None:
    """The ``Masterpoints`` sheet."""
    sheet = new_sheet(workbook, "Masterpoints")
    total = sum((a.points for a in results.awards), Fraction(0))
    note = (
        f"{len(results.awards)} player award(s), {fmt(total)} points in all"
        if results.awards
        else "No masterpoints awarded (see the scale's minimum pairs and boards)."
    )
    header_row = write_title(sheet, heading(results, note))
    write_table(
        sheet,
        header_row,
        _COLUMNS,
        (
            (
                a.place,
                a.pair,
                a.player.name,
                a.player.member,
                a.competition,
                a.date or results.date,
                a.kind,
                a.points,
            )  # fmt: skip
            for a in results.awards
        ),
    )
    finish_sheet(sheet, header_row)


def _points_text(points: Fraction) -> str:
    return fmt(points, 0) if points.denominator == 1 else fmt(points, 2)


def awards_csv(results: EventResults, awards: tuple[Award, ...] | None = None) -> str:
    """The federation CSV as text (comma separated, header first, one line per player)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_HEADER)
    for award in results.awards if awards is None else awards:
        writer.writerow(
            [
                csv_safe(award.player.member),
                csv_safe(award.player.name),
                csv_safe(results.title),
                csv_safe(award.date or results.date),  # the session's own date
                csv_safe(award.competition),
                award.place,
                award.pair,
                award.kind,
                _points_text(award.points),
            ]
        )
    return buffer.getvalue()


def write_awards_csv(results: EventResults, path: Path) -> Path:
    """Write the federation CSV atomically (UTF-8 with BOM for Excel)."""
    return atomic_write_text(path, "\ufeff" + awards_csv(results))
