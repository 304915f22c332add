"""A field of lines scored by the results engine with the entrants named as a file names
them (``pipeline.results.field``, what ``compare`` re-scores through), worked by hand.

Board 1, nobody vulnerable, three tables, the 2-1-0 scale: the top is 2 x (3 - 1) = 4.
NS +420 (A1 v A2), +420 (B1 v B2), +170 (C1 v C2): each +420 ties the other (1) and beats
+170 (2): 3 each, EW 1 each; +170 beats nothing: NS 0, EW 4.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from pipeline.results.field import score_field
from pipeline.results.field_records import (
    FieldError,
    FieldLine,
    FieldOptions,
    FieldPenalty,
)
from scoring.event import EventKind
from scoring.outcome import Weighted


def _line(ns: str, ew: str, score: int, board: int = 1) -> FieldLine[str]:
    outcome = Weighted.of(score)
    return FieldLine(f"{ns} v {ew}", board, ns, ew, (outcome, outcome), law77_ns=score)


LINES = [_line("A1", "A2", 420), _line("B1", "B2", 420), _line("C1", "C2", 170)]


def test_a_field_is_scored_with_its_own_names() -> None:
    scored = score_field(LINES, FieldOptions())
    assert scored.normal == 3
    assert [(x.result, x.ns, x.ew, x.top) for x in scored.lines] == [
        ("A1 v A2", 3, 1, 4),
        ("B1 v B2", 3, 1, 4),
        ("C1 v C2", 0, 4, 4),
    ]
    assert {p.key: (p.total, p.available, p.percent) for p in scored.pairs} == {
        "A1": (3, 4, 75), "A2": (1, 4, 25), "B1": (3, 4, 75),
        "B2": (1, 4, 25), "C1": (0, 4, 0), "C2": (4, 4, 100),
    }  # fmt: skip


def test_a_penalty_takes_its_points_off_the_total_law_90() -> None:
    # 0.4 of a top of 4 is a 10% procedural penalty: C2 4 -> 3.6 points, 90%.
    penalty = FieldPenalty("line 9", "C2", "C2", 1, Fraction(-2, 5), "-0.4")
    scored = score_field(LINES, FieldOptions(), penalties=[penalty])
    c2 = scored.pair("C2")
    assert c2 is not None and (c2.total, c2.percent) == (Fraction(18, 5), 90)


def test_what_cannot_be_scored_names_the_board_or_the_line_and_the_pair() -> None:
    twice = [*LINES, _line("A1", "C2", 50)]
    with pytest.raises(FieldError) as error:
        score_field(twice, FieldOptions())
    assert error.value.where == 1
    assert error.value.reason == "board 1: pair A1 has more than one result"  # not its number
    giving = FieldPenalty("line 9", "C2", "C2", 1, Fraction(1, 2), "0.5")
    with pytest.raises(FieldError) as error:
        score_field(LINES, FieldOptions(), penalties=[giving])
    assert error.value.where == "line 9"
    assert error.value.reason == (
        "board 1: a penalty line giving 0.5 points to pair C2: bridgescan scores penalties "
        "that take points (Law 90)"
    )


def test_a_field_in_cross_imps_is_scored_with_its_own_names() -> None:
    # +420 v +420: 0 IMPs; +420 v +170: 250 points, 6 IMPs. Averaged over the two
    # comparisons (rules.md §9): A1 and B1 (0 + 6) / 2 = 3, C1 (-6 - 6) / 2 = -6; EW opposite.
    scored = score_field(LINES, FieldOptions(kind=EventKind.PAIRS_CROSS_IMPS))
    assert [(x.result, x.ns, x.ew) for x in scored.lines] == [
        ("A1 v A2", 3, -3),
        ("B1 v B2", 3, -3),
        ("C1 v C2", -6, 6),
    ]
    assert {p.key: p.total for p in scored.pairs} == {
        "A1": 3, "A2": -3, "B1": 3, "B2": -3, "C1": -6, "C2": 6,
    }  # fmt: skip


@pytest.mark.parametrize("kind", [EventKind.PAIRS_CROSS_IMPS, EventKind.PAIRS_BUTLER])
def test_a_pair_twice_on_a_board_in_imps_is_refused_by_its_name(kind: EventKind) -> None:
    # The same check as the main job's IMP sessions (pipeline.results.boards.imp_figures).
    with pytest.raises(FieldError) as error:
        score_field([*LINES, _line("A1", "C2", 50)], FieldOptions(kind=kind))
    assert error.value.where == 1
    assert error.value.reason == "board 1: pair A1 has more than one result"
