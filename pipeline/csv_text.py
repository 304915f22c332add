"""A CSV's records, refusing a quote that swallows lines.

A spreadsheet writes a cell in quotes when it holds the delimiter, a quote or a line break.
A quote typed by hand (``"4H`` for a contract, a note that starts with ``"``) opens such a
cell and nothing closes it: Python's ``csv`` then reads every line after it, to the next
quote or to the end of the file, as one cell, and says nothing. A session typed in a CSV
with one stray quote on line 4 was published OFFICIAL from its first three lines, the 237
lines after them gone (``bridgescan score``, exit 0, "result missing" warnings only).

``csv_records`` reads the records as ``csv.reader`` does and refuses a record that holds
two whole lines: a cell with a line break and the delimiter after it, in a record whose
text, split at its line breaks, has two lines with as many delimiters as the record before
it. A note with a line break in it (Alt+Enter in Excel) is kept as it is, also when a comma
follows the break ("slow play" / "warned, 2nd time"; an address's "Leeds, LS1"), unless
the note's lines each hold as many delimiters as a whole record (a two-column file): those
cannot be told from swallowed lines and are refused, naming the line.
"""

from __future__ import annotations

import csv
import io

__all__ = ["QuoteNotClosedError", "csv_records"]


class QuoteNotClosedError(ValueError):
    """A quote opens a cell on ``line`` that runs to ``last_line``: the lines between
    would be read as one cell. The message says where and what to do."""

    def __init__(self, line: int, last_line: int) -> None:
        self.line, self.last_line = line, last_line
        super().__init__(
            f'line {line}: a quote (") opens a cell that runs to line {last_line}, so lines '
            f"{line}-{last_line} would be read as one cell; remove the quote, or close it"
        )


def csv_records(text: str, delimiter: str) -> list[list[str]]:
    """The records of ``text`` (as ``csv.reader`` reads them, line breaks as written);
    ``QuoteNotClosedError`` when a quoted cell swallows lines; ``csv.Error`` as the
    reader raises it."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    records: list[list[str]] = []
    width = 0  # cells in the last record with any: what a whole line holds here
    first_line = 1
    for record in reader:
        if (
            reader.line_num > first_line
            and any(_swallows_lines(c, delimiter) for c in record)
            and (not width or _whole_lines(record, delimiter, width) >= 2)
        ):
            raise QuoteNotClosedError(first_line, reader.line_num)
        records.append(record)
        width = len(record) or width
        first_line = reader.line_num + 1
    return records


def _whole_lines(record: list[str], delimiter: str, width: int) -> int:
    """How many of the lines ``record`` was read from hold a whole record's delimiters
    (``width`` cells): the record's cells joined as written, split at the line breaks
    inside them. A stray quote makes its own line and every line it swallows whole; a
    note's line break splits one line in two, each short of the delimiters."""
    lines = delimiter.join(record).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return sum(line.count(delimiter) >= width - 1 for line in lines)


def _swallows_lines(cell: str, delimiter: str) -> bool:
    """A cell with a line break and the delimiter after it: whole lines read into it."""
    _, newline, rest = cell.partition("\n")
    if not newline:
        _, newline, rest = cell.partition("\r")
    return bool(newline) and delimiter in rest
