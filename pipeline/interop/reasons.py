"""Why a figure differs: re-score under the alternatives and name the one that explains it.

Each alternative (another option than the one ``compare`` settled on) re-scores the whole
session once, lazily, and every difference is looked up in it, so explaining hundreds of
differences costs a handful of re-scorings. The order of the checks is documented in
docs/interop.md ("compare").
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from fractions import Fraction

from pipeline.interop.differences import (
    Difference,
    count_differences,
    differs,
    line_differences,
    line_tolerances,
    shown_points,
    shown_total,
)
from pipeline.interop.memo import rescored
from pipeline.interop.option_words import describe_adjusted, describe_credit
from pipeline.interop.records import (
    ImportedResult,
    ImportedSession,
    Location,
)
from pipeline.interop.score import Rescored
from pipeline.results.field_records import FieldOptions, LineScore
from scoring.event import EventKind
from scoring.matchpoints import Scale
from scoring.options import (
    AdjustedRounding,
    CrossImps,
    ImpTotals,
    Rounding,
    SitoutCredit,
    TieRounding,
)
from scoring.presentation import Presentation, centre

__all__ = [
    "Explainer",
    "alternatives",
    "file_sum",
    "with_scoring",
]


def with_scoring(options: FieldOptions, **changes: object) -> FieldOptions:
    """``options`` with some scoring options changed (by ScoringOptions field name)."""
    return replace(options, scoring=replace(options.scoring, **changes))  # type: ignore[arg-type]


def alternatives(
    options: FieldOptions, session: ImportedSession
) -> Iterator[tuple[str, FieldOptions]]:
    """Every convention that changes figures, as (words, the options with it) one step away
    from ``options``: the table both detection (which takes the one that explains the file)
    and the reasons (which name it) read, so a convention named is a convention tried."""
    s = options.scoring
    adjusted = any(r.adjustment is not None for r in session.results)
    if len(session.sections) > 1 and options.kind is not EventKind.TEAMS:
        label = "sections scored apart" if options.across_sections else "sections scored together"
        yield label, replace(options, across_sections=not options.across_sections)
    if options.kind is EventKind.PAIRS_MATCHPOINTS:
        if adjusted:
            label = (
                "Law 88 not applied (a plain 60%, not the pair's higher session percentage)"
                if s.law88
                else "Law 88 applied (the pair's session percentage when above 60%)"
            )
            yield label, with_scoring(options, law88=not s.law88)
            for value in AdjustedRounding:
                if value is not s.adjusted_rounding:
                    yield describe_adjusted(value), with_scoring(options, adjusted_rounding=value)
        other = Scale.ONE_HALF_ZERO if s.scale is Scale.TWO_ONE_ZERO else Scale.TWO_ONE_ZERO
        yield f"scored on the {other.value} scale", with_scoring(options, scale=other)
        for rounding in Rounding:
            if rounding is not s.neuberg_rounding:
                label = f"Neuberg rounding {rounding.value}"
                yield label, with_scoring(options, neuberg_rounding=rounding)
        if s.ties is not TieRounding.HALF_TO_EVEN:
            yield (
                "exact ties rounded half to even",
                with_scoring(options, ties=TieRounding.HALF_TO_EVEN),
            )
        yield "no Neuberg factoring (each board's own top)", replace(options, own_top=True)
        if session.sitouts:
            for credit in SitoutCredit:
                if credit is not s.sitout_credit:
                    yield describe_credit(credit), with_scoring(options, sitout_credit=credit)
        yield (
            "totals from unrounded board scores",
            with_scoring(options, totals_from_rounded=False, percentage_from_rounded=False),
        )
        yield (
            "percentage of the total rounded to 0.01 (ACBLscore)",
            with_scoring(options, percentage_from_total_rounded_to=Rounding.HUNDREDTH),
        )
        return
    if options.kind is EventKind.PAIRS_BUTLER:
        for drop in (0, 1, 2):
            if drop != s.datum_drop:
                yield (
                    f"datum with {drop} top/bottom dropped",
                    with_scoring(options, datum_drop=drop),
                )
    if options.kind is EventKind.PAIRS_CROSS_IMPS:
        other_form = CrossImps.SUM if s.cross_imps is CrossImps.AVERAGE else CrossImps.AVERAGE
        yield f"cross-IMPs {other_form.value}", with_scoring(options, cross_imps=other_form)
        for rounding in (Rounding.EXACT, Rounding.HUNDREDTH):
            if rounding is not s.cross_imp_rounding:
                yield (
                    f"cross-IMPs rounded {rounding.value}",
                    with_scoring(options, cross_imp_rounding=rounding),
                )
        if adjusted and s.artificial_imps_per_comparison is not None:
            yield (
                "artificial scores 3 IMPs for the board (Law 86A)",
                with_scoring(options, artificial_imps_per_comparison=None),
            )
    if options.kind in (EventKind.PAIRS_BUTLER, EventKind.PAIRS_CROSS_IMPS):
        other_total = ImpTotals.PER_BOARD if s.imp_totals is ImpTotals.SUM else ImpTotals.SUM
        yield f"IMP totals {other_total.value}", with_scoring(options, imp_totals=other_total)


def _board_figures(session: ImportedSession, ours: Rescored) -> int:
    """Board points and sit-out credits of the file ``ours`` does not reproduce."""
    return sum(
        1
        for d in line_differences(session, ours)
        if d.what.endswith("points") or d.what == "sit-out"
    )


@dataclass
class Explainer:
    """Explains differences against the alternatives, each re-scored once when first needed."""

    session: ImportedSession
    ours: Rescored
    options: FieldOptions
    _order: list[tuple[str, FieldOptions]] | None = None
    _differing: dict[int, set[Location]] | None = None

    def _lines_differing(self, board: int | None) -> int:
        """How many lines of ``board`` have points that differ from ours: one alone is a
        line the director changed; several are a rule bridgescan does not know."""
        if self._differing is None:
            self._differing = {}
            found = line_differences(self.session, self.ours)
            bad_scores = {d.location for d in found if d.what == "score"}  # explained apart
            for d in found:
                if d.board is not None and d.what.endswith("points"):
                    if d.location not in bad_scores:
                        self._differing.setdefault(d.board, set()).add(d.location)
        return len(self._differing.get(board, set())) if board is not None else 0

    def _unknown(self, difference: Difference, override: str) -> Difference:
        """``override`` when the line is the only one of its board that differs (the rest of
        the board agrees, so no rule can be behind it); else say bridgescan does not know."""
        others = self._lines_differing(difference.board) - 1
        if others <= 0:
            return replace(difference, reason=override)
        return replace(
            difference,
            reason=f"bridgescan does not know why: {others + 1} lines of board "
            f"{difference.board} differ and no convention it knows reproduces them",
        )

    def _rescored(self, label: str, options: FieldOptions) -> Rescored | None:
        """The alternative re-scored once (detection may have re-scored it already)."""
        return rescored(self.session, options)

    def _ranked(self) -> list[tuple[str, FieldOptions]]:
        """The alternatives, the most plausible first: the one under which the file's board
        figures (points and sit-out credits) differ least from ours. An option that explains
        one figure but breaks twenty others is not the file's convention, so an alternative
        with more such differences than the options ``compare`` chose is left out."""
        if self._order is None:
            base = _board_figures(self.session, self.ours)
            scored = []
            for index, (label, options) in enumerate(alternatives(self.options, self.session)):
                other = self._rescored(label, options)
                if other is None:
                    continue
                count = _board_figures(self.session, other)
                if count <= base:
                    total = count_differences(self.session, other)
                    scored.append((count, total, index, label, options))
            self._order = [(label, options) for *_, label, options in sorted(scored)]
        return self._order

    def _line(self, rescored: Rescored, location: Location) -> LineScore | None:
        return next((x for x in rescored.lines if x.result.location == location), None)

    def points(self, difference: Difference, bad_scores: set[Location]) -> Difference:
        """The reason for a points (or percentage) difference on a line."""
        theirs = difference.theirs
        if not isinstance(theirs, Fraction):
            return replace(difference, reason="differs")
        if difference.location in bad_scores:
            return replace(
                difference,
                reason="follows from the score in the file, which is not Law 77's",
                follows=True,
            )
        side = 0 if difference.what.startswith("NS") else 1
        tolerance, _ = line_tolerances(self.session)
        for label, options in self._ranked():
            other = self._rescored(label, options)
            if other is None:
                continue
            line = self._line(other, difference.location)
            if line is None:
                continue
            value = (
                shown_points(self.session, line)[side]
                if other.options.matchpoints
                else (line.ns, line.ew)[side]
            )
            if not differs(theirs, value, tolerance):
                return replace(difference, reason=f"different option: {label}", option=label)
        mine = self._line(self.ours, difference.location)
        if mine is not None:
            result = mine.result
            other_side = (result.ew_mp, result.ns_mp)[side]
            mp = self.ours.options.matchpoints
            if mp and mine.top is not None and other_side is not None and not mine.factored:
                top = Fraction(0) if self.session.presentation is Presentation.CENTRED else mine.top
                if theirs + other_side != top and result.adjustment is None:
                    return self._unknown(
                        difference,
                        "NS and EW points do not add up to the top: a manual override of one side",
                    )
        ours = difference.ours
        adjusted = mine is not None and mine.result.adjustment is not None
        if isinstance(ours, Fraction) and abs(theirs - ours) <= 2 * tolerance and not adjusted:
            return replace(difference, reason="rounding of the points (a different rounding step)")
        return self._unknown(
            difference, "manual override in the source file (no scoring option explains it)"
        )

    def sitout(self, difference: Difference) -> Difference:
        """The reason for a sit-out credit that differs."""
        tolerance, _ = line_tolerances(self.session)
        for label, options in self._ranked():
            if not label.startswith(("sit-out", "no sit-out", "sit-outs")):
                continue
            other = self._rescored(label, options)
            if other is None:
                continue
            credit = next(
                (
                    s
                    for s in other.sitouts
                    if (s.key, s.board) == (difference.pair, difference.board)
                ),
                None,
            )
            if credit is None or credit.points is None:
                continue
            value = credit.points
            if self.session.presentation is Presentation.CENTRED:
                value = centre(value, credit.top)
            if isinstance(difference.theirs, Fraction) and not differs(
                difference.theirs, value, tolerance
            ):
                return replace(difference, reason=f"different option: {label}", option=label)
        others = sum(1 for d in line_differences(self.session, self.ours) if d.what == "sit-out")
        if others > 1:
            return replace(
                difference,
                reason=f"bridgescan does not know why: {others} sit-out credits differ and no "
                "convention it knows reproduces them",
            )
        return replace(
            difference,
            reason="a sit-out credit no option explains: a manual override in the source file",
        )

    def total(
        self, key: str, theirs: Fraction, what: str, tolerance: Fraction
    ) -> tuple[str, str | None]:
        """(reason, option) for a pair total or percentage no board difference explains."""
        for label, options in self._ranked():
            other = self._rescored(label, options)
            if other is None:
                continue
            pair = other.pair(key)
            if pair is None:
                continue
            value = shown_total(self.session, pair, what, other.options.matchpoints)
            if value is not None and not differs(theirs, value, tolerance):
                return f"different option: {label}", label
        return (
            f"manual override of the pair's {what} in the source file (not the sum of its boards)",
            None,
        )


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
    for sitout in session.sitouts:
        if session.sitout_key(sitout) == key and sitout.points is not None:
            total += sitout.points
    for penalty in session.penalties:
        if session.penalty_key(penalty) == key:
            total += penalty.points
    return total
