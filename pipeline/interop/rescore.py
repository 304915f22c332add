"""Score an imported session with bridgescan's own scoring core.

The arithmetic is the scoring core's: Law 77 (``scoring.law77``); matchpoint boards by
``scoring.board_scoring.score_board`` (comparisons, weighted, split and artificial adjusted
scores, Neuberg and its rounding) and the session by ``scoring.session.score_session`` (Law
88 awards, pair totals and percentages); IMPs across the field and Butler by
``scoring.imps``; places by ``scoring.ranking.rank``. This module only arranges an imported
session into those calls:

- a line with a table result is scored with its Law 77 score (not the score the file
  prints; ``compare`` reports a disagreement separately);
- a director's adjusted score goes in as the engine's outcome (artificial A60/A50/A40:
  a percentage of the top; in IMPs +3/0/-3, Law 86A);
- N (Neuberg's normal number of results) is the most results any board has, unless given;
- the engine numbers pairs; a two-winner Mitchell's "1NS" and "1EW" get different numbers
  and the keys come back on the way out;
- IMP sessions total each pair's IMPs (no percentage).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from pipeline.interop.records import (
    ImportedBoard,
    ImportedResult,
    ImportedSession,
    InteropError,
    Location,
    Scoring,
)
from scoring.board import vulnerability_of
from scoring.board_scoring import BoardLine, score_board
from scoring.imps import (
    CrossImps,
    DatumRule,
    artificial_imps,
    butler_imps,
    cross_imps,
    weighted_team_imps,
)
from scoring.law77 import ns_score
from scoring.options import ScoringOptions
from scoring.outcome import Artificial, Outcome, Weighted
from scoring.ranking import rank
from scoring.session import score_session

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

    percents: tuple[Fraction, Fraction] | None = None
    """NS and EW percentages as the engine gives them (an award keeps its exact percent)."""

    @property
    def ns_percent(self) -> Fraction | None:
        if self.percents is not None:
            return self.percents[0]
        return self.ns * 100 / self.top if self.top else None

    @property
    def ew_percent(self) -> Fraction | None:
        if self.percents is not None:
            return self.percents[1]
        return self.ew * 100 / self.top if self.top else None


@dataclass(frozen=True)
class PairScore:
    """A pair's session: total points, points available (MP), percentage, boards played."""

    key: str
    total: Fraction
    available: Fraction
    boards: int
    engine_percent: Fraction | None = None
    """The percentage ``scoring.session`` gives (from rounded or exact points, as the
    options say); None for IMP sessions, which have no percentage."""

    @property
    def percent(self) -> Fraction | None:
        if self.engine_percent is not None:
            return self.engine_percent
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


def _pair_ids(session: ImportedSession) -> dict[str, int]:
    """A number per pair key for the engine, whose pairs are numbers ("1NS" and "1EW" differ)."""
    keys = {key for r in session.results for key in (session.ns_key(r), session.ew_key(r))}
    return {key: index for index, key in enumerate(sorted(keys), start=1)}


def _named(message: str, ids: dict[str, int]) -> str:
    names = {number: key for key, number in ids.items()}
    return re.sub(r"pair (\d+)", lambda m: f"pair {names.get(int(m[1]), m[1])}", message)


def _mp_session(
    session: ImportedSession, normal: int, options: RescoreOptions
) -> tuple[list[LineScore], tuple[PairScore, ...]]:
    """Matchpoints by the engine: ``score_board`` per board, then ``score_session`` for the
    session-level awards (Law 88: a non-offender's own percentage when above 60%) and the
    pair totals and percentages."""
    ids = _pair_ids(session)
    scored_boards = []
    for board in session.boards:
        if not board.results:
            continue
        lines = []
        for result in board.results:
            ns_outcome, ew_outcome = _outcomes(board, result)
            lines.append(
                BoardLine(
                    ids[session.ns_key(result)],
                    ids[session.ew_key(result)],
                    ns_outcome,
                    ew_outcome,
                    adjusted=result.adjustment is not None,
                )
            )
        try:
            scored_boards.append((board, score_board(lines, normal, options.scoring, board.number)))
        except ValueError as error:
            raise InteropError(board.location, _named(str(error), ids)) from None
    if not scored_boards:
        return [], ()
    try:
        scored = score_session([b for _, b in scored_boards], options.scoring)
    except ValueError as error:
        raise InteropError(Location(session.source), _named(str(error), ids)) from None
    line_scores = []
    for (board, _), resolved in zip(scored_boards, scored.boards, strict=True):
        for result, r in zip(board.results, resolved.results, strict=True):
            factored = r.ns.factored or r.ew.factored
            line_scores.append(
                LineScore(
                    result,
                    _law77(board, result),
                    r.ns.rounded,
                    r.ew.rounded,
                    resolved.top,
                    factored,
                    (r.ns.percent, r.ew.percent),
                )
            )
    keys = {number: key for key, number in ids.items()}
    pairs = tuple(
        PairScore(keys[t.pair], t.points, t.max_points, t.boards_played, t.percent)
        for t in scored.pairs
    )
    return line_scores, pairs


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


