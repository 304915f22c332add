"""International match points (Law 78B): the IMP table, team matches, IMPs across the field,
Butler (datum) scoring, and IMP values of artificial adjusted scores (Law 86A).

Choices (docs/scoring-imps-vp-ranking-masterpoints.md):

- The table is read by its lower bounds: a difference earns a row once it reaches the row's
  first figure (20 -> 1, 50 -> 2, ...). Table scores are multiples of 10, so this matters only
  for averaged or weighted scores (a difference of 15 is 0 IMPs, 45 is 1 IMP).
- IMPs across the field average over the comparisons by default (exact ``Fraction``); the
  sum is an option, and so is rounding each result to 0.01 (half away from zero, or half to
  even when the event's ties say so).
- ``board_imps`` scores a whole board with adjusted results: an artificial score gets its
  Law 86A value (+3 / 0 / -3 IMPs for the board) and is left out of everyone's comparisons
  and of the datum, or, as an option some programs use in a cross-IMP field, so many IMPs per
  comparison; a weighted score is compared part by part; a split score is compared on each
  side with that side's own score (NS with the NS scores of the other tables, EW with their
  EW scores: rules.md §5).
- The Butler datum is the mean of the NS scores with the ``drop`` highest and ``drop``
  lowest left out (one of each by default, as Scandinavian programs and Compscore do:
  rules.md §9, §15), rounded to the nearest 10 with 5 rounded away from zero (+125 -> +130,
  -125 -> -130). A board with too few scores to leave any out (two, with one dropped at
  each end) takes the plain mean of all of them.
- ``team_board_imps`` is a team match's board: each team's net over the two tables, each
  side scored with its own outcome (so a split score need not balance), Law 86A for an
  artificial score.

Every function here is the one implementation: the main job (pairs in IMPs, team evenings)
and ``compare`` both call it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import ScoringError
from scoring.neuberg import round_to
from scoring.options import CrossImps, ScoringOptions, TieRounding
from scoring.outcome import Adjustment, Artificial, Outcome, Weighted

__all__ = [
    "IMP_TABLE",
    "ImpError",
    "CrossImps",
    "ArtificialImps",
    "DatumRule",
    "MatchImps",
    "imps",
    "team_imps",
    "weighted_team_imps",
    "match_imps",
    "cross_imps",
    "datum",
    "butler_imps",
    "artificial_imps",
    "round_half_away",
    "SideImps",
    "board_imps",
    "imp_board",
    "team_board_imps",
]

Number = int | Fraction

#: Law 78B: the lowest difference of each row, for 1, 2, ... 24 IMPs.
IMP_TABLE: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


class ImpError(ScoringError):
    """Input that IMP scoring cannot use (too few results, an unknown adjusted score)."""


@dataclass(frozen=True)
class DatumRule:
    """How the Butler datum is made from a board's NS scores.

    ``drop``: how many of the highest and of the lowest scores are left out (0 = plain mean;
    1, the default, as Scandinavian programs do). ``step``: the datum is rounded to a
    multiple of ``step`` (10), halves away from zero.
    """

    drop: int = 1
    step: int = 10

    def __post_init__(self) -> None:
        if self.drop < 0:
            raise ImpError(f"cannot leave out {self.drop} scores at each end")
        if self.step < 1:
            raise ImpError(f"the datum cannot be rounded to a step of {self.step}")

    @classmethod
    def of(cls, options: ScoringOptions) -> DatumRule:
        """The datum rule an event's options ask for."""
        return cls(options.datum_drop, options.datum_step)


@dataclass(frozen=True)
class ArtificialImps:
    """What an artificial adjusted score (A60 / A50 / A40) is worth in a pairs event in IMPs.

    ``per_comparison`` None: Law 86A, +3 / 0 / -3 IMPs for the board, whatever the form of
    the cross-IMPs. A value v: v IMPs per comparison (A60 +v, A40 -v), which some programs use
    in a cross-IMP field (e.g. 1.5): the board is worth v in the averaged form and v times the
    comparisons when the comparisons are summed.
    """

    per_comparison: Fraction | None = None

    def value(self, score: Artificial, comparisons: int, method: CrossImps | DatumRule) -> Fraction:
        """The IMPs of ``score`` on a board where it would have had ``comparisons``."""
        law = artificial_imps(score)
        if self.per_comparison is None:
            return Fraction(law)
        per = self.per_comparison * (1 if law > 0 else -1 if law < 0 else 0)
        if method is CrossImps.SUM:
            return per * comparisons
        return per


@dataclass(frozen=True)
class MatchImps:
    """A team match's IMPs from one team's side: won, lost and the net margin."""

    won: Fraction
    lost: Fraction

    @property
    def margin(self) -> Fraction:
        return self.won - self.lost


