"""What the commands print about results: the ranking table and the publication status.

``run`` and ``score`` end the same way: the ranking, then PROVISIONAL (with every reason)
or OFFICIAL, in words, as the last thing on the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.cli.output import Listing
    from pipeline.results.model.event import EventResults

__all__ = ["ranking_listing", "print_status"]


def ranking_listing(results: EventResults) -> Listing:
    """The ranking as a listing: leveled overall standings, or the one session's."""
    from pipeline.cli.output import Listing
    from pipeline.publish.workbook.layout import fmt

    if results.teams is not None:
        teams = Listing("ranking", results.title, ("Place", "Team", "Name", "VP", "IMPs +/-"),
                        right=frozenset({"Team", "VP"}))  # fmt: skip
        for team in results.teams.standings:
            teams.add(team.place, team.team, team.name, fmt(team.vp, 2),
                      f"{fmt(team.imps_won, 0)}/{fmt(team.imps_lost, 0)}")  # fmt: skip
        return teams
    imps = results.scale == "IMP"
    columns = ("Place", "Pair", "Names", "IMPs" if imps else "Points",
               "Per board" if imps else "%")  # fmt: skip
    listing = Listing("ranking", results.title, columns,
                      right=frozenset(c for c in columns if c != "Names"))  # fmt: skip
    if results.leveled:
        for overall in results.leveled:
            listing.add(overall.place, overall.pair, overall.names, fmt(overall.total),
                        fmt(overall.percent, 2))  # fmt: skip
    else:
        for standing in results.sessions[0].standings:
            place = f"{standing.direction} {standing.place}".strip()
            listing.add(place, standing.pair, standing.names, fmt(standing.points),
                        fmt(standing.percent, 2))  # fmt: skip
    return listing


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
