"""Numbers written as ranges: boards ``1-3, 5``, pairs ``1-9,11-12``, rows ``7-9``.

Guide cards, findings, error messages and the form's QR code all write a list of board,
pair or row numbers the way a director reads them: a run of consecutive numbers as
``first-last``. One function does it for all of them, so a board list reads the same on a
guide card as in the message that names a missing board.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["number_runs", "number_ranges"]


def number_runs(numbers: Iterable[int]) -> list[tuple[int, int]]:
    """The runs of consecutive numbers, in the order given: (1, 2, 3, 5) -> [(1, 3), (5, 5)].

    The order is kept (a round's boards are written as the table plays them); sort first
    where the order does not matter."""
    runs: list[tuple[int, int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], n)
        else:
            runs.append((n, n))
    return runs


def number_ranges(numbers: Iterable[int], separator: str = ", ", shown: int | None = None) -> str:
    """(1, 2, 3) -> ``1-3``; (1, 2, 5) -> ``1-2, 5``; the separator between runs is yours.

    With ``shown``, at most that many runs are written and the numbers of the rest counted:
    ``2, 5, 7-9 and 9,990 more`` (a message naming ten thousand rows stays one line)."""
    runs = number_runs(numbers)
    text = separator.join(str(a) if a == b else f"{a}-{b}" for a, b in runs[:shown])
    rest = sum(b - a + 1 for a, b in runs[len(runs) if shown is None else shown :])
    return f"{text} and {rest:,} more" if rest else text
