"""Masterpoints: a small interface a federation implements, with the Swedish bronze and
silver point scales of the TD course (seed 004 "Bronspoäng", "Silverpoäng"; rules.md 12).

A ``MasterpointScale`` turns one competition (one ranking list) into points per player for
places 1, 2, ...; ``award`` hands them out over a ranking list, splitting shared places.

Swedish bronze points, pairs events of 4-32 pairs (seed 004):
- the winner gets 2 points per pair taking part; a pure Mitchell is two competitions (each
  direction is ranked and awarded on its own: ``Competition.mitchell``);
- a quarter of the pairs get points; each gets 2/3 of the next better pair's points,
  decimals rounded up; each player gets the table amount, but at least 4;
- at least 4 pairs (counted over the whole session, so a Mitchell of 2 x 2 pairs counts 4)
  and at least 18 boards; for inexperienced players 10-17 boards with half the scale, at
  least 2 per player;
- groups by strength: two groups, A as 1.2 x and B as 0.8 x the number of pairs; three
  groups, A 1.2 x, B normal, C 0.8 x.

Swedish silver points, up to 32 pairs: the winner gets as many points as there are pairs,
dropping by a third per place; a quarter of the pairs get points. When pairs do not meet all
others (reduced scale) the winner's figure is 1 per pair met, 1 for itself and 0.5 per pair
not met, and the scale for that figure is used.

Choices where the seed is silent or ambiguous (docs/scoring-imps-vp-ranking-masterpoints.md):
- "a quarter of the pairs" is rounded up (10 pairs: 3 places; 4 pairs: 1 place);
- "2/3, decimals rounded up" is applied place by place to the previous rounded value
  (24 -> 16 -> 11); the winner's figure 2 x factor x pairs is rounded up too (B group of 7
  pairs: 2 x 0.8 x 7 = 11.2 -> 12); half scale is each full-scale value halved and rounded
  up, then the minimum of 2;
- silver uses the same rounding up (the seed gives none); a reduced figure of x.5 is
  rounded up; silver has no per-player minimum;
- shared places split the awards of the places they cover (places beyond the awarded ones
  count 0), rounded up to a whole point, and each sharing pair still gets the minimum;
- more than 32 pairs is outside the course's scales and raises ``MasterpointError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from math import ceil
from typing import Generic, Protocol, TypeVar

from scoring.errors import ScoringError
from scoring.ranking import Placing
from scoring.tiebreak import EntrantId

__all__ = [
    "MasterpointError",
    "StrengthGroup",
    "Competition",
    "Award",
    "MasterpointScale",
    "SwedishBronze",
    "SwedishSilver",
    "award",
]

E = TypeVar("E", bound=EntrantId)

_MAX_PAIRS = 32


class MasterpointError(ScoringError):
    """A competition the scale cannot award (too many pairs, a group that does not exist)."""


class StrengthGroup(Enum):
    """A pairs event split into groups by strength (seed 004 "gruppindelning")."""

    A = "A"
    B = "B"
    C = "C"


# (number of groups, group) -> factor on the number of pairs
_GROUP_FACTORS: dict[tuple[int, StrengthGroup], Fraction] = {
    (2, StrengthGroup.A): Fraction(6, 5),
    (2, StrengthGroup.B): Fraction(4, 5),
    (3, StrengthGroup.A): Fraction(6, 5),
    (3, StrengthGroup.B): Fraction(1),
    (3, StrengthGroup.C): Fraction(4, 5),
}


@dataclass(frozen=True)
class Competition:
    """One ranking list to award.

    ``pairs``: pairs ranked in it (one direction of a pure Mitchell). ``boards``: boards each
    pair played. ``session_pairs``: pairs in the whole session, for the minimum of 4 (defaults
    to ``pairs``). ``group``/``groups``: the strength group and how many groups the event has.
    ``inexperienced``: an event for inexperienced players (10-17 boards on half scale).
    ``pairs_met``: for silver, how many other pairs each pair met; ``None`` = all of them.
    """

    pairs: int
    boards: int
    session_pairs: int | None = None
    group: StrengthGroup | None = None
    groups: int = 1
    inexperienced: bool = False
    pairs_met: int | None = None

    def __post_init__(self) -> None:
        if self.pairs < 1 or self.boards < 0:
            raise MasterpointError(f"{self.pairs} pairs and {self.boards} boards cannot be awarded")
        if self.group is not None and (self.groups, self.group) not in _GROUP_FACTORS:
            raise MasterpointError(f"there is no group {self.group.value} among {self.groups}")
        if self.group is None and self.groups != 1:
            raise MasterpointError(f"an event in {self.groups} groups needs the pair's group")
        if self.pairs_met is not None and not 0 <= self.pairs_met <= self.pairs - 1:
            raise MasterpointError(
                f"a pair can meet 0-{self.pairs - 1} others in a field of {self.pairs}, "
                f"not {self.pairs_met}"
            )

    @property
    def factor(self) -> Fraction:
        """The group's factor on the number of pairs (1 without groups)."""
        return Fraction(1) if self.group is None else _GROUP_FACTORS[(self.groups, self.group)]

    @classmethod
    def mitchell(
        cls, ns_pairs: int, ew_pairs: int, boards: int, *, inexperienced: bool = False
    ) -> tuple[Competition, Competition]:
        """A pure Mitchell: two competitions, NS and EW, sharing the session's pair count."""
        total = ns_pairs + ew_pairs
        return (
            cls(ns_pairs, boards, session_pairs=total, inexperienced=inexperienced),
            cls(ew_pairs, boards, session_pairs=total, inexperienced=inexperienced),
        )


