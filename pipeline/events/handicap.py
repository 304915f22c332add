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

from pipeline.events.event_nodes import _Node
from scoring.event import Player
from scoring.handicap import HandicapError, HandicapMethod, HandicapPlan

__all__ = ["handicap_data", "read_handicap"]


def read_handicap(node: _Node) -> HandicapPlan:
    """The handicap plan; a bad method, percentage or player is named with its line."""
    fields = node.mapping({"method", "players"}, {"players"})
    method = HandicapMethod.OF_MISSED
    if "method" in fields:
        text = fields["method"].text("method").lower().replace("_", "-")
        try:
            method = HandicapMethod(text)
        except ValueError:
            raise fields["method"].error(f"method {text!r} is not of-missed or of-top") from None
    percents: dict[str, Fraction] = {}
    for child in fields["players"].items():
        parts = child.mapping({"name", "member", "percent"}, {"percent"})
        if "member" in parts:
            key = Player("x", parts["member"].text("member number")).key
        elif "name" in parts:
            key = Player(parts["name"].text("player name")).key
        else:
            raise child.error("give the player's member or name")
        text = parts["percent"].text("percent")
        try:
            percent = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise parts["percent"].error(f"percent {text!r} is not a number") from None
        if key in percents:
            raise child.error("this player is listed twice")
        percents[key] = percent
    try:
        return HandicapPlan(method, tuple(percents.items()))
    except HandicapError as error:
        raise fields["players"].error(str(error)) from None


def handicap_data(plan: HandicapPlan) -> dict[str, object]:
    """The ``handicap:`` block as the event file writes it (``read_handicap`` reads it back)."""
    players: list[dict[str, object]] = []
    for key, percent in plan.percents:
        kind, _, value = key.partition(" ")
        players.append({"member" if kind == "member" else "name": value, "percent": str(percent)})
    return {"method": str(plan.method), "players": players}
