"""Numbers written as ranges: by hand, and read back to the same numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.number_ranges import number_ranges, number_runs


@pytest.mark.parametrize(
    ("numbers", "text"),
    [
        ((), ""),
        ((7,), "7"),
        ((1, 2, 3), "1-3"),
        ((1, 2, 5), "1-2, 5"),
        ((1, 3, 5), "1, 3, 5"),
        ((25, 26, 1, 2), "25-26, 1-2"),  # a round's boards as the table plays them
        ((1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12), "1-9, 11-12"),
    ],
)
def test_runs_are_written_first_to_last(numbers: tuple[int, ...], text: str) -> None:
    assert number_ranges(numbers) == text


def test_the_separator_is_the_callers() -> None:
    assert number_ranges((1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12), separator=",") == "1-9,11-12"


def test_after_the_runs_shown_the_rest_are_counted() -> None:
    rows = [2, 5, 7, 8, 9, *range(12, 10002)]
    assert number_ranges(rows, shown=3) == "2, 5, 7-9 and 9,990 more"
    assert number_ranges(rows, shown=4) == "2, 5, 7-9, 12-10001"


def _read_back(text: str) -> list[int]:
    numbers: list[int] = []
    for part in filter(None, text.split(", ")):
        first, _, last = part.partition("-")
        numbers.extend(range(int(first), int(last or first) + 1))
    return numbers


@given(st.lists(st.integers(min_value=1, max_value=60)))
def test_ranges_read_back_to_the_same_numbers(numbers: list[int]) -> None:
    assert _read_back(number_ranges(numbers)) == numbers
    assert all(first <= last for first, last in number_runs(numbers))
