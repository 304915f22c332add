"""Reading a club's own member list, as it comes from the club or the federation.

:func:`read_member_file` takes CSV (decoded and split as the entry importer does: UTF-8 with
or without BOM, else Windows-1252; comma, semicolon or tab) or XLSX, chosen by the file's
content, not its name. The header row is one of the first ten rows; headers are matched in
English and Scandinavian (``_HEADERS``); first and last name columns are joined into
"First Last". The club's own ``CLUB/members.csv`` is read back the same way, so a list a
director edited by hand reads as leniently as an import. Keeping the list (merging, editing,
saving, the log) is ``pipeline.events.members``.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.csv_text import QuoteNotClosedError, csv_records
from pipeline.events.member import Member, MembersError, tidy_text

__all__ = ["read_member_file"]

_HEADER_SCAN = 10  # the header row is one of the first ten rows, as for entry workbooks
_MAX_BYTES = 20 * 1024 * 1024  # a member list is far smaller; a bigger file is a wrong file

_HEADERS = {
    "number": (
        "Member number", "Member no", "Member nr", "Member ID", "Membership number",
        "Medlemsnummer", "Medlemsnr", "Medl.nr", "Medlnr",
    ),
    # A plain "Nr" may be a row count beside a "Medlemsnr": used only when no column says
    # member number.
    "plain number": ("Number", "No", "Nr", "Nummer"),
    "name": ("Name", "Full name", "Namn", "Fullständigt namn", "Navn", "Fullt navn"),
    "first": ("First name", "Given name", "Förnamn", "Fornavn", "Fornamn"),
    "last": (
        "Last name", "Surname", "Family name", "Efternamn", "Etternavn", "Efternavn",
    ),
}  # fmt: skip
"""Header words by column, matched ignoring case, spaces and the marks . _ - : #."""


def _header_key(text: object) -> str:
    folded = unicodedata.normalize("NFC", tidy_text(text)).casefold()
    return re.sub(r"[\s._\-:#]", "", folded)


_COLUMN_OF = {_header_key(word): column for column, words in _HEADERS.items() for word in words}


@dataclass(frozen=True)
class _Table:
    """The cells of one sheet (or the CSV): text, or a workbook's number with its format."""

    file: str
    sheet: str | None
    rows: list[list[tuple[object, str | None]]]

    def error(self, message: str, row: int | None = None) -> MembersError:
        return MembersError(message, file=self.file, sheet=self.sheet, row=row)


def _columns(row: Sequence[tuple[object, str | None]]) -> dict[str, int]:
    """Column indexes by meaning ("number", "name", "first", "last"); the leftmost wins."""
    found: dict[str, int] = {}
    for index, (value, _) in enumerate(row):
        column = _COLUMN_OF.get(_header_key(value))
        if column is not None:
            found.setdefault(column, index)
    plain = found.pop("plain number", None)
    if plain is not None:
        found.setdefault("number", plain)
    return found


def _find_header(table: _Table) -> tuple[int, dict[str, int]] | None:
    """The first of the first ten rows naming a name column (or first/last name)."""
    for index, row in enumerate(table.rows[:_HEADER_SCAN]):
        columns = _columns(row)
        if columns.keys() & {"name", "first", "last"}:
            return index, columns
    return None


def _no_name_column(table: _Table) -> MembersError:
    for index, row in enumerate(table.rows[:_HEADER_SCAN]):
        if "number" in _columns(row):
            seen = ", ".join(tidy_text(v) for v, _ in row if tidy_text(v))
            return table.error(
                f"the header has no name column (Name, Namn, Navn, or First name and Last "
                f"name); found: {seen}",
                index + 1,
            )
    return table.error(
        "no header row with a Name column (Name, Namn, Navn, or First name and Last name) "
        f"in the first {_HEADER_SCAN} rows"
    )


def _number_text(value: object, number_format: str | None) -> str:
    """A member number cell as text: a workbook number 104503.0 is "104503"; a cell shown
    with a "000000" format keeps the zeros Excel shows."""
    if isinstance(value, bool):
        raise ValueError(f"member number {value} is a true/false cell")
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError(f"member number {value} is not a whole number")
        value = int(value)
    if isinstance(value, int):
        text = str(value)
        if number_format and re.fullmatch(r"0+", number_format):
            text = text.zfill(len(number_format))
        return text
    if value is not None and not isinstance(value, str):
        raise ValueError(f"member number {value} is not text or a number")
    return tidy_text(value)


def _members_of(table: _Table, header: int, columns: dict[str, int]) -> list[Member]:
    def cell(row: list[tuple[object, str | None]], column: str) -> tuple[object, str | None]:
        index = columns.get(column)
        return row[index] if index is not None and index < len(row) else (None, None)

    members: list[Member] = []
    row_of: dict[str, int] = {}
    for index in range(header + 1, len(table.rows)):
        row, number_row = table.rows[index], index + 1
        try:
            number = _number_text(*cell(row, "number"))
        except ValueError as error:
            raise table.error(str(error), number_row) from None
        name = tidy_text(cell(row, "name")[0]) or " ".join(
            part
            for part in (tidy_text(cell(row, "first")[0]), tidy_text(cell(row, "last")[0]))
            if part
        )
        if not number and not name:
            continue
        if not name:
            raise table.error(f"member number {number} has no name", number_row)
        try:
            member = Member.from_text(number, name)
        except MembersError as error:
            raise table.error(error.detail, number_row) from None
        if member.number in row_of:
            raise table.error(
                f"member number {member.number} is given twice (rows {row_of[member.number]} "
                f"and {number_row})",
                number_row,
            )
        if member.number:
            row_of[member.number] = number_row
        members.append(member)
    return members


