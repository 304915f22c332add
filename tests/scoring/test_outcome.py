"""Adjusted-score notation and traveller rows."""

from fractions import Fraction

import pytest

from scoring.contract import Contract, Seat
from scoring.errors import AdjustmentError
from scoring.outcome import Adjustment, Artificial, Weighted, format_outcome, parse_adjustment
from scoring.traveller import Source, TravellerRow


def art(ns: int, ew: int) -> Adjustment:
    return Adjustment(Artificial(Fraction(ns)), Artificial(Fraction(ew)))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A60/40", art(60, 40)),
        ("A40/60", art(40, 60)),
        ("A60", art(60, 60)),
        ("A50", art(50, 50)),
        ("A+", art(60, 60)),
        ("A=", art(50, 50)),
        ("A+-", art(60, 40)),
        ("A-/+", art(40, 60)),
        ("A5050", art(50, 50)),
        ("A6040", art(60, 40)),
        ("60%-40%", art(60, 40)),
        ("a 60 / 40", art(60, 40)),
    ],
)
def test_artificial_scores(text: str, expected: Adjustment) -> None:
    assert parse_adjustment(text) == expected


def test_assigned_and_split_scores() -> None:
    assert parse_adjustment("+420") == Adjustment(Weighted.of(420), Weighted.of(420))
    split = parse_adjustment("420/-100")
    assert split.is_split and split.ns == Weighted.of(420) and split.ew == Weighted.of(-100)
    assert not parse_adjustment("-50").is_split


def test_weighted_scores() -> None:
    adjustment = parse_adjustment("50% +420, 50% +170")
    half = Fraction(1, 2)
    assert adjustment.ns == Weighted(((half, 420), (half, 170)))
    assert adjustment.ns.mean == 295
    assert parse_adjustment("30% 620 70% -100").ns.mean == Fraction(116)  # 186 - 70


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("A", "cannot read artificial"),
        ("A60/40/20", "cannot read artificial"),
        ("A120", "120% is not 0-100%"),
        ("50% +420, 40% +170", "add up to 100%"),
        ("50% x", "cannot read weighted part"),
        ("4S=", "cannot read assigned score"),
    ],
)
def test_bad_adjustments(text: str, message: str) -> None:
    with pytest.raises(AdjustmentError, match=message):
        parse_adjustment(text)


def test_format_outcome() -> None:
    assert format_outcome(Artificial(Fraction(60))) == "A60"
    assert format_outcome(Weighted.of(-100)) == "-100"
    assert format_outcome(parse_adjustment("50% 420, 50% 170").ns) == "50% +420 50% +170"


def test_traveller_row_scores_its_table_result() -> None:
    row = TravellerRow(board=2, ns_pair=1, ew_pair=8, contract=Contract.parse("4S"),
                       declarer=Seat.SOUTH, tricks=10, written_score_ns=620)  # fmt: skip
    assert row.law77_score_ns() == 620  # board 2: NS vulnerable
    assert row.outcomes() == (Weighted.of(620), Weighted.of(620))


def test_traveller_row_adjustment_wins_and_blank_rows_have_no_outcome() -> None:
    adjusted = TravellerRow(board=1, ns_pair=1, ew_pair=8, adjustment=parse_adjustment("A60/40"))
    assert adjusted.outcomes() == (Artificial(Fraction(60)), Artificial(Fraction(40)))
    assert TravellerRow(board=1, ns_pair=1, ew_pair=8).outcomes() is None
    assert TravellerRow(board=1, ns_pair=1, ew_pair=8, passed_out=True).law77_score_ns() == 0


def test_source_names_the_place() -> None:
    where = Source("club.xlsx", sheet="Board 3", row=7, column="Result")
    assert str(where) == "club.xlsx, sheet 'Board 3', row 7, column Result"
    assert str(Source("scan.pdf", page=4, row=2)) == "scan.pdf, page 4, row 2"
