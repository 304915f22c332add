"""Score an imported session with bridgescan's own scoring core.

The arithmetic is the scoring core's: Law 77 (``scoring.law77``), matchpoints with weighted
and artificial adjusted scores (``scoring.adjusted``), Neuberg and its rounding
(``scoring.neuberg``), IMPs across the field and Butler (``scoring.imps``). This module only
arranges an imported board into those calls:

- a line with a table result is scored with its Law 77 score (not the score the file
  prints; ``compare`` reports a disagreement separately);
- an artificial adjusted score (A60/A50/A40) leaves the comparisons and gets its percentage
  of the top (``scoring.adjusted.artificial_points``; IMPs: +3/0/-3, Law 86A);
- a split assigned score compares NS with NS's score and EW with EW's (rules.md section 5);
- a board with fewer compared results than ``normal`` is factored by Neuberg (rules.md 4).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from pipeline.interop.records import (
    ImportedBoard,
    ImportedResult,
    ImportedSession,
    Scoring,
)
from scoring.adjusted import artificial_points, compare, weighted_matchpoints
from scoring.board import vulnerability_of
from scoring.imps import CrossImps, DatumRule, artificial_imps, butler_imps, cross_imps
from scoring.law77 import ns_score
from scoring.matchpoints import top
from scoring.neuberg import neuberg, round_points
from scoring.options import ScoringOptions
from scoring.outcome import Artificial, Outcome, Weighted
from scoring.ranking import rank

__all__ = ["RescoreOptions", "LineScore", "PairScore", "Rescored", "rescore", "apply_scores"]


@dataclass(frozen=True)
class RescoreOptions:
    """Everything that decides the numbers: the event's scoring options and the IMP rules.

    ``normal`` is the number of results a board should have (Neuberg's N); None takes the
    most lines any board has. ``imp_rounding`` rounds cross-IMPs per result (None: exact).
    """

    scoring: ScoringOptions = field(default_factory=ScoringOptions)
    method: Scoring = Scoring.MATCHPOINTS
    normal: int | None = None
    cross_imps: CrossImps = CrossImps.AVERAGE
    imp_rounding: Fraction | None = Fraction(1, 100)
    datum: DatumRule = field(default_factory=DatumRule)


@dataclass(frozen=True)
class LineScore:
    """Our figures for one imported line: Law 77 score, NS/EW points, percentages."""

    result: ImportedResult
    law77_ns: int | None
    ns: Fraction
    ew: Fraction
    top: Fraction | None
    factored: bool

    @property
    def ns_percent(self) -> Fraction | None:
        return self.ns * 100 / self.top if self.top else None

    @property
    def ew_percent(self) -> Fraction | None:
        return self.ew * 100 / self.top if self.top else None


@dataclass(frozen=True)
class PairScore:
    """A pair's session: total points, points available (MP), percentage, boards played."""

    key: str
    total: Fraction
    available: Fraction
    boards: int

    @property
    def percent(self) -> Fraction | None:
        return self.total * 100 / self.available if self.available else None


@dataclass(frozen=True)
class Rescored:
    options: RescoreOptions
    normal: int
    lines: tuple[LineScore, ...]
    pairs: tuple[PairScore, ...]

    def pair(self, key: str) -> PairScore | None:
        return next((p for p in self.pairs if p.key == key), None)


def _law77(board: ImportedBoard, result: ImportedResult) -> int | None:
    if result.contract is None:
        return 0 if result.adjustment is None else None
    if result.declarer is None or result.tricks is None:
        return None
    vulnerability = board.vulnerability or vulnerability_of(board.number)
    return ns_score(result.contract, result.declarer, result.tricks, vulnerability)


def _outcomes(board: ImportedBoard, result: ImportedResult) -> tuple[Outcome, Outcome]:
    if result.adjustment is not None:
        return result.adjustment.ns, result.adjustment.ew
    score = _law77(board, result)
    if score is None:
        score = result.ns_score or 0
    return Weighted.of(score), Weighted.of(score)


def _mp_board(
    board: ImportedBoard, normal: int, options: RescoreOptions
) -> list[tuple[Fraction, Fraction, Fraction, bool]]:
    scale = options.scoring.scale
    outcomes = [_outcomes(board, r) for r in board.results]
    compared = [i for i, (ns, ew) in enumerate(outcomes) if isinstance(ns, Weighted)]
    n = len(compared)
    full_top = top(normal, scale)
    ns_points: dict[int, Fraction] = {}
    ew_points: dict[int, Fraction] = {}
    ns_side = [outcomes[i][0] for i in compared]
    ew_side = [outcomes[i][1] for i in compared]
    if all(isinstance(o, Weighted) for o in ew_side) and ns_side == ew_side:
        points = weighted_matchpoints(ns_side, scale)  # type: ignore[arg-type]
        for index, i in enumerate(compared):
            ns_points[i] = points[index]
            ew_points[i] = top(n, scale) - points[index]
    else:
        for index, i in enumerate(compared):
            own_ns, own_ew = ns_side[index], ew_side[index]
            others = [j for j in range(n) if j != index]
            ns_points[i] = sum(
                (compare(own_ns, ns_side[j], scale) for j in others),  # type: ignore[arg-type]
                Fraction(0),
            )
            ew_points[i] = sum(
                (compare(ew_side[j], own_ew, scale) for j in others),  # type: ignore[arg-type]
                Fraction(0),
            )
    rows = []
    for i, (ns_outcome, ew_outcome) in enumerate(outcomes):
        if i in ns_points:
            factored = n != normal
            ns, ew = ns_points[i], ew_points[i]
            if factored:
                ns = neuberg(ns, n, normal, scale)
                ew = neuberg(ew, n, normal, scale)
            rounding = options.scoring.neuberg_rounding
            rows.append(
                (round_points(ns, rounding), round_points(ew, rounding), full_top, factored)
            )
        else:
            ns = _artificial(ns_outcome, full_top, options)
            ew = _artificial(ew_outcome, full_top, options)
            rows.append((ns, ew, full_top, False))
    return rows


def _artificial(outcome: Outcome, board_top: Fraction, options: RescoreOptions) -> Fraction:
    if isinstance(outcome, Artificial):
        return artificial_points(outcome.percent, board_top, options.scoring)
    # One side artificial, the other assigned a table score: score it as average.
    return artificial_points(Fraction(50), board_top, options.scoring)


def _imp_board(board: ImportedBoard, options: RescoreOptions) -> list[tuple[Fraction, Fraction]]:
    outcomes = [_outcomes(board, r) for r in board.results]
    compared = [i for i, (ns, _) in enumerate(outcomes) if isinstance(ns, Weighted)]
    scores = [outcomes[i][0].mean for i in compared]  # type: ignore[union-attr]
    if options.method is Scoring.CROSS_IMPS:
        points = cross_imps(scores, options.cross_imps, options.imp_rounding) if scores else []
    else:
        whole = all(s.denominator == 1 for s in scores)
        points = [Fraction(p) for p in butler_imps(scores, options.datum)] if whole else []
    by_line = dict(zip(compared, points, strict=False))
    rows = []
    for i, (ns_outcome, ew_outcome) in enumerate(outcomes):
        if i in by_line:
            rows.append((by_line[i], -by_line[i]))
        else:
            ns = artificial_imps(ns_outcome) if isinstance(ns_outcome, Artificial) else 0
            ew = artificial_imps(ew_outcome) if isinstance(ew_outcome, Artificial) else 0
            rows.append((Fraction(ns), Fraction(ew)))
    return rows


def rescore(session: ImportedSession, options: RescoreOptions) -> Rescored:
    """Our figures for every line and every pair of an imported session."""
    counts = [len(board.results) for board in session.boards if board.results]
    normal = options.normal or (max(counts) if counts else 1)
    lines: list[LineScore] = []
    totals: dict[str, list[Fraction]] = {}
    for board in session.boards:
        if not board.results:
            continue
        if options.method is Scoring.MATCHPOINTS:
            rows = _mp_board(board, normal, options)
            scored = [(ns, ew, board_top, f) for ns, ew, board_top, f in rows]
        else:
            scored = [(ns, ew, None, False) for ns, ew in _imp_board(board, options)]
        for result, (ns, ew, board_top, factored) in zip(board.results, scored, strict=True):
            lines.append(LineScore(result, _law77(board, result), ns, ew, board_top, factored))
            for key, points in ((session.ns_key(result), ns), (session.ew_key(result), ew)):
                entry = totals.setdefault(key, [Fraction(0), Fraction(0), Fraction(0)])
                entry[0] += points
                entry[1] += board_top or 0
                entry[2] += 1
    pairs = tuple(PairScore(k, v[0], v[1], int(v[2])) for k, v in totals.items())
    return Rescored(options, normal, tuple(lines), pairs)


def apply_scores(session: ImportedSession, rescored: Rescored) -> ImportedSession:
    """The session with our figures written in: what bridgescan exports as its results."""
    by_location = {line.result.location: line for line in rescored.lines}
    mp = rescored.options.method is Scoring.MATCHPOINTS
    boards = []
    for board in session.boards:
        results = []
        for result in board.results:
            line = by_location[result.location]
            figures = (
                {"ns_mp": line.ns, "ew_mp": line.ew, "ns_imps": None, "ew_imps": None}
                if mp
                else {"ns_imps": line.ns, "ew_imps": line.ew, "ns_mp": None, "ew_mp": None}
            )
            results.append(
                replace(
                    result,
                    ns_score=line.law77_ns if result.adjustment is None else result.ns_score,
                    ns_percent=line.ns_percent,
                    ew_percent=line.ew_percent,
                    **figures,
                )
            )
        boards.append(replace(board, results=tuple(results)))
    places = _places(session, rescored, mp)
    pairs = []
    for pair in session.pairs:
        ours = rescored.pair(pair.key)
        if ours is None:
            pairs.append(pair)
            continue
        pairs.append(
            replace(
                pair,
                total=ours.total if mp else None,
                percent=ours.percent if mp else None,
                imps=None if mp else ours.total,
                rank=places.get(pair.key),
                boards_played=ours.boards,
            )
        )
    return replace(session, boards=tuple(boards), pairs=tuple(pairs))


def _places(session: ImportedSession, rescored: Rescored, mp: bool) -> dict[str, str]:
    """Places by ``scoring.ranking.rank``: shared on equal scores ("3-4"); in a two-winner
    Mitchell NS and EW are ranked apart (rules.md section 14)."""
    groups: dict[str, dict[str, Fraction]] = {}
    sides = {pair.key: pair.side for pair in session.pairs}
    for pair in rescored.pairs:
        score = pair.percent if mp else pair.total
        side = sides.get(pair.key)
        group = side.value if (session.by_direction and side is not None) else ""
        groups.setdefault(group, {})[pair.key] = score if score is not None else Fraction(0)
    places: dict[str, str] = {}
    for totals in groups.values():
        for placing in rank(totals):
            places[placing.entrant] = placing.label
    return places
