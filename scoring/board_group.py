"""Results compared with one another on a board: the lines, each side's score, one group.

The pieces ``scoring.board_scoring`` (a whole board) and ``scoring.fouled`` (a fouled
board's groups, Law 87) share: ``BoardLine`` (one table's outcome), ``SideScore`` /
``ResultScore`` / ``BoardScore`` (what a side, a line and a board get), and
``score_group``: lines compared in their fields (NS against NS, EW against EW: a split
score makes the fields differ, rules.md §5), weighted scores part by part (Law 12C1(c)),
artificial scores as a percentage of the top (Law 12C2), and a field of n < N results
factored to N with Neuberg (rules.md §4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.adjusted import artificial_points, weighted_matchpoints, whole_points
from scoring.contract import Side
from scoring.errors import BoardError
from scoring.matchpoints import top as top_of
from scoring.neuberg import neuberg, round_points
from scoring.options import ScoringOptions, TieRounding
from scoring.outcome import Adjustment, Artificial, Outcome, Weighted
from scoring.traveller import TravellerRow

__all__ = [
    "BoardLine",
    "SideScore",
    "ResultScore",
    "BoardScore",
    "score_group",
    "score_field",
    "artificial_side",
    "pending_side",
    "plain_group",
    "repeated_pair",
]


@dataclass(frozen=True)
class BoardLine:
    """One table's outcome on a board: who sat NS and EW, and what each side is scored with.

    ``adjusted`` marks a director's assigned score (a weighted or artificial one is adjusted
    anyway). ``group`` is the fouled-board group (Law 87); 0 is the board as dealt.
    ``pending`` marks a result that was played but is not known yet (see :meth:`waiting`).
    """

    ns_pair: int
    ew_pair: int
    ns: Outcome
    ew: Outcome
    adjusted: bool = False
    group: int = 0
    pending: bool = False
    field_score: int | None = None
    """A split score in which one side has an artificial score (Law 12C2) while the table's
    score still stands for the field: every other line is compared with this NS score on
    both sides, and the artificial side gets its award instead of its matchpoints. Ruter
    writes "A=" for NS and "+0" for EW: NS average, EW the matchpoints of an NS score of 0
    (as if passed out), the board keeping all N results (no Neuberg). None: an artificial
    side leaves its side's field (the board is factored, rules.md §5)."""

    @classmethod
    def waiting(cls, ns_pair: int, ew_pair: int, group: int = 0) -> BoardLine:
        """A result that was played but is not known yet (a scanned row waiting for review).

        The result exists, so the board keeps its N and its top, and nobody is given an
        adjusted score (Law 12C applies only when no result can be obtained). Until the
        result is known the board can only be scored provisionally: the known results are
        compared with one another and factored to N with Neuberg's formula (the established
        way to put n results on the scale of N), and each side of the waiting line is
        credited with its own pair's percentage on the boards it was compared on (as the
        session percentage is used by Law 88), so the wait neither helps nor hurts it. The
        placeholder ``Artificial(50)`` is used only where a pair has no other board.
        """
        placeholder = Artificial(Fraction(50))
        return cls(ns_pair, ew_pair, placeholder, placeholder, group=group, pending=True)

    @classmethod
    def plain(cls, ns_score: int, ns_pair: int = 0, ew_pair: int = 0, group: int = 0) -> BoardLine:
        """A table result: both sides scored with the same NS score."""
        outcome = Weighted.of(ns_score)
        return cls(ns_pair, ew_pair, outcome, outcome, group=group)

    @classmethod
    def from_adjustment(
        cls, ns_pair: int, ew_pair: int, adjustment: Adjustment, group: int = 0
    ) -> BoardLine:
        """A director's adjusted score (``scoring.outcome.parse_adjustment``)."""
        return cls(ns_pair, ew_pair, adjustment.ns, adjustment.ew, adjusted=True, group=group)

    @classmethod
    def from_row(cls, row: TravellerRow, group: int = 0) -> BoardLine:
        """The line a traveller row scores with; a row with nothing to score is an error."""
        outcomes = row.outcomes()
        if outcomes is None:
            where = f"{row.source}: " if row.source is not None else ""
            raise BoardError(
                f"{where}board {row.board}, NS {row.ns_pair} v EW {row.ew_pair}: "
                "no result and no adjusted score to score"
            )
        return cls(
            row.ns_pair,
            row.ew_pair,
            outcomes[0],
            outcomes[1],
            adjusted=row.adjustment is not None,
            group=group,
        )

    @property
    def is_plain(self) -> bool:
        """A table result with nothing adjusted: one plain score for both sides."""
        return (
            not self.adjusted
            and self.ns == self.ew
            and isinstance(self.ns, Weighted)
            and self.ns.is_plain
        )


