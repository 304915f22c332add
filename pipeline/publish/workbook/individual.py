"""An individual event's ``Ranking`` sheet: the players (seed 004 "Individuellt").

Each player is credited with the matchpoints of the side he sat on (pipeline/results/
individual.py); a column per round shows them with the partner's number. Names are text,
never formulas (``layout.put``).
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
from pipeline.results.model.individual import IndividualView

__all__ = ["write_individual_sheet"]


def write_individual_sheet(workbook: Workbook, results: EventResults, view: IndividualView) -> None:
    """``Ranking``: place, number, player, member, the points of every round, total, max, %."""
    rounds = sorted({(r.session, r.round) for p in view.players for r in p.rounds})
    several = len({session for session, _ in rounds}) > 1
    sheet = new_sheet(workbook, "Ranking")
    subtitle = "Individual: each player has the matchpoints of the side he sat on"
    header_row = write_title(sheet, heading(results, subtitle))
    columns = [Column("Place", 7, align="center"), Column("No", 5, align="center"),
               Column("Player", 24), Column("Member", 10)]  # fmt: skip
    columns += [Column(f"S{s} R{r}" if several else f"R{r}", 6, MP_FORMAT) for s, r in rounds]
    columns += TOTAL_COLUMNS
    rows = []
    for p in view.players:
        played = {(r.session, r.round): r.points for r in p.rounds}
        rows.append(
            [p.place, p.number, p.player.name, p.player.member]
            + [played.get(key) for key in rounds]
            + [p.total, p.maximum, p.percent]
        )
    write_table(sheet, header_row, columns, rows)
    finish_sheet(sheet, header_row, landscape=len(rounds) > 8)
