"""Scoring options: every choice the laws or the seeds leave open, named, with its default.

The defaults follow the laws and the Scandinavian seeds (rules.md); docs/scoring-options.md
says where each choice comes from and which established programs use which setting.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from scoring.matchpoints import Scale
from scoring.presentation import Presentation

__all__ = [
    "Rounding",
    "TieRounding",
    "AdjustedRounding",
    "FouledMethod",
    "SitoutCredit",
    "LevelingMethod",
    "FewerBoards",
    "CrossImps",
    "ImpTotals",
    "Winner",
    "ScoringOptions",
]


class Rounding(Enum):
    """How Neuberg-factored board scores are kept: exact, or rounded to 0.1 or 0.01 per side.

    An exact tie (12.65 to a tenth) goes the way ``TieRounding`` says, half up by default:
    ``floor(x * 10**d + 1/2) / 10**d`` on the exact rational value (see
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


class TieRounding(Enum):
    """Which way an exact tie goes when a figure is rounded (12.65 to a tenth).

    The laws say nothing; programs differ (rules.md §15): half up (towards +infinity; our
    default, and what Scandinavian programs print), half away from zero (the same for
    matchpoints, which are never negative; differs for IMPs and centred points), and half to
    even (Compscore prints 12.6 where half up gives 12.7).
    """

    HALF_UP = "half-up"
    HALF_AWAY_FROM_ZERO = "half-away-from-zero"
    HALF_TO_EVEN = "half-to-even"


class AdjustedRounding(Enum):
    """Artificial adjusted scores in matchpoints: how a percentage of the top becomes points.

    - ``WHOLE_POINTS`` (default; seed 004 "Justerad poäng", read as written): whole
      matchpoints; "60% must be at least 60%" so 60% is rounded up (top 12: 7.2 -> 8), 40%
      down (4.8 -> 4), and every other percentage to the nearest whole point (70% of 12 =
      8.4 -> 8; halves up).
    - ``WHOLE_POINTS_BOUNDED`` (stored as "swedish", the default reading before issue 14):
      whole matchpoints with *every* award of 60% or more rounded up and 40% or less down
      (70% of 12 -> 9).
    - ``PLAIN``: percent x top, kept like a Neuberg score (exact or rounded to 0.1 / 0.01):
      what Magic Contest, Ruter and most programs outside the Swedish course print.

    "Whole" is a multiple of a tie: 1 on 2-1-0, 0.5 on 1-0.5-0, so both scales give the same
    percentages.
    """

    WHOLE_POINTS = "whole-points"
    WHOLE_POINTS_BOUNDED = "swedish"
    PLAIN = "plain"


class FouledMethod(Enum):
    """How a group of a fouled board is brought to the board (Law 87, seed 004)."""

    NEUBERG = "neuberg"  # computer scoring: Neuberg within the group to the full top
    PLUS_ONE = "plus-one"  # by hand: group topscore + 1 per result it cannot be compared with


class SitoutCredit(Enum):
    """What a pair gets for a round it sat out (rules.md §7; in IMPs, ``scoring.imp_totals``)."""

    ZERO = "zero"  # fine when every pair sits out once
    AVERAGE = "average"  # its own points per played round, rounded to whole points (seed 004)
    AVERAGE_PER_BOARD = "average-per-board"  # per board sat out: its points per board played,
    # rounded like a board score (Ruter prints it on a "Bye" line)
    NONE = "none"  # rank by percentage of the boards played; no credit needed


class LevelingMethod(Enum):
    """Combining sessions of different sizes (rules.md §8)."""

    FACTOR_TO_COMMON_TOP = "factor"  # multiply each session's board scores by top ratio
    BOARD_WEIGHTED_PERCENTAGE = "board-weighted"  # percentages weighted by boards played


class FewerBoards(Enum):
    """A pair that played fewer boards than others (e.g. a late arrival, a fouled board).

    Applies to matchpoint totals and to IMP totals (cross-IMPs and Butler) alike.
    """

    AS_PLAYED = "as-played"  # totals as played; rank by total
    SCALE_TO_SESSION = "scale"  # North American: total x boards-in-session / boards-played


class CrossImps(Enum):
    """How IMPs across the field combine one result's comparisons on a board."""

    AVERAGE = "average"  # IMPs per comparison: sum / number of comparisons (the usual form)
    SUM = "sum"  # the plain sum of the comparisons


class ImpTotals(Enum):
    """How a pairs event in IMPs (cross-IMPs or Butler) gives a pair's session figure."""

    SUM = "sum"  # the sum of its board IMPs
    PER_BOARD = "per-board"  # that sum divided by the boards it played (IMPs per board)


class Winner(Enum):
    """Who wins: the best score, or the score nearest the average (seed 004 "Medeltävling")."""

    HIGHEST = "highest"
    NEAREST_AVERAGE = "nearest-average"  # medeltävling: scoring.ranking.ranking_scores


@dataclass(frozen=True)
class ScoringOptions:
    """The options of one event. Fields are documented in docs/scoring-options.md.

    The IMP fields (``cross_imps`` to ``artificial_imps_per_comparison``) serve pairs events
    scored in IMPs; ``sitout_credit`` and ``fewer_boards`` serve both kinds.
    """

    scale: Scale = Scale.TWO_ONE_ZERO
    neuberg_rounding: Rounding = Rounding.TENTH
    ties: TieRounding = TieRounding.HALF_UP
    totals_from_rounded: bool = True
    percentage_from_rounded: bool = True
    percentage_from_total_rounded_to: Rounding = Rounding.EXACT
    adjusted_rounding: AdjustedRounding = AdjustedRounding.WHOLE_POINTS
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
    cross_imps: CrossImps = CrossImps.AVERAGE
    cross_imp_rounding: Rounding = Rounding.EXACT
    imp_totals: ImpTotals = ImpTotals.SUM
    datum_drop: int = 1
    datum_step: int = 10
    artificial_imps_per_comparison: Fraction | None = None
    # How the publishers print matchpoints; changes no score (scoring.presentation).
    matchpoint_presentation: Presentation = Presentation.POINTS
    winner: Winner = Winner.HIGHEST

    def __post_init__(self) -> None:
        if self.fouled_small_group_min_tables < 1:
            raise ValueError("fouled_small_group_min_tables must be at least 1")
        if self.correction_period_minutes < 0:
            raise ValueError("correction_period_minutes cannot be negative")
        if self.datum_drop < 0:
            raise ValueError("datum_drop cannot be negative")
        if self.datum_step < 1:
            raise ValueError("datum_step must be at least 1")
        per_comparison = self.artificial_imps_per_comparison
        if isinstance(per_comparison, str | int | float):
            # An event file gives it as text ("1.5"); keep it exact.
            try:
                value = Fraction(str(per_comparison).replace(",", "."))
            except (ValueError, ZeroDivisionError):
                raise ValueError(
                    f"artificial_imps_per_comparison {per_comparison!r} is not a number"
                ) from None
            object.__setattr__(self, "artificial_imps_per_comparison", value)
            per_comparison = value
        if per_comparison is not None and per_comparison < 0:
            raise ValueError("artificial_imps_per_comparison cannot be negative")