@dataclass(frozen=True)
class Award(Generic[E]):
    """Masterpoints for one pair: each of its players gets ``points_per_player``."""

    entrant: E
    place: str
    points_per_player: int


class MasterpointScale(Protocol):
    """What a federation's masterpoint scale provides."""

    @property
    def name(self) -> str: ...

    def ineligible(self, competition: Competition) -> str | None:
        """Why the competition earns no points (too few pairs or boards), or ``None``."""
        ...

    def table(self, competition: Competition) -> tuple[int, ...]:
        """Points per player for places 1, 2, ... (only the awarded places)."""
        ...

    def minimum(self, competition: Competition) -> int:
        """The least a pair that earns points gets per player."""
        ...


def _quarter(pairs: int) -> int:
    return ceil(Fraction(pairs, 4))


def _chain(winner: int, places: int) -> list[int]:
    """Winner's figure, then 2/3 of the previous place each, rounded up."""
    values = [winner]
    while len(values) < places:
        values.append(ceil(Fraction(2, 3) * values[-1]))
    return values


def _check_size(competition: Competition, scale: str) -> None:
    if competition.pairs > _MAX_PAIRS:
        raise MasterpointError(
            f"the {scale} scale of the course covers up to {_MAX_PAIRS} pairs, not "
            f"{competition.pairs}; use the federation's tables"
        )


class SwedishBronze:
    """Swedish bronze points for a pairs evening (seed 004 "Bronspoäng")."""

    name = "Swedish bronze points"

    def _half_scale(self, competition: Competition) -> bool:
        return competition.inexperienced and 10 <= competition.boards <= 17

    def ineligible(self, competition: Competition) -> str | None:
        session = competition.session_pairs or competition.pairs
        if session < 4:
            return f"bronze points need at least 4 pairs, the session had {session}"
        if competition.boards >= 18 or self._half_scale(competition):
            return None
        if competition.inexperienced:
            return (
                f"bronze points for inexperienced players need 10 boards, not {competition.boards}"
            )
        return f"bronze points need at least 18 boards, not {competition.boards}"

    def minimum(self, competition: Competition) -> int:
        return 2 if self._half_scale(competition) else 4

    def table(self, competition: Competition) -> tuple[int, ...]:
        _check_size(competition, "bronze")
        if self.ineligible(competition) is not None:
            return ()
        winner = ceil(2 * competition.factor * competition.pairs)
        values = _chain(winner, _quarter(competition.pairs))
        if self._half_scale(competition):
            values = [ceil(Fraction(value, 2)) for value in values]
        floor_ = self.minimum(competition)
        return tuple(max(floor_, value) for value in values)


class SwedishSilver:
    """Swedish silver points (seed 004 "Silverpoäng"), with the reduced scale."""

    name = "Swedish silver points"

    def ineligible(self, competition: Competition) -> str | None:
        return None

    def minimum(self, competition: Competition) -> int:
        return 0

    def winner_figure(self, competition: Competition) -> int:
        """Pairs in the field, or on the reduced scale met + 1 + half of those not met."""
        if competition.pairs_met is None:
            return competition.pairs
        not_met = competition.pairs - 1 - competition.pairs_met
        return ceil(competition.pairs_met + 1 + Fraction(not_met, 2))

    def table(self, competition: Competition) -> tuple[int, ...]:
        _check_size(competition, "silver")
        return tuple(_chain(self.winner_figure(competition), _quarter(competition.pairs)))


def award(
    placings: Sequence[Placing[E]], scale: MasterpointScale, competition: Competition
) -> list[Award[E]]:
    """Points per player for each pair of a ranking list that earns any.

    Pairs sharing places split the awards of those places (places past the last awarded one
    count 0), rounded up, and get at least the scale's minimum.
    """
    table = scale.table(competition)
    awards: list[Award[E]] = []
    for placing in placings:
        covered = range(placing.first, placing.last + 1)
        total = sum(table[place - 1] for place in covered if place <= len(table))
        if total <= 0:
            continue
        share = max(scale.minimum(competition), ceil(Fraction(total, len(covered))))
        awards.append(Award(placing.entrant, placing.label, share))
    return awards
