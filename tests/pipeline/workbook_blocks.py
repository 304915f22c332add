"""Reading a block (a board's traveller, a pair's score card) off the workbook's block sheets
(``Travellers``, ``Score cards``, ``S2 Travellers``...), as a reader of the printout would."""

from __future__ import annotations

from dataclasses import dataclass

from openpyxl.worksheet.worksheet import Worksheet


@dataclass(frozen=True)
class Block:
    title: str
    header: tuple[object, ...]
    rows: list[tuple[object, ...]]
    first_row: int  # the sheet row of the block's first data row


def block(sheet: Worksheet, title: str) -> Block:
    """The block whose title line starts with ``title`` (``"Board 4 ·"``, ``"Pair 5:"``)."""
    for number in range(1, sheet.max_row + 1):
        value = sheet.cell(number, 1).value
        if isinstance(value, str) and value.startswith(title):
            header = tuple(c.value for c in sheet[number + 1])
            rows = []
            row = number + 2
            while row <= sheet.max_row and any(c.value is not None for c in sheet[row]):
                rows.append(tuple(c.value for c in sheet[row]))
                row += 1
            return Block(value, header, rows, number + 2)
    raise AssertionError(f"no block {title!r} on {sheet.title}")


def titles(sheet: Worksheet, prefix: str) -> list[str]:
    """Every block title on the sheet that starts with ``prefix``, in order."""
    return [c.value for c in sheet["A"] if isinstance(c.value, str) and c.value.startswith(prefix)]
