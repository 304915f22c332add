"""What ``compare`` reports: a difference, the rounding tolerance, and the line checks.

Shared by ``compare`` (which finds differences) and ``reasons`` (which explains them).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pipeline.interop.cells import format_decimal
from pipeline.interop.records import ImportedResult, ImportedSession, Location, Scoring
from pipeline.interop.rescore import LineScore, Rescored

__all__ = ["Difference", "tolerance", "line_tolerances", "differs", "line_differences"]


@dataclass(frozen=True)
class Difference:
    """One figure where the file and bridgescan disagree beyond rounding."""

    what: str
    """"score", "NS points", "EW points", "NS %", "total", "percentage", "missing"."""
    location: Location
    board: int | None
    pair: str | None
    theirs: Fraction | int | str | None
    ours: Fraction | int | str | None
    reason: str

    def __str__(self) -> str:
        where = f"board {self.board}" if self.board is not None else f"pair {self.pair}"
        if self.board is not None and self.pair:
            where += f", {self.pair}"
        return (
            f"{self.location}: {where}: {self.what} {_show(self.theirs)} in the file, "
            f"{_show(self.ours)} by bridgescan -- {self.reason}"
        )


def _show(value: Fraction | int | str | None) -> str:
    if isinstance(value, Fraction):
        return format_decimal(value)
    return "-" if value is None else str(value)


def decimals(value: Fraction) -> int:
    """Decimals needed to print ``value`` as the file did (at most 4)."""
    for places in range(5):
        if (value * 10**places).denominator == 1:
            return places
    return 4


def tolerance(values: list[Fraction | None]) -> Fraction:
    """Half a unit of the last decimal the file prints for this kind of figure.

    Programs print a column with fixed decimals and may drop trailing zeros ("3" for
    "3.0"), so the precision is the most decimals seen in the column, not per figure.
    """
    places = max((decimals(v) for v in values if v is not None), default=0)
    return Fraction(1, 2 * 10**places)


def line_tolerances(session: ImportedSession) -> tuple[Fraction, Fraction]:
    """Tolerances for points (MP or IMPs) and for percentages on the result lines."""
    points = [v for r in session.results for v in (r.ns_mp, r.ew_mp, r.ns_imps, r.ew_imps)]
    percents = [v for r in session.results for v in (r.ns_percent, r.ew_percent)]
    return tolerance(points), tolerance(percents)


def differs(theirs: Fraction | None, ours: Fraction | None, tolerance: Fraction) -> bool:
    if theirs is None or ours is None:
        return False
    return abs(theirs - ours) > tolerance


def line_differences(session: ImportedSession, ours: Rescored) -> list[Difference]:
    """Each figure of each line that differs from ours beyond rounding (reason still empty
    for points: ``reasons.why_points`` fills it in)."""
    out: list[Difference] = []
    points_tolerance, percent_tolerance = line_tolerances(session)
    mp = ours.options.method is Scoring.MATCHPOINTS
    for line in ours.lines:
        r = line.result
        if r.adjustment is None and r.ns_score is not None and line.law77_ns is not None:
            if r.ns_score != line.law77_ns:
                reason = _why_score(r)
                out.append(_diff("score", line, session, r.ns_score, line.law77_ns, reason))
        theirs_ns, theirs_ew = (r.ns_mp, r.ew_mp) if mp else (r.ns_imps, r.ew_imps)
        for what, theirs, mine in (
            ("NS points", theirs_ns, line.ns),
            ("EW points", theirs_ew, line.ew),
        ):
            if differs(theirs, mine, points_tolerance):
                out.append(_diff(what, line, session, theirs, mine, ""))
        # A line percentage may come from the exact or from the rounded points: both are
        # in use, so only a figure neither explains is a difference.
        of_rounded = line.ns * 100 / line.top if line.top else None
        if (
            mp
            and differs(r.ns_percent, line.ns_percent, percent_tolerance)
            and differs(r.ns_percent, of_rounded, percent_tolerance)
        ):
            out.append(_diff("NS %", line, session, r.ns_percent, line.ns_percent, ""))
    return out


def _diff(
    what: str,
    line: LineScore,
    session: ImportedSession,
    theirs: Fraction | int | None,
    ours: Fraction | int | None,
    reason: str,
) -> Difference:
    r = line.result
    pairs = f"{session.ns_key(r)} v {session.ew_key(r)}"
    return Difference(what, r.location, r.board, pairs, theirs, ours, reason)


def _why_score(result: ImportedResult) -> str:
    played = f"{result.contract} by {result.declarer} taking {result.tricks}"
    return f"not the Law 77 score of {played}: a typing error or a manual override"