def imps(difference: Number) -> int:
    """IMPs for a difference in points (Law 78B), with the sign of the difference.

    >>> imps(450), imps(-450), imps(10), imps(20), imps(4000)
    (10, -10, 0, 1, 24)
    """
    size = abs(Fraction(difference))
    magnitude = sum(1 for bound in IMP_TABLE if size >= bound)
    return magnitude if difference >= 0 else -magnitude


def team_imps(ns_score_here: Number, ns_score_there: Number) -> int:
    """IMPs on one board of a team match for the team that sits NS at this table.

    The same team sits EW at the other table, where NS scored ``ns_score_there``, so the
    team's net is ``ns_score_here - ns_score_there`` (seed 004 "Imp-beräkning": +400 at one
    table and +50 at the other, i.e. NS there -50, net 450, 10 IMPs).
    """
    return imps(ns_score_here - ns_score_there)


def weighted_team_imps(here: Weighted, there: Weighted) -> Fraction:
    """IMPs for a board where either table has a weighted assigned score (Law 12C1(c)).

    Each combination of the two tables' parts is IMPed and weighted by the product of the
    weights: the IMPs are weighted, not the points (WBF practice for weighted scores in IMPs).
    """
    return sum(
        (
            w_here * w_there * imps(s_here - s_there)
            for w_here, s_here in here.parts
            for w_there, s_there in there.parts
        ),
        Fraction(0),
    )


def match_imps(board_imps: Iterable[Number]) -> MatchImps:
    """Add a match's board IMPs (from one team's side) into IMPs won and lost."""
    won = Fraction(0)
    lost = Fraction(0)
    for value in board_imps:
        if value > 0:
            won += value
        else:
            lost -= value
    return MatchImps(won, lost)


def round_half_away(value: Fraction, step: Fraction) -> Fraction:
    """``value`` rounded to a multiple of ``step``, exact halves away from zero (the one
    rounding of ``scoring.neuberg.round_to``, its ties as the IMP conventions want them)."""
    if step <= 0:
        raise ImpError(f"cannot round to a step of {step}")
    return round_to(value, step, TieRounding.HALF_AWAY_FROM_ZERO)


def cross_imps(
    scores: Sequence[Number],
    method: CrossImps = CrossImps.AVERAGE,
    rounding: Fraction | None = None,
) -> list[Fraction]:
    """IMPs across the field: each NS score IMPed against every other score on the board.

    Returns NS's IMPs per result (EW's are the negatives). With ``AVERAGE`` the sum is divided
    by the number of comparisons (n - 1). ``rounding`` (e.g. ``Fraction(1, 100)``) rounds each
    result half away from zero; ``None`` keeps the exact value. A board played once has no
    comparison and scores 0.
    """
    if not scores:
        raise ImpError("IMPs across the field need at least one score on the board")
    results: list[Fraction] = []
    comparisons = len(scores) - 1
    for index, own in enumerate(scores):
        others = (other for other_index, other in enumerate(scores) if other_index != index)
        total = Fraction(sum(imps(own - other) for other in others))
        if method is CrossImps.AVERAGE and comparisons:
            total /= comparisons
        if rounding is not None:
            total = round_half_away(total, rounding)
        results.append(total)
    return results


def datum(scores: Sequence[Number], rule: DatumRule = DatumRule()) -> Fraction:
    """The Butler datum of a board: the mean NS score, trimmed and rounded by ``rule``.

    With no more than ``2 * drop`` scores nothing can be left out, and the datum is the plain
    mean of all of them (our choice; the sources only describe full fields).
    """
    if not scores:
        raise ImpError("a datum needs at least one score on the board")
    drop = rule.drop if len(scores) > 2 * rule.drop else 0
    kept = sorted(scores)[drop : len(scores) - drop]
    mean = Fraction(sum(kept, Fraction(0))) / len(kept)
    return round_half_away(mean, Fraction(rule.step))


def butler_imps(scores: Sequence[Number], rule: DatumRule = DatumRule()) -> list[int]:
    """Butler scoring: NS's IMPs of each score against the board's datum (EW: the negative)."""
    board_datum = datum(scores, rule)
    return [imps(score - board_datum) for score in scores]


def artificial_imps(score: Artificial) -> int:
    """An artificial adjusted score in IMPs (Law 86A): average-plus (60%) is +3 IMPs,
    average (50%) 0, average-minus (40%) -3. Other percentages have no IMP value in the law.
    """
    values = {Fraction(60): 3, Fraction(50): 0, Fraction(40): -3}
    if score.percent not in values:
        raise ImpError(
            f"an artificial score of {score.percent}% has no IMP value; "
            "Law 86A knows average-plus (A60 = +3), average (A50 = 0) and average-minus "
            "(A40 = -3)"
        )
    return values[score.percent]


@dataclass(frozen=True)
class SideImps:
    """One table's IMPs on a board: North-South's and East-West's (they need not balance)."""

    ns: Fraction
    ew: Fraction


BoardResult = int | Adjustment