def _team_board(board: ImportedBoard) -> dict[int, tuple[Fraction, Fraction]]:
    """IMPs of a teams board: the two tables of each match paired (same round, the teams
    in opposite seats), each team's net IMPed (``scoring.imps.team_imps``, weighted scores by
    ``weighted_team_imps``; an artificial score +3/0/-3, Law 86A). Lines that cannot be
    paired are left out (index -> (NS IMPs, EW IMPs))."""
    groups: dict[tuple[int | None, frozenset[str]], list[int]] = {}
    for index, result in enumerate(board.results):
        key = (result.round, frozenset((result.ns_pair, result.ew_pair)))
        groups.setdefault(key, []).append(index)
    out: dict[int, tuple[Fraction, Fraction]] = {}
    for indexes in groups.values():
        if len(indexes) != 2:
            continue
        a, b = (board.results[i] for i in indexes)
        if (a.ns_pair, a.ew_pair) != (b.ew_pair, b.ns_pair):
            continue
        (a_ns, a_ew), (b_ns, b_ew) = _outcomes(board, a), _outcomes(board, b)
        if isinstance(a_ns, Weighted) and isinstance(b_ns, Weighted):
            # The team NS at a sits EW at b: its net is a's NS score minus b's.
            net = weighted_team_imps(a_ns, b_ns)
            out[indexes[0]] = (net, -net)
            out[indexes[1]] = (-net, net)
            continue
        # An artificial score at either table gives the board's IMPs to both teams.
        team_at_a_ns = a_ns if isinstance(a_ns, Artificial) else b_ew
        team_at_a_ew = a_ew if isinstance(a_ew, Artificial) else b_ns
        first = (
            Fraction(artificial_imps(team_at_a_ns))
            if isinstance(team_at_a_ns, Artificial)
            else Fraction(0)
        )
        second = (
            Fraction(artificial_imps(team_at_a_ew))
            if isinstance(team_at_a_ew, Artificial)
            else Fraction(0)
        )
        out[indexes[0]] = (first, second)
        out[indexes[1]] = (second, first)
    return out


def rescore(session: ImportedSession, options: RescoreOptions) -> Rescored:
    """Our figures for every line and every pair of an imported session."""
    counts = [len(board.results) for board in session.boards if board.results]
    normal = options.normal or (max(counts) if counts else 1)
    if options.method is Scoring.MATCHPOINTS:
        lines, pairs = _mp_session(session, normal, options)
        return Rescored(options, normal, tuple(lines), pairs)
    line_scores: list[LineScore] = []
    totals: dict[str, list[Fraction]] = {}
    for board in session.boards:
        if not board.results:
            continue
        if options.method is Scoring.TEAMS:
            paired = _team_board(board)
            figures = [(board.results[i], paired[i]) for i in sorted(paired)]
        else:
            figures = list(zip(board.results, _imp_board(board, options), strict=True))
        for result, (ns, ew) in figures:
            line_scores.append(LineScore(result, _law77(board, result), ns, ew, None, False))
            for key, points in ((session.ns_key(result), ns), (session.ew_key(result), ew)):
                entry = totals.setdefault(key, [Fraction(0), Fraction(0)])
                entry[0] += points
                entry[1] += 1
    imp_pairs = tuple(PairScore(k, v[0], Fraction(0), int(v[1])) for k, v in totals.items())
    return Rescored(options, normal, tuple(line_scores), imp_pairs)


def apply_scores(session: ImportedSession, rescored: Rescored) -> ImportedSession:
    """The session with our figures written in: what bridgescan exports as its results."""
    by_location = {line.result.location: line for line in rescored.lines}
    mp = rescored.options.method is Scoring.MATCHPOINTS
    boards = []
    for board in session.boards:
        results = []
        for result in board.results:
            line = by_location.get(result.location)
            if line is None:  # a teams line without its other table: left as it was
                results.append(result)
                continue
            results.append(
                replace(
                    result,
                    ns_score=line.law77_ns if result.adjustment is None else result.ns_score,
                    ns_percent=line.ns_percent,
                    ew_percent=line.ew_percent,
                    ns_mp=line.ns if mp else None,
                    ew_mp=line.ew if mp else None,
                    ns_imps=None if mp else line.ns,
                    ew_imps=None if mp else line.ew,
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