def _sniff(data: bytes) -> str:
    """What the bytes are: "zip" (XLSX or another zip), "ole" (old .xls, or a password-
    protected workbook), "utf-16" text, "binary", or "text"."""
    if data.startswith(b"PK\x03\x04"):
        return "zip"
    if data.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return "ole"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"  # Excel's "Unicode text": tab separated UTF-16
    if b"\x00" in data[:4096]:
        return "binary"
    return "text"


def _csv_table(text: str, file: str) -> _Table:
    # The entry importer's rule for the delimiter, applied to the first line that has one
    # (a title row above the header has none).
    from pipeline.doors.entry.importer import csv_delimiter

    lines = text.splitlines()[:_HEADER_SCAN]
    first = next((line for line in lines if any(d in line for d in ",;\t")), "")
    try:
        records = csv_records(text, csv_delimiter(first))
    except (csv.Error, QuoteNotClosedError) as error:
        raise MembersError(f"cannot read the CSV ({error})", file=file) from None
    return _Table(file, None, [[(value, None) for value in record] for record in records])


def _workbook_tables(data: bytes, file: str, sheet: str | None) -> Iterator[_Table]:
    """The sheets of a workbook (the one asked for, else each in order) as tables."""
    from openpyxl import load_workbook

    try:
        # From the bytes: openpyxl would refuse a workbook by its name (members.csv).
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # noqa: BLE001 - openpyxl raises many kinds for a damaged file
        raise MembersError(
            f"not a readable XLSX workbook ({type(error).__name__}: {error}); open it in Excel "
            "or LibreOffice and save it as .xlsx",
            file=file,
        ) from None
    try:
        if sheet is not None and sheet not in book.sheetnames:
            raise MembersError(
                f"no sheet {sheet!r} (sheets: {', '.join(book.sheetnames)})", file=file
            )
        for ws in [book[sheet]] if sheet is not None else book.worksheets:
            if not hasattr(ws, "iter_rows"):
                continue  # a chart sheet
            ws.reset_dimensions()  # some programs write a wrong size; read what is there
            rows = [
                [(c.value, getattr(c, "number_format", None)) for c in row]
                for row in ws.iter_rows()
            ]
            yield _Table(file, ws.title, rows)
    except (zipfile.BadZipFile, KeyError, OSError) as error:
        raise MembersError(f"the workbook is damaged ({error})", file=file) from None
    finally:
        book.close()


def _zip_kind(data: bytes) -> str | None:
    """None for an XLSX workbook, else what is wrong with the zip file."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            if "xl/workbook.xml" in names:
                return None
            if "mimetype" in names and b"opendocument" in archive.read("mimetype"):
                return "an OpenDocument spreadsheet (.ods); save it as .xlsx or CSV"
    except (zipfile.BadZipFile, OSError):
        return (
            "a damaged workbook (not a readable zip file); open it in Excel or LibreOffice "
            "and save it as .xlsx"
        )
    return "a zip file but not an XLSX workbook; save the member list as .xlsx or CSV"


def read_member_file(
    path: Path, sheet: str | None = None, *, name: str | None = None
) -> list[Member]:
    """The members in a club's file (CSV or XLSX, told apart by content), in file order.

    XLSX: the sheet ``sheet``, else the first sheet with a name column. Rows with neither
    a name nor a number are skipped; a bad or repeated member number, a number without a
    name, or a file without a name column is a :class:`MembersError` naming file, sheet and
    row. ``name``: the file's name in messages (an upload's own name), default the path's.
    """
    path = Path(path)
    file = name or path.name
    try:
        with path.open("rb") as handle:
            data = handle.read(_MAX_BYTES + 1)
    except FileNotFoundError:
        raise MembersError("file not found", file=file) from None
    except OSError as error:
        raise MembersError(f"cannot read the file ({error.strerror})", file=file) from None
    if len(data) > _MAX_BYTES:
        raise MembersError("too large for a member list (over 20 MB)", file=file)
    kind = _sniff(data)
    if kind == "zip":
        other = _zip_kind(data)
        if other is not None:
            raise MembersError(other, file=file)
        tables = list(_workbook_tables(data, file, sheet))
    elif kind == "ole":
        raise MembersError(
            "an old Excel .xls workbook (or a password-protected one); save it as .xlsx "
            "(without a password) or as CSV",
            file=file,
        )
    elif Path(file).suffix.lower() in (".xlsx", ".xlsm", ".xls", ".ods"):
        raise MembersError(
            f"not a {Path(file).suffix.lower()} workbook (not a zip file: damaged, or another kind "
            "of file renamed); open it in Excel or LibreOffice and save it as .xlsx",
            file=file,
        )
    elif kind == "binary":
        raise MembersError("not a CSV text file nor an XLSX workbook (binary data)", file=file)
    else:
        if sheet is not None:
            raise MembersError(f"a CSV file has no sheets (sheet {sheet!r} asked)", file=file)
        if kind == "utf-16":
            text = data.decode("utf-16")
        else:
            from pipeline.doors.entry.importer import decode_text

            text = decode_text(data, file)
        if not text.strip():
            raise MembersError("the file is empty", file=file)
        tables = [_csv_table(text.lstrip("\ufeff"), file)]
    for table in tables:
        found = _find_header(table)
        if found is not None:
            return _members_of(table, *found)
    if len(tables) == 1:
        raise _no_name_column(tables[0])
    raise MembersError(
        "no sheet has a name column (Name, Namn, Navn, or First name and Last name); "
        "give the sheet",
        file=file,
    )
