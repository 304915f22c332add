"""The entry workbook for a session: what a club types its travellers into.

Built from the event and the section's movement (``scoring.movement.Movement``): one line per
table per board, pre-filled with the board, round, table and the NS/EW pairs the movement
expects, so the typist only enters the contract, declarer, result and score. Layouts:

- ``long``: one sheet ("Travellers", or "Section A" ... when a session has several
  sections), lines sorted by board then round, as the travellers come off the stack;
- ``per-board``: one sheet per board ("Board 1" ...), lines sorted by round.

Data validation lists (templates/entry/columns.yaml) offer level, strain, doubling and
declarer; their error style is "warning" so Scandinavian spellings (Ø, V, UT, K ...) can still
be typed, and the importer reads them. Result, Contract, Adjusted and Note cells are text
cells, so "=", "+1" and "-2" stay as typed. The header rows are locked (sheet protection
without a password, so a director can lift it); the data cells are not. The "Session" sheet
records the marker, the template version, event, session, section and the pairs' names
(always as text, never formulas: pipeline.xlsx.set_text).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font, PatternFill, Protection
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.doors.entry.columns import template
from pipeline.files import atomic_write
from pipeline.xlsx import put, set_text
from scoring.event import Event, Section
from scoring.movement import Movement, MovementEntry

__all__ = ["Layout", "build_entry_workbook", "entry_workbook_for_session", "write_entry_workbook"]

_HEADER_FILL = PatternFill("solid", fgColor="DDE5F0")
_PREFILLED_FILL = PatternFill("solid", fgColor="F2F2F2")
_PREFILLED = ("section", "board", "round", "table", "ns", "ew")


class Layout(Enum):
    """One long sheet, or one sheet per board."""

    LONG = "long"
    PER_BOARD = "per-board"

    def __str__(self) -> str:
        return self.value


def _lines(movement: Movement) -> list[tuple[int, MovementEntry]]:
    """(board, line) for every play of every board, by board then round."""
    return [(board, entry) for board in movement.boards for entry in movement.plays_of(board)]


def _info_sheet(
    wb: Workbook,
    info: list[tuple[str, object]],
    names: Mapping[str, Mapping[int, str]],
) -> None:
    spec = template()
    ws = wb.create_sheet(spec.info_sheet, 0)
    set_text(ws.cell(1, 1), spec.marker)
    ws.cell(1, 2).value = spec.version
    ws.cell(1, 1).font = Font(bold=True)
    for offset, (key, value) in enumerate(info, start=2):
        set_text(ws.cell(offset, 1), key)
        put(ws.cell(offset, 2), value)
    row = len(info) + 3
    for column, header in enumerate(("Section", "Pair", "Names"), start=1):
        ws.cell(row, column).value = header
        ws.cell(row, column).font = Font(bold=True)
    for section, pairs in names.items():
        for number, text in sorted(pairs.items()):
            row += 1
            set_text(ws.cell(row, 1), section)
            ws.cell(row, 2).value = number
            set_text(ws.cell(row, 3), text)
    ws.column_dimensions["A"].width = 14
    ws.column_dimensions["B"].width = 24
    ws.column_dimensions["C"].width = 44
    ws.protection.sheet = True


def _traveller_sheet(
    wb: Workbook,
    title: str,
    keys: tuple[str, ...],
    lines: list[tuple[int, MovementEntry]],
    section: str,
) -> Worksheet:
    spec = template()
    ws = wb.create_sheet(title)
    for column, key in enumerate(keys, start=1):
        col = spec.column(key)
        cell = ws.cell(1, column)
        cell.value = col.header
        cell.font = Font(bold=True)
        cell.fill = _HEADER_FILL
        cell.alignment = Alignment(horizontal="center")
        cell.protection = Protection(locked=True)
        ws.column_dimensions[get_column_letter(column)].width = col.width
    for offset, (board, entry) in enumerate(lines, start=2):
        values = {
            "section": section,
            "board": board,
            "round": entry.round,
            "table": entry.table,
            "ns": entry.ns,
            "ew": entry.ew,
        }
        for column, key in enumerate(keys, start=1):
            cell = ws.cell(offset, column)
            cell.protection = Protection(locked=False)
            if key in values:
                put(cell, values[key])
                cell.fill = _PREFILLED_FILL
            if spec.column(key).text:
                cell.number_format = "@"
    last = max(len(lines) + 1, 2)
    for column, key in enumerate(keys, start=1):
        choices = spec.column(key).choices
        if not choices:
            continue
        letter = get_column_letter(column)
        validation = DataValidation(
            type="list",
            formula1='"' + ",".join(choices) + '"',
            allow_blank=True,
            showErrorMessage=True,
            errorStyle="warning",
            errorTitle=spec.column(key).header,
            error=f"Expected one of {', '.join(choices)}; other spellings are read on import.",
        )
        validation.add(f"{letter}2:{letter}{last}")
        ws.add_data_validation(validation)
    ws.freeze_panes = "A2"
    ws.print_title_rows = "1:1"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.protection.sheet = True
    ws.protection.formatColumns = False  # allowed: widen a column
    ws.protection.sort = False
    ws.protection.autoFilter = False
    return ws


def build_entry_workbook(
    sections: Mapping[str, Movement],
    *,
    layout: Layout = Layout.LONG,
    names: Mapping[str, Mapping[int, str]] | None = None,
    info: Mapping[str, object] | None = None,
) -> Workbook:
    """The entry workbook for the sections of one session (section name -> movement).

    ``names`` (section -> pair -> "Anna Berg - Bo Ek") and ``info`` (event, session ...) go on
    the Session sheet, as text.
    """
    if not sections:
        raise ValueError("an entry workbook needs at least one section")
    spec = template()
    several = len(sections) > 1
    keys = (("section",) if several else ()) + spec.generated
    wb = Workbook()
    wb.remove(wb.active)
    facts: list[tuple[str, object]] = list((info or {}).items())
    facts.append(("Sections", ", ".join(sections)))
    facts.append(("Layout", str(layout)))
    for name, movement in sections.items():
        facts.append((f"Movement {name}" if several else "Movement", movement.name))
    _info_sheet(wb, facts, names or {})
    for name, movement in sections.items():
        lines = _lines(movement)
        prefix = f"{name} " if several else ""
        if layout is Layout.LONG:
            title = f"Section {name}" if several else "Travellers"
            _traveller_sheet(wb, title, keys, lines, name)
        else:
            for board in movement.boards:
                mine = [(b, e) for b, e in lines if b == board]
                _traveller_sheet(wb, f"{prefix}Board {board}", keys, mine, name)
    wb.active = 1
    return wb


def entry_workbook_for_session(
    event: Event, session_number: int, *, layout: Layout = Layout.LONG
) -> Workbook:
    """The entry workbook of one session of an event (every section, pairs' names filled)."""
    session = event.session(session_number)
    sections: dict[str, Movement] = {s.name: s.movement for s in session.sections}
    return build_entry_workbook(
        sections,
        layout=layout,
        names={s.name: _names(s) for s in session.sections},
        info={"Event": event.name, "Session": session.number, "Session name": session.label},
    )


def _names(section: Section) -> dict[int, str]:
    return {pair.number: pair.names for pair in section.pairs}


def write_entry_workbook(
    path: Path | str,
    event: Event,
    session_number: int,
    *,
    layout: Layout = Layout.LONG,
) -> Path:
    """Build the session's entry workbook and write it atomically to ``path``."""
    wb = entry_workbook_for_session(event, session_number, layout=layout)
    return atomic_write(Path(path), lambda handle: wb.save(handle))
