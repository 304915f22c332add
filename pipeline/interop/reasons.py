"""Why a figure differs: re-score under the alternatives and name the one that explains it.

The order of the checks is documented in docs/interop.md ("compare").
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from pipeline.interop.differences import Difference, differs, line_tolerances
from pipeline.interop.records import ImportedResult, ImportedSession, Location, Scoring
from pipeline.interop.rescore import Rescored, RescoreOptions, rescore
from scoring.imps import CrossImps, DatumRule
from scoring.matchpoints import Scale
from scoring.options import AdjustedRounding, Rounding
from scoring.outcome import Artificial

__all__ = ["why_points", "why_total", "file_sum", "with_scoring"]


def why_points(
    session: ImportedSession, ours: Rescored, difference: Difference, bad_scores: set[Location]
) -> str:
    """Re-score under alternatives and name the first that reproduces the file's figure."""
    theirs = difference.theirs
    if not isinstance(theirs, Fraction):
        return "differs"
    line = next(line for line in ours.lines if line.result.location == difference.location)
    side = 0 if difference.what.startswith("NS") else 1
    mine = (line.ns, line.ew)[side]
    options = ours.options
    tolerance, _ = line_tolerances(session)
    if difference.location in bad_scores:
        return "follows from the score in the file, which is not Law 77's"
    alternatives: list[tuple[str, RescoreOptions]] = []
    other_scale = (
        Scale.ONE_HALF_ZERO if options.scoring.scale is Scale.TWO_ONE_ZERO else Scale.TWO_ONE_ZERO
    )
    alternatives.append(
        (f"scored on the {other_scale.value} scale", with_scoring(options, scale=other_scale))
    )
    for rounding in Rounding:
        if rounding is not options.scoring.neuberg_rounding:
            alternatives.append(
                (
                    f"Neuberg rounding {rounding.value}",
                    with_scoring(options, neuberg_rounding=rounding),
                )
            )
    other_adjusted = (
        AdjustedRounding.SWEDISH
        if options.scoring.adjusted_rounding is AdjustedRounding.PLAIN
        else AdjustedRounding.PLAIN
    )
    alternatives.append(
        (
            f"adjusted score rounded {other_adjusted.value}",
            with_scoring(options, adjusted=other_adjusted),
        )
    )
    alternatives.append(("no Neuberg factoring (board's own top)", replace(options, normal=None)))
    if line.result.adjustment is not None and options.method is Scoring.MATCHPOINTS:
        law88 = options.scoring.law88
        label = (
            "Law 88 not applied (a plain 60%, not the pair's higher session percentage)"
            if law88
            else "Law 88 applied (the pair's session percentage when above 60%)"
        )
        alternatives.insert(0, (label, with_scoring(options, law88=not law88)))
    if options.method is Scoring.BUTLER:
        for k in (0, 1, 2):
            label = f"datum with {k} top/bottom dropped"
            alternatives.append((label, replace(options, datum=DatumRule(k))))
    if options.method is Scoring.CROSS_IMPS:
        alternatives.append(("cross-IMPs summed", replace(options, cross_imps=CrossImps.SUM)))
        alternatives.append(("cross-IMPs unrounded", replace(options, imp_rounding=None)))
    for label, alternative in alternatives:
        if label.startswith("no Neuberg") and not line.factored:
            continue
        if alternative == options:
            continue
        try:
            if label.startswith("Law 88"):
                other = rescore(session, alternative)  # needs the pair's other boards
            else:
                other = _board_only(session, line.result.board, alternative)
        except ValueError:
            continue
        same = next((x for x in other.lines if x.result.location == difference.location), None)
        if same is not None and not differs(theirs, (same.ns, same.ew)[side], tolerance):
            return f"different option: {label}"
    other_side = (line.result.ew_mp, line.result.ns_mp)[side]
    if line.top is not None and other_side is not None and not line.factored:
        if theirs + other_side != line.top and line.result.adjustment is None:
            return "NS and EW points do not add up to the top: a manual override of one side"
    if abs(theirs - mine) <= 2 * tolerance:
        return "rounding of the points (a different rounding step)"
    return "manual override in the source file (no scoring option explains it)"


_OPTION_FIELDS = {
    "scale": "scale",
    "neuberg_rounding": "neuberg_rounding",
    "adjusted": "adjusted_rounding",
    "law88": "law88",
}


def with_scoring(options: RescoreOptions, **changes: object) -> RescoreOptions:
    fields = {_OPTION_FIELDS[name]: value for name, value in changes.items()}
    return replace(options, scoring=replace(options.scoring, **fields))  # type: ignore[arg-type]


def _board_only(session: ImportedSession, board: int, options: RescoreOptions) -> Rescored:
    """Re-score one board; ``options.normal`` None means the board's own top (no Neuberg)."""
    one = replace(session, boards=tuple(b for b in session.boards if b.number == board))
    if options.normal is None:
        # The board's own top: only the compared results, N = their number.
        compared = tuple(r for r in one.boards[0].results if not _artificial(r))
        one = replace(one, boards=(replace(one.boards[0], results=compared),))
        return rescore(one, replace(options, normal=max(1, len(compared))))
    return rescore(one, options)


def _artificial(result: ImportedResult) -> bool:
    return result.adjustment is not None and isinstance(result.adjustment.ns, Artificial)


def file_sum(
    session: ImportedSession, key: str, results: list[ImportedResult], mp: bool
) -> Fraction | None:
    """The pair's total as the file's own board figures add up (None if any is missing)."""
    total = Fraction(0)
    for result in results:
        ns_side = session.ns_key(result) == key
        if mp:
            value = result.ns_mp if ns_side else result.ew_mp
        else:
            value = result.ns_imps if ns_side else result.ew_imps
        if value is None:
            return None
        total += value
    return total


def why_total(
    session: ImportedSession,
    ours: Rescored,
    key: str,
    theirs: Fraction | None,
    what: str,
    tolerance: Fraction,
) -> str:
    if theirs is None:
        return "differs"
    exact_options = with_scoring(ours.options, neuberg_rounding=Rounding.EXACT)
    exact = rescore(session, exact_options).pair(key)
    if exact is not None:
        value = exact.total if what == "total" else exact.percent
        if value is not None and not differs(theirs, value, tolerance):
            return "totals made from unrounded board scores (rounding of the total)"
    return "manual override of the pair's total in the source file (not the sum of its boards)"
