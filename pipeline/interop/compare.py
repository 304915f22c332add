"""``compare``: re-score another program's session and say where its figures differ, and why.

1. Detect the options the file was scored with (or take them from the command line): the
   method from the event type, the matchpoint scale from the tops the figures reach, the
   rounding from the decimals printed, and each convention that changes figures (the
   artificial-score rounding, Law 88, ties half to even, sections together or apart, the
   sit-out credit, how totals are made; for IMPs the cross-IMP form and rounding, the
   artificial score per comparison, the datum rule, totals per board) by re-scoring under
   each candidate and keeping the one that explains most figures. The evidence for each is
   listed, and what could not be told from the file is listed as assumed.
2. Re-score with bridgescan's core through the results engine (:mod:`pipeline.interop.score`).
3. Compare per line (score, NS/EW points, percentages, sit-out credits) and per pair (total,
   percentage, VPs), in the file's presentation (centred when it prints centred). A figure
   differs "beyond rounding" when it is further from ours than half a unit of the last
   decimal the file prints in that column.
4. Explain each difference (:mod:`pipeline.interop.reasons`) and group them for a reader: a
   difference another option reproduces is systematic and is shown once per option with its
   count and an example; a real one names file, line, board, pairs, both values and the
   likely reason; figures that follow from another difference (points from a score that is
   not Law 77's, totals from board differences) are shown once, under it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from pipeline.interop.cells import format_decimal
from pipeline.interop.detection import detect_with_assumptions
from pipeline.interop.differences import (
    Difference,
    differs,
    line_differences,
    pair_differences,
    tolerance,
)
from pipeline.interop.memo import rescored
from pipeline.interop.option_words import describe_options
from pipeline.interop.reasons import Explainer, file_sum
from pipeline.interop.records import (
    Competition,
    ImportedSession,
    Scoring,
)
from pipeline.interop.score import Rescored, rescore
from pipeline.results.field_records import FieldOptions
from scoring.event import EventKind

NO_RESULTS = "no results to compare (no result line and no total in the file)"

__all__ = [
    "NO_RESULTS",
    "Difference",
    "Comparison",
    "compare_session",
]


@dataclass(frozen=True)
class Comparison:
    """The outcome of ``compare``: options used (and why), and the differences found."""

    source: str
    options: FieldOptions
    evidence: tuple[str, ...]
    differences: tuple[Difference, ...]
    results_checked: int
    pairs_checked: int
    notes: tuple[str, ...] = field(default=())
    assumed: tuple[str, ...] = field(default=())

    @property
    def method(self) -> Scoring:
        """The scoring method the file was compared as, in the files' word."""
        return Scoring.of(self.options.kind)

    @property
    def agrees(self) -> bool:
        return not self.differences

    @property
    def real(self) -> tuple[Difference, ...]:
        """Differences no option explains and that follow from no other difference."""
        return tuple(d for d in self.differences if d.option is None and not d.follows)

    @property
    def systematic(self) -> dict[str, list[Difference]]:
        """Differences another option reproduces, by that option."""
        groups: dict[str, list[Difference]] = {}
        for difference in self.differences:
            if difference.option is not None and not difference.follows:
                groups.setdefault(difference.option, []).append(difference)
        return groups

    def summary(self) -> str:
        """One line: "no differences", or the counts ("no results to compare" for a file
        with no result line and no total, such as a deal file)."""
        if not self.results_checked and not self.pairs_checked:
            return NO_RESULTS
        if self.agrees:
            return "no differences"
        groups = self.systematic
        follows = sum(1 for d in self.differences if d.follows)
        parts = [f"{len(self.real)} to check"]
        if groups:
            count = sum(len(v) for v in groups.values())
            parts.append(f"{count} systematic ({len(groups)} option{'s' * (len(groups) > 1)})")
        if follows:
            parts.append(f"{follows} following from those")
        return f"{len(self.differences)} differences: " + ", ".join(parts)

    def report(self) -> str:
        """A plain-text report for the director."""
        lines = [
            f"compare {self.source}: {self.results_checked} results, {self.pairs_checked} "
            f"pairs checked",
            f"scored with: {describe_options(self.options)}",
            *(f"  {'' if e.startswith('given') else 'from the file: '}{e}" for e in self.evidence),
            *(f"  assumed: {a}" for a in self.assumed),
            *(f"  note: {n}" for n in self.notes),
        ]
        if self.agrees:
            lines.append(self.summary())
            return "\n".join(lines)
        lines.append(self.summary())
        follows_by_location: dict[object, list[Difference]] = {}
        for difference in self.differences:
            if difference.follows and difference.board is not None:
                follows_by_location.setdefault(difference.location, []).append(difference)
        board_real = [d for d in self.real if d.board is not None]
        if board_real:
            lines.append("on the boards:")
            for difference in board_real:
                lines.append(f"  {difference}")
                for after in follows_by_location.pop(difference.location, []):
                    lines.append(f"      and so: {after.what} {_show(after.theirs)} in the "
                                 f"file, {_show(after.ours)} by bridgescan")  # fmt: skip
        for rest in follows_by_location.values():
            for difference in rest:
                lines.append(f"  {difference}")
        groups = self.systematic
        if groups:
            lines.append("systematic (another convention, not a mistake in a line):")
            for option, members in groups.items():
                example = members[0]
                lines.append(f"  {len(members)} figure{'s' * (len(members) > 1)}: {option};"
                             f" e.g. {_example(example)}")  # fmt: skip
        totals_follow = [d for d in self.differences if d.follows and d.board is None]
        if totals_follow:
            pairs = ", ".join(sorted({d.pair or "" for d in totals_follow}, key=_natural))
            lines.append(f"totals that follow from the board differences above: {pairs}")
        pair_real = [d for d in self.real if d.board is None]
        if pair_real:
            lines.append("pair totals:")
            lines.extend(f"  {d}" for d in pair_real)
        return "\n".join(lines)


