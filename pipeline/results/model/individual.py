"""An individual event as published: each player's rounds and total
(``pipeline.results.individual``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pipeline.results.model.sessions import PlayerView

__all__ = [
    "IndividualRound",
    "IndividualStanding",
    "IndividualView",
]


@dataclass(frozen=True)
class IndividualRound:
    """A player's round in an individual: where they sat, with whom, and the matchpoints of
    that side (leveled to the event's top when there are several sessions)."""

    session: int
    round: int
    table: int
    seat: str  # N, S, E or W
    partner: int  # the partner's player number
    pair: int  # the partnership's number on the travellers (scoring.movements.individual)
    points: Fraction
    maximum: Fraction


@dataclass(frozen=True)
class IndividualStanding:
    """A player's place in an individual (pipeline/results/individual.py)."""

    place: str
    number: int
    player: PlayerView
    rounds: tuple[IndividualRound, ...]
    total: Fraction
    maximum: Fraction
    percent: Fraction


@dataclass(frozen=True)
class IndividualView:
    """The ranking of an individual event's players over the sessions scored so far."""

    players: tuple[IndividualStanding, ...]
    scored: tuple[int, ...] = ()
    planned: int = 0
