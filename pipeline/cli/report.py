"""What the commands print about results: the ranking table and the publication status.

``run`` and ``score`` end the same way: the ranking, then PROVISIONAL (with every reason)
or OFFICIAL, in words, as the last thing on the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.results.model import EventResults

__all__ = ["ranking_table", "print_status"]


def ranking_table(results: EventResults) -> object:
    from rich.table import Table

    from pipeline.publish.workbook.layout import fmt

    table = Table(title=results.title)
    if results.teams is not None:
        for name in ("Place", "Team", "Name", "VP", "IMPs +/-"):
            table.add_column(name)
        for team in results.teams.standings:
            table.add_row(
                team.place,
                str(team.team),
                team.name,
                fmt(team.vp, 2),
                f"{fmt(team.imps_won, 0)}/{fmt(team.imps_lost, 0)}",
            )
        return table
    imps = results.scale == "IMP"
    for name in (
        "Place",
        "Pair",
        "Names",
        "IMPs" if imps else "Points",
        "Per board" if imps else "%",
    ):
        table.add_column(name, justify="left" if name == "Names" else "right")
    if results.leveled:
        for overall in results.leveled:
            table.add_row(
                overall.place,
                str(overall.pair),
                overall.names,
                fmt(overall.total),
                fmt(overall.percent, 2),
            )
    else:
        for standing in results.sessions[0].standings:
            place = f"{standing.direction} {standing.place}".strip()
            table.add_row(
                place,
                str(standing.pair),
                standing.names,
                fmt(standing.points),
                fmt(standing.percent, 2),
            )
    return table


def print_status(results: Any, console: Any, review_hint: str = "") -> None:
    """PROVISIONAL (with every reason) or OFFICIAL, in words, as the last thing printed."""
    status = results.status
    if not status.provisional:
        console.print("OFFICIAL: nothing waits for review and no finding blocks publishing",
                      style="bold green", markup=False)  # fmt: skip
        return
    console.print("PROVISIONAL: these results are not final", style="bold red", markup=False)
    for reason in status.reasons:
        console.print(f"  - {reason}", markup=False, soft_wrap=True)
    console.print("  masterpoints.csv is withheld until the results are official", markup=False)
    if review_hint:
        console.print(review_hint, markup=False, soft_wrap=True)
