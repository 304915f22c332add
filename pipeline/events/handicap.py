"""The ``handicap:`` part of an event file (seed 004 "d) Handicaptävling"; rules.md §11)::

    handicap:
      method: of-missed          # the seed's fairer way (default); or of-top
      players:                   # each player's percentage, 0 (the best) to 12 (beginners)
        - {member: "101", percent: 8}
        - {name: Bo Berg, percent: 12}

A player is named by member number or by name as in the pairs (``Player.key``); a player
not listed has 0. The results add each pair's handicap to its session total in a handicap
ranking beside the scratch one (``pipeline.results.handicap``).
"""

from __future__ import annotations

from fractions import Fraction

from pipeline.events.event_places import Places
from pipeline.events.event_schema import HandicapEntry
from scoring.event import EventError, Player
from scoring.handicap import HandicapError, HandicapPlan

__all__ = ["handicap_data", "read_handicap"]

_AT = ("handicap",)


def read_handicap(entry: HandicapEntry, places: Places) -> HandicapPlan:
    """The handicap plan (its shape checked by ``HandicapEntry``); a percentage that is
    not a number, out of the seed's range, or a player listed twice is named with its line."""
    percents: dict[str, Fraction] = {}
    for i, player in enumerate(entry.players):
        loc = (*_AT, "players", i)
        try:
            if player.member is not None:
                key = Player(player.name or "the player", player.member).key
            else:
                key = Player(player.name or "").key
        except EventError as error:
            raise places.place(loc, error) from None
        try:
            percent = Fraction(player.percent)
        except (ValueError, ZeroDivisionError):
            raise places.error(
                (*loc, "percent"), f"percent {player.percent!r} is not a number"
            ) from None
        if key in percents:
            raise places.error(loc, "this player is listed twice")
        try:
            HandicapPlan(entry.method, ((key, percent),))
        except HandicapError as error:
            raise places.error((*loc, "percent"), str(error)) from None
        percents[key] = percent
    return HandicapPlan(entry.method, tuple(percents.items()))


def handicap_data(plan: HandicapPlan) -> dict[str, object]:
    """The ``handicap:`` block as the event file writes it (``read_handicap`` reads it back)."""
    players: list[dict[str, object]] = []
    for key, percent in plan.percents:
        kind, _, value = key.partition(" ")
        players.append({"member" if kind == "member" else "name": value, "percent": str(percent)})
    return {"method": str(plan.method), "players": players}
