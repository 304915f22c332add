"""A Paul Jones's individual and team results in results.json, described once.

``results.json``'s ``"paul_jones"`` is null for any other event, else the players' and the
teams' rankings in leveled matchpoints (pipeline/results/paul_jones.py says why this unit).
Every figure is written as a decimal and exactly as a fraction string beside it
(``*_exact``), which the reader takes, so the record comes back equal. Read and written as
pipeline/publish/json_codec.py says.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pipeline.publish.json_codec import Derived, Exact, Flat, Many, Rounded2, Rounded4, Shape
from pipeline.publish.player_schema import PlayerJson
from pipeline.results.model.paul_jones import (
    PaulJonesTeamStanding,
    PaulJonesView,
    PlayerSession,
    PlayerStanding,
    TeamSession,
)

__all__ = ["UNIT", "PaulJonesJson"]

UNIT = "leveled matchpoints"  # pipeline/results/paul_jones.py says why

Exact4 = Annotated[Rounded4, Exact()]


class PlayerSessionJson(Shape):
    """A player's session: the pair played in, the partner, the pair's leveled points."""

    domain = PlayerSession
    session: int
    pair: int
    partner: str
    points: Exact4
    maximum: Exact4


class PlayerStandingJson(Shape):
    """A player's individual total over the sessions."""

    domain = PlayerStanding
    place: str
    player: Annotated[PlayerJson, Flat()]
    team: int
    total: Exact4
    maximum: Exact4
    percent: Annotated[Rounded2, Exact()]
    sessions: Many[PlayerSessionJson] = ()


class TeamSessionJson(Shape):
    """A team's session: the sum of its two pairs' leveled matchpoints."""

    domain = TeamSession
    session: int
    pairs: Many[int] = ()
    points: Exact4
    maximum: Exact4


class PaulJonesTeamJson(Shape):
    """A team's total over the sessions."""

    domain = PaulJonesTeamStanding
    place: str
    team: int
    name: str
    players: Many[PlayerJson] = ()
    total: Exact4
    maximum: Exact4
    percent: Annotated[Rounded2, Exact()]
    sessions: Many[TeamSessionJson] = ()


class PaulJonesJson(Shape):
    """A Paul Jones's players and teams; ``draw_seed`` when the teams were drawn."""

    domain = PaulJonesView
    unit: Annotated[Literal["leveled matchpoints"], Derived(lambda _: UNIT)] = UNIT
    draw_seed: int | None = None
    scored: Many[int] = Field(default=(), alias="sessions_scored")
    planned: int = Field(default=0, alias="sessions_planned")
    players: Many[PlayerStandingJson]
    teams: Many[PaulJonesTeamJson]
