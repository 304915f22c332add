"""A team evening as published: each match board by board, and the VP ranking
(``pipeline.results.teams``)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pipeline.results.model.sessions import PlayerView

__all__ = [
    "TeamBoard",
    "MatchView",
    "TeamStanding",
    "TeamsView",
]


@dataclass(frozen=True)
class TeamBoard:
    """One board of a team match: NS score at each table and the IMPs to the first team."""

    board: int
    score_table1: int | None
    score_table2: int | None
    imps_first: Fraction
    note: str = ""


@dataclass(frozen=True)
class MatchView:
    """A team match: both teams, the boards, IMPs and VPs."""

    round: int
    first: int
    second: int
    boards: tuple[TeamBoard, ...]
    imps_first: Fraction
    imps_second: Fraction
    vp_first: Fraction
    vp_second: Fraction


@dataclass(frozen=True)
class TeamStanding:
    """A team's total over the evening."""

    place: str
    team: int
    name: str
    players: tuple[PlayerView, ...]
    vp: Fraction
    imps_won: Fraction
    imps_lost: Fraction

    @property
    def quotient(self) -> Fraction | None:
        """IMPs won / IMPs lost (rules.md §10 team tie-break); None when nothing was lost."""
        return None if self.imps_lost == 0 else self.imps_won / self.imps_lost


@dataclass(frozen=True)
class TeamsView:
    """A team evening: matches and the VP ranking."""

    matches: tuple[MatchView, ...]
    standings: tuple[TeamStanding, ...]
    vp_scale: str = "WBF 2013 20-VP"
