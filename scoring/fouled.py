"""Fouled boards (Law 87; rules.md §6; seed 004 "Förvanskad bricka").

The director splits the results of a fouled board into groups (the deal as it should be, the
altered deal(s)); each group is scored on its own and brought to the board's full top:
- ``FouledMethod.NEUBERG`` (computer scoring, seed 004 "Neubergs formel"): Neuberg within the
  group to N.
- ``FouledMethod.PLUS_ONE`` (by hand, seed 004 "Uträkning"): the topscore within the group
  plus one tie (1 point on 2-1-0) for every result it cannot be compared with.
- A side with nothing to compare (a group of one) gets 60%, or its session average if higher
  (the session resolves that, like Law 88).
- Small-group rule (option, at ``fouled_small_group_min_tables`` = 7 tables or more, where
  "tables" is N): a group of at most three comparable results is scored 60-60 (one result),
  65-55 (two), 70-60-50 (three) per cent of the top. Equal results share: each 5 points of
  percentage is one tie above or below the group's average, so a tie between the two best of
  three gives both 65%. These awards are flat (no session average).
- Those awards keep their order in whole matchpoints (``small_group_rounding``): seed 004
  rounds 60% *up* ("60% skall vara minst 60%"), so at 7 tables (top 12) 70% = 8.4 -> 8 by the
  nearest whole point would tie 60% = 7.2 -> 8 and the group's best result would score no
  more than its middle one. Our choice: every award of 60% or more is rounded up, 40% or
  less down, the rest to the nearest (``AdjustedRounding.WHOLE_POINTS_BOUNDED``, the seed's
  own rule for 60% applied to each award at or above it). At 7 tables or more a tenth of the
  top is at least 1.2 points, so 70 > 60 > 50 and 65 > 55 stay strictly apart (12: 9, 8, 6
  and 8, 7). With plain percentages the awards are kept like any artificial score.
- "Group top at least 60% of the board top" (Norwegian note, option): a group whose best
  possible score is below 60% of the board top is factored up so that its top is exactly 60%.
  Neuberg never needs this for a group of two or more ((2k-1)N/k - 1 >= 1.2(N-1)); the plus-one
  method does (a group of two at N = 10 has top 10 < 10.8).
- The pair responsible is penalised 10% of the board's top: ``fouling_penalty``, a record
  applied to its session total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from scoring.adjusted import Penalty, PenaltyReason, weighted_matchpoints, whole_points
from scoring.board_group import (
    BoardLine,
    ResultScore,
    SideScore,
    artificial_side,
    score_group,
)
from scoring.contract import Side
from scoring.matchpoints import top as top_of
from scoring.neuberg import neuberg, round_points
from scoring.options import AdjustedRounding, FouledMethod, ScoringOptions
from scoring.outcome import Weighted

__all__ = [
    "score_fouled_groups",
    "small_group_percent",
    "small_group_rounding",
    "fouling_penalty",
]


def small_group_percent(points: Fraction, results: int, options: ScoringOptions) -> Fraction:
    """60-60 / 65-55 / 70-60-50 (seed 004): 60% plus 5% per tie above the group's average.

    ``points`` are the matchpoints earned within a group of ``results`` (1 to 3) results.
    """
    if not 1 <= results <= 3:
        raise ValueError(f"the small-group rule covers 1 to 3 results, not {results}")
    ties_above_average = points / options.scale.tie - (results - 1)
    return 60 + 5 * ties_above_average


def small_group_rounding(options: ScoringOptions) -> ScoringOptions:
    """The options the 60-60 / 65-55 / 70-60-50 awards are rounded with (module docstring):
    in whole matchpoints every award of 60% or more up and 40% or less down, so the awards
    of one group keep their order; plain percentages as the options say."""
    if not whole_points(options):
        return options
    return replace(options, adjusted_rounding=AdjustedRounding.WHOLE_POINTS_BOUNDED)


def _side_outcomes(lines: Sequence[BoardLine], side: Side) -> list[tuple[int, Weighted]]:
    found = []
    for index, line in enumerate(lines):
        outcome = line.ns if side is Side.NS else line.ew
        if isinstance(outcome, Weighted):
            found.append((index, outcome))
    return found


def _group_side_points(
    outcomes: list[Weighted], normal: int, side: Side, options: ScoringOptions
) -> list[Fraction]:
    """Exact points on the board's full top for one side's field in one group (k >= 2)."""
    scale = options.scale
    k = len(outcomes)
    within = weighted_matchpoints(outcomes, scale)
    if side is Side.EW:
        within = [top_of(k, scale) - p for p in within]
    if options.fouled_method is FouledMethod.NEUBERG:
        points = [neuberg(p, k, normal, scale) for p in within]
        group_top = neuberg(top_of(k, scale), k, normal, scale)
    else:
        extra = scale.tie * (normal - k)
        points = [p + extra for p in within]
        group_top = top_of(k, scale) + extra
    floor = top_of(normal, scale) * Fraction(60, 100)
    if options.fouled_group_top_at_least_60 and group_top < floor:
        points = [p * floor / group_top for p in points]
    return points


def score_fouled_groups(
    lines: Sequence[BoardLine], normal: int, options: ScoringOptions
) -> list[ResultScore]:
    """Score a fouled board: each ``group`` of lines separately, to the board's full top."""
    board_top = top_of(normal, options.scale)
    small_rule = options.fouled_small_group_rule and normal >= options.fouled_small_group_min_tables
    award_options = small_group_rounding(options)
    # Start from scoring each group as if alone (gives artificial sides and flags), then
    # replace the compared sides by the fouled-board rules.
    by_group: dict[int, list[int]] = {}
    for index, line in enumerate(lines):
        by_group.setdefault(line.group, []).append(index)
    results: dict[int, ResultScore] = {}
    for indices in by_group.values():
        group_lines = [lines[i] for i in indices]
        base = score_group(group_lines, normal, options)
        sides: dict[tuple[int, Side], SideScore] = {}
        for side in (Side.NS, Side.EW):
            found = _side_outcomes(group_lines, side)
            k = len(found)
            if k == 0:
                continue
            if small_rule and k <= 3:
                within = weighted_matchpoints([o for _, o in found], options.scale)
                if side is Side.EW:
                    within = [top_of(k, options.scale) - p for p in within]
                for (local, _), p in zip(found, within, strict=True):
                    percent = small_group_percent(p, k, options)
                    sides[local, side] = artificial_side(
                        percent, board_top, award_options, law88=False
                    )
            elif k == 1:
                local = found[0][0]
                award = artificial_side(Fraction(60), board_top, options, law88=False)
                sides[local, side] = SideScore(
                    points=award.points,
                    rounded=award.rounded,
                    percent=award.percent,
                    compared=0,
                    adjusted=True,
                    award=Fraction(60),
                    session_floor=True,
                )
            else:
                points = _group_side_points([o for _, o in found], normal, side, options)
                for (local, _), p in zip(found, points, strict=True):
                    old = base[local].side(side)
                    sides[local, side] = SideScore(
                        points=p,
                        rounded=round_points(p, options.neuberg_rounding, options.ties),
                        percent=p * 100 / board_top if board_top > 0 else Fraction(50),
                        compared=k,
                        factored=k < normal,
                        adjusted=old.adjusted,
                    )
        for local, index in enumerate(indices):
            old_result = base[local]
            results[index] = ResultScore(
                old_result.ns_pair,
                old_result.ew_pair,
                sides.get((local, Side.NS), old_result.ns),
                sides.get((local, Side.EW), old_result.ew),
                old_result.group,
            )
    return [results[i] for i in range(len(lines))]


def fouling_penalty(pair: int, board: int, percent: Fraction = Fraction(10)) -> Penalty:
    """The penalty on the pair responsible for fouling ``board``: 10% of the board's top."""
    return Penalty(pair, Fraction(percent), PenaltyReason.FOULED_BOARD, board)
