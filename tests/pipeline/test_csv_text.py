"""``csv_records``: a stray quote that swallows whole lines is refused, a quoted cell with a
line break (Alt+Enter) is read as the spreadsheet wrote it, whatever follows the break."""

from __future__ import annotations

import pytest

from pipeline.csv_text import QuoteNotClosedError, csv_records


def test_an_address_with_a_comma_on_its_second_line_is_one_cell() -> None:
    text = 'Name;Address;Phone\nAnna;"12 High St\nLeeds; LS1";0113\nBo;Main St;0114\n'
    assert csv_records(text, ";") == [
        ["Name", "Address", "Phone"],
        ["Anna", "12 High St\nLeeds; LS1", "0113"],
        ["Bo", "Main St", "0114"],
    ]


def test_excel_quoting_with_doubled_quotes_and_crlf_is_kept() -> None:
    """The note's second line has 2 commas, a whole line here 3: not a line swallowed."""
    text = 'Board,NS,EW,Note\r\n1,1,4,"said ""no""\r\nthen, later, yes"\r\n2,3,5,\r\n'
    assert csv_records(text, ",") == [
        ["Board", "NS", "EW", "Note"],
        ["1", "1", "4", 'said "no"\r\nthen, later, yes'],
        ["2", "3", "5", ""],
    ]


def test_a_stray_quote_running_to_the_end_is_refused_with_its_lines() -> None:
    text = 'Board;NS;EW\n1;1;4\n2;"3;5\n3;2;6\n4;1;5\n'  # lines 3-5 read as one record
    with pytest.raises(QuoteNotClosedError) as refused:
        csv_records(text, ";")
    assert (refused.value.line, refused.value.last_line) == (3, 5)


def test_two_stray_quotes_on_neighbouring_lines_are_refused() -> None:
    text = 'Board,NS,EW\n1,1,"4\n2,3",5\n'  # line 2's cell closed on line 3: "4\n2,3"
    with pytest.raises(QuoteNotClosedError) as refused:
        csv_records(text, ",")
    assert (refused.value.line, refused.value.last_line) == (2, 3)
