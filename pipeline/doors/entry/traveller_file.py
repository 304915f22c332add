"""The typed travellers of a session on disk: ``EVENT/typed/session{N}.csv`` and its log.

The traveller screen (``traveller_form``) checks the lines and ``traveller_saved`` saves them;
this module keeps them as the spreadsheet door's own records, so
``pipeline.doors.entry.importer.read_csv`` reads them back like any club's CSV: the entry
template's English headers (templates/entry/columns.yaml),
``;`` between cells, the file read with the importer's own decoding and delimiter (the
director may have opened and saved it in a spreadsheet). Saving a board replaces that
board's lines and keeps every other board's (and any column a spreadsheet added), under a
lock and atomically; each save is one synced line of ``EVENT/typed/session{N}.log.jsonl``.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from pathlib import Path

from pipeline.csv_text import QuoteNotClosedError, csv_records
from pipeline.doors.entry.columns import match_header, template
from pipeline.doors.entry.errors import MissingColumnsError, UnreadableFileError
from pipeline.doors.entry.importer import csv_delimiter, decode_text
from pipeline.files import append_line, atomic_write_text, held_lock
from scoring.event import Session

__all__ = [
    "TYPED_FOLDER",
    "csv_columns",
    "csv_header",
    "replace_board",
    "traveller_csv",
    "typed_boards",
]

TYPED_FOLDER = "typed"
_DELIMITER = ";"  # what Scandinavian spreadsheets write; the importer reads ; , and tab


def traveller_csv(event_folder: Path | str, session: int) -> Path:
    """Where the typed lines of ``session`` are saved: ``EVENT/typed/session{N}.csv``."""
    return Path(event_folder) / TYPED_FOLDER / f"session{session}.csv"


def csv_columns(session: Session) -> tuple[str, ...]:
    """The CSV columns: the entry template's generated ones, with Section first when the
    session has several sections (or its one section is not "A", the importer's default)."""
    generated = template().generated
    names = [section.name for section in session.sections]
    return ("section", *generated) if names != ["A"] else generated


def csv_header(keys: Sequence[str]) -> list[str]:
    """The entry template's headers of ``keys``, in order."""
    return [template().column(key).header for key in keys]


def replace_board(
    path: Path,
    keys: Sequence[str],
    board: int,
    sections: set[str],
    session: Session,
    records: Sequence[dict[str, str]],
    log_entry: dict[str, object],
) -> None:
    """Write ``records`` (by column key) as the lines of ``board`` in the ``sections`` that
    play it, replacing that board's earlier lines there and keeping every other line, in
    board order; a file left with no line is removed. One save of a session at a time, the
    CSV replaced atomically, then ``log_entry`` appended to the session's log."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with held_lock(path.with_name(f".{path.stem}.lock")):
        header, kept = _other_boards(path, keys, board, sections, session)
        named = list(zip(header[: len(keys)], keys, strict=True))
        lines = [*kept, *({h: r.get(k, "") for h, k in named} for r in records)]
        lines.sort(key=lambda r: _board_key(r.get(header[keys.index("board")], "")))
        if lines:
            atomic_write_text(path, _csv_text(header, lines), encoding="utf-8-sig")
        else:
            path.unlink(missing_ok=True)
        log = path.with_name(f"{path.stem}.log.jsonl")
        append_line(log, json.dumps(log_entry, ensure_ascii=False))


def _board_key(text: str) -> tuple[int, int]:
    return (0, int(text)) if text.strip().isdigit() else (1, 0)


def _read_table(path: Path) -> tuple[list[str], dict[str, int], list[list[str]]]:
    """The saved CSV as it is on disk: header, its fields, and the lines under it (the
    director may have opened and saved it in a spreadsheet: BOM, ';' or ',')."""
    text = decode_text(path.read_bytes(), path.name)
    delimiter = csv_delimiter(text)
    try:  # a line swallowed by a stray quote would be lost when the file is written again
        table = csv_records(text, delimiter)
    except QuoteNotClosedError as error:
        raise UnreadableFileError(str(error), path.name) from None
    for index, cells in enumerate(table[:10]):
        columns = match_header(cells)
        if {"board", "ns", "ew"} <= set(columns):
            return cells, columns, table[index + 1 :]
    raise MissingColumnsError("no header row with Board, NS and EW columns", path.name)


def _other_boards(
    path: Path, keys: Sequence[str], board: int, sections: set[str], session: Session
) -> tuple[list[str], list[dict[str, str]]]:
    """The header to write and the saved lines that stay: every line except this board's in
    the sections that play it. Columns the form does not write (a Lead or Note typed in a
    spreadsheet, a club's own column) are kept."""
    header = csv_header(keys)
    if not path.exists():
        return header, []
    old_header, columns, lines = _read_table(path)
    names = {index: header[keys.index(key)] for key, index in columns.items() if key in keys}
    ours = set(header)
    for index, name in enumerate(old_header):
        if index not in names and name.strip() and name not in ours:  # not a repeated column
            names[index] = name
            if name not in header:
                header.append(name)
    default = session.sections[0].name if len(session.sections) == 1 else "A"
    kept = []
    for cells in lines:
        if not any(cell.strip() for cell in cells):
            continue
        record = {names[i]: cell for i, cell in enumerate(cells) if i in names}
        at = columns.get("section")
        section = cells[at] if at is not None and at < len(cells) else default
        same_board = record.get(header[keys.index("board")], "").strip() == str(board)
        if not (same_board and (section.strip() or default) in sections):
            kept.append(record)
    return header, kept


def _csv_text(header: Sequence[str], records: Sequence[dict[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=_DELIMITER)
    writer.writerow(header)
    for record in records:
        writer.writerow([record.get(name, "") for name in header])
    return out.getvalue()


def typed_boards(event_folder: Path | str, session: int) -> list[int]:
    """The boards of ``session`` with lines saved in ``EVENT/typed/session{N}.csv``, sorted
    (to mark on the screen which travellers are in); empty without the file."""
    path = traveller_csv(event_folder, session)
    if not path.exists():
        return []
    _, columns, lines = _read_table(path)
    at = columns["board"]
    return sorted(
        {int(cells[at]) for cells in lines if at < len(cells) and cells[at].strip().isdigit()}
    )
