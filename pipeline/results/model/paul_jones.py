"""A Paul Jones as published: the players' and the teams' totals over the sessions
(``pipeline.results.paul_jones``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pipeline.results.model.sessions import PlayerView

__all__ = [
    "PlayerSession",
    "PlayerStanding",
    "TeamSession",
    "PaulJonesTeamStanding",
    "PaulJonesView",
]


@dataclass(frozen=True)
class PlayerSession:
    """A Paul Jones player's session: the pair they played in, the partner, and that pair's
    matchpoints leveled to the event's top (rules.md §8), which the player is credited."""

    session: int
    pair: int
    partner: str
    points: Fraction
    maximum: Fraction


@dataclass(frozen=True)
class PlayerStanding:
    """A Paul Jones player's individual total: the leveled matchpoints of every pair they
    played in (pipeline/results/paul_jones.py says why this unit)."""

    place: str
    player: PlayerView
    team: int
    sessions: tuple[PlayerSession, ...]
    total: Fraction
    maximum: Fraction
    percent: Fraction


@dataclass(frozen=True)
class TeamSession:
    """A Paul Jones team's session: the sum of its two pairs' leveled matchpoints."""

    session: int
    pairs: tuple[int, ...]
    points: Fraction
    maximum: Fraction


@dataclass(frozen=True)
class PaulJonesTeamStanding:
    """A Paul Jones team's total over the sessions (seed 004: "summan av två pars resultat
    i varje omgång")."""

    place: str
    team: int
    name: str
    players: tuple[PlayerView, ...]
    sessions: tuple[TeamSession, ...]
    total: Fraction
    maximum: Fraction
    percent: Fraction


@dataclass(frozen=True)
class PaulJonesView:
    """The individual and team results of a Paul Jones; ``draw_seed`` is the recorded seed
    when the teams were drawn from the pairs entered (None: entered as teams)."""

    players: tuple[PlayerStanding, ...]
    teams: tuple[PaulJonesTeamStanding, ...]
    draw_seed: int | None = None
    scored: tuple[int, ...] = ()  # the sessions these totals are over
    planned: int = 0  # the sessions in the event file

    @property
    def so_far(self) -> str:
        """ "after session 1 of 3" while sessions are still to be played, else ""."""
        if not self.scored or len(self.scored) >= self.planned:
            return ""
        done = ", ".join(str(n) for n in self.scored)
        return f"after session{'s' if len(self.scored) > 1 else ''} {done} of {self.planned}"