@dataclass(frozen=True)
class SideScore:
    """What one side of one line scores on the board.

    ``points`` is exact (on the board's full top); ``rounded`` is what the options keep (equal
    to ``points`` when rounding is exact); ``percent`` is exact ``points / top * 100``.
    ``compared`` is the number of results in its comparison field (0 when it was not compared:
    an artificial or percentage award). ``factored`` says Neuberg was applied; ``adjusted``
    that the director assigned the score; ``award`` is the percentage awarded instead of a
    comparison (artificial score, fouled-board small group), None otherwise.
    ``session_floor`` / ``session_ceiling`` ask the session for the pair's percentage on its
    other boards if higher (Law 88; a fouled-board pair with nothing to compare) / lower (the
    offender regulation); ``from_session`` says the session did replace it. ``pending`` marks
    the provisional credit of a result not known yet (``BoardLine.waiting``).
    """

    points: Fraction
    rounded: Fraction
    percent: Fraction
    compared: int
    factored: bool = False
    adjusted: bool = False
    award: Fraction | None = None
    session_floor: bool = False
    session_ceiling: bool = False
    from_session: bool = False
    pending: bool = False

    def counted(self, rounded: bool) -> Fraction:
        """The value a total uses: rounded or exact, as the option says."""
        return self.rounded if rounded else self.points


@dataclass(frozen=True)
class ResultScore:
    """The matchpoints of one line: NS pair, EW pair, and each side's score."""

    ns_pair: int
    ew_pair: int
    ns: SideScore
    ew: SideScore
    group: int = 0

    def side(self, side: Side) -> SideScore:
        """The score of ``side``."""
        return self.ns if side is Side.NS else self.ew


@dataclass(frozen=True)
class BoardScore:
    """A scored board: N, the top for N results, and the results in the order of the lines."""

    board: int | None
    normal: int
    top: Fraction
    results: tuple[ResultScore, ...]
    fouled: bool = False

    def pair_score(self, pair: int) -> tuple[Side, SideScore] | None:
        """The side pair ``pair`` sat and its score, or None when it has no result here."""
        for result in self.results:
            if result.ns_pair == pair:
                return Side.NS, result.ns
            if result.ew_pair == pair:
                return Side.EW, result.ew
        return None

    def ns_sum(self, rounded: bool = False) -> Fraction:
        """Sum of the NS scores (a TD check, rules.md §3)."""
        return sum((r.ns.counted(rounded) for r in self.results), Fraction(0))

    def ew_sum(self, rounded: bool = False) -> Fraction:
        """Sum of the EW scores."""
        return sum((r.ew.counted(rounded) for r in self.results), Fraction(0))


def repeated_pair(lines: Sequence[BoardLine]) -> int | None:
    """The first pair with more than one result among a board's ``lines`` (a pair plays a
    board once), or None; pair 0 (a bare score without pair numbers) is never one."""
    seen: set[int] = set()
    for line in lines:
        for pair in (line.ns_pair, line.ew_pair):
            if pair in seen:
                return pair
            if pair:
                seen.add(pair)
    return None


def artificial_side(
    percent: Fraction,
    top: Fraction,
    options: ScoringOptions,
    *,
    adjusted: bool = True,
    law88: bool = True,
) -> SideScore:
    """A side scored with a percentage of the top instead of comparisons (Law 12C2).

    In whole matchpoints (seed 004) the rounded award *is* the score, so it is kept as
    ``points`` too; with plain percentages ``points`` is exact and ``rounded`` is rounded.
    ``law88`` lets the award ask the session for Law 88 (at least 60%) or the offender rule.
    """
    awarded = artificial_points(percent, top, options)
    exact = awarded if whole_points(options) else percent * top / 100
    return SideScore(
        points=exact,
        rounded=awarded,
        percent=_percent(exact, top),
        compared=0,
        adjusted=adjusted,
        award=Fraction(percent),
        session_floor=law88 and options.law88 and percent >= 60,
        session_ceiling=law88 and options.offender_session_percentage_if_lower and percent <= 40,
    )


def pending_side(
    top: Fraction, options: ScoringOptions, percent: Fraction = Fraction(50)
) -> SideScore:
    """The provisional credit of one side of a result not known yet (``BoardLine.waiting``):
    ``percent`` of the top, exact (an estimate, not an award: no award rounding applies;
    the matchpoint rounding does). It asks the session for the pair's own percentage on
    its other boards (floor and ceiling both); 50% until the session answers."""
    points = Fraction(percent) * top / 100
    return SideScore(
        points=points,
        rounded=round_points(points, options.neuberg_rounding),
        percent=Fraction(percent),
        compared=0,
        award=Fraction(percent),
        session_floor=True,
        session_ceiling=True,
        pending=True,
    )


def _percent(points: Fraction, top: Fraction) -> Fraction:
    return points * 100 / top if top > 0 else Fraction(50)


