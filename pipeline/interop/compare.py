"""``compare``: re-score another program's session and say where its figures differ, and why.

1. Detect the options the file was scored with (or take them from the command line): the
   matchpoint scale from the tops the figures reach, the rounding from the decimals printed,
   the method from the event type; IMP events try both cross-IMP forms and datum rules.
2. Re-score with bridgescan's core (:mod:`pipeline.interop.rescore`).
3. Compare per result (score, NS/EW points, percentages) and per pair (total, percentage).
   A figure differs "beyond rounding" when it is further from ours than half a unit of the
   last decimal the file prints (a file printing 10.3 may stand for 10.25 ... 10.35).
4. For every difference give the likely reason, found by re-scoring that line under the
   alternatives: a score that is not Law 77's, a different scale, Neuberg not applied or
   rounded differently, artificial scores rounded by the Swedish rule or plainly, a
   different datum rule or cross-IMP form, NS+EW not adding up to the top (a manual
   override of one side), totals made from unrounded boards, or -- when nothing explains
   it -- a manual override in the source file.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from pipeline.interop.cells import format_decimal
from pipeline.interop.records import ImportedResult, ImportedSession, Location, Scoring
from pipeline.interop.rescore import LineScore, Rescored, RescoreOptions, rescore
from scoring.imps import CrossImps, DatumRule
from scoring.matchpoints import Scale
from scoring.options import AdjustedRounding, Rounding, ScoringOptions
from scoring.outcome import Artificial

__all__ = ["Difference", "Comparison", "detect_options", "compare_session"]


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


@dataclass(frozen=True)
class Comparison:
    """The outcome of ``compare``: options used (and why), and the differences found."""

    source: str
    options: RescoreOptions
    evidence: tuple[str, ...]
    differences: tuple[Difference, ...]
    results_checked: int
    pairs_checked: int
    notes: tuple[str, ...] = field(default=())

    @property
    def agrees(self) -> bool:
        return not self.differences

    def report(self) -> str:
        """A plain-text report for the director."""
        o = self.options
        lines = [
            f"compare {self.source}: {self.results_checked} results, {self.pairs_checked} pairs",
            f"options: {o.method.value}, scale {o.scoring.scale.value}, Neuberg rounding "
            f"{o.scoring.neuberg_rounding.value}, adjusted {o.scoring.adjusted_rounding.value}",
            *(f"  detected: {e}" for e in self.evidence),
            *(f"  note: {n}" for n in self.notes),
        ]
        if self.agrees:
            lines.append("no differences beyond rounding")
        else:
            lines.append(f"{len(self.differences)} differences beyond rounding:")
            lines.extend(f"  {d}" for d in self.differences)
        return "\n".join(lines)


def _decimals(value: Fraction) -> int:
    """Decimals needed to print ``value`` as the file did (at most 4)."""
    for places in range(5):
        if (value * 10**places).denominator == 1:
            return places
    return 4


def _tolerance(values: list[Fraction | None]) -> Fraction:
    """Half a unit of the last decimal the file prints for this kind of figure.

    Programs print a column with fixed decimals and may drop trailing zeros ("3" for
    "3.0"), so the precision is the most decimals seen in the column, not per figure.
    """
    places = max((_decimals(v) for v in values if v is not None), default=0)
    return Fraction(1, 2 * 10**places)


def _line_tolerances(session: ImportedSession) -> tuple[Fraction, Fraction]:
    """Tolerances for points (MP or IMPs) and for percentages on the result lines."""
    points = [v for r in session.results for v in (r.ns_mp, r.ew_mp, r.ns_imps, r.ew_imps)]
    percents = [v for r in session.results for v in (r.ns_percent, r.ew_percent)]
    return _tolerance(points), _tolerance(percents)


def _differs(theirs: Fraction | None, ours: Fraction | None, tolerance: Fraction) -> bool:
    if theirs is None or ours is None:
        return False
    return abs(theirs - ours) > tolerance


def detect_options(session: ImportedSession) -> tuple[RescoreOptions, tuple[str, ...]]:
    """The options that best explain the file's figures, with the evidence for each."""
    evidence: list[str] = []
    method = session.scoring
    if method is Scoring.UNKNOWN:
        method = Scoring.MATCHPOINTS
        evidence.append("scoring method not stated: matchpoints assumed")
    else:
        evidence.append(f"scoring method {method.value} from the file")
    counts = [len(b.results) for b in session.boards if b.results]
    normal = max(counts) if counts else 1
    scale = Scale.TWO_ONE_ZERO
    sums = [
        r.ns_mp + r.ew_mp
        for b in session.boards
        if len(b.results) == normal and all(r.adjustment is None for r in b.results)
        for r in b.results
        if r.ns_mp is not None and r.ew_mp is not None
    ]
    if sums and normal > 1:
        common = max(set(sums), key=sums.count)
        if common == normal - 1:
            scale = Scale.ONE_HALF_ZERO
        verdict = (
            f"scale {scale.value}"
            if common in (2 * (normal - 1), normal - 1)
            else "matches neither scale's top: 2-1-0 assumed"
        )
        evidence.append(
            f"NS+EW points on full boards mostly {format_decimal(common)} with {normal} "
            f"results: {verdict}"
        )
    figures = [
        value
        for r in session.results
        for value in (r.ns_mp, r.ew_mp, r.ns_imps, r.ew_imps)
        if value is not None
    ]
    places = max((_decimals(v) for v in figures), default=1)
    rounding = {0: Rounding.TENTH, 1: Rounding.TENTH, 2: Rounding.HUNDREDTH}.get(
        places, Rounding.EXACT
    )
    evidence.append(f"figures printed with up to {places} decimals: rounding {rounding.value}")
    base = RescoreOptions(
        scoring=ScoringOptions(scale=scale, neuberg_rounding=rounding),
        method=method,
        normal=normal,
    )
    options = _best_adjusted(session, base, evidence)
    if method in (Scoring.CROSS_IMPS, Scoring.BUTLER):
        options = _best_imps(session, options, evidence)
    return options, tuple(evidence)


