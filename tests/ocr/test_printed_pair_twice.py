"""A pair printed twice on one traveller, read off an old form without the event: neither
row takes its pairs from the page, even where one of the two rows is not read for another
of its numbers (TEST phone, seed 10885, page_0026 read without the event on a form
without the board's seating: NS 6 read as a 4 and accepted, because row 4, whose 4 was
read for sure, was left unread for its EW pair)."""

from __future__ import annotations

from ocr.layout import EW_PAIR, load_layout
from ocr.printed_page import printed_from_page
from ocr.printed_pairs import PrintedPairs
from tests.ocr.test_reader import _printed_page


def _read_without_row_1_ew(rows: tuple[tuple[int, int, int], ...]) -> PrintedPairs:
    """The printed pairs read off a traveller printed with ``rows`` whose row 1 EW number
    is wiped out (a white patch inside its box): row 1 is not read."""
    layout = load_layout()
    page = _printed_page(rows)
    s = 150 / 25.4
    r = layout.box(1, EW_PAIR)
    page[round(r.y * s) + 2 : round(r.y1 * s) - 2, round(r.x * s) + 2 : round(r.x1 * s) - 2] = 255
    printed = printed_from_page(page, layout)
    assert printed is not None
    return printed


def test_a_pair_read_twice_is_taken_on_neither_row_when_one_row_is_unread():
    # Row 3 prints pair 1 as row 1 does: the page as a misread "6" -> "1" would show it.
    printed = _read_without_row_1_ew(((1, 1, 8), (2, 2, 9), (3, 1, 10)))
    # Row 1 is unread (its EW pair is gone) but its NS 1 was read for sure: row 3's 1 is
    # the second on the traveller, and row 3 goes to a person too.
    assert printed.rows[:3] == (None, (2, 2, 9), None)


def test_a_pair_read_once_beside_an_unread_row_is_taken():
    printed = _read_without_row_1_ew(((1, 1, 8), (2, 2, 9), (3, 3, 10)))
    assert printed.rows[:3] == (None, (2, 2, 9), (3, 3, 10))
