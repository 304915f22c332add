"""An individual event's players in results.json, described once.

``results.json``'s ``"individual"`` is null for any other event, else each player's place
and the matchpoints of the side they sat on, round by round (pipeline/results/individual.py
says how the figures are made). Every figure is written as a decimal and exactly as a
fraction string beside it (``*_exact``), which the reader takes. Read and written as
pipeline/publish/json_codec.py says.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from pipeline.publish.json_codec import Derived, Exact, Flat, Many, Rounded2, Rounded4, Shape
from pipeline.publish.player_schema import PlayerJson
from pipeline.results.model.individual import IndividualRound, IndividualStanding, IndividualView

__all__ = ["UNIT", "IndividualJson"]

UNIT = "matchpoints of the side played on"

Exact4 = Annotated[Rounded4, Exact()]


class IndividualRoundJson(Shape):
    """A player's round: table, seat, partner, the partnership's pair number on the
    travellers, and that side's matchpoints."""

    domain = IndividualRound
    session: int
    round: int
    table: int
    seat: str
    partner: int
    pair: int
    points: Exact4
    maximum: Exact4


class IndividualStandingJson(Shape):
    """A player's place and total over the rounds played."""

    domain = IndividualStanding
    place: str
    number: int
    player: Annotated[PlayerJson, Flat()]
    total: Exact4
    maximum: Exact4
    percent: Annotated[Rounded2, Exact()]
    rounds: Many[IndividualRoundJson] = ()


class IndividualJson(Shape):
    """An individual's ranking of players over the sessions scored so far."""

    domain = IndividualView
    unit: Annotated[Literal["matchpoints of the side played on"], Derived(lambda _: UNIT)] = UNIT
    scored: Many[int] = Field(default=(), alias="sessions_scored")
    planned: int = Field(default=0, alias="sessions_planned")
    players: Many[IndividualStandingJson]
