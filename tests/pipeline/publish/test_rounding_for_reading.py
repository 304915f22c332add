"""Every publisher rounds a figure for reading one way: to the places it prints, an exact
half away from zero (``scoring.imps.round_half_away``): results.json (``json_number``), the
workbook, the pages and the console (``wording.fmt``) and the files bridgescan writes for
other programs (``interop.cells.format_decimal``).

By hand: 12.65 to a tenth is a tie -> 12.7; -1/8 = -0.125 to two places is a tie -> -0.13
(half up would give -0.12); -5/2 to a whole number -> -3; 1/3 to two places -> 0.33.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from pipeline.interop.cells import format_decimal
from pipeline.publish.json_number import number
from pipeline.publish.wording import fmt


@pytest.mark.parametrize(
    ("value", "places", "json", "text"),
    [
        (F("12.65"), 1, 12.7, "12.7"),
        (F(-1, 8), 2, -0.13, "-0.13"),
        (F(1, 8), 2, 0.13, "0.13"),
        (F(-5, 2), 0, -3, "-3"),
        (F(1, 3), 2, 0.33, "0.33"),
    ],
)
def test_every_publisher_rounds_a_tie_away_from_zero(
    value: F, places: int, json: float, text: str
) -> None:
    assert number(value, places) == json
    assert fmt(value, places) == text
    if places:
        assert format_decimal(value, places) == text
