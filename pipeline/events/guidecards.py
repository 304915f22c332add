"""Guide cards in and out (seed 004 "Guidekort").

Import: a club's own guide cards typed as a table (CSV or XLSX) with the columns round,
table, NS, EW, boards; one row per table per round. Headers may be English or
Scandinavian (Rond/Runde, Bord, NS/N-S, EW/ØV/Ö-V, Brickor/Spil/Brett). Boards are written
"1-3", "1,2,3", "1-2, 5" or "1 2 3". A row for a table that is idle in a round may leave
NS/EW empty. Every mistake names the file (and sheet) and row.

Print: a workbook with a sheet per table ("table guide card", seed 004 type 2) showing for
every round the NS pair, the EW pair, the boards, and where the boards and the pairs go
next; plus a sheet with every pair's personal card (type 1). Print-ready: A4, fitted to
one page wide, headers repeated, gridlines printed.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.events.table_files import TableFileError, header_key, read_table_cells
from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, MovementSpec
from scoring.movements.checks import Severity, check_movement
from scoring.number_ranges import number_ranges

__all__ = [
    "GuideCardError",
    "GuideCardRow",
    "parse_boards",
    "read_guide_card_rows",
    "movement_from_rows",
    "load_guide_cards",
    "format_boards",
    "where_next",
    "boards_next",
    "guide_card_workbook",
    "write_guide_cards",
    "write_guide_card_csv",
]

_HEADERS = {
    "round": {"round", "rnd", "rond", "runde", "omgang", "r"},
    "table": {"table", "tbl", "bord", "t"},
    "ns": {"ns", "n-s", "nord-syd", "north-south", "nordsyd", "ns pair", "ns-par"},
    "ew": {"ew", "e-w", "øv", "ö-v", "öv", "ø-v", "øst-vest", "öst-väst", "east-west", "ov",
           "ew pair", "øv-par", "öv-par"},
    "boards": {"boards", "board", "brickor", "bricka", "spil", "spill", "brett", "boards played"},
}  # fmt: skip


class GuideCardError(ValueError):
    """A guide-card table that cannot be read or played; the message names file and row."""


@dataclass(frozen=True)
class GuideCardRow:
    """One row of a guide-card table, with the spreadsheet row number it came from."""

    row: int
    round: int
    table: int
    ns: int | None  # None with ew None: the table is idle this round
    ew: int | None
    boards: tuple[int, ...]


def parse_boards(text: str) -> tuple[int, ...]:
    """Read "1-3", "1,2,3", "1-2, 5", "1 2 3", "1–3" into board numbers in order."""
    parts = [p for p in re.split(r"[,;\s]+", text.strip().replace("–", "-")) if p]
    if not parts:
        raise ValueError("no boards")
    boards: list[int] = []
    for part in parts:
        match = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if match is None:
            raise ValueError(f"cannot read boards {text!r} (write e.g. 1-3 or 1,2,3)")
        first = int(match[1])
        last = int(match[2]) if match[2] else first
        if last < first:
            raise ValueError(f"board range {part!r} runs backwards")
        boards.extend(range(first, last + 1))
    return tuple(boards)


def _cells_from_file(path: Path, sheet: str | None) -> tuple[str, list[list[object]]]:
    """(place name for messages, rows of cell values) from a CSV or XLSX file."""
    try:
        return read_table_cells(path, sheet, "guide cards")
    except TableFileError as error:
        raise GuideCardError(str(error)) from None


def read_guide_card_rows(place: str, cells: Sequence[Sequence[object]]) -> list[GuideCardRow]:
    """Rows of a guide-card table; ``place`` ("cards.csv") starts every message."""
    header_index = None
    columns: dict[str, int] = {}
    for i, candidate in enumerate(cells):
        named = ((header_key(c, _HEADERS), j) for j, c in enumerate(candidate))
        keys = {key: j for key, j in named if key}
        if {"round", "table", "ns", "ew", "boards"} <= set(keys):
            header_index, columns = i, keys
            break
    if header_index is None:
        raise GuideCardError(
            f"{place}: no header row with the columns round, table, NS, EW and boards"
        )
    out: list[GuideCardRow] = []
    for i in range(header_index + 1, len(cells)):
        row = list(cells[i])
        number = i + 1  # the row number a spreadsheet shows

        def cell(key: str, row: list[object] = row) -> str:
            j = columns[key]
            value = row[j] if j < len(row) else None
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            return "" if value is None else str(value).strip()

        if all(cell(k) == "" for k in columns):
            continue
        values: dict[str, int | None] = {}
        for key in ("round", "table", "ns", "ew"):
            text = cell(key)
            if text == "" and key in ("ns", "ew"):
                values[key] = None
                continue
            if not text.isdigit() or int(text) < 1:
                raise GuideCardError(
                    f"{place}: row {number}: {key.upper() if len(key) == 2 else key} "
                    f"{text!r} is not a number >= 1"
                )
            values[key] = int(text)
        try:
            boards = parse_boards(cell("boards"))
        except ValueError as error:
            raise GuideCardError(f"{place}: row {number}: {error}") from None
        if (values["ns"] is None) != (values["ew"] is None):
            raise GuideCardError(
                f"{place}: row {number}: only one of NS and EW is given; leave both empty "
                "for an idle table"
            )
        round_, table = values["round"], values["table"]
        assert round_ is not None and table is not None
        out.append(GuideCardRow(number, round_, table, values["ns"], values["ew"], boards))
    if not out:
        raise GuideCardError(f"{place}: the guide-card table has no rows")
    return out


def movement_from_rows(
    place: str,
    rows: Sequence[GuideCardRow],
    *,
    name: str | None = None,
    pairs: Sequence[int] = (),
    spec: MovementSpec | None = None,
) -> Movement:
    """Build and check a movement from guide-card rows; errors name the rows involved."""
    row_of: dict[tuple[int, int], int] = {}
    entries: list[MovementEntry] = []
    known = set(pairs)
    for r in rows:
        strangers = [p for p in (r.ns, r.ew) if known and p is not None and p not in known]
        if strangers:
            raise GuideCardError(
                f"{place}: row {r.row}: pair {strangers[0]} is not in the section "
                f"(pairs {min(known)}-{max(known)}); the guide cards do not fit the field"
            )
        key = (r.round, r.table)
        if key in row_of:
            raise GuideCardError(
                f"{place}: row {r.row}: round {r.round} table {r.table} is already on row "
                f"{row_of[key]}"
            )
        row_of[key] = r.row
        if r.ns is None or r.ew is None:
            continue
        try:
            entries.append(MovementEntry(r.round, r.table, r.ns, r.ew, r.boards))
        except MovementError as error:
            raise GuideCardError(f"{place}: row {r.row}: {error}") from None
    try:
        movement = Movement(
            name=name or f"Guide cards {place}",
            kind=MovementKind.CUSTOM,
            entries=tuple(entries),
            pairs=tuple(pairs),
            spec=spec,
        )
    except MovementError as error:
        raise GuideCardError(f"{place}: {error}") from None
    errors = [p for p in check_movement(movement) if p.severity is Severity.ERROR]
    if errors:
        lines = []
        for problem in errors:
            where = sorted(row_of[(e.round, e.table)] for e in problem.entries)
            rows_text = (
                f"row {where[0]}"
                if len(where) == 1
                else ("rows " + ", ".join(str(w) for w in where))
            )
            lines.append(
                f"{place}: {rows_text}: {problem.message}"
                if where
                else (f"{place}: {problem.message}")
            )
        raise GuideCardError("\n".join(lines))
    return movement


def load_guide_cards(
    path: Path | str,
    *,
    sheet: str | None = None,
    pairs: Sequence[int] = (),
    spec: MovementSpec | None = None,
) -> Movement:
    """Import a movement from a guide-card CSV/XLSX. ``pairs`` are the section's pairs (so
    pairs that never play, or sit out, are known)."""
    path = Path(path)
    place, cells = _cells_from_file(path, sheet)
    rows = read_guide_card_rows(place, cells)
    if spec is None:
        params: tuple[tuple[str, str | int | bool | tuple[int, ...]], ...] = (("file", path.name),)
        if sheet:
            params += (("sheet", sheet),)
        spec = MovementSpec("guide-cards", params)
    return movement_from_rows(place, rows, name=f"Guide cards {path.name}", pairs=pairs, spec=spec)


# -- printing ---------------------------------------------------------------------------------
def format_boards(boards: Sequence[int]) -> str:
    """(1, 2, 3) -> "1-3"; (1, 2, 5) -> "1-2, 5": how a guide card writes boards."""
    return number_ranges(boards)


def where_next(movement: Movement, pair: int, round_: int) -> str:
    """Where ``pair`` goes after ``round_``: "table 3 NS", "sit out", or "end"."""
    rounds = movement.rounds
    later = [r for r in rounds if r > round_]
    if not later:
        return "end"
    seat = movement.seating(pair, later[0])
    if seat is None:
        return "sit out"
    return f"table {seat.table} {seat.side}"


def boards_next(movement: Movement, entry: MovementEntry) -> str:
    """Where the boards of ``entry`` go after its round: "table 3" ("table 3 & 5" when two
    tables share them), "bye stand" when nobody plays them next round, or "end"."""
    later = [r for r in movement.rounds if r > entry.round]
    if not later:
        return "end"
    tables = sorted({e.table for e in movement.plays_of(entry.boards[0], later[0])})
    if not tables:
        return "bye stand"
    return "table " + " & ".join(str(t) for t in tables)


def guide_card_workbook(
    movement: Movement, *, title: str = "", names: dict[int, str] | None = None
) -> object:
    """An openpyxl Workbook: a guide card per table and the pairs' personal cards.

    ``names`` (pair number -> "Anna Berg - Bo Ek") adds names to the personal cards; they
    are written as text, never as formulas.
    """
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Border, Font, Side

    from pipeline.xlsx import put, set_text

    thin = Side(style="thin")
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    bold = Font(bold=True)
    heading = title or movement.name
    book = Workbook()
    book.remove(book.active)  # type: ignore[arg-type]

    def setup(ws: object, widths: Sequence[int], header_row: int) -> None:
        for i, width in enumerate(widths):
            ws.column_dimensions[chr(ord("A") + i)].width = width  # type: ignore[attr-defined]
        ws.freeze_panes = f"A{header_row + 1}"  # type: ignore[attr-defined]
        ws.print_title_rows = f"{header_row}:{header_row}"  # type: ignore[attr-defined]
        ws.page_setup.paperSize = ws.PAPERSIZE_A4  # type: ignore[attr-defined]
        ws.page_setup.orientation = "portrait"  # type: ignore[attr-defined]
        ws.page_setup.fitToWidth = 1  # type: ignore[attr-defined]
        ws.page_setup.fitToHeight = 0  # type: ignore[attr-defined]
        ws.sheet_properties.pageSetUpPr.fitToPage = True  # type: ignore[attr-defined]
        ws.print_options.gridLines = True  # type: ignore[attr-defined]
        ws.print_options.horizontalCentered = True  # type: ignore[attr-defined]
        ws.oddFooter.center.text = "&A - page &P of &N"  # type: ignore[attr-defined]

    table_header = (
        "Round", "NS", "EW", "Boards", "NS goes to", "EW goes to", "Boards go to", "Note",
    )  # fmt: skip
    for table in movement.tables:
        ws = book.create_sheet(f"Table {table}")
        set_text(ws.cell(1, 1), f"Table {table}")
        ws.cell(1, 1).font = Font(bold=True, size=20)
        set_text(ws.cell(2, 1), heading)
        for col, text in enumerate(table_header, start=1):
            cell = set_text(ws.cell(3, col), text)
            cell.font = bold
            cell.border = box
        row = 4
        for round_ in movement.rounds:
            entry = movement.entry_at(round_, table)
            if entry is None:
                values: tuple[object, ...] = (round_, "-", "-", "-", "", "", "", "no play")
            else:
                values = (
                    round_,
                    entry.ns,
                    entry.ew,
                    format_boards(entry.boards),
                    where_next(movement, entry.ns, round_),
                    where_next(movement, entry.ew, round_),
                    boards_next(movement, entry),
                    "arrow switch" if entry.switched else "",
                )
            for col, value in enumerate(values, start=1):
                cell = put(ws.cell(row, col), value)
                cell.border = box
                cell.alignment = Alignment(horizontal="center")
            row += 1
        setup(ws, (8, 8, 8, 12, 14, 14, 16, 14), 3)

    ws = book.create_sheet("Pairs")
    set_text(ws.cell(1, 1), "Personal guide cards")
    ws.cell(1, 1).font = Font(bold=True, size=16)
    set_text(ws.cell(2, 1), heading)
    pair_header = ("Pair", "Names", "Round", "Table", "Direction", "Opponents", "Boards")
    for col, text in enumerate(pair_header, start=1):
        cell = set_text(ws.cell(3, col), text)
        cell.font = bold
        cell.border = box
    row = 4
    for pair in movement.pairs:
        for round_ in movement.rounds:
            seat = movement.seating(pair, round_)
            pair_values: tuple[object, ...] = (
                pair,
                (names or {}).get(pair, ""),
                round_,
                *(
                    ("-", "sit out", "-", "-")
                    if seat is None
                    else (seat.table, str(seat.side), seat.opponent, format_boards(seat.boards))
                ),
            )
            for col, value in enumerate(pair_values, start=1):
                put(ws.cell(row, col), value).border = box
            row += 1
    setup(ws, (6, 30, 7, 7, 10, 10, 12), 3)
    return book


def write_guide_cards(
    movement: Movement,
    path: Path | str,
    *,
    title: str = "",
    names: dict[int, str] | None = None,
) -> Path:
    """Write the guide-card workbook atomically to ``path`` (.xlsx)."""
    from pipeline.files import atomic_write

    book = guide_card_workbook(movement, title=title, names=names)
    return atomic_write(Path(path), lambda handle: book.save(handle))  # type: ignore[attr-defined]


def write_guide_card_csv(movement: Movement, path: Path | str) -> Path:
    """The movement as a guide-card CSV (round, table, NS, EW, boards) that imports back."""
    from pipeline.files import atomic_write_text

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("round", "table", "NS", "EW", "boards"))
    for e in movement.entries:
        writer.writerow((e.round, e.table, e.ns, e.ew, format_boards(e.boards)))
    return atomic_write_text(Path(path), out.getvalue())
