"""Centred (plus/minus) matchpoints in other programs' files (rules.md §15).

The arithmetic is ``scoring.presentation``'s; this module finds centred figures in a file
and writes bridgescan's figures centred for an export.

Norwegian clubs read results printed relative to the average: Ruter prints each side's
points minus half the top, so on a top of 8 a top is NS +4.0 / EW -4.0, a middle 0.0 / 0.0,
and a session total is the sum of the centred board figures (a pair at exactly 50% has
0.0). The percentages beside them are the ordinary ones. Nothing about the scoring changes:
``centred = points - top / 2`` on every board, and a total's centred value is its points
minus half the tops of the boards it counts.

A file is taken as centred when its matchpoint figures on ordinary lines (no adjusted
score) add up to 0 per line, NS + EW, and some of them are negative; a file in points adds
up to the top instead. The figures are kept as printed and marked
``Presentation.CENTRED``; ``compare`` converts its own figures to the file's presentation
before comparing (so a difference shows the file's own number), and the writers print
bridgescan's figures centred when asked (``export --centred``).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from pipeline.interop.records import ImportedSession
from scoring.presentation import Presentation, centre, centred_total

if TYPE_CHECKING:
    from pipeline.interop.score import Rescored

__all__ = ["detect_presentation", "as_centred"]


def detect_presentation(session: ImportedSession) -> ImportedSession:
    """The session marked CENTRED when its matchpoints add up to 0 per line (module doc)."""
    sums = []
    negative = False
    for result in session.results:
        if result.adjustment is not None or result.ns_mp is None or result.ew_mp is None:
            continue
        sums.append(result.ns_mp + result.ew_mp)
        negative = negative or result.ns_mp < 0 or result.ew_mp < 0
    if not sums or not negative:
        return session
    tenth = Fraction(1, 10)
    centred = sum(1 for value in sums if abs(value) <= tenth)
    if centred * 2 <= len(sums):
        return session
    note = (
        "matchpoints printed centred on the average (points - top/2, as Ruter prints them): "
        "read as such"
    )
    return replace(session, presentation=Presentation.CENTRED, notes=(*session.notes, note))


def as_centred(session: ImportedSession, scored: Rescored) -> ImportedSession:
    """The session's matchpoints as centred figures, for an export Norwegian clubs read.

    ``session`` holds bridgescan's figures in points (``apply.apply_scores``) and
    ``scored`` the board tops and the pairs' maxima they came from. Percentages stay as they
    are; a sit-out credit is centred on its board's top.
    """
    if session.presentation is Presentation.CENTRED:
        return session
    tops = {line.result.location: line.top for line in scored.lines}
    boards = []
    for board in session.boards:
        results = []
        for result in board.results:
            top = tops.get(result.location)
            if top is None or result.ns_mp is None or result.ew_mp is None:
                results.append(result)
                continue
            results.append(
                replace(result, ns_mp=centre(result.ns_mp, top), ew_mp=centre(result.ew_mp, top))
            )
        credits = {(s.key, s.board): s.top for s in scored.sitouts}
        sitouts = tuple(
            replace(s, points=centre(s.points, credits[(session.sitout_key(s), s.board)]))
            if s.points is not None and (session.sitout_key(s), s.board) in credits
            else s
            for s in board.sitouts
        )
        boards.append(replace(board, results=tuple(results), sitouts=sitouts))
    maxima = {pair.key: pair.available for pair in scored.pairs}
    pairs = tuple(
        replace(p, total=centred_total(p.total, maxima[p.key]))
        if p.total is not None and p.key in maxima
        else p
        for p in session.pairs
    )
    return replace(session, boards=tuple(boards), pairs=pairs, presentation=Presentation.CENTRED)
