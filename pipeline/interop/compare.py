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

from pipeline.interop.cells import format_decimal
from pipeline.interop.differences import (
    Difference,
    decimals,
    differs,
    line_differences,
    tolerance,
)
from pipeline.interop.reasons import file_sum, why_points, why_total
from pipeline.interop.records import ImportedSession, Scoring
from pipeline.interop.rescore import RescoreOptions, rescore
from scoring.imps import CrossImps, DatumRule
from scoring.matchpoints import Scale
from scoring.options import AdjustedRounding, Rounding, ScoringOptions

__all__ = ["Difference", "Comparison", "detect_options", "compare_session"]


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
    places = max((decimals(v) for v in figures), default=1)
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
    return len(line_differences(session, rescore(session, options)))


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


def compare_session(session: ImportedSession, options: RescoreOptions | None = None) -> Comparison:
    """Compare a session's figures with bridgescan's; options detected when not given."""
    evidence: tuple[str, ...]
    if options is None:
        options, evidence = detect_options(session)
    else:
        evidence = ("options given by the caller",)
    ours = rescore(session, options)
    found = line_differences(session, ours)
    bad_scores = {d.location for d in found if d.what == "score"}
    with_points = {d.location for d in found if d.what.endswith("points")}
    differences: list[Difference] = []
    for difference in found:
        if difference.what == "NS %":
            reason = (
                "follows from the points"
                if difference.location in with_points
                else "the percentage is not the points over the top: another top or an override"
            )
            difference = replace(difference, reason=reason)
        elif not difference.reason:
            reason = why_points(session, ours, difference, bad_scores)
            difference = replace(difference, reason=reason)
        differences.append(difference)
    point_differences = [d for d in differences if d.what.endswith("points")]
    pairs_checked = 0
    mp = options.method is Scoring.MATCHPOINTS
    tolerances = {
        "total": tolerance([p.total if mp else p.imps for p in session.pairs]),
        "percentage": tolerance([p.percent for p in session.pairs]),
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
        their_sum = file_sum(session, pair.key, [line.result for line in own_lines], mp)
        for what, theirs, value in (
            ("total", theirs_total, mine.total),
            ("percentage", pair.percent, mine.percent if mp else None),
        ):
            if differs(theirs, value, tolerances[what]):
                follows = what == "percentage" or (
                    their_sum is not None and not differs(theirs, their_sum, tolerances[what])
                )
                reason = (
                    f"follows from the differences on board(s) {', '.join(map(str, boards))}"
                    if boards and follows
                    else why_total(session, ours, pair.key, theirs, what, tolerances[what])
                )
                differences.append(
                    Difference(what, pair.location, None, pair.key, theirs, value, reason)
                )
    notes = session.notes
    if teams:
        notes = (*notes, "teams: board IMPs are checked, match totals and VPs are not")
    return Comparison(
        session.source,
        options,
        evidence,
        tuple(differences),
        len(ours.lines),
        pairs_checked,
        notes,
    )