def _mismatches(session: ImportedSession, options: RescoreOptions) -> int:
    return sum(1 for d in _line_differences(session, rescore(session, options)) if d)


def _mismatches_or_many(session: ImportedSession, options: RescoreOptions) -> int:
    """Mismatches under ``options``; options the session cannot be scored with rank last."""
    try:
        return _mismatches(session, options)
    except ValueError:  # e.g. a datum dropping more scores than a board has
        return 10**9


def _best_adjusted(
    session: ImportedSession, base: RescoreOptions, evidence: list[str]
) -> RescoreOptions:
    if not any(r.adjustment is not None for r in session.results):
        return base
    swedish = replace(
        base, scoring=replace(base.scoring, adjusted_rounding=AdjustedRounding.SWEDISH)
    )
    if _mismatches(session, swedish) < _mismatches(session, base):
        evidence.append("artificial scores match the Swedish rounding rule (seed 004)")
        return swedish
    evidence.append("artificial scores: plain percentage of the top")
    return base


def _best_imps(
    session: ImportedSession, base: RescoreOptions, evidence: list[str]
) -> RescoreOptions:
    candidates = [base]
    if base.method is Scoring.CROSS_IMPS:
        candidates += [
            replace(base, cross_imps=CrossImps.SUM),
            replace(base, imp_rounding=None),
            replace(base, cross_imps=CrossImps.SUM, imp_rounding=None),
        ]
    else:
        candidates += [replace(base, datum=DatumRule(drop=k)) for k in (1, 2)]
    best = min(candidates, key=lambda o: _mismatches_or_many(session, o))
    evidence.append(
        f"IMPs: cross-IMPs {best.cross_imps.value}, datum drops {best.datum.drop} high/low"
    )
    return best


def _line_differences(session: ImportedSession, ours: Rescored) -> list[Difference | None]:
    out: list[Difference | None] = []
    tolerance, percent_tolerance = _line_tolerances(session)
    mp = ours.options.method is Scoring.MATCHPOINTS
    for line in ours.lines:
        r = line.result
        if r.adjustment is None and r.ns_score is not None and line.law77_ns is not None:
            if r.ns_score != line.law77_ns:
                reason = _why_score(r)
                out.append(_diff("score", line, session, r.ns_score, line.law77_ns, reason))
        if ours.options.method is Scoring.TEAMS:
            continue  # match IMPs need the two tables of a match: not re-scored (docs)
        theirs_ns, theirs_ew = (r.ns_mp, r.ew_mp) if mp else (r.ns_imps, r.ew_imps)
        for what, theirs, mine in (
            ("NS points", theirs_ns, line.ns),
            ("EW points", theirs_ew, line.ew),
        ):
            if _differs(theirs, mine, tolerance):
                out.append(_diff(what, line, session, theirs, mine, ""))
        if mp and _differs(r.ns_percent, line.ns_percent, percent_tolerance):
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


