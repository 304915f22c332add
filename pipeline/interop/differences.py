"""What ``compare`` reports: a difference, the rounding tolerance, and the line checks.

Shared by ``compare`` (which finds differences) and ``reasons`` (which explains them).
Figures are compared in the file's own presentation: when a file prints centred
matchpoints (``Presentation.CENTRED``), bridgescan's points are centred first
(``pipeline.interop.centred``), so a difference shows the number the file prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pipeline.interop.cells import format_decimal
from pipeline.interop.records import (
    ImportedResult,
    ImportedSession,
    Location,
)
from pipeline.interop.score import Rescored
from pipeline.results.field_records import LineScore, PairScore
from scoring.event import EventKind
from scoring.presentation import Presentation, centre, centred_total

__all__ = [
    "Difference",
    "tolerance",
    "line_tolerances",
    "differs",
    "line_differences",
    "shown_points",
    "shown_total",
    "pair_differences",
    "count_differences",
    "decimals",
]


@dataclass(frozen=True)
class Difference:
    """One figure where the file and bridgescan disagree beyond rounding.

    ``theirs`` and ``ours`` are in the file's presentation (centred when it prints centred).
    ``group`` names the kind of explanation (``compare`` groups systematic ones: another
    option explains them) and ``option`` the option that would reproduce the figure.
    """

    what: str
    """"score", "NS points", "EW points", "NS %", "sit-out", "total", "percentage",
    "VP", "missing"."""
    location: Location
    board: int | None
    pair: str | None
    theirs: Fraction | int | str | None
    ours: Fraction | int | str | None
    reason: str
    option: str | None = None
    """When another option reproduces the file's figure: that option, in words."""
    follows: bool = False
    """A figure that follows from another difference (a total from board differences,
    points from a score that is not Law 77's)."""

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
    denominator = value.denominator  # integers only: called for every figure of a file
    for places in range(5):
        if 10**places % denominator == 0:
            return places
    return 4


def tolerance(values: list[Fraction | None]) -> Fraction:
    """Half a unit of the last decimal the file prints for this kind of figure.

    Programs print a column with fixed decimals and may drop trailing zeros ("3" for
    "3.0"), so the precision is the most decimals seen in the column, not per figure.
    """
    places = max((decimals(v) for v in values if v is not None), default=0)
    return Fraction(1, 2 * 10**places)


_TOLERANCES: list[tuple[ImportedSession, tuple[Fraction, Fraction]]] = []


def line_tolerances(session: ImportedSession) -> tuple[Fraction, Fraction]:
    """Tolerances for points (MP or IMPs) and for percentages on the result lines.

    ``compare`` asks for them once per re-scoring, so the last few are kept (by identity:
    a session is immutable).
    """
    for known, value in _TOLERANCES:
        if known is session:
            return value
    points = [v for r in session.results for v in (r.ns_mp, r.ew_mp, r.ns_imps, r.ew_imps)]
    points += [s.points for s in session.sitouts]
    percents = [v for r in session.results for v in (r.ns_percent, r.ew_percent)]
    value = (tolerance(points), tolerance(percents))
    _TOLERANCES.insert(0, (session, value))
    del _TOLERANCES[4:]
    return value


def differs(theirs: Fraction | None, ours: Fraction | None, tolerance: Fraction) -> bool:
    if theirs is None or ours is None or theirs == ours:  # most figures agree exactly
        return False
    return abs(theirs - ours) > tolerance


def shown_points(session: ImportedSession, line: LineScore) -> tuple[Fraction, Fraction]:
    """Our NS and EW figures as the file presents them (centred or points)."""
    if session.presentation is Presentation.CENTRED and line.top is not None:
        return centre(line.ns, line.top), centre(line.ew, line.top)
    return line.ns, line.ew


def line_differences(session: ImportedSession, ours: Rescored) -> list[Difference]:
    """Each figure of each line that differs from ours beyond rounding (reason still empty
    for points: ``reasons`` fills it in)."""
    out: list[Difference] = []
    points_tolerance, percent_tolerance = line_tolerances(session)
    mp = ours.options.matchpoints
    for line in ours.lines:
        r = line.result
        if r.adjustment is None and r.ns_score is not None and line.law77_ns is not None:
            if r.ns_score != line.law77_ns:
                reason = _why_score(r)
                out.append(_diff("score", line, session, r.ns_score, line.law77_ns, reason))
        theirs_ns, theirs_ew = (r.ns_mp, r.ew_mp) if mp else (r.ns_imps, r.ew_imps)
        ns, ew = shown_points(session, line) if mp else (line.ns, line.ew)
        for what, theirs, mine in (("NS points", theirs_ns, ns), ("EW points", theirs_ew, ew)):
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
    out += _sitout_differences(session, ours, points_tolerance)
    if ours.options.kind is EventKind.TEAMS:
        out += _match_differences(session, ours)
    return out


