"""The traveller screen's save and reload: one board's typed lines kept, and shown again.

``save_traveller`` writes a traveller only when every line checks (``traveller_form``, the
screen's checks through the spreadsheet door's reader and validation); ``typed_traveller``
reads the board's saved lines back into the form, in the movement's order. The file itself,
``EVENT/typed/session{N}.csv`` and its log, is ``traveller_file``'s. Apart from the checks
because it is the screen's only I/O: the checks stay pure, called by save and by the screen
alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pipeline.clock import now, utc_text
from pipeline.doors.entry.errors import EmptySessionError
from pipeline.doors.entry.importer import read_csv
from pipeline.doors.entry.traveller_file import csv_columns, replace_board, traveller_csv
from pipeline.doors.entry.traveller_form import (
    FormLine,
    TravellerRefused,
    TypedLine,
    checked_lines,
    traveller_lines,
)
from pipeline.doors.entry.typed_notation import adjustment_text
from scoring.contract import format_result
from scoring.event import Event
from scoring.traveller import TravellerRow

__all__ = ["save_traveller", "typed_traveller"]


def save_traveller(
    event_folder: Path | str,
    event: Event,
    session: int,
    board: int,
    lines: Sequence[TypedLine],
    who: str,
) -> Path:
    """Save the typed traveller of ``board``: every line must check (else
    ``TravellerRefused`` listing the bad lines, and nothing is written). The board's earlier
    lines in ``EVENT/typed/session{N}.csv`` are replaced, every other board's kept; a line
    left empty is not entered and not written. The CSV is replaced atomically (a temporary
    file, then ``os.replace``); a session file left with no line is removed. One JSON line
    per save (time, who, board, the lines as typed) is appended to
    ``EVENT/typed/session{N}.log.jsonl``. Returns the CSV's path."""
    checked = checked_lines(event, session, board, lines)
    refused = [(c.number, c.typed, c.check()) for c in checked if c.problems]
    if refused:
        raise TravellerRefused(board, refused)
    path = traveller_csv(event_folder, session)
    the_session = event.session(session)
    sections = {line.section for line in traveller_lines(event, session, board)}
    new = [c.record for c in checked if c.record is not None]
    entry = _save_entry(session, board, lines, who)
    replace_board(path, csv_columns(the_session), board, sections, the_session, new, entry)
    return path


def _save_entry(
    session: int, board: int, lines: Sequence[TypedLine], who: str
) -> dict[str, object]:
    """The save's line in the session's log: when, who, which board, the lines as typed."""
    return {
        "time": utc_text(now()),
        "who": who,
        "session": session,
        "board": board,
        "lines": [
            {
                "section": t.line.section,
                "round": t.line.round,
                "table": t.line.table,
                "ns": t.line.ns,
                "ew": t.line.ew,
                "result": t.result,
                "score": t.score,
            }
            for t in lines
        ],
    }


def typed_traveller(
    event_folder: Path | str, event: Event, session: int, board: int
) -> list[TypedLine]:
    """The traveller of ``board`` as saved, to show the form again: the movement's lines,
    each with its saved result (written the canonical way: "4S= N", "pass", "A60/40") and NS
    score, or empty when nothing is saved for it; a saved line the movement does not have
    comes last. Without a saved file, the movement's pre-filled empty lines."""
    form = traveller_lines(event, session, board)
    path = traveller_csv(event_folder, session)
    the_session = event.session(session)
    rows: list[TravellerRow] = []
    if path.exists():
        default = the_session.sections[0].name if len(the_session.sections) == 1 else "A"
        try:
            rows = [r for r in read_csv(path, section=default).rows if r.board == board]
        except EmptySessionError:
            rows = []
    left = list(rows)
    typed: list[TypedLine] = []
    for line in form:
        at_table = (line.section, line.round, line.table)
        pairs = (line.section, line.ns, line.ew)
        row = next((r for r in left if (r.section, r.round, r.table) == at_table), None)
        row = row or next((r for r in left if (r.section, r.ns_pair, r.ew_pair) == pairs), None)
        if row is None:
            typed.append(TypedLine(line))
            continue
        left.remove(row)
        edited = FormLine(line.section, line.round, line.table, row.ns_pair, row.ew_pair)
        typed.append(_typed_from_row(edited, row))
    for row in left:
        line = FormLine(row.section, row.round or 0, row.table, row.ns_pair, row.ew_pair)
        typed.append(_typed_from_row(line, row))
    return typed


def _typed_from_row(line: FormLine, row: TravellerRow) -> TypedLine:
    score = "" if row.written_score_ns is None else str(row.written_score_ns)
    if row.adjustment is not None:
        return TypedLine(line, adjustment_text(row.adjustment), "")
    if row.passed_out:
        return TypedLine(line, "pass", score)
    if row.contract is None:
        return TypedLine(line, "", score)
    result = "" if row.tricks is None else format_result(row.contract, row.tricks)
    declarer = "" if row.declarer is None else f" {row.declarer}"
    return TypedLine(line, f"{row.contract}{result}{declarer}", score)