def _show(value: Fraction | int | str | None) -> str:
    if isinstance(value, Fraction):
        return format_decimal(value)
    return "-" if value is None else str(value)


def _example(difference: Difference) -> str:
    where = f"board {difference.board} " if difference.board is not None else ""
    who = difference.pair or ""
    return (
        f"{difference.location} {where}{who}: {difference.what} {_show(difference.theirs)} in "
        f"the file, {_show(difference.ours)} by bridgescan"
    )


def _natural(key: str) -> tuple[int, str]:
    digits = "".join(ch for ch in key if ch.isdigit())
    return (int(digits) if digits else 0, key)


# -- comparing ----------------------------------------------------------------------------


def compare_session(
    session: ImportedSession,
    options: FieldOptions | None = None,
    evidence: tuple[str, ...] | None = None,
    assumed: tuple[str, ...] = (),
) -> Comparison:
    """Compare a session's figures with bridgescan's; options detected when not given
    (``evidence`` and ``assumed`` then say where given options came from)."""
    if options is None:
        options, evidence, assumed = detect_with_assumptions(session)
    elif evidence is None:
        evidence = ("options given by the caller",)
    ours = rescored(session, options) or rescore(session, options)  # the error, if any
    explainer = Explainer(session, ours, options)
    found = line_differences(session, ours)
    bad_scores = {d.location for d in found if d.what == "score"}
    with_points = {d.location for d in found if d.what.endswith("points")}
    differences: list[Difference] = []
    for difference in found:
        if difference.what == "NS %":
            if difference.location in with_points:
                difference = replace(difference, reason="follows from the points", follows=True)
            else:
                difference = replace(
                    difference,
                    reason="the percentage is not the points over the top: another top or an "
                    "override",
                )
        elif difference.what == "sit-out":
            difference = explainer.sitout(difference)
        elif difference.what == "match VP":
            difference = replace(
                difference,
                reason="the match's VPs are not the WBF 2013 scale's for its IMPs and boards: "
                "another VP scale or a manual override",
            )
        elif not difference.reason:
            difference = explainer.points(difference, bad_scores)
        differences.append(difference)
    differences += _explained_totals(session, ours, explainer, differences)
    differences += _cumulative_differences(session)
    notes = list(session.notes)
    if options.kind is EventKind.TEAMS:
        notes.append("teams: board IMPs, team VPs and net IMPs are checked")
    if any(p.cumulative_total is not None for p in session.pairs):
        notes.append(
            "cumulative totals over earlier sessions are read but not checked (those "
            "sessions are not in this file); this session's totals are"
        )
    if session.competition is Competition.INDIVIDUALS:
        notes.append("individual event: each player's total is the sum of its sides' points")
    checked = sum(
        1 for p in session.pairs
        if not p.phantom and (p.total is not None or p.percent is not None or p.imps is not None
                              or p.vp is not None)
    )  # fmt: skip
    return Comparison(
        session.source,
        options,
        evidence,
        tuple(differences),
        len(ours.lines),
        checked,
        tuple(notes),
        assumed,
    )


