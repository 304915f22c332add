"""A handicap event's rankings in results.json, described once.

``results.json``'s ``"handicap"`` is null for any other event, else the method and, for
each session, the pairs ranked on their total plus their handicap (rules.md §11;
pipeline/results/handicap.py). Every figure is written as a decimal and exactly as a
fraction string beside it (``*_exact``), which the reader takes. Read and written as
pipeline/publish/json_codec.py says.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from pipeline.publish.json_codec import Exact, Many, Rounded2, Rounded4, Shape
from pipeline.publish.player_schema import PlayerJson
from pipeline.results.model.handicap import HandicapSession, HandicapStanding, HandicapView

__all__ = ["HandicapJson"]

Exact4 = Annotated[Rounded4, Exact()]


class HandicapStandingJson(Shape):
    """A pair's scratch points and maximum, its handicap (percent, the players' summed),
    the points that adds, the new total and its percentage of the maximum."""

    domain = HandicapStanding
    place: str
    pair: int
    players: Many[PlayerJson] = ()
    points: Exact4
    maximum: Exact4
    handicap: Exact4
    addition: Exact4
    total: Exact4
    percent: Annotated[Rounded2, Exact()]


class HandicapSessionJson(Shape):
    """A session's handicap ranking."""

    domain = HandicapSession
    session: int
    standings: Many[HandicapStandingJson] = Field(default=(), alias="ranking")


class HandicapJson(Shape):
    """A handicap event's method (``of-missed`` or ``of-top``) and its rankings."""

    domain = HandicapView
    method: str
    sessions: Many[HandicapSessionJson] = ()
