"""Score an imported session with bridgescan's own scoring core.

The arithmetic is the scoring core's, the same functions the main job calls: Law 77
(``scoring.law77``); matchpoint boards by ``scoring.board_scoring.score_board`` and the
session by ``scoring.session.score_session`` (Law 88, sit-out credit, totals and
percentages); pairs in IMPs by ``scoring.imps.imp_board`` and ``scoring.imp_totals``; team
boards by ``scoring.imps.team_board_imps`` and victory points by ``scoring.vp``
(``pipeline.interop.apply`` writes the figures and places into the session). This module
only arranges an imported session into those calls:

- a line with a table result is scored with its Law 77 score (not the score the file
  prints; ``compare`` reports a disagreement separately);
- a director's adjusted score goes in as the engine's outcome;
- N (Neuberg's normal number of results) is the most results any board has (in its
  section, when sections are scored apart), unless given;
- sections are scored apart (each its own field) or across the field, as the options say;
- the engine numbers pairs; the keys ("1NS", "A7", "3+11" for an individual partnership)
  come back on the way out;
- individuals: each partnership is scored as a pair, and each player's total is the sum of
  its sides' points (its maximum the sum of the tops);
- sit-outs (bye lines) get the credit the options give, per board sat out.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache

from pipeline.interop.cells import format_decimal
from pipeline.interop.records import (
    Competition,
    ImportedBoard,
    ImportedResult,
    ImportedSession,
    InteropError,
    Location,
    Scoring,
)
from pipeline.interop.rescored import (
    LineScore,
    MatchScore,
    PairScore,
    Rescored,
    RescoreOptions,
    SitoutScore,
)
from scoring.adjusted import Penalty, PenaltyReason
from scoring.board import Vulnerability, vulnerability_of
from scoring.board_group import ResultScore, artificial_side
from scoring.board_scoring import BoardLine, BoardScore, score_board
from scoring.contract import Contract, Seat
from scoring.imp_totals import imp_totals
from scoring.imps import imp_board, team_board_imps
from scoring.law77 import ns_score
from scoring.options import ScoringOptions
from scoring.outcome import Adjustment, Artificial, Outcome, Weighted
from scoring.session import score_session
from scoring.vp import wbf_match_vp

__all__ = ["rescore"]


def _law77(board: ImportedBoard, result: ImportedResult) -> int | None:
    if result.contract is None:
        return 0 if result.adjustment is None else None
    if result.declarer is None or result.tricks is None:
        return None
    vulnerability = board.vulnerability or vulnerability_of(board.number)
    return _score(result.contract, result.declarer, result.tricks, vulnerability)


@lru_cache(maxsize=4096)
def _score(contract: Contract, declarer: Seat, tricks: int, vulnerability: Vulnerability) -> int:
    """Law 77 (``scoring.law77``), remembered: compare re-scores a session many times."""
    return ns_score(contract, declarer, tricks, vulnerability)


def _outcomes(board: ImportedBoard, result: ImportedResult) -> tuple[Outcome, Outcome]:
    if result.adjustment is not None:
        return result.adjustment.ns, result.adjustment.ew
    score = _law77(board, result)
    if score is None:
        score = result.ns_score or 0
    return Weighted.of(score), Weighted.of(score)


def _board_result(board: ImportedBoard, result: ImportedResult) -> int | Adjustment:
    ns, ew = _outcomes(board, result)
    if ns == ew and isinstance(ns, Weighted) and ns.is_plain and result.adjustment is None:
        return int(ns.parts[0][1])
    return Adjustment(ns, ew)


def _artificial(result: ImportedResult) -> bool:
    return result.adjustment is not None and isinstance(result.adjustment.ns, Artificial)


def _own_top(lines: list[BoardLine], options: ScoringOptions, board: int) -> BoardScore:
    """A board scored without Neuberg: the compared results on the top of their own number,
    an artificial score a percentage of that top (what a program that does not factor
    prints; ``compare`` tries it as an explanation)."""
    compared = [line for line in lines if not isinstance(line.ns, Artificial)]
    if not compared:
        return score_board(lines, len(lines), options, board)
    scored = score_board(compared, len(compared), options, board)
    by_line = iter(scored.results)
    results = []
    for line in lines:
        if isinstance(line.ns, Artificial) and isinstance(line.ew, Artificial):
            ns = artificial_side(line.ns.percent, scored.top, options)
            ew = artificial_side(line.ew.percent, scored.top, options)
            results.append(ResultScore(line.ns_pair, line.ew_pair, ns, ew))
        else:
            results.append(next(by_line))
    return replace(scored, results=tuple(results))


def _keys(session: ImportedSession) -> list[str]:
    keys = {key for r in session.results for key in (session.ns_key(r), session.ew_key(r))}
    keys |= {session.sitout_key(s) for s in session.sitouts}
    return sorted(keys)


def _named(message: str, ids: dict[str, int]) -> str:
    names = {number: key for key, number in ids.items()}
    return re.sub(r"pair (\d+)", lambda m: f"pair {names.get(int(m[1]), m[1])}", message)


def _fields(session: ImportedSession, across: bool) -> list[str | None]:
    """The comparison fields: one per section (when scored apart), or the whole file."""
    if across or len(session.sections) < 2:
        return [None]
    return list(session.sections)


def _in_field(section: str | None, result_section: str | None) -> bool:
    return section is None or result_section == section


def _normal(session: ImportedSession, section: str | None, given: int | None) -> int:
    if given:
        return given
    counts = [
        sum(1 for r in b.results if _in_field(section, r.section))
        for b in session.boards
        if b.results
    ]
    return max([c for c in counts if c] or [1])


def _sitout_rounds(session: ImportedSession, ids: dict[str, int]) -> tuple[dict[int, int], int]:
    """Sit-outs for ``score_session``: rounds sat out per pair, and boards per round (from
    the bye lines' rounds when the file gives them, else a round per board)."""
    boards: dict[int, list[int | None]] = {}
    for sitout in session.sitouts:
        boards.setdefault(ids[session.sitout_key(sitout)], []).append(sitout.round)
    per_round = 1
    if boards and all(r is not None for rounds in boards.values() for r in rounds):
        sizes = {len(rounds) // len(set(rounds)) for rounds in boards.values()}
        if len(sizes) == 1 and all(
            len(rounds) % len(set(rounds)) == 0 for rounds in boards.values()
        ):
            per_round = sizes.pop()
    return {pair: len(rounds) // per_round for pair, rounds in boards.items()}, per_round


def _mp_session(
    session: ImportedSession, options: RescoreOptions
) -> tuple[list[LineScore], list[PairScore], list[SitoutScore], int]:
    """Matchpoints by the engine: ``score_board`` per board (per field), then
    ``score_session`` for Law 88, sit-out credit, totals and percentages (per field)."""
    ids = {key: number for number, key in enumerate(_keys(session), start=1)}
    keys = {number: key for key, number in ids.items()}
    fields = _fields(session, options.across_sections)
    normals = {section: _normal(session, section, options.normal) for section in fields}
    rounds, per_round = _sitout_rounds(session, ids)
    line_scores: list[LineScore] = []
    pairs: list[PairScore] = []
    credits: dict[int, Fraction] = {}
    tops: list[Fraction] = []
    for section in fields:
        scored: list[tuple[ImportedBoard, list[ImportedResult], BoardScore]] = []
        for board in session.boards:
            results = [r for r in board.results if _in_field(section, r.section)]
            if not results:
                continue
            lines = [
                BoardLine(
                    ids[session.ns_key(r)],
                    ids[session.ew_key(r)],
                    *_outcomes(board, r),
                    adjusted=r.adjustment is not None,
                    field_score=r.field_score,
                )
                for r in results
            ]
            try:
                if options.own_top:
                    board_score = _own_top(lines, options.scoring, board.number)
                else:
                    board_score = score_board(
                        lines, normals[section], options.scoring, board.number
                    )
            except ValueError as error:
                raise InteropError(board.location, _named(str(error), ids)) from None
            scored.append((board, results, board_score))
        if not scored:
            continue
        playing = {p for _, _, b in scored for r in b.results for p in (r.ns_pair, r.ew_pair)}
        sitouts = {pair: n for pair, n in rounds.items() if pair in playing}
        try:
            done = score_session(
                [b for _, _, b in scored],
                options.scoring,
                penalties=_penalties(session, section, ids, {b.number: s for b, _, s in scored}),
                sitouts=sitouts or None,
                boards_per_round=per_round,
            )
        except ValueError as error:
            raise InteropError(Location(session.source), _named(str(error), ids)) from None
        tops.append(done.top)
        for (board, results, _), resolved in zip(scored, done.boards, strict=True):
            for result, r in zip(results, resolved.results, strict=True):
                line_scores.append(
                    LineScore(
                        result,
                        _law77(board, result),
                        r.ns.rounded,
                        r.ew.rounded,
                        resolved.top,
                        r.ns.factored or r.ew.factored,
                        (r.ns.percent, r.ew.percent),
                        (r.ns.points, r.ew.points),
                    )
                )
        for t in done.pairs:
            pairs.append(
                PairScore(keys[t.pair], t.points, t.max_points, t.boards_played, t.percent)
            )
            if t.sitout_points:
                credits[t.pair] = t.sitout_points / (rounds[t.pair] * per_round)
    top = max(tops, default=Fraction(0))
    sitout_scores = [
        SitoutScore(session.sitout_key(s), s.board, credits.get(ids[session.sitout_key(s)]), top)
        for s in session.sitouts
    ]
    if session.competition is Competition.INDIVIDUALS:
        pairs = _players(session, line_scores)
    return line_scores, pairs, sitout_scores, max(normals.values())


def _penalties(
    session: ImportedSession,
    section: str | None,
    ids: dict[str, int],
    boards: dict[int, BoardScore],
) -> list[Penalty]:
    """The file's penalty lines as the engine's procedural penalties (``scoring.adjusted``):
    the points taken, as a percentage of that board's top, off the pair's session total."""
    out = []
    for penalty in session.penalties:
        if not _in_field(section, penalty.section):
            continue
        board = boards.get(penalty.board)
        if penalty.points >= 0 or board is None or not board.top:
            raise InteropError(
                penalty.location,
                f"board {penalty.board}: a penalty line giving {format_decimal(penalty.points)} "
                f"points to pair "
                f"{penalty.pair}: bridgescan scores penalties that take points (Law 90)",
            )
        percent = -penalty.points * 100 / board.top
        pair = ids.get(session.penalty_key(penalty))
        if pair is None:
            raise InteropError(
                penalty.location, f"board {penalty.board}: a penalty on pair {penalty.pair}, "
                "which has no result in the file",
            )  # fmt: skip
        out.append(Penalty(pair, percent, PenaltyReason.PROCEDURAL, penalty.board))
    return out


def _players(session: ImportedSession, lines: list[LineScore]) -> list[PairScore]:
    """Individuals: each player's total over its sides (maximum: the tops of its boards)."""
    points: dict[str, Fraction] = {}
    tops: dict[str, Fraction] = {}
    boards: dict[str, int] = {}
    for line in lines:
        for players, value in (
            (line.result.ns_players, line.ns),
            (line.result.ew_players, line.ew),
        ):
            for player in players:
                points[player] = points.get(player, Fraction(0)) + value
                tops[player] = tops.get(player, Fraction(0)) + (line.top or 0)
                boards[player] = boards.get(player, 0) + 1
    return [PairScore(p, points[p], tops[p], boards[p]) for p in sorted(points)]


def _imp_session(
    session: ImportedSession, options: RescoreOptions
) -> tuple[list[LineScore], list[PairScore]]:
    """Pairs in IMPs: ``scoring.imps.imp_board`` per board, ``scoring.imp_totals`` per pair."""
    butler = options.method is Scoring.BUTLER
    line_scores: list[LineScore] = []
    by_pair: dict[str, list[Fraction]] = {}
    fields = _fields(session, options.across_sections)
    for board in session.boards:
        for section in fields:
            results = [r for r in board.results if _in_field(section, r.section)]
            if not results:
                continue
            try:
                figures = imp_board(
                    [_board_result(board, r) for r in results], options.scoring, butler
                )
            except ValueError as error:
                raise InteropError(board.location, f"board {board.number}: {error}") from None
            for result, side in zip(results, figures, strict=True):
                line_scores.append(
                    LineScore(result, _law77(board, result), side.ns, side.ew, None, False)
                )
                by_pair.setdefault(session.ns_key(result), []).append(side.ns)
                by_pair.setdefault(session.ew_key(result), []).append(side.ew)
    keys = sorted(by_pair)
    ids = {key: number for number, key in enumerate(keys, start=1)}
    sat: dict[int, int] = {}
    for sitout in session.sitouts:
        pair = ids.get(session.sitout_key(sitout))
        if pair is not None:
            sat[pair] = sat.get(pair, 0) + 1
    totals = imp_totals({ids[k]: v for k, v in by_pair.items()}, options.scoring, sat)
    pairs = [
        PairScore(key, totals[ids[key]].total, Fraction(0), totals[ids[key]].boards_played)
        for key in keys
    ]
    return line_scores, pairs


def _team_session(
    session: ImportedSession,
) -> tuple[list[LineScore], list[PairScore], list[MatchScore]]:
    """Teams: the two tables of each match paired (same round, the teams in opposite seats),
    each board by ``scoring.imps.team_board_imps``, each match's net in WBF 2013 VPs."""
    line_scores: list[LineScore] = []
    matches: dict[tuple[int | None, frozenset[str]], dict[str, Fraction]] = {}
    boards_in: dict[tuple[int | None, frozenset[str]], int] = {}
    for board in session.boards:
        groups: dict[tuple[int | None, frozenset[str]], list[ImportedResult]] = {}
        for result in board.results:
            key = (result.round, frozenset((result.ns_pair, result.ew_pair)))
            groups.setdefault(key, []).append(result)
        for key, pair in groups.items():
            if len(pair) != 2:
                continue
            a, b = pair
            if (a.ns_pair, a.ew_pair) != (b.ew_pair, b.ns_pair):
                continue
            first, second = team_board_imps(_board_result(board, a), _board_result(board, b))
            line_scores.append(LineScore(a, _law77(board, a), first, second, None, False))
            line_scores.append(LineScore(b, _law77(board, b), second, first, None, False))
            net = matches.setdefault(key, {a.ns_pair: Fraction(0), a.ew_pair: Fraction(0)})
            net[a.ns_pair] += first
            net[a.ew_pair] += second
            boards_in[key] = boards_in.get(key, 0) + 1
    match_scores = []
    team_vp: dict[str, Fraction] = {}
    team_imps: dict[str, Fraction] = {}
    for key, net in matches.items():
        home, away = sorted(net)
        won = max(net[home] - net[away], Fraction(0))
        lost = max(net[away] - net[home], Fraction(0))
        vp = wbf_match_vp(won, lost, boards_in[key])
        match_scores.append(
            MatchScore(key[0], (home, away), (net[home], net[away]), (vp.first, vp.second),
                       boards_in[key])
        )  # fmt: skip
        for team, value in ((home, vp.first), (away, vp.second)):
            team_vp[team] = team_vp.get(team, Fraction(0)) + value
        for team in (home, away):
            team_imps[team] = team_imps.get(team, Fraction(0)) + net[team]
    pairs = [
        PairScore(team, team_imps[team], Fraction(0), 0, vp=team_vp[team])
        for team in sorted(team_vp)
    ]
    return line_scores, pairs, match_scores


def rescore(session: ImportedSession, options: RescoreOptions) -> Rescored:
    """Our figures for every line and every pair of an imported session."""
    if options.method is Scoring.MATCHPOINTS:
        lines, pairs, sitouts, normal = _mp_session(session, options)
        return Rescored(options, normal, tuple(lines), tuple(pairs), tuple(sitouts))
    if session.penalties:
        raise InteropError(
            session.penalties[0].location,
            "penalty lines are scored in matchpoint sessions only, not in IMPs or teams",
        )
    counts = [len(board.results) for board in session.boards if board.results]
    normal = options.normal or (max(counts) if counts else 1)
    if options.method is Scoring.TEAMS:
        lines, pairs, matches = _team_session(session)
        return Rescored(options, normal, tuple(lines), tuple(pairs), matches=tuple(matches))
    lines, pairs = _imp_session(session, options)
    return Rescored(options, normal, tuple(lines), tuple(pairs))