def _cumulative_differences(session: ImportedSession) -> list[Difference]:
    """A multi-session total must be the carry-over plus this session's total (file's own
    figures; the earlier sessions are not in the file to check further)."""
    totals = [p.cumulative_total for p in session.pairs]
    step = tolerance([*totals, *(p.total for p in session.pairs)])
    out = []
    for pair in session.pairs:
        if pair.cumulative_total is None or pair.carry_over is None or pair.total is None:
            continue
        expected = pair.carry_over + pair.total
        if differs(pair.cumulative_total, expected, 2 * step):
            out.append(
                Difference(
                    "cumulative total",
                    pair.location,
                    None,
                    pair.key,
                    pair.cumulative_total,
                    expected,
                    "not the carry-over plus this session's total (both as the file prints "
                    "them): a manual override or a wrong carry-over",
                )
            )
    return out


def _explained_totals(
    session: ImportedSession,
    ours: Rescored,
    explainer: Explainer,
    board_differences: list[Difference],
) -> list[Difference]:
    mp = ours.options.matchpoints
    points = [d for d in board_differences if d.what.endswith("points") or d.what == "sit-out"]
    tolerances = {
        "total": tolerance([p.total if mp else p.imps for p in session.pairs]),
        "percentage": tolerance([p.percent for p in session.pairs]),
        "VP": tolerance([p.vp for p in session.pairs]),
    }
    out = []
    for difference in pair_differences(session, ours):
        if difference.what == "missing":
            out.append(difference)
            continue
        key = difference.pair or ""
        boards = sorted(
            {
                d.board
                for d in points
                if d.board is not None and d.pair and key in d.pair.split(" v ")
            }
        )
        results = [
            line.result
            for line in ours.lines
            if key in (session.ns_key(line.result), session.ew_key(line.result))
        ]
        their_sum = file_sum(session, key, results, mp)
        theirs = difference.theirs
        assert isinstance(theirs, Fraction)
        follows = bool(boards) and (
            difference.what != "total"
            or (their_sum is not None and not differs(theirs, their_sum, tolerances["total"]))
        )
        if follows:
            out.append(
                replace(
                    difference,
                    reason="follows from the differences on board(s) "
                    + ", ".join(map(str, boards)),
                    follows=True,
                )
            )
            continue
        reason, option = explainer.total(key, theirs, difference.what, tolerances[difference.what])
        out.append(replace(difference, reason=reason, option=option))
    return _overrides_alone(out)


def _overrides_alone(totals: list[Difference]) -> list[Difference]:
    """A total no board and no option explains is a manual override only when it is one
    pair's; the same for several pairs is a rule bridgescan does not know."""
    unexplained = {
        d.pair for d in totals if d.option is None and not d.follows and d.what != "missing"
    }
    if len(unexplained) < 2:
        return totals
    reason = (
        f"bridgescan does not know why: the totals of {len(unexplained)} pairs are not the sum "
        "of their boards and no convention it knows reproduces them"
    )
    return [
        replace(d, reason=reason)
        if d.option is None and not d.follows and d.what != "missing"
        else d
        for d in totals
    ]
