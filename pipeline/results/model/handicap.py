"""A handicap event as published: a ranking a session with each pair's handicap
(``pipeline.results.handicap``, rules.md §11)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pipeline.results.model.sessions import PlayerView

__all__ = [
    "HandicapStanding",
    "HandicapSession",
    "HandicapView",
]


@dataclass(frozen=True)
class HandicapStanding:
    """A pair in a session's handicap ranking: its scratch points and maximum, its
    handicap (the players' percentages summed), the points that adds and the new total."""

    place: str
    pair: int
    players: tuple[PlayerView, ...]
    points: Fraction
    maximum: Fraction
    handicap: Fraction  # percent
    addition: Fraction
    total: Fraction
    percent: Fraction  # total / maximum


@dataclass(frozen=True)
class HandicapSession:
    session: int
    standings: tuple[HandicapStanding, ...]


@dataclass(frozen=True)
class HandicapView:
    """A handicap event's rankings, one a session (pipeline/results/handicap.py)."""

    method: str  # of-missed / of-top
    sessions: tuple[HandicapSession, ...]
