"""Which options another program scored a session with (step 1 of ``compare``).

The method comes from the event type, the matchpoint scale from the tops the figures reach,
the rounding from the decimals printed; each convention that changes figures (the
artificial-score rounding, Law 88, ties half to even, sections together or apart, the
sit-out credit, how totals are made; for IMPs the cross-IMP form and rounding, the artificial
score per comparison, the datum rule, totals per board) is found by re-scoring under each
candidate and keeping the one that explains most figures, never one that breaks more than it
explains. The evidence for each choice is listed, and what the file could not tell is listed
as assumed (docs/interop.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction

from pipeline.interop.cells import format_decimal
from pipeline.interop.differences import (
    count_differences,
    decimals,
)
from pipeline.interop.memo import remembered, rescored
from pipeline.interop.option_words import describe_adjusted, describe_credit
from pipeline.interop.reasons import alternatives, with_scoring
from pipeline.interop.records import (
    ImportedSession,
    Scoring,
)
from pipeline.results.field_records import FieldOptions
from scoring.event import EventKind
from scoring.matchpoints import Scale
from scoring.options import (
    AdjustedRounding,
    CrossImps,
    FewerBoards,
    ImpTotals,
    Rounding,
    ScoringOptions,
    SitoutCredit,
    TieRounding,
)
from scoring.presentation import Presentation

__all__ = ["detect_options", "detect_with_assumptions"]


_COUNTED: list[tuple[ImportedSession, dict[FieldOptions, int]]] = []


def _count(session: ImportedSession, options: FieldOptions) -> int:
    """Figures of the file ``options`` do not reproduce (lines, sit-outs, totals); an option
    the session cannot be scored with counts as explaining nothing. Remembered like
    ``rescored``: each step of detection counts the options it starts from again."""
    counts = remembered(_COUNTED, session)
    if options not in counts:
        ours = rescored(session, options)
        counts[options] = 10**9 if ours is None else count_differences(session, ours)
    return counts[options]


def _best(
    session: ImportedSession, base: FieldOptions, candidates: Iterable[FieldOptions]
) -> tuple[FieldOptions, bool]:
    """The candidate with fewest mismatches (``base`` wins ties); whether it beat ``base``."""
    best, best_count = base, _count(session, base)
    if best_count == 0:
        return base, False  # nothing left to explain: the defaults stand
    for candidate in candidates:
        if candidate == base:
            continue
        count = _count(session, candidate)
        if count < best_count:
            best, best_count = candidate, count
    return best, best is not base


def _full_boards_sums(session: ImportedSession, normal: int) -> list[Fraction]:
    return [
        r.ns_mp + r.ew_mp
        for b in session.boards
        if len(b.results) == normal and all(r.adjustment is None for r in b.results)
        for r in b.results
        if r.ns_mp is not None and r.ew_mp is not None
    ]


def _scale(session: ImportedSession, normal: int, evidence: list[str]) -> Scale:
    if normal < 2:
        return Scale.TWO_ONE_ZERO
    if session.presentation is Presentation.CENTRED:
        highest = max(
            (abs(v) for r in session.results if r.adjustment is None
             for v in (r.ns_mp, r.ew_mp) if v is not None),
            default=Fraction(0),
        )  # fmt: skip
        scale = Scale.ONE_HALF_ZERO if highest * 2 <= normal - 1 else Scale.TWO_ONE_ZERO
        evidence.append(
            f"centred matchpoints reaching {format_decimal(highest)} with {normal} results: "
            f"scale {scale.value}"
        )
        return scale
    sums = _full_boards_sums(session, normal)
    if not sums:
        values = [v for r in session.results for v in (r.ns_mp, r.ew_mp) if v is not None]
        if not values:
            return Scale.TWO_ONE_ZERO
        highest = max(values)
        # No full board without an adjusted score: a figure above N - 1 is beyond the
        # 1-0.5-0 top, so the scale is 2-1-0.
        scale = Scale.TWO_ONE_ZERO if highest > normal - 1 else Scale.ONE_HALF_ZERO
        evidence.append(
            f"figures reach {format_decimal(highest)} with {normal} results: scale {scale.value}"
        )
        return scale
    common = Counter(sums).most_common(1)[0][0]
    scale = Scale.ONE_HALF_ZERO if common == normal - 1 else Scale.TWO_ONE_ZERO
    verdict = (
        f"scale {scale.value}"
        if common in (2 * (normal - 1), normal - 1)
        else "matches neither scale's top: 2-1-0 assumed"
    )
    evidence.append(
        f"NS+EW points on full boards mostly {format_decimal(common)} with {normal} results: "
        f"{verdict}"
    )
    return scale


def detect_options(
    session: ImportedSession,
) -> tuple[FieldOptions, tuple[str, ...]]:
    """The options that best explain the file's figures, with the evidence for each."""
    options, evidence, _ = _detect(session)
    return options, evidence