def _side_outcomes(results: Sequence[BoardResult], ns_side: bool) -> list[Outcome]:
    outcomes: list[Outcome] = []
    for result in results:
        if isinstance(result, Adjustment):
            outcomes.append(result.ns if ns_side else result.ew)
        else:
            outcomes.append(Weighted.of(result))
    return outcomes


def _side_imps(
    outcomes: list[Outcome],
    method: CrossImps | DatumRule,
    ns_side: bool,
    artificial: ArtificialImps = ArtificialImps(),
) -> list[Fraction]:
    """The IMPs of one side (NS or EW) at every table of the board."""
    scored = [(i, o) for i, o in enumerate(outcomes) if isinstance(o, Weighted)]
    board_datum = Fraction(0)
    if isinstance(method, DatumRule) and scored:
        board_datum = datum([o.mean for _, o in scored], method)
    sign = 1 if ns_side else -1
    values: list[Fraction] = []
    for index, outcome in enumerate(outcomes):
        if isinstance(outcome, Artificial):
            values.append(artificial.value(outcome, len(scored), method))
            continue
        if isinstance(method, DatumRule):
            parts = outcome.parts
            ns_view = sum((w * imps(points - board_datum) for w, points in parts), Fraction(0))
        else:
            others = [o for i, o in scored if i != index]
            ns_view = sum((weighted_team_imps(outcome, o) for o in others), Fraction(0))
            if method is CrossImps.AVERAGE and others:
                ns_view /= len(others)
        values.append(sign * ns_view)
    return values


def board_imps(
    results: Sequence[BoardResult],
    method: CrossImps | DatumRule = CrossImps.AVERAGE,
    rounding: Fraction | None = None,
    artificial: ArtificialImps = ArtificialImps(),
    ties: TieRounding = TieRounding.HALF_AWAY_FROM_ZERO,
) -> list[SideImps]:
    """IMPs for both sides at every table of a board, adjusted results included.

    ``results``: per table a plain NS score or the director's ``Adjustment``. ``method``:
    IMPs across the field (``CrossImps``) or Butler against a datum (a ``DatumRule``).
    Artificial scores get +3 / 0 / -3 (Law 86A, or ``artificial`` per comparison) and are
    not compared; weighted scores are compared part by part; split scores per side (module
    docstring). ``rounding`` rounds each figure to that step, exact ties away from zero
    (NS and EW stay each other's mirror) or to even.
    """
    if not results:
        raise ImpError("a board needs at least one result to be IMPed")
    ns = _side_imps(_side_outcomes(results, True), method, True, artificial)
    ew = _side_imps(_side_outcomes(results, False), method, False, artificial)
    if rounding is not None:
        if ties is TieRounding.HALF_TO_EVEN:
            ns = [round_to(value, rounding, ties) for value in ns]
            ew = [round_to(value, rounding, ties) for value in ew]
        else:
            ns = [round_half_away(value, rounding) for value in ns]
            ew = [round_half_away(value, rounding) for value in ew]
    return [SideImps(n, e) for n, e in zip(ns, ew, strict=True)]


def imp_board(
    results: Sequence[BoardResult], options: ScoringOptions, butler: bool = False
) -> list[SideImps]:
    """A pairs board in IMPs as an event's options say: cross-IMPs (their form and rounding)
    or Butler (the datum rule), artificial scores by Law 86A or per comparison."""
    method: CrossImps | DatumRule = DatumRule.of(options) if butler else options.cross_imps
    step = options.cross_imp_rounding.decimals
    rounding = None if butler or step is None else Fraction(1, 10**step)
    return board_imps(
        results,
        method,
        rounding,
        ArtificialImps(options.artificial_imps_per_comparison),
        options.ties,
    )


def _team_side(result: BoardResult, ns_side: bool) -> Outcome:
    if isinstance(result, Adjustment):
        return result.ns if ns_side else result.ew
    return Weighted.of(result)


def team_board_imps(here: BoardResult, there: BoardResult) -> tuple[Fraction, Fraction]:
    """IMPs of one board of a team match: (the team NS at ``here``, the team NS at ``there``).

    The first team sits NS at this table and EW at the other, so its net is its own NS
    outcome here against its own EW outcome there, both as NS scores (seed 004
    "Imp-beräkning": +400 here and +50 to the other team there, 450, 10 IMPs). Each side is
    scored with its own outcome, so a split score at a table gives the two teams figures that
    need not balance; a weighted score is IMPed part by part; an artificial score at either
    table gives that team its Law 86A value (A60 +3, A50 0, A40 -3).
    """
    first_here, first_there = _team_side(here, True), _team_side(there, False)
    second_here, second_there = _team_side(here, False), _team_side(there, True)

    def net(own: Outcome, other: Outcome) -> Fraction:
        if isinstance(own, Artificial):
            return Fraction(artificial_imps(own))
        if isinstance(other, Artificial):
            return Fraction(artificial_imps(other))
        return weighted_team_imps(own, other)

    return net(first_here, first_there), net(second_there, second_here)
