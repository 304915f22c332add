"""Importing typed travellers: a filled entry workbook (.xlsx) or a plain CSV, into
``TravellerRow`` records with their ``Source`` (file, sheet, row), plus the cell findings.

Any sheet (or the CSV) whose header row (one of the first ten rows) names the Board, NS and
EW columns (or, for an individual, Board and the N, S, E, W player columns: ``seated``, whose
pairs the event's movement gives, ``pipeline.doors.entry.individual_rows``) is a traveller
sheet; other sheets are ignored, so a club's own workbook with the
same headers imports too. A header naming Board, NS and EW but no contract/result columns is
a ``MissingColumnsError``; a file with no traveller sheet a ``ForeignWorkbookError``; a
corrupt file an ``UnreadableFileError``; no result typed anywhere an ``EmptySessionError``.

CSV: UTF-8 (with or without BOM), else Windows-1252/Latin-1; the delimiter is the one of
comma, semicolon and tab that the header line uses most.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.csv_text import QuoteNotClosedError, csv_records
from pipeline.doors.entry.cells import SEATS, Cell, LineReader, is_blank
from pipeline.doors.entry.columns import match_header, normalise_header, template
from pipeline.doors.entry.errors import (
    EmptySessionError,
    ForeignWorkbookError,
    MissingColumnsError,
    UnreadableFileError,
)
from pipeline.validation.findings import Finding
from scoring.traveller import TravellerRow

__all__ = [
    "EntryImport",
    "SeatedRow",
    "csv_delimiter",
    "decode_text",
    "read_csv",
    "read_entry_file",
    "read_entry_workbook",
]

_HEADER_SCAN = 10


@dataclass(frozen=True)
class SeatedRow:
    """An individual's line typed with its players (N, S, E, W) instead of pair numbers:
    ``row`` has pairs 0 until the movement names the partnerships; ``columns`` labels the
    four player columns for findings."""

    row: TravellerRow
    players: tuple[int, int, int, int]
    columns: tuple[str | None, ...]


@dataclass(frozen=True)
class EntryImport:
    """What one file gave: the rows, the cell findings, and what its info sheet said.

    ``session`` and ``sections`` come from a generated workbook's Session sheet (None / empty
    for a CSV or a foreign workbook). ``column_of`` resolves a validation field to the
    file's column for a row, for ``pipeline.validation`` locations.
    """

    file: str
    rows: tuple[TravellerRow, ...]
    findings: tuple[Finding, ...]
    session: str | None = None
    sections: tuple[str, ...] = ()
    readers: dict[str | None, LineReader] = field(default_factory=dict, compare=False, repr=False)
    seated: tuple[SeatedRow, ...] = ()

    def column_of(self, row: TravellerRow, field_name: str) -> str | None:
        """The column (letter in a workbook, header in a CSV) of ``field_name`` for ``row``."""
        sheet = row.source.sheet if row.source is not None else None
        reader = self.readers.get(sheet)
        return reader.column_of(field_name, row) if reader is not None else field_name


def _find_header(rows: Sequence[Sequence[Cell]]) -> tuple[int, dict[str, int]] | None:
    for index, row in enumerate(rows[:_HEADER_SCAN]):
        columns = match_header([cell.value for cell in row])
        if {"board", "ns", "ew"} <= set(columns) or {"board", *SEATS} <= set(columns):
            return index, columns
    return None


def _check_columns(
    columns: dict[str, int], header: Sequence[Cell], file: str, sheet: str | None, row: int
) -> None:
    has_contract = "contract" in columns or {"level", "strain"} <= set(columns)
    missing = []
    if not has_contract:
        missing.append("Contract (or Level and Strain)")
    for key in ("declarer", "result"):
        if key not in columns:
            missing.append(template().column(key).header)
    if missing:
        seen = ", ".join(str(c.value) for c in header if not is_blank(c))
        raise MissingColumnsError(
            f"the header lacks {', '.join(missing)} (found: {seen})", file, sheet, row
        )


def _read_table(
    table: Sequence[Sequence[Cell]],
    *,
    file: str,
    sheet: str | None,
    label_of: str,
    section: str,
    session: str | None,
) -> tuple[list[TravellerRow], list[Finding], LineReader] | None:
    found = _find_header(table)
    if found is None:
        return None
    header_index, columns = found
    _check_columns(columns, table[header_index], file, sheet, header_index + 1)
    header = table[header_index]

    def label(index: int) -> str:
        if label_of == "letter":
            from openpyxl.utils import get_column_letter

            return str(get_column_letter(index + 1))
        value = header[index].value if index < len(header) else None
        return str(value).strip() if value is not None else f"#{index + 1}"

    reader = LineReader(
        columns, file=file, sheet=sheet, label=label, section=section, session=session
    )
    rows: list[TravellerRow] = []
    findings: list[Finding] = []
    for index in range(header_index + 1, len(table)):
        row, found_here = reader.read(table[index], index + 1)
        findings += found_here
        if row is not None:
            rows.append(row)
    return rows, findings, reader


def _entry_import(
    name: str,
    rows: list[TravellerRow],
    findings: list[Finding],
    session: str | None,
    sections: tuple[str, ...],
    readers: dict[str | None, LineReader],
) -> EntryImport:
    """The import, an individual's rows typed with players set apart as ``seated``."""
    paired: list[TravellerRow] = []
    seated: list[SeatedRow] = []
    for row in rows:
        assert row.source is not None  # every imported row knows its file, sheet and row
        reader = readers[row.source.sheet]
        players = reader.players.get(row.source.row or 0)
        if not reader.seated or players is None:
            paired.append(row)
        else:
            columns = tuple(reader.column_of(key) for key in SEATS)
            seated.append(SeatedRow(row, players, columns))
    return EntryImport(
        name, tuple(paired), tuple(findings), session, sections, readers, tuple(seated)
    )


