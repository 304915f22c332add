"""Scoring options: every choice the laws or the seeds leave open, named, with its default.

The defaults follow the laws and the Scandinavian seeds (rules.md); docs/scoring-options.md
says where each choice comes from and which established programs use which setting.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from scoring.matchpoints import Scale

__all__ = [
    "Rounding",
    "AdjustedRounding",
    "FouledMethod",
    "SitoutCredit",
    "LevelingMethod",
    "FewerBoards",
    "ScoringOptions",
]


class Rounding(Enum):
    """How Neuberg-factored board scores are kept: exact, or rounded half up per side.

    Half up means ``floor(x * 10**d + 1/2) / 10**d`` on the exact rational value (see
    ``scoring.neuberg.round_points``); NS and EW are rounded separately, so on a factored
    board NS + EW can be 0.1 (or 0.01) off the top, as Scandinavian programs print it.
    """

    EXACT = "exact"
    TENTH = "0.1"
    HUNDREDTH = "0.01"

    @property
    def decimals(self) -> int | None:
        """Decimals kept, or None for exact."""
        return _DECIMALS[self.value]


_DECIMALS: dict[str, int | None] = {"exact": None, "0.1": 1, "0.01": 2}


class AdjustedRounding(Enum):
    """Artificial adjusted scores in matchpoints: plain percent of the top, or the Swedish rule
    (seed 004 "Justerad poäng": 60% at least 60% of the top, i.e. rounded up; 40% at most 40%,
    rounded down; others to the nearest whole matchpoint, halves up)."""

    PLAIN = "plain"
    SWEDISH = "swedish"


class FouledMethod(Enum):
    """How a group of a fouled board is brought to the board (Law 87, seed 004)."""

    NEUBERG = "neuberg"  # computer scoring: Neuberg within the group to the full top
    PLUS_ONE = "plus-one"  # by hand: group topscore + 1 per result it cannot be compared with


class SitoutCredit(Enum):
    """What a pair gets for a round it sat out (rules.md §7)."""

    ZERO = "zero"  # fine when every pair sits out once
    AVERAGE = "average"  # its own points per played round, rounded to whole points
    NONE = "none"  # rank by percentage of the boards played; no credit needed


class LevelingMethod(Enum):
    """Combining sessions of different sizes (rules.md §8)."""

    FACTOR_TO_COMMON_TOP = "factor"  # multiply each session's board scores by top ratio
    BOARD_WEIGHTED_PERCENTAGE = "board-weighted"  # percentages weighted by boards played


class FewerBoards(Enum):
    """A pair that played fewer boards than others (e.g. a late arrival, a fouled board)."""

    AS_PLAYED = "as-played"  # totals as played; rank by total
    SCALE_TO_SESSION = "scale"  # North American: total x boards-in-session / boards-played


@dataclass(frozen=True)
class ScoringOptions:
    """The options of one event. Fields are documented in docs/scoring-options.md."""

    scale: Scale = Scale.TWO_ONE_ZERO
    neuberg_rounding: Rounding = Rounding.TENTH
    totals_from_rounded: bool = True
    percentage_from_rounded: bool = True
    adjusted_rounding: AdjustedRounding = AdjustedRounding.PLAIN
    law88: bool = True
    offender_session_percentage_if_lower: bool = False
    sitout_credit: SitoutCredit = SitoutCredit.NONE
    leveling: LevelingMethod = LevelingMethod.FACTOR_TO_COMMON_TOP
    fewer_boards: FewerBoards = FewerBoards.AS_PLAYED
    fouled_small_group_rule: bool = True
    fouled_group_top_at_least_60: bool = True
    fouled_method: FouledMethod = FouledMethod.NEUBERG
    fouled_small_group_min_tables: int = 7
    correction_period_minutes: int = 30

    def __post_init__(self) -> None:
        if self.fouled_small_group_min_tables < 1:
            raise ValueError("fouled_small_group_min_tables must be at least 1")
        if self.correction_period_minutes < 0:
            raise ValueError("correction_period_minutes cannot be negative")
