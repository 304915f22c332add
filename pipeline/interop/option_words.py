"""The scoring options of a compared file in words, for ``compare``'s report: the whole set
(``describe_options``, the report's "scored with:" line) and the two conventions whose
alternatives ``reasons`` names when one explains a difference (``describe_adjusted``,
``describe_credit``; also the evidence ``detection`` lists).
"""

from __future__ import annotations

from pipeline.interop.cells import format_decimal
from pipeline.results.field_records import FieldOptions
from scoring.event import EventKind
from scoring.options import (
    AdjustedRounding,
    FewerBoards,
    Rounding,
    SitoutCredit,
    TieRounding,
)

__all__ = ["describe_adjusted", "describe_credit", "describe_options"]


def describe_options(options: FieldOptions) -> str:
    """The options in words, for the report."""
    s = options.scoring
    if options.kind is EventKind.PAIRS_MATCHPOINTS:
        parts = [
            f"matchpoints {s.scale.value}",
            "Neuberg exact"
            if s.neuberg_rounding is Rounding.EXACT
            else f"Neuberg to {s.neuberg_rounding.value}",
            describe_adjusted(s.adjusted_rounding),
            "Law 88" if s.law88 else "no Law 88",
            describe_credit(s.sitout_credit),
        ]
        if s.ties is not TieRounding.HALF_UP:
            parts.append(f"ties {s.ties.value}")
        if not s.totals_from_rounded:
            parts.append("totals from unrounded boards")
        if s.percentage_from_total_rounded_to is not Rounding.EXACT:
            parts.append(
                f"percentage of the total rounded to {s.percentage_from_total_rounded_to.value}"
            )
        if s.fewer_boards is FewerBoards.SCALE_TO_SESSION:
            parts.append("fewer boards scaled")
        if options.across_sections:
            parts.append("sections together")
        if options.own_top:
            parts.append("no Neuberg factoring (each board's own top)")
        return ", ".join(parts)
    if options.kind is EventKind.TEAMS:
        return "teams: board IMPs between the two tables, match VPs on the WBF 2013 scale"
    if options.kind is EventKind.PAIRS_BUTLER:
        parts = [f"Butler, datum without {s.datum_drop} top/bottom score(s), to {s.datum_step}"]
    else:
        per = (
            "Law 86A (3 IMPs a board)"
            if s.artificial_imps_per_comparison is None
            else f"{format_decimal(s.artificial_imps_per_comparison)} IMPs per comparison"
        )
        parts = [
            f"cross-IMPs {s.cross_imps.value}",
            f"rounded {s.cross_imp_rounding.value}",
            f"artificial scores {per}",
        ]
    parts.append(f"totals {s.imp_totals.value}")
    if s.sitout_credit in (SitoutCredit.AVERAGE, SitoutCredit.AVERAGE_PER_BOARD):
        parts.append("sit-out credit: the average per board")
    if s.fewer_boards is FewerBoards.SCALE_TO_SESSION:
        parts.append("fewer boards scaled")
    return ", ".join(parts)


def describe_adjusted(value: AdjustedRounding) -> str:
    return {
        AdjustedRounding.WHOLE_POINTS: "artificial scores in whole points (seed 004)",
        AdjustedRounding.WHOLE_POINTS_BOUNDED: (
            "artificial scores in whole points, every 60%+ up and 40%- down"
        ),
        AdjustedRounding.PLAIN: "artificial scores as plain percentages of the top",
    }[value]


def describe_credit(value: SitoutCredit) -> str:
    return {
        SitoutCredit.NONE: "no sit-out credit",
        SitoutCredit.ZERO: "sit-outs credited 0",
        SitoutCredit.AVERAGE: "sit-out credit: the average per round, whole points (seed 004)",
        SitoutCredit.AVERAGE_PER_BOARD: "sit-out credit: the average per board (Ruter)",
    }[value]
