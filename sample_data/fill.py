"""Type traveller results into a generated entry workbook, the way a club's scorer does.

The entry workbook (``pipeline.doors.entry``) comes pre-filled with board, round, table, NS and EW
from the movement; the scorer types level, strain, doubling, declarer, result and the score
in the NS or the EW column. ``typed`` turns a ``TravellerRow`` into those cells (as text, the
way people type them); ``fill_entry_workbook`` writes them on the matching lines. A line
left untouched is a result the table never sent in.
"""

from __future__ import annotations

from collections.abc import Mapping

from openpyxl.workbook.workbook import Workbook

from pipeline.doors.entry.columns import match_header
from pipeline.xlsx import put, set_text
from scoring.contract import format_result
from scoring.traveller import TravellerRow

__all__ = ["typed", "fill_entry_workbook", "LineKey"]

LineKey = tuple[int, int, int]  # (board, NS pair, EW pair)


def typed(row: TravellerRow, adjusted: str = "") -> dict[str, object]:
    """The cells a scorer types for ``row``; the score goes in the column of the side that
    scored (NS score or EW score), as on a paper traveller."""
    cells: dict[str, object] = {}
    if row.passed_out:
        cells["level"] = "Pass"
    elif row.contract is not None:
        cells["level"] = row.contract.level
        cells["strain"] = str(row.contract.strain)
        doubling = str(row.contract.doubling)
        if doubling:
            cells["doubling"] = doubling
        if row.declarer is not None:
            cells["declarer"] = str(row.declarer)
        if row.tricks is not None:
            cells["result"] = format_result(row.contract, row.tricks)
    score = row.written_score_ns
    if score is not None and score > 0:
        cells["score_ns"] = score
    elif score is not None and score < 0:
        cells["score_ew"] = -score
    if adjusted:
        cells["adjusted"] = adjusted
    return cells


def fill_entry_workbook(workbook: Workbook, lines: Mapping[LineKey, Mapping[str, object]]) -> int:
    """Type ``lines`` into every traveller sheet of ``workbook``; returns the lines filled.

    Raises KeyError when a line is not on any sheet (the movement has no such meeting).
    """
    filled: set[LineKey] = set()
    for sheet in workbook.worksheets:
        header_row = None
        columns: dict[str, int] = {}
        for row_index in range(1, min(sheet.max_row, 10) + 1):
            values = [cell.value for cell in sheet[row_index]]
            columns = match_header(values)
            if {"board", "ns", "ew"} <= set(columns):
                header_row = row_index
                break
        if header_row is None:
            continue
        for row_index in range(header_row + 1, sheet.max_row + 1):
            cells = [sheet.cell(row_index, columns[k] + 1).value for k in ("board", "ns", "ew")]
            try:
                key = (int(str(cells[0])), int(str(cells[1])), int(str(cells[2])))
            except ValueError:
                continue
            if key not in lines:
                continue
            for name, cell_value in lines[key].items():
                cell = sheet.cell(row_index, columns[name] + 1)
                if isinstance(cell_value, str):
                    set_text(cell, cell_value)
                else:
                    put(cell, cell_value)
            filled.add(key)
    missing = set(lines) - filled
    if missing:
        raise KeyError(f"no entry line for (board, NS, EW) {sorted(missing)[:5]}")
    return len(filled)