def score_field(
    outcomes: Sequence[Weighted], normal: int, options: ScoringOptions, ew: bool = False
) -> list[tuple[Fraction, bool]]:
    """Matchpoints of each outcome in one comparison field, factored to ``normal`` results.

    Returns (exact points on the full top, factored?) per outcome. For the EW field the
    outcomes are NS scores and the points are EW's (the field's top minus NS's comparisons).
    """
    n = len(outcomes)
    if n == 0:
        return []
    scale = options.scale
    points = weighted_matchpoints(outcomes, scale)
    if ew:
        field_top = top_of(n, scale)
        points = [field_top - p for p in points]
    if n == normal:
        return [(p, False) for p in points]
    return [(neuberg(p, n, normal, scale), True) for p in points]


def _compared_side(
    points: Fraction, factored: bool, n: int, top: Fraction, adjusted: bool, options: ScoringOptions
) -> SideScore:
    return SideScore(
        points=points,
        rounded=round_points(points, options.neuberg_rounding, options.ties),
        percent=_percent(points, top),
        compared=n,
        factored=factored,
        adjusted=adjusted,
    )


def _side_adjusted(line: BoardLine, outcome: Outcome) -> bool:
    return line.adjusted or not (isinstance(outcome, Weighted) and outcome.is_plain)


def plain_group(
    keys: Sequence[tuple[int, int, int]], scores: list[int], normal: int, options: ScoringOptions
) -> list[ResultScore]:
    """The fast path for plain scores: integers until one ``Fraction`` per value.

    In tie units (1 on 2-1-0, 0.5 on 1-0.5-0) a result that beats b and ties e others has
    u = 2b + e; Neuberg gives ((u + 1) N - n) / n ties (= u when n = N), EW the same with
    u_ew = 2(n - 1) - u. With D = n (2-1-0) or 2n (1-0.5-0) and num = (u + 1) N - n the points
    are num / D, and rounding half up to 10^-d is floor((2 num 10^d + D) / (2 D)) / 10^d
    (points are never negative, so half up is also half away from zero; half to even takes
    the general rounding).
    """
    n = len(scores)
    ordered = sorted(scores)
    below: dict[int, int] = {}
    equal: dict[int, int] = {}
    for index, score in enumerate(ordered):
        if score not in below:
            below[score] = index
        equal[score] = equal.get(score, 0) + 1
    denominator = n if options.scale.win == 2 else 2 * n
    top_units = 2 * (normal - 1)
    decimals = options.neuberg_rounding.decimals
    factored = n < normal

    cache: dict[int, SideScore] = {}

    def side(units: int) -> SideScore:
        if units in cache:
            return cache[units]
        numerator = (units + 1) * normal - n
        points = Fraction(numerator, denominator)
        if decimals is None:
            rounded = points
        elif options.ties is TieRounding.HALF_TO_EVEN:
            rounded = round_points(points, options.neuberg_rounding, options.ties)
        else:
            step = 10**decimals
            rounded = Fraction((2 * numerator * step + denominator) // (2 * denominator), step)
        percent = Fraction(100 * numerator, n * top_units) if top_units else Fraction(50)
        cache[units] = SideScore(points, rounded, percent, n, factored)
        return cache[units]

    results = []
    for (ns_pair, ew_pair, group), score in zip(keys, scores, strict=True):
        units = 2 * below[score] + equal[score] - 1
        ns = side(units)
        ew = side(2 * (n - 1) - units)
        results.append(ResultScore(ns_pair, ew_pair, ns, ew, group))
    return results


def score_group(
    lines: Sequence[BoardLine], normal: int, options: ScoringOptions
) -> list[ResultScore]:
    """Score lines that are compared with one another, factored to ``normal`` results."""
    if lines and all(line.is_plain for line in lines):
        scores = [line.ns.parts[0][1] for line in lines if isinstance(line.ns, Weighted)]
        keys = [(line.ns_pair, line.ew_pair, line.group) for line in lines]
        return plain_group(keys, scores, normal, options)
    board_top = top_of(normal, options.scale)
    sides: dict[tuple[int, Side], SideScore] = {}
    for side in (Side.NS, Side.EW):
        indices = []
        outcomes: list[Weighted] = []
        for index, line in enumerate(lines):
            outcome = line.ns if side is Side.NS else line.ew
            if line.pending:
                sides[index, side] = pending_side(board_top, options)
            elif isinstance(outcome, Artificial):
                sides[index, side] = artificial_side(outcome.percent, board_top, options)
                if line.field_score is not None:  # compared with, but scored by its award
                    indices.append(index)
                    outcomes.append(Weighted.of(line.field_score))
            else:
                indices.append(index)
                outcomes.append(outcome)
        scored = score_field(outcomes, normal, options, ew=side is Side.EW)
        for index, (points, factored) in zip(indices, scored, strict=True):
            outcome = lines[index].ns if side is Side.NS else lines[index].ew
            if isinstance(outcome, Artificial):
                continue  # its award stands (field_score)
            sides[index, side] = _compared_side(
                points,
                factored,
                len(outcomes),
                board_top,
                _side_adjusted(lines[index], outcome),
                options,
            )
    return [
        ResultScore(line.ns_pair, line.ew_pair, sides[i, Side.NS], sides[i, Side.EW], line.group)
        for i, line in enumerate(lines)
    ]
