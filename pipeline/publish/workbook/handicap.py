"""A handicap event's ``Handicap`` sheet (seed 004 "d) Handicaptävling"): per session the
pairs ranked on their total with the handicap added (pipeline/results/handicap.py)."""

from __future__ import annotations

from openpyxl.workbook.workbook import Workbook

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
from pipeline.results.model.handicap import HandicapView

__all__ = ["write_handicap_sheet"]


def write_handicap_sheet(workbook: Workbook, results: EventResults, view: HandicapView) -> None:
    """``Handicap``: session, place, pair, names, points, max, handicap %, addition, total, %."""
    sheet = new_sheet(workbook, "Handicap")
    way = "of the points missed" if view.method == "of-missed" else "of the top"
    header_row = write_title(
        sheet, heading(results, f"Handicap ranking: each pair's percentage {way} added")
    )
    columns = [Column("Session", 8, align="center"), Column("Place", 7, align="center"),
               Column("Pair", 6, align="center"), Column("Players", 34),
               Column("Points", 8, MP_FORMAT), Column("Max", 7, MP_FORMAT),
               Column("Hcp %", 7, MP_FORMAT), Column("Added", 8, MP_FORMAT),
               Column("Total", 8, MP_FORMAT), Column("%", 8, PERCENT_FORMAT)]  # fmt: skip
    rows = [
        [
            s.session,
            r.place,
            r.pair,
            " - ".join(p.name for p in r.players),
            r.points,
            r.maximum,
            r.handicap,
            r.addition,
            r.total,
            r.percent,
        ]  # fmt: skip
        for s in view.sessions
        for r in s.standings
    ]
    write_table(sheet, header_row, columns, rows)
    finish_sheet(sheet, header_row)
