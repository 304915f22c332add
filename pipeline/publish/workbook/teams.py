"""Team evening sheets: the VP ranking and one sheet per match with its board IMPs.

A team match compares the two tables of the match board by board (Law 78B, rules.md §9):
the IMPs go to the team that sat NS at table 1, and the match margin is converted to
victory points on the scale the event names (WBF 2013 20-VP by default).
"""

from __future__ import annotations

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
from pipeline.results.model.teams import TeamsView

__all__ = ["write_team_sheets"]

_RANKING = (
    Column("Place", 7, align="center"),
    Column("Team", 6, align="center"),
    Column("Name", 24),
    Column("Players", 48),
    Column("VP", 8, "0.00"),
    Column("IMPs won", 9, "0.##"),
    Column("IMPs lost", 9, "0.##"),
    Column("Quotient", 9, "0.000"),
)

_MATCH = (
    Column("Board", 6, align="center"),
    Column("Table 1 NS", 11, "0"),
    Column("Table 2 NS", 11, "0"),
    Column("IMPs home", 10, "0.##"),
    Column("IMPs away", 10, "0.##"),
    Column("Note", 24),
)


def write_team_sheets(workbook: Workbook, results: EventResults, teams: TeamsView) -> None:
    """``Ranking`` (VPs) and ``Match R1 1-2`` sheets."""
    sheet = new_sheet(workbook, "Ranking")
    header_row = write_title(sheet, heading(results, f"Team ranking, {teams.vp_scale}"))
    write_table(
        sheet,
        header_row,
        _RANKING,
        (
            (
                t.place,
                t.team,
                t.name,
                ", ".join(p.name for p in t.players),
                t.vp,
                t.imps_won,
                t.imps_lost,
                t.quotient,
            )
            for t in teams.standings
        ),
    )
    finish_sheet(sheet, header_row, landscape=True)
    names = {t.team: t.name for t in teams.standings}
    for match in teams.matches:
        sheet = new_sheet(workbook, f"Match R{match.round} {match.first}-{match.second}")
        subtitle = (
            f"Round {match.round}: {names.get(match.first, match.first)} v "
            f"{names.get(match.second, match.second)}: IMPs "
            f"{float(match.imps_first):g}-{float(match.imps_second):g}, VP "
            f"{float(match.vp_first):.2f}-{float(match.vp_second):.2f}"
        )
        header_row = write_title(sheet, heading(results, subtitle))
        write_table(
            sheet,
            header_row,
            _MATCH,
            (
                (
                    b.board,
                    b.score_table1,
                    b.score_table2,
                    b.imps_first if b.imps_first > 0 else None,
                    -b.imps_first if b.imps_first < 0 else None,
                    b.note,
                )
                for b in match.boards
            ),
        )
        finish_sheet(sheet, header_row)
