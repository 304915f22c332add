"""A field of result lines scored by the engine, whatever the entrants are called.

The main job numbers its pairs from the event file; a file another program wrote names them
("1NS", "A7", "3+11" for an individual partnership, "-12" for a "-" pair). ``score_field``
scores such lines with the main job's steps, so ``compare`` re-scores through this room and a
fix here reaches both:

- matchpoints: ``boards.score_boards`` lays out and scores the boards of a field for both the main
  job (``pairs.score_pairs_session``, N from the movement) and a file (N, Neuberg's normal
  number of results, is the most results any board has in its field unless given; or, without
  Neuberg, each board on the top of its own compared results, ``own_top``, what a program
  that does not factor prints); then ``scoring.session.score_session`` per field (Law 88,
  sit-out credit, procedural penalties of Law 90, totals and percentages);
- pairs in IMPs: ``boards.imp_figures`` per board for the main job (``imp_pairs``) and a file
  alike (``scoring.imps.imp_board``), ``scoring.imp_totals`` per pair;
- teams: the lines as the tables of ``team_matches.score_matches``, which pairs them into
  matches (each board's two tables of the same two teams in opposite seats) and scores them
  (``scoring.imps.team_board_imps``, WBF 2013 VPs) for the main job's team evenings too;
- sections scored apart (each its own field) or across the field (``across_sections``);
- individuals: each partnership is scored as a pair and each player's total is the sum of
  its sides' points (its maximum the sum of the tops).

The entrants' names come back in every figure; ``LineScore.result`` is the caller's own
record of the line (the records in and out: ``field_records``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TypeVar

from pipeline.results.boards import imp_figures, score_boards
from pipeline.results.field_records import (
    FieldError,
    FieldLine,
    FieldOptions,
    FieldPenalty,
    FieldSitout,
    LineScore,
    MatchScore,
    PairScore,
    ScoredField,
    SitoutScore,
)
from pipeline.results.team_matches import TeamTable, score_matches, team_totals
from scoring.adjusted import Penalty, PenaltyReason
from scoring.board_scoring import BoardLine, BoardScore
from scoring.event import EventKind
from scoring.imp_totals import imp_totals
from scoring.session import score_session

__all__ = ["score_field"]

R = TypeVar("R")


def score_field(
    lines: Sequence[FieldLine[R]],
    options: FieldOptions,
    sitouts: Sequence[FieldSitout] = (),
    penalties: Sequence[FieldPenalty[object]] = (),
    *,
    individuals: bool = False,
) -> ScoredField[R]:
    """The engine's figures for every line and entrant of a field (module docstring)."""
    if options.matchpoints:
        return _matchpoints(lines, options, sitouts, penalties, individuals)
    if penalties:
        raise FieldError(
            penalties[0].where,
            "penalty lines are scored in matchpoint sessions only, not in IMPs or teams",
        )
    counts: dict[int, int] = {}
    for line in lines:
        counts[line.board] = counts.get(line.board, 0) + 1
    normal = options.normal or max(counts.values(), default=1)
    if options.kind is EventKind.TEAMS:
        scores, pairs, matches = _teams(lines)
        return ScoredField(options, normal, tuple(scores), tuple(pairs), matches=tuple(matches))
    scores, pairs = _imps(lines, options, sitouts)
    return ScoredField(options, normal, tuple(scores), tuple(pairs))


# -- matchpoints ------------------------------------------------------------------------


def _boards(lines: Sequence[FieldLine[R]]) -> dict[int, list[FieldLine[R]]]:
    by_board: dict[int, list[FieldLine[R]]] = {}
    for line in lines:
        by_board.setdefault(line.board, []).append(line)
    return by_board


def _fields(lines: Sequence[FieldLine[R]], across: bool) -> list[str | None]:
    """The comparison fields: one per section in order of appearance (when scored apart),
    or the whole field."""
    sections = list(dict.fromkeys(line.section for line in lines if line.section is not None))
    if across or len(sections) < 2:
        return [None]
    return list(sections)


def _in_field(section: str | None, line_section: str | None) -> bool:
    return section is None or line_section == section


def _most(by_board: dict[int, list[FieldLine[R]]], section: str | None) -> int:
    """Neuberg's N for a field: the most results any of its boards has."""
    counts = [sum(_in_field(section, x.section) for x in lines) for lines in by_board.values()]
    return max([c for c in counts if c] or [1])


def _engine_lines(lines: Sequence[FieldLine[R]], ids: dict[str, int]) -> list[BoardLine]:
    """A board's lines as ``boards`` takes them: each entrant by its number in ``ids``."""
    return [
        BoardLine(ids[x.ns], ids[x.ew], *x.outcomes, adjusted=x.adjusted,
                  field_score=x.field_score)
        for x in lines
    ]  # fmt: skip