def _detect(session: ImportedSession) -> tuple[FieldOptions, tuple[str, ...], tuple[str, ...]]:
    evidence: list[str] = []
    assumed: list[str] = []
    method = session.scoring
    if method is Scoring.UNKNOWN:
        method = Scoring.MATCHPOINTS
        assumed.append("scoring method not stated: matchpoints")
    else:
        evidence.append(f"scoring method {method.value}")
    counts = [len(b.results) for b in session.boards if b.results]
    normal = max(counts) if counts else 1
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
    if method is Scoring.MATCHPOINTS:
        scale = _scale(session, normal, evidence)
        evidence.append(f"figures printed with up to {places} decimals: rounding {rounding.value}")
        base = FieldOptions(ScoringOptions(scale=scale, neuberg_rounding=rounding), method.kind)
        options, _, _ = _detect_mp(session, base, evidence, assumed)
        return _choose_the_rest(session, options, evidence), tuple(evidence), tuple(assumed)
    base = FieldOptions(ScoringOptions(), method.kind)
    if method is Scoring.TEAMS:
        return base, tuple(evidence), tuple(assumed)
    options = _imp_method(session, base, places, evidence)
    return _choose_the_rest(session, options, evidence), tuple(evidence), tuple(assumed)


def _imp_method(
    session: ImportedSession,
    base: FieldOptions,
    places: int,
    evidence: list[str],
) -> FieldOptions:
    """Pairs in IMPs: a file's [Scoring "IMP"] (or USEBIO's IMP_PAIRS) does not say whether
    its figures are cross-IMPs or Butler, and a file that names one may print the other, so
    both are detected and the one that reproduces more figures is taken."""
    tried = []
    for kind in (base.kind, *{EventKind.PAIRS_CROSS_IMPS, EventKind.PAIRS_BUTLER} - {base.kind}):
        found: list[str] = []
        options, _, _ = _detect_imps(session, replace(base, kind=kind), places, found, [])
        tried.append((_count(session, options), kind is not base.kind, options, found))
    count, other, options, found = min(tried, key=lambda t: t[:2])
    if other:
        evidence.append(
            f"the figures are {_IMP_WORDS[options.kind]}, not {_IMP_WORDS[base.kind]} "
            f"(reproduces {tried[0][0] - count} more figures)"
        )
    evidence.extend(found)
    return options


_IMP_WORDS = {
    EventKind.PAIRS_CROSS_IMPS: "cross-IMPs",
    EventKind.PAIRS_BUTLER: "Butler (IMPs against a datum)",
}


#: How many further conventions ``_choose_the_rest`` may take, one at a time. Each step
#: re-scores the session once per alternative (about fifteen), and a file that needs more
#: than two conventions beyond the ones detected above is better reported than guessed.
_FURTHER_CONVENTIONS = 2

#: A convention is a rule over the whole file: one is taken only when it reproduces at least
#: this many figures the options before it did not (one figure alone is as likely a line the
#: director changed, which the reasons name as such).
_FIGURES_A_CONVENTION_EXPLAINS = 2


def _choose_the_rest(
    session: ImportedSession, options: FieldOptions, evidence: list[str]
) -> FieldOptions:
    """Take the conventions the file still needs: while figures differ, the alternative
    (:func:`pipeline.interop.reasons.alternatives`, the table the reasons name) that
    reproduces most of them is taken, if it reproduces more than it breaks, so a file is
    re-scored with every convention ``compare`` would otherwise only name as a reason."""
    count = _count(session, options)
    for _ in range(_FURTHER_CONVENTIONS):
        if count == 0:
            break
        best: tuple[int, str, FieldOptions] | None = None
        for label, candidate in alternatives(options, session):
            candidate_count = _count(session, candidate)
            if candidate_count < (count if best is None else best[0]):
                best = (candidate_count, label, candidate)
        if best is None or count - best[0] < _FIGURES_A_CONVENTION_EXPLAINS:
            break
        explained = count - best[0]
        count, label, options = best
        evidence.append(f"{label} (reproduces {explained} more figures)")
    return options