def _info(ws_rows: Iterable[Sequence[object]]) -> dict[str, str]:
    info: dict[str, str] = {}
    for values in ws_rows:
        if len(values) >= 2 and values[0] is not None and values[1] is not None:
            info.setdefault(normalise_header(values[0]), str(values[1]).strip())
    return info


def read_entry_workbook(path: Path | str, *, section: str | None = None) -> EntryImport:
    """Import a filled entry workbook (or any .xlsx with traveller columns)."""
    import zipfile

    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    path = Path(path)
    name = path.name
    try:
        wb = load_workbook(path, data_only=False, read_only=True)
    except FileNotFoundError:
        raise UnreadableFileError("no such file", name) from None
    except (zipfile.BadZipFile, InvalidFileException, KeyError, OSError, ValueError) as error:
        raise UnreadableFileError(
            f"not a readable .xlsx workbook ({type(error).__name__}: {error}); save it from "
            "Excel or LibreOffice as .xlsx",
            name,
        ) from None
    try:
        spec = template()
        info: dict[str, str] = {}
        if spec.info_sheet in wb.sheetnames:
            info = _info(wb[spec.info_sheet].iter_rows(max_col=2, values_only=True))
        sections = tuple(s.strip() for s in info.get("sections", "").split(",") if s.strip())
        default_section = section or (sections[0] if len(sections) == 1 else "A")
        session = info.get("session")
        rows: list[TravellerRow] = []
        findings: list[Finding] = []
        readers: dict[str | None, LineReader] = {}
        for ws in wb.worksheets:
            if ws.title == spec.info_sheet:
                continue
            table = [[Cell(c.value, c.data_type == "f") for c in row] for row in ws.iter_rows()]
            read = _read_table(
                table,
                file=name,
                sheet=ws.title,
                label_of="letter",
                section=default_section,
                session=session,
            )
            if read is None:
                continue
            rows += read[0]
            findings += read[1]
            readers[ws.title] = read[2]
    except (zipfile.BadZipFile, KeyError, OSError) as error:
        raise UnreadableFileError(f"the workbook is damaged ({error})", name) from None
    finally:
        wb.close()
    if not readers:
        raise ForeignWorkbookError(
            "no sheet has traveller columns (a header row with Board, NS, EW, Contract, "
            "Declarer, Result); is this an entry workbook?",
            name,
        )
    if not rows and not findings:
        raise EmptySessionError("no results are entered", name)
    return _entry_import(name, rows, findings, session, sections, readers)


def decode_text(data: bytes, name: str) -> str:
    """A CSV's bytes as text, as a club's spreadsheet saved them: UTF-8 (with or without a
    byte-order mark), else Windows-1252, else Latin-1."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for encoding in ("utf-8", "cp1252", "latin-1"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise UnreadableFileError("cannot decode the file as UTF-8 or Latin-1", name)  # unreachable


def csv_delimiter(text: str) -> str:
    """The delimiter of a CSV's first non-empty line: ; (what Scandinavian spreadsheets
    write), , or tab, whichever it holds most of (, on a tie)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: first.count(d) for d in (";", ",", "\t")}
    return max(counts, key=lambda d: (counts[d], d == ","))


def read_csv(path: Path | str, *, section: str = "A") -> EntryImport:
    """Import a plain CSV of traveller rows (same columns as the entry workbook)."""
    path = Path(path)
    name = path.name
    try:
        data = path.read_bytes()
    except OSError as error:
        raise UnreadableFileError(f"cannot read the file ({error.strerror})", name) from None
    if b"\x00" in data[:4096]:
        raise UnreadableFileError("this is not a text CSV file (binary data)", name)
    text = decode_text(data, name)
    if not text.strip():
        raise EmptySessionError("the file is empty", name)
    try:
        records = csv_records(text, csv_delimiter(text))
    except QuoteNotClosedError as error:
        raise UnreadableFileError(str(error), name) from None
    except csv.Error as error:
        raise UnreadableFileError(f"cannot read the CSV ({error})", name) from None
    table = [[Cell(value if value.strip() else None) for value in record] for record in records]
    read = _read_table(
        table, file=name, sheet=None, label_of="header", section=section, session=None
    )
    if read is None:
        raise MissingColumnsError(
            "no header row with Board, NS and EW columns in the first ten lines", name
        )
    rows, findings, reader = read
    if not rows and not findings:
        raise EmptySessionError("no results are entered", name)
    return _entry_import(name, rows, findings, None, (), {None: reader})


def read_entry_file(path: Path | str, *, section: str | None = None) -> EntryImport:
    """Import a workbook (.xlsx/.xlsm) or a CSV (.csv/.txt), chosen by the file's suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if path.is_dir():
        raise UnreadableFileError(
            "it is a folder, not a file; give an .xlsx entry workbook or a .csv", path.name
        )
    if suffix in (".xlsx", ".xlsm"):
        return read_entry_workbook(path, section=section)
    if suffix in (".csv", ".txt", ".tsv"):
        return read_csv(path, section=section or "A")
    raise UnreadableFileError(
        f"unknown file type {suffix or '(none)'!r}: give an .xlsx entry workbook or a .csv",
        path.name,
    )
