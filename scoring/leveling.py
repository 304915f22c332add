"""Leveling tops across the sessions of one event ("nivellering", rules.md §8; seed 004).

When sessions had different numbers of pairs their tops differ, so a board of one session is
worth more matchpoints than a board of another. The seed: adding up session percentages is
wrong when the sessions have different numbers of boards; right is to multiply every board
score of a session by the ratio of the tops (13 pairs, top 10, and 16 pairs, top 14: multiply
session 1 by 14/10 = 1.4).

- ``LevelingMethod.FACTOR_TO_COMMON_TOP``: every board score (and a session's penalties and
  sit-out credit, on the session top) is multiplied by target top / its board's top. The
  target is the largest session top unless given (so no score is ever scaled down and the
  biggest session keeps its printed numbers). Totals are exact; ``rounding`` may round each
  session's leveled total the way board scores are rounded.
- ``LevelingMethod.BOARD_WEIGHTED_PERCENTAGE``: the event percentage is the session
  percentages weighted by the boards each counts (its maximum / its top), and the points are
  that percentage of the leveled maximum. With one top per session both methods give the same
  percentage; neither is a plain mean of session percentages.
- Carry-over: points a pair brings into the event (already on the target top) are added to
  its points, not to its maximum, so the percentage is that of the sessions played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import ScoringError
from scoring.neuberg import round_points
from scoring.options import LevelingMethod, Rounding
from scoring.session import PairTotal, SessionScore

__all__ = ["LevelingError", "EventTotal", "level_factor", "level_pair", "level_sessions"]


class LevelingError(ScoringError):
    """Sessions that cannot be leveled (no sessions, a top of zero)."""


@dataclass(frozen=True)
class EventTotal:
    """A pair over the event: leveled points (with carry-over), maximum, boards and percent."""

    pair: int
    points: Fraction
    max_points: Fraction
    boards: int
    sessions: int
    percent: Fraction
    carry_over: Fraction = Fraction(0)


def level_factor(top: Fraction | int, target: Fraction | int) -> Fraction:
    """The factor that brings a board with ``top`` to ``target`` (14/10 = 1.4 in rules.md §8)."""
    if top <= 0 or target <= 0:
        raise LevelingError(f"cannot level a top of {top} to {target}")
    return Fraction(target) / Fraction(top)


def level_pair(
    total: PairTotal, session_top: Fraction, target: Fraction, rounding: Rounding = Rounding.EXACT
) -> tuple[Fraction, Fraction]:
    """A pair's session points and maximum leveled to ``target``, board by board."""
    points = sum((b.points * level_factor(b.top, target) for b in total.boards), Fraction(0))
    points *= total.scale_factor
    maximum = total.max_points
    board_max = sum((b.top for b in total.boards), Fraction(0)) * total.scale_factor
    board_max_leveled = sum((target for _ in total.boards), Fraction(0)) * total.scale_factor
    extra_max = maximum - board_max  # sit-out rounds, on the session top
    session_factor = level_factor(session_top, target)
    points += (total.sitout_points - total.penalty_points) * session_factor
    leveled_max = board_max_leveled + extra_max * session_factor
    return round_points(points, rounding), leveled_max


def level_sessions(
    sessions: Sequence[SessionScore],
    method: LevelingMethod = LevelingMethod.FACTOR_TO_COMMON_TOP,
    target_top: Fraction | int | None = None,
    carry_over: Mapping[int, Fraction] | None = None,
    rounding: Rounding = Rounding.EXACT,
) -> tuple[EventTotal, ...]:
    """Combine sessions into event totals by pair number (rules.md §8), sorted by pair."""
    if not sessions:
        raise LevelingError("leveling needs at least one session")
    target = Fraction(target_top) if target_top is not None else max(s.top for s in sessions)
    carried = dict(carry_over or {})
    points: dict[int, Fraction] = {}
    maxima: dict[int, Fraction] = {}
    boards: dict[int, int] = {}
    counts: dict[int, int] = {}
    weighted_percent: dict[int, Fraction] = {}
    weights: dict[int, Fraction] = {}
    for session in sessions:
        for total in session.pairs:
            leveled, leveled_max = level_pair(total, session.top, target, rounding)
            pair = total.pair
            points[pair] = points.get(pair, Fraction(0)) + leveled
            maxima[pair] = maxima.get(pair, Fraction(0)) + leveled_max
            boards[pair] = boards.get(pair, 0) + total.boards_played
            counts[pair] = counts.get(pair, 0) + 1
            weight = total.max_points / session.top
            weighted_percent[pair] = weighted_percent.get(pair, Fraction(0)) + (
                total.percent * weight
            )
            weights[pair] = weights.get(pair, Fraction(0)) + weight
    unknown = set(carried) - set(points)
    if unknown:
        raise LevelingError(f"carry-over for pair(s) {sorted(unknown)} that played no session")
    result = []
    for pair in sorted(points):
        if method is LevelingMethod.FACTOR_TO_COMMON_TOP:
            event_points = points[pair]
            percent = event_points * 100 / maxima[pair] if maxima[pair] > 0 else Fraction(0)
        else:
            percent = weighted_percent[pair] / weights[pair] if weights[pair] else Fraction(0)
            event_points = round_points(percent * maxima[pair] / 100, rounding)
        extra = carried.get(pair, Fraction(0))
        result.append(
            EventTotal(
                pair=pair,
                points=event_points + extra,
                max_points=maxima[pair],
                boards=boards[pair],
                sessions=counts[pair],
                percent=percent,
                carry_over=extra,
            )
        )
    return tuple(result)