def _detect_mp(
    session: ImportedSession, options: FieldOptions, evidence: list[str], assumed: list[str]
) -> tuple[FieldOptions, tuple[str, ...], tuple[str, ...]]:
    if len(session.sections) > 1:
        options, changed = _best(session, options, [replace(options, across_sections=True)])
        word = "together (one field)" if changed else "apart (each its own field)"
        evidence.append(f"{len(session.sections)} sections, scored {word}")
    artificial = any(r.adjustment is not None for r in session.results)
    if artificial:
        options, _ = _best(
            session,
            options,
            [with_scoring(options, adjusted_rounding=a) for a in AdjustedRounding],
        )
        evidence.append(describe_adjusted(options.scoring.adjusted_rounding))
        options, changed = _best(session, options, [with_scoring(options, law88=False)])
        if changed:
            evidence.append("Law 88 not applied (a plain 60% even above the pair's average)")
    else:
        assumed.append(
            f"{describe_adjusted(options.scoring.adjusted_rounding)} (no adjusted score here)"
        )
    if options.scoring.neuberg_rounding is not Rounding.EXACT:
        options, changed = _best(
            session, options, [with_scoring(options, ties=TieRounding.HALF_TO_EVEN)]
        )
        if changed:
            evidence.append("exact ties rounded half to even (as Compscore prints them)")
    if session.sitouts:
        with_figures = [s for s in session.sitouts if s.points is not None]
        if with_figures:
            options, _ = _best(
                session,
                options,
                [with_scoring(options, sitout_credit=c) for c in SitoutCredit],
            )
            evidence.append(
                f"{len(session.sitouts)} sit-out lines: "
                f"{describe_credit(options.scoring.sitout_credit)}"
            )
        else:
            evidence.append(f"{len(session.sitouts)} sit-out lines without a credit")
    if session.penalties:
        count = len(session.penalties)
        evidence.append(
            f"{count} penalty line{'s' * (count > 1)}: its points taken off the pair's session "
            "total"
        )
    if any(p.total is not None or p.percent is not None for p in session.pairs):
        candidates = [
            with_scoring(options, totals_from_rounded=False, percentage_from_rounded=False),
            with_scoring(options, percentage_from_total_rounded_to=Rounding.HUNDREDTH),
            with_scoring(options, fewer_boards=FewerBoards.SCALE_TO_SESSION),
        ]
        options, changed = _best(session, options, candidates)
        if not options.scoring.totals_from_rounded:
            evidence.append("totals made from unrounded board scores")
        if options.scoring.percentage_from_total_rounded_to is not Rounding.EXACT:
            evidence.append("percentage of the total rounded to 0.01 (ACBLscore)")
        if options.scoring.fewer_boards is FewerBoards.SCALE_TO_SESSION:
            evidence.append("totals of pairs with fewer boards scaled up (North American)")
    return options, tuple(evidence), tuple(assumed)


def _detect_imps(
    session: ImportedSession,
    base: FieldOptions,
    places: int,
    evidence: list[str],
    assumed: list[str],
) -> tuple[FieldOptions, tuple[str, ...], tuple[str, ...]]:
    # The grouping and the unit are chosen together: with the sections scored in the wrong
    # grouping no form of the figures agrees, so one at a time neither would be found.
    fields = [False, True] if len(session.sections) > 1 else [False]
    if base.kind is EventKind.PAIRS_CROSS_IMPS:
        candidates = [
            replace(with_scoring(base, cross_imps=form, cross_imp_rounding=rounding),
                    across_sections=together)
            for together in fields
            for form in CrossImps
            for rounding in (Rounding.HUNDREDTH, Rounding.EXACT)
        ]  # fmt: skip
        options, _ = _best(session, candidates[0], candidates[1:])
        evidence.append(
            f"cross-IMPs {options.scoring.cross_imps.value}, rounded "
            f"{options.scoring.cross_imp_rounding.value} (figures with up to {places} decimals)"
        )
        per = _per_comparison_candidates(session)
        if per:
            options, changed = _best(
                session,
                options,
                [with_scoring(options, artificial_imps_per_comparison=v) for v in per],
            )
            value = options.scoring.artificial_imps_per_comparison
            evidence.append(
                f"artificial scores {format_decimal(value)} IMPs per comparison"
                if changed and value is not None
                else "artificial scores 3 IMPs for the board (Law 86A)"
            )
    else:
        candidates = [
            replace(with_scoring(base, datum_drop=drop), across_sections=together)
            for together in fields
            for drop in (base.scoring.datum_drop, 0, 2)
        ]
        options, _ = _best(session, candidates[0], candidates[1:])
        drop = options.scoring.datum_drop
        evidence.append(
            f"Butler datum without {drop} top and {drop} bottom score(s)"
            if drop
            else "Butler datum: the plain mean"
        )
    if len(fields) > 1:
        word = "together (one field)" if options.across_sections else "apart (each its own field)"
        evidence.append(f"{len(session.sections)} sections, scored {word}")
    options, changed = _best(
        session, options, [with_scoring(options, imp_totals=ImpTotals.PER_BOARD)]
    )
    if changed:
        evidence.append("totals as IMPs per board")
    if session.sitouts:
        options, _ = _best(
            session, options, [with_scoring(options, sitout_credit=SitoutCredit.AVERAGE)]
        )
    options, changed = _best(
        session, options, [with_scoring(options, fewer_boards=FewerBoards.SCALE_TO_SESSION)]
    )
    if changed:
        evidence.append("totals of pairs with fewer boards scaled up")
    return options, tuple(evidence), tuple(assumed)


def _per_comparison_candidates(session: ImportedSession) -> list[Fraction]:
    """IMPs per comparison an artificial line's figure implies (figure / comparisons)."""
    values: set[Fraction] = set()
    for board in session.boards:
        compared = sum(1 for r in board.results if r.adjustment is None)
        for result in board.results:
            if result.adjustment is None or result.ns_imps is None or not result.ns_imps:
                continue
            values.add(abs(result.ns_imps))
            if compared:
                values.add(abs(result.ns_imps) / compared)
    return sorted(values)


def detect_with_assumptions(
    session: ImportedSession,
) -> tuple[FieldOptions, tuple[str, ...], tuple[str, ...]]:
    """The detected options, the evidence for them, and what was assumed."""
    return _detect(session)
