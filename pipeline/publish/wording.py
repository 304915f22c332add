"""Numbers and marks as every publisher words them (workbook, web site, terminal).

One place says how a matchpoint total is rounded for reading and which words explain a
line that is not a plain topscore, so the printed workbook and the web page of the same
board can never say different things.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from pipeline.results.model.event import EventResults
from pipeline.results.model.sessions import BoardView, ResultLine, SessionView
from pipeline.results.publication import AuditEntry
from scoring.imps import round_half_away
from scoring.presentation import Presentation, centred_total

__all__ = ["fmt", "signed", "centres", "shown", "line_mark", "board_marks", "law_text"]


@lru_cache(maxsize=4096)
def fmt(value: Fraction | int | None, places: int = 1) -> str:
    """A number as text with ``places`` decimals, halves away from zero
    (``scoring.imps.round_half_away``), for notes, the pages and the console.

    Kept for the values met again (a publication formats some 4,300 numbers, most of them
    the same few matchpoint figures: 55 -> 6 ms for 4,000 calls at load 10)."""
    if value is None:
        return ""
    whole = int(round_half_away(Fraction(value), Fraction(1, 10**places)) * 10**places)
    sign = "-" if whole < 0 else ""
    digits = str(abs(whole)).rjust(places + 1, "0")
    if places == 0:
        return f"{sign}{digits}"
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def signed(value: Fraction | int | None, places: int = 1) -> str:
    """A centred figure as text with its sign (``+4.0``, ``-1.5``, ``0.0``)."""
    text = fmt(value, places)
    positive = text and not text.startswith("-") and text.strip("0.")
    return f"+{text}" if positive else text


def centres(results: EventResults, session: SessionView) -> bool:
    """True when the session's matchpoints are printed centred on the average (the event's
    ``matchpoint_presentation``; IMPs are centred by nature and printed as they are)."""
    return results.presentation is Presentation.CENTRED and session.unit == "MP"


def shown(points: Fraction | None, tops: Fraction | None, centred: bool) -> Fraction | None:
    """Matchpoints as the event prints them: as scored, or centred, i.e. minus half the tops
    they count (a board's top, a pair's maximum: ``scoring.presentation``)."""
    if points is None or tops is None or not centred:
        return points
    return centred_total(points, tops)


def line_mark(line: ResultLine) -> str:
    """The words that say why a line is not a plain topscore (waiting for review, not played,
    adjusted, Neuberg, provisional)."""
    if line.waiting:
        return f"waiting for review ({line.waiting})"
    marks = []
    if line.not_played:
        marks.append("not played")
    if line.adjusted:
        marks.append("split adjusted score" if line.split else "adjusted score")
    if line.factored:
        marks.append("Neuberg")
    if line.provisional:
        marks.append("provisional")
    return ", ".join(marks)


def board_marks(board: BoardView) -> str:
    """The heading note of a board: top, N and n, Neuberg, adjustments, datum, fouling."""
    parts = [f"played {board.played} of {board.normal}"]
    if board.top:
        parts.insert(0, f"top {fmt(board.top)}")
    if board.datum is not None:
        parts.append(f"Butler datum {fmt(board.datum, 0)}")
    if board.waiting:
        count = len(board.waiting)
        parts.append(
            f"PROVISIONAL: {count} result{'s' if count != 1 else ''} "
            f"{'wait' if count != 1 else 'waits'} for review ({', '.join(board.waiting)})"
        )
    if board.neuberg:
        parts.append("factored with Neuberg to the normal top")
    if board.adjusted:
        parts.append("has an adjusted score")
    if board.note:
        parts.append(board.note)
    return "; ".join(parts)


def law_text(entry: AuditEntry) -> str:
    """The law a correction stands on, as the audit sheet and the web pages print it."""
    if entry.basis == "79C2":
        text = f"Law 79C2 OVERRIDE ({entry.override.removeprefix('Law 79C2 override: ')})"
    elif entry.basis == "79C1":
        text = "Law 79C1 (within the period)"
    else:
        text = "before the results were official"
    if entry.ruling:
        text += "; changed ruling (Law 92B)"
    return text
