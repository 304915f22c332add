"""A Paul Jones's ``Players`` and ``Teams`` sheets (seed 004 "b) Paul Jones").

The individual list credits each player with the leveled matchpoints of the pair they
played in each session; the team list adds the team's two pairs per session
(pipeline/results/paul_jones.py). Names are written as text, never as formulas
(``layout.put``).
"""

from __future__ import annotations

from openpyxl.workbook.workbook import Workbook

from pipeline.publish.workbook.layout import (
    MP_FORMAT,
    TOTAL_COLUMNS,
    Column,
    finish_sheet,
    new_sheet,
    write_table,
    write_title,
)
from pipeline.publish.workbook.ranking import heading
from pipeline.results.model.event import EventResults
from pipeline.results.model.paul_jones import PaulJonesView

__all__ = ["write_paul_jones_sheets"]


def write_paul_jones_sheets(workbook: Workbook, results: EventResults, view: PaulJonesView) -> None:
    """``Players`` (individual ranking) and ``Teams`` (team ranking), a column per session."""
    sessions = view.scored
    sheet = new_sheet(workbook, "Players")
    drawn = "" if view.draw_seed is None else f", teams drawn with seed {view.draw_seed}"
    so_far = f" ({view.so_far})" if view.so_far else ""
    subtitle = f"Paul Jones, individual{so_far}: leveled matchpoints of the pair played in{drawn}"
    header_row = write_title(sheet, heading(results, subtitle))
    columns = [Column("Place", 7, align="center"), Column("Player", 24),
               Column("Member", 10), Column("Team", 6, align="center")]  # fmt: skip
    columns += [Column(f"S{n} partner", 20) for n in sessions]
    columns += [Column(f"S{n}", 7, MP_FORMAT) for n in sessions]
    rows = []
    for p in view.players:
        by_session = {s.session: s for s in p.sessions}
        rows.append(
            [p.place, p.player.name, p.player.member, p.team]
            + [by_session[n].partner if n in by_session else "" for n in sessions]
            + [by_session[n].points if n in by_session else None for n in sessions]
            + [p.total, p.maximum, p.percent]
        )
    write_table(sheet, header_row, [*columns, *TOTAL_COLUMNS], rows)
    finish_sheet(sheet, header_row, landscape=True)
    sheet = new_sheet(workbook, "Teams")
    header_row = write_title(
        sheet,
        heading(
            results, f"Paul Jones, teams{so_far}: the sum of the team's two pairs each session"
        ),
    )
    columns = [Column("Place", 7, align="center"), Column("Team", 6, align="center"),
               Column("Name", 20), Column("Players", 44)]  # fmt: skip
    columns += [Column(f"S{n}", 7, MP_FORMAT) for n in sessions]
    rows = []
    for t in view.teams:
        by_session = {s.session: s.points for s in t.sessions}
        rows.append(
            [t.place, t.team, t.name, ", ".join(p.name for p in t.players)]
            + [by_session.get(n) for n in sessions]
            + [t.total, t.maximum, t.percent]
        )
    write_table(sheet, header_row, [*columns, *TOTAL_COLUMNS], rows)
    finish_sheet(sheet, header_row, landscape=True)
