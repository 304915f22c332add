"""Masterpoints of a session (seed 004: Swedish bronze and silver points, per evening).

``masterpoint_scale`` names the federation scales the commands offer; ``award_masterpoints``
awards a session's ranking on one of them; ``awards_of`` lists the award per player.
"""

from __future__ import annotations

from fractions import Fraction

from pipeline.results.model.event import Award
from pipeline.results.model.sessions import SessionView
from scoring.masterpoints import (
    Competition,
    MasterpointScale,
    SwedishBronze,
    SwedishSilver,
    award,
)
from scoring.ranking import rank

__all__ = ["MASTERPOINT_SCALES", "masterpoint_scale", "award_masterpoints", "awards_of"]

MASTERPOINT_SCALES = ("bronze", "silver", "none")


def masterpoint_scale(name: str) -> MasterpointScale | None:
    """The federation scale called ``name`` (bronze, silver) or None for no masterpoints."""
    scales: dict[str, MasterpointScale | None] = {
        "bronze": SwedishBronze(),
        "silver": SwedishSilver(),
        "none": None,
    }
    if name not in scales:
        raise ValueError(f"masterpoint scale {name!r} is not one of {', '.join(scales)}")
    return scales[name]


def award_masterpoints(
    view: SessionView, scale: MasterpointScale | None = None
) -> tuple[dict[int, Fraction], str | None]:
    """Bronze points per player for one session (awarded per evening, seed 004).

    A pure Mitchell is two competitions (NS and EW). Returns points per player by pair, and
    the reason when the session earns none (fewer than 4 pairs or 18 boards).
    """
    scale = scale or SwedishBronze()
    boards = max((s.boards_played for s in view.standings), default=0)
    fields = sorted({s.direction for s in view.standings})
    result: dict[int, Fraction] = {}
    reasons = []
    for field_name in fields:
        members = [s for s in view.standings if s.direction == field_name]
        competition = Competition(len(members), boards, session_pairs=len(view.standings))
        reason = scale.ineligible(competition)
        if reason is not None:
            reasons.append(reason)
            continue
        # Awards follow the published ranking (its places, whatever decided them).
        placings = rank({s.pair: -Fraction(s.place.split("-")[0]) for s in members})
        for item in award(placings, scale, competition):
            result[item.entrant] = Fraction(item.points_per_player)
    if result:
        return result, None
    return result, "; ".join(reasons) or None


def awards_of(view: SessionView, label: str, kind: str) -> list[Award]:
    """One award line per player of every pair the session's scale awards."""
    return [
        Award(standing.place, standing.pair, player, standing.masterpoints, kind, label, view.date)
        for standing in view.standings
        if standing.masterpoints is not None
        for player in standing.players
    ]