def _match_differences(session: ImportedSession, ours: Rescored) -> list[Difference]:
    """A team match's VPs as the file prints them beside its boards (once per match)."""
    matches = {(m.round, frozenset(m.teams)): m for m in ours.matches}
    vp_tolerance = tolerance([v for r in session.results if r.match_vp for v in r.match_vp])
    seen: set[tuple[int | None, frozenset[str]]] = set()
    out = []
    for result in session.results:
        if result.match_vp is None or result.home_team is None or result.away_team is None:
            continue
        key = (result.round, frozenset((result.home_team, result.away_team)))
        match = matches.get(key)
        if match is None or key in seen:
            continue
        seen.add(key)
        vp = dict(zip(match.teams, match.vp, strict=True))
        theirs = result.match_vp
        ours_vp = (vp[result.home_team], vp[result.away_team])
        if differs(theirs[0], ours_vp[0], vp_tolerance) or differs(
            theirs[1], ours_vp[1], vp_tolerance
        ):
            who = f"{result.home_team} v {result.away_team}"
            out.append(
                Difference(
                    "match VP",
                    result.location,
                    None,
                    who,
                    f"{_show(theirs[0])}-{_show(theirs[1])}",
                    f"{_show(ours_vp[0])}-{_show(ours_vp[1])}",
                    "",
                )
            )
    return out


def _sitout_differences(
    session: ImportedSession, ours: Rescored, points_tolerance: Fraction
) -> list[Difference]:
    credit = {(s.key, s.board): s for s in ours.sitouts}
    out = []
    for sitout in session.sitouts:
        if sitout.points is None:
            continue
        key = session.sitout_key(sitout)
        mine = credit.get((key, sitout.board))
        ours_points = None if mine is None else mine.points
        shown: Fraction | None = ours_points
        if shown is not None and mine is not None and session.presentation is Presentation.CENTRED:
            shown = centre(shown, mine.top)
        if ours_points is None:
            # No credit under our options: the file's figure is a credit we do not give.
            if session.presentation is Presentation.CENTRED or sitout.points != 0:
                out.append(
                    Difference(
                        "sit-out", sitout.location, sitout.board, key, sitout.points, None, ""
                    )
                )
            continue
        if differs(sitout.points, shown, points_tolerance):
            out.append(
                Difference("sit-out", sitout.location, sitout.board, key, sitout.points, shown, "")
            )
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


def shown_total(
    session: ImportedSession, pair: PairScore, what: str, matchpoints: bool
) -> Fraction | None:
    """Our total or percentage as the file presents it."""
    if what == "percentage":
        return pair.percent if matchpoints else None
    if what == "VP":
        return pair.vp
    if matchpoints and session.presentation is Presentation.CENTRED:
        return centred_total(pair.total, pair.available)
    return pair.total


def pair_differences(session: ImportedSession, ours: Rescored) -> list[Difference]:
    """Pair totals, percentages and VPs that differ (reasons still empty)."""
    mp = ours.options.matchpoints
    tolerances = {
        "total": tolerance([p.total if mp else p.imps for p in session.pairs]),
        "percentage": tolerance([p.percent for p in session.pairs]),
        "VP": tolerance([p.vp for p in session.pairs]),
    }
    out = []
    for pair in session.pairs:
        if pair.phantom:
            continue
        mine = ours.pair(pair.key)
        theirs_total = pair.total if mp else pair.imps
        if mine is None:
            if theirs_total is not None or pair.percent is not None:
                out.append(
                    Difference(
                        "missing", pair.location, None, pair.key, theirs_total, None,
                        "the file totals a pair that has no result line",
                    )
                )  # fmt: skip
            continue
        for what, theirs in (
            ("total", theirs_total),
            ("percentage", pair.percent),
            ("VP", pair.vp),
        ):
            value = shown_total(session, mine, what, ours.options.matchpoints)
            if differs(theirs, value, tolerances[what]):
                out.append(Difference(what, pair.location, None, pair.key, theirs, value, ""))
    return out


def count_differences(session: ImportedSession, ours: Rescored) -> int:
    """How many of the file's figures ``ours`` does not reproduce (lines, sit-outs, totals)."""
    return len(line_differences(session, ours)) + len(pair_differences(session, ours))
