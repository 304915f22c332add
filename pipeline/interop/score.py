"""An imported session scored by the results engine (``pipeline.results.field``).

``compare`` and ``export`` re-score another program's file with the engine the main job
uses; this module only says how the file's lines go in, and the options it was scored with:

- a line with a table result goes in with its Law 77 score (``scoring.law77``), not the score
  the file prints (``compare`` reports a disagreement separately); a director's adjusted
  score as the engine's outcome; an "A=" / "+0" split with its field score;
- pairs are keyed as the file names them ("1NS", "A7", "3+11" for an individual
  partnership); a team by its number (the engine pairs the two tables of a match);
- bye lines are the engine's sit-outs, penalty lines its procedural penalties (Law 90);
- the engine's errors come back as ``InteropError`` with the file and line.
"""

from __future__ import annotations

from functools import lru_cache

from pipeline.interop.cells import format_decimal
from pipeline.interop.records import (
    Competition,
    ImportedBoard,
    ImportedResult,
    ImportedSession,
    InteropError,
    Location,
)
from pipeline.results.field import score_field
from pipeline.results.field_records import (
    FieldError,
    FieldLine,
    FieldOptions,
    FieldPenalty,
    FieldSitout,
    ScoredField,
)
from scoring.board import Vulnerability, vulnerability_of
from scoring.contract import Contract, Seat
from scoring.event import EventKind
from scoring.law77 import ns_score
from scoring.outcome import Outcome, Weighted

__all__ = ["Rescored", "rescore"]

Rescored = ScoredField[ImportedResult]
"""The engine's figures for an imported session, each line's ``result`` the file's line."""


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


def _outcomes(law77: int | None, result: ImportedResult) -> tuple[Outcome, Outcome]:
    if result.adjustment is not None:
        return result.adjustment.ns, result.adjustment.ew
    score = law77 if law77 is not None else (result.ns_score or 0)
    return Weighted.of(score), Weighted.of(score)


def _lines(session: ImportedSession, teams: bool) -> list[FieldLine[ImportedResult]]:
    lines = []
    for board in session.boards:
        for result in board.results:
            law77 = _law77(board, result)
            lines.append(
                FieldLine(
                    result,
                    board.number,
                    result.ns_pair if teams else session.ns_key(result),
                    result.ew_pair if teams else session.ew_key(result),
                    _outcomes(law77, result),
                    adjusted=result.adjustment is not None,
                    field_score=result.field_score,
                    law77_ns=law77,
                    section=result.section if len(session.sections) > 1 else None,
                    round=result.round,
                    ns_players=result.ns_players,
                    ew_players=result.ew_players,
                )
            )
    return lines


def rescore(session: ImportedSession, options: FieldOptions) -> Rescored:
    """The engine's figures for every line, sit-out, pair and match of an imported session,
    with the options it was scored with (detected by ``compare`` or given; the method in the
    file's words: ``Scoring.of(options.kind)``)."""
    sitouts = [FieldSitout(session.sitout_key(s), s.board, s.round) for s in session.sitouts]
    penalties = [
        FieldPenalty(p.location, session.penalty_key(p), p.pair, p.board, p.points,
                     format_decimal(p.points), p.section if len(session.sections) > 1 else None)
        for p in session.penalties
    ]  # fmt: skip
    try:
        return score_field(
            _lines(session, options.kind is EventKind.TEAMS),
            options,
            sitouts,
            penalties,
            individuals=session.competition is Competition.INDIVIDUALS,
        )
    except FieldError as error:
        raise InteropError(_where(session, error.where), error.reason) from None


def _where(session: ImportedSession, where: object) -> Location:
    """The place in the file an engine error is about: a penalty line, a board, the file."""
    if isinstance(where, Location):
        return where
    if isinstance(where, int):
        return next(b.location for b in session.boards if b.number == where)
    return Location(session.source)