def _why_points(
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
    tolerance, _ = _line_tolerances(session)
    if difference.location in bad_scores:
        return "follows from the score in the file, which is not Law 77's"
    alternatives: list[tuple[str, RescoreOptions]] = []
    other_scale = (
        Scale.ONE_HALF_ZERO if options.scoring.scale is Scale.TWO_ONE_ZERO else Scale.TWO_ONE_ZERO
    )
    alternatives.append(
        (f"scored on the {other_scale.value} scale", _with(options, scale=other_scale))
    )
    for rounding in Rounding:
        if rounding is not options.scoring.neuberg_rounding:
            alternatives.append(
                (f"Neuberg rounding {rounding.value}", _with(options, neuberg_rounding=rounding))
            )
    other_adjusted = (
        AdjustedRounding.SWEDISH
        if options.scoring.adjusted_rounding is AdjustedRounding.PLAIN
        else AdjustedRounding.PLAIN
    )
    alternatives.append(
        (f"adjusted score rounded {other_adjusted.value}", _with(options, adjusted=other_adjusted))
    )
    alternatives.append(("no Neuberg factoring (board's own top)", replace(options, normal=None)))
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
            other = _board_only(session, line.result.board, alternative)
        except ValueError:
            continue
        same = next((x for x in other.lines if x.result.location == difference.location), None)
        if same is not None and not _differs(theirs, (same.ns, same.ew)[side], tolerance):
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
}


def _with(options: RescoreOptions, **changes: object) -> RescoreOptions:
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


def compare_session(session: ImportedSession, options: RescoreOptions | None = None) -> Comparison:
    """Compare a session's figures with bridgescan's; options detected when not given."""
    evidence: tuple[str, ...]
    if options is None:
        options, evidence = detect_options(session)
    else:
        evidence = ("options given by the caller",)
    ours = rescore(session, options)
    found = [d for d in _line_differences(session, ours) if d is not None]
    bad_scores = {d.location for d in found if d.what == "score"}
    differences: list[Difference] = []
    for difference in found:
        if not difference.reason:
            reason = _why_points(session, ours, difference, bad_scores)
            difference = replace(difference, reason=reason)
        differences.append(difference)
    point_differences = [d for d in differences if d.what.endswith("points")]
    pairs_checked = 0
    mp = options.method is Scoring.MATCHPOINTS
    tolerances = {
        "total": _tolerance([p.total if mp else p.imps for p in session.pairs]),
        "percentage": _tolerance([p.percent for p in session.pairs]),
    }
    teams = options.method is Scoring.TEAMS
    for pair in () if teams else session.pairs:
        mine = ours.pair(pair.key)
        theirs_total = pair.total if mp else pair.imps
        if theirs_total is None and pair.percent is None:
            continue
        pairs_checked += 1
        if mine is None:
            differences.append(
                Difference(
                    "missing",
                    pair.location,
                    None,
                    pair.key,
                    theirs_total,
                    None,
                    "the file totals a pair that has no result line",
                )  # fmt: skip
            )
            continue
        own_lines = [
            line
            for line in ours.lines
            if pair.key in (session.ns_key(line.result), session.ew_key(line.result))
        ]
        boards = sorted(
            {
                d.board
                for d in point_differences
                if d.board is not None and d.pair and pair.key in d.pair.split(" v ")
            }
        )
        file_sum = _file_sum(session, pair.key, [line.result for line in own_lines], mp)
        for what, theirs, value in (
            ("total", theirs_total, mine.total),
            ("percentage", pair.percent, mine.percent if mp else None),
        ):
            if _differs(theirs, value, tolerances[what]):
                follows = what == "percentage" or (
                    file_sum is not None and not _differs(theirs, file_sum, tolerances[what])
                )
                reason = (
                    f"follows from the differences on board(s) {', '.join(map(str, boards))}"
                    if boards and follows
                    else _why_total(session, ours, pair.key, theirs, what, tolerances[what])
                )
                differences.append(
                    Difference(what, pair.location, None, pair.key, theirs, value, reason)
                )
    notes = session.notes
    if teams:
        notes = (*notes, "teams: only the Law 77 scores are checked, not match IMPs or VPs")
    return Comparison(
        session.source,
        options,
        evidence,
        tuple(differences),
        len(ours.lines),
        pairs_checked,
        notes,
    )


def _file_sum(
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


def _why_total(
    session: ImportedSession,
    ours: Rescored,
    key: str,
    theirs: Fraction | None,
    what: str,
    tolerance: Fraction,
) -> str:
    if theirs is None:
        return "differs"
    exact_options = _with(ours.options, neuberg_rounding=Rounding.EXACT)
    exact = rescore(session, exact_options).pair(key)
    if exact is not None:
        value = exact.total if what == "total" else exact.percent
        if value is not None and not _differs(theirs, value, tolerance):
            return "totals made from unrounded board scores (rounding of the total)"
    return "manual override of the pair's total in the source file (not the sum of its boards)"