def _named(message: str, ids: dict[str, int]) -> str:
    names = {number: key for key, number in ids.items()}
    return re.sub(r"pair (\d+)", lambda m: f"pair {names.get(int(m[1]), m[1])}", message)


def _sitout_rounds(
    sitouts: Sequence[FieldSitout], ids: dict[str, int]
) -> tuple[dict[int, int], int]:
    """Sit-outs for ``score_session``: rounds sat out per entrant, and boards per round (from
    the byes' rounds when every bye has one, else a round per board)."""
    boards: dict[int, list[int | None]] = {}
    for sitout in sitouts:
        boards.setdefault(ids[sitout.key], []).append(sitout.round)
    per_round = 1
    if boards and all(r is not None for rounds in boards.values() for r in rounds):
        sizes = {len(rounds) // len(set(rounds)) for rounds in boards.values()}
        if len(sizes) == 1 and all(
            len(rounds) % len(set(rounds)) == 0 for rounds in boards.values()
        ):
            per_round = sizes.pop()
    return {pair: len(rounds) // per_round for pair, rounds in boards.items()}, per_round


def _matchpoints(
    lines: Sequence[FieldLine[R]],
    options: FieldOptions,
    sitouts: Sequence[FieldSitout],
    penalties: Sequence[FieldPenalty[object]],
    individuals: bool,
) -> ScoredField[R]:
    """``score_board`` per board (per field), then ``score_session`` per field."""
    keys = {key for line in lines for key in (line.ns, line.ew)} | {s.key for s in sitouts}
    ids = {key: number for number, key in enumerate(sorted(keys), start=1)}
    names = {number: key for key, number in ids.items()}
    fields = _fields(lines, options.across_sections)
    by_board = _boards(lines)
    normals = {section: options.normal or _most(by_board, section) for section in fields}
    rounds, per_round = _sitout_rounds(sitouts, ids)
    line_scores: list[LineScore[R]] = []
    pairs: list[PairScore] = []
    credits: dict[int, Fraction] = {}
    tops: list[Fraction] = []
    for section in fields:
        mine = {
            number: [line for line in board_lines if _in_field(section, line.section)]
            for number, board_lines in by_board.items()
        }
        mine = {number: board_lines for number, board_lines in mine.items() if board_lines}
        if not mine:
            continue
        scored, unscored = score_boards(
            {number: _engine_lines(board_lines, ids) for number, board_lines in mine.items()},
            normals[section],
            options.scoring,
            own_top=options.own_top,
        )
        if unscored:
            raise FieldError(unscored[0].board, _named(unscored[0].reason, ids))
        playing = {p for b in scored for r in b.results for p in (r.ns_pair, r.ew_pair)}
        sat = {pair: n for pair, n in rounds.items() if pair in playing}
        by_number = {b.board: b for b in scored if b.board is not None}
        try:
            done = score_session(
                scored,
                options.scoring,
                penalties=_penalties(penalties, section, ids, by_number),
                sitouts=sat or None,
                boards_per_round=per_round,
            )
        except FieldError:
            raise
        except ValueError as error:
            raise FieldError(None, _named(str(error), ids)) from None
        tops.append(done.top)
        for board_lines, resolved in zip(mine.values(), done.boards, strict=True):
            for line, r in zip(board_lines, resolved.results, strict=True):
                line_scores.append(
                    LineScore(line.result, line.law77_ns, r.ns.rounded, r.ew.rounded,
                              resolved.top, r.ns.factored or r.ew.factored,
                              (r.ns.percent, r.ew.percent), (r.ns.points, r.ew.points))
                )  # fmt: skip
        for t in done.pairs:
            pairs.append(
                PairScore(names[t.pair], t.points, t.max_points, t.boards_played, t.percent)
            )
            if t.sitout_points:
                credits[t.pair] = t.sitout_points / (rounds[t.pair] * per_round)
    top = max(tops, default=Fraction(0))
    sitout_scores = [SitoutScore(s.key, s.board, credits.get(ids[s.key]), top) for s in sitouts]
    if individuals:
        pairs = _players(lines, line_scores)
    return ScoredField(
        options, max(normals.values()), tuple(line_scores), tuple(pairs), tuple(sitout_scores)
    )


def _penalties(
    penalties: Sequence[FieldPenalty[object]],
    section: str | None,
    ids: dict[str, int],
    boards: dict[int, BoardScore],
) -> list[Penalty]:
    """Penalty lines as the engine's procedural penalties (``scoring.adjusted``, Law 90):
    the points taken, as a percentage of that board's top, off the entrant's session total."""
    out = []
    for penalty in penalties:
        if not _in_field(section, penalty.section):
            continue
        board = boards.get(penalty.board)
        if penalty.points >= 0 or board is None or not board.top:
            raise FieldError(
                penalty.where,
                f"board {penalty.board}: a penalty line giving {penalty.shown} "
                f"points to pair {penalty.name}: bridgescan scores penalties that take points "
                "(Law 90)",
            )
        pair = ids.get(penalty.key)
        if pair is None:
            raise FieldError(
                penalty.where, f"board {penalty.board}: a penalty on pair {penalty.name}, "
                "which has no result in the file",
            )  # fmt: skip
        percent = -penalty.points * 100 / board.top
        out.append(Penalty(pair, percent, PenaltyReason.PROCEDURAL, penalty.board))
    return out


def _players(lines: Sequence[FieldLine[R]], scores: list[LineScore[R]]) -> list[PairScore]:
    """Individuals: each player's total over its sides (maximum: the tops of its boards)."""
    points: dict[str, Fraction] = {}
    tops: dict[str, Fraction] = {}
    boards: dict[str, int] = {}
    by_result = {id(line.result): line for line in lines}
    for score in scores:
        line = by_result[id(score.result)]
        for players, value in ((line.ns_players, score.ns), (line.ew_players, score.ew)):
            for player in players:
                points[player] = points.get(player, Fraction(0)) + value
                tops[player] = tops.get(player, Fraction(0)) + (score.top or 0)
                boards[player] = boards.get(player, 0) + 1
    return [PairScore(p, points[p], tops[p], boards[p]) for p in sorted(points)]


# -- IMPs and teams ----------------------------------------------------------------------


def _imps(
    lines: Sequence[FieldLine[R]], options: FieldOptions, sitouts: Sequence[FieldSitout]
) -> tuple[list[LineScore[R]], list[PairScore]]:
    """Pairs in IMPs: ``imp_figures`` per board, ``scoring.imp_totals`` per pair."""
    butler = options.kind is EventKind.PAIRS_BUTLER
    keys = sorted({key for line in lines for key in (line.ns, line.ew)})
    ids = {key: number for number, key in enumerate(keys, start=1)}
    scores: list[LineScore[R]] = []
    by_pair: dict[str, list[Fraction]] = {}
    fields = _fields(lines, options.across_sections)
    for number, board_lines in _boards(lines).items():
        for section in fields:
            mine = [line for line in board_lines if _in_field(section, line.section)]
            if not mine:
                continue
            try:
                figures = imp_figures(_engine_lines(mine, ids), options.scoring, butler)
            except ValueError as error:
                raise FieldError(number, f"board {number}: {_named(str(error), ids)}") from None
            for line, side in zip(mine, figures, strict=True):
                scores.append(LineScore(line.result, line.law77_ns, side.ns, side.ew, None, False))
                by_pair.setdefault(line.ns, []).append(side.ns)
                by_pair.setdefault(line.ew, []).append(side.ew)
    sat: dict[int, int] = {}
    for sitout in sitouts:
        pair = ids.get(sitout.key)
        if pair is not None:
            sat[pair] = sat.get(pair, 0) + 1
    totals = imp_totals({ids[k]: v for k, v in by_pair.items()}, options.scoring, sat)
    pairs = [
        PairScore(key, totals[ids[key]].total, Fraction(0), totals[ids[key]].boards_played)
        for key in keys
    ]
    return scores, pairs


def _teams(
    lines: Sequence[FieldLine[R]],
) -> tuple[list[LineScore[R]], list[PairScore], list[MatchScore]]:
    """Teams: the file's lines as the tables of ``team_matches.score_matches``, the one pairing
    into matches the main job's evenings use (``teams``); the lines come back board by board
    in the file's order, the two tables of a board together. A line whose other table is
    missing is left out."""
    tables = [TeamTable(x.board, x.round, x.ns, x.ew, x) for x in lines]
    matches = score_matches(tables, lambda line: line.outcomes)
    place = {id(x): n for n, x in enumerate(lines)}
    board_place: dict[int, int] = {}
    for n, x in enumerate(lines):
        board_place.setdefault(x.board, n)
    scored: list[tuple[tuple[int, int, int], LineScore[R]]] = []
    for b in (b for match in matches for b in match.boards):
        here, there = b.home_ns.line, b.home_ew.line
        assert here is not None and there is not None  # every table is a line of the file
        first = min(place[id(here)], place[id(there)])
        for line, ns, ew in ((here, b.home_imps, b.away_imps), (there, b.away_imps, b.home_imps)):
            score = LineScore(line.result, line.law77_ns, ns, ew, None, False)
            scored.append(((board_place[line.board], first, place[id(line)]), score))
    totals = team_totals(matches)
    return (
        [score for _, score in sorted(scored, key=lambda item: item[0])],
        [PairScore(team, t.won - t.lost, Fraction(0), 0, vp=t.vp)
         for team, t in sorted(totals.items())],
        [MatchScore(m.round, (m.home, m.away), (m.won - m.lost, m.lost - m.won),
                    (m.vp.first, m.vp.second), len(m.boards)) for m in matches],
    )  # fmt: skip
