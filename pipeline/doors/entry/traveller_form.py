"""The traveller screen: one board's traveller typed in the director's browser.

The logic only (no web code). The form shows one line per table that plays the board in the
session, pre-filled from the movement (``traveller_lines``); the director types each line's
result as directors write it and, if the slip has one, the NS score. Every line is read and
checked by what the spreadsheet door already has, so a rule lives in one place:

- the line becomes the spreadsheet door's CSV record and is read by its ``LineReader``
  (contract, declarer, result, score and adjusted-score cells, Scandinavian notation);
- ``pipeline.validation.score_check.check_row`` compares a typed score with Law 77 for the
  board's vulnerability (Law 2, ``scoring.board.vulnerability_of``); a score Law 77 does not
  give is refused with the reason, a missing score is computed;
- ``pipeline.validation.movement_check`` checks the pairs against the movement (the pairs of
  that round and table) and, over the whole traveller, a pair twice on the board.

``save_traveller`` writes the lines as the SAME records as the spreadsheet door: the CSV
``EVENT/typed/session{N}.csv`` with the entry template's English headers
(templates/entry/columns.yaml), which ``pipeline.doors.entry.importer.read_csv`` reads back to
the rows ``check_line`` computed. Saving a board replaces that board's earlier lines and keeps
every other board's, atomically; each save is appended to ``EVENT/typed/session{N}.log.jsonl``.

The result field (``TypedLine.result``: ``4S= N``, ``3NTX-2 S``, ``pass``, ``A60/40``, "" =
not entered) and the score field (``TypedLine.score``: ``620``, ``-100``, ``ÖV 100``) are read
as ``pipeline.doors.entry.typed_notation`` says, Scandinavian forms included.
"""

from __future__ import annotations

import csv
import fcntl
import io
import json
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.clock import now, utc_text
from pipeline.doors.entry.cells import Cell, LineReader
from pipeline.doors.entry.columns import match_header, template
from pipeline.doors.entry.errors import EmptySessionError, MissingColumnsError
from pipeline.doors.entry.importer import read_csv
from pipeline.doors.entry.typed_notation import (
    RESULT_EXAMPLES,
    FieldRefused,
    ResultCells,
    adjustment_text,
    read_result,
    read_score,
)
from pipeline.files import atomic_write_text
from pipeline.validation.findings import Code, Finding, Severity
from pipeline.validation.movement_check import check_against_movement, check_rows_together
from pipeline.validation.score_check import check_row
from scoring.board import vulnerability_of
from scoring.contract import format_result
from scoring.event import Event, Section, Session
from scoring.traveller import Source, TravellerRow

__all__ = [
    "FormLine",
    "LineCheck",
    "TravellerRefused",
    "TypedLine",
    "check_line",
    "check_traveller",
    "save_traveller",
    "traveller_csv",
    "traveller_lines",
    "typed_boards",
    "typed_traveller",
]

TYPED_FOLDER = "typed"
_DELIMITER = ";"  # what Scandinavian spreadsheets write; the importer reads ; , and tab


@dataclass(frozen=True)
class FormLine:
    """One line of a traveller as the movement pre-fills it: in ``round`` at ``table`` of
    ``section`` pair ``ns`` sits North-South against pair ``ew``."""

    section: str
    round: int
    table: int | None
    ns: int
    ew: int


@dataclass(frozen=True)
class TypedLine:
    """A line as the director typed it: the form line (pairs as typed, they may be edited),
    the ``result`` ("4S= N", "pass", "A60/40", "" = not entered) and the NS ``score`` as
    written on the slip ("620", "-100", "ÖV 100", "" = none)."""

    line: FormLine
    result: str = ""
    score: str = ""


@dataclass(frozen=True)
class LineCheck:
    """What the form says about one typed line.

    ``ok`` False means the line is refused and ``message`` says why, for the director;
    ``ns_score`` is the NS score Law 77 gives (None for an adjusted score or a line that
    cannot be read); ``row`` is the record that is saved (None when refused or not entered).
    """

    ok: bool
    message: str
    ns_score: int | None = None
    row: TravellerRow | None = None


class TravellerRefused(ValueError):
    """A traveller not saved because some lines do not check. ``problems`` holds
    (line number from 1, the typed line, its check) for each refused line."""

    def __init__(self, board: int, problems: Sequence[tuple[int, TypedLine, LineCheck]]) -> None:
        self.board = board
        self.problems = tuple(problems)
        listed = "; ".join(
            f"line {n} (round {typed.line.round}, {typed.line.ns}-{typed.line.ew}): {check.message}"
            for n, typed, check in self.problems
        )
        super().__init__(f"board {board} is not saved: {listed}")


# -- the lines of a traveller ------------------------------------------------------------------
def traveller_lines(event: Event, session: int, board: int) -> list[FormLine]:
    """Every table that plays ``board`` in ``session``: each section that has the board (in
    the session's order), its lines in round order (then table)."""
    lines: list[FormLine] = []
    for section in event.session(session).sections:
        plays = sorted(section.movement.plays_of(board), key=lambda e: (e.round, e.table))
        lines += [FormLine(section.name, e.round, e.table, e.ns, e.ew) for e in plays]
    return lines


# -- one line, through the spreadsheet door's reader and validation ----------------------------
def _columns(session: Session) -> tuple[str, ...]:
    """The CSV columns: the entry template's generated ones, with Section first when the
    session has several sections (or its one section is not "A", the importer's default)."""
    generated = template().generated
    names = [section.name for section in session.sections]
    return ("section", *generated) if names != ["A"] else generated


def _header(keys: Sequence[str]) -> list[str]:
    return [template().column(key).header for key in keys]


def _record(board: int, line: FormLine, cells: dict[str, str]) -> dict[str, str]:
    return {
        "section": line.section,
        "board": str(board),
        "round": str(line.round),
        "table": "" if line.table is None else str(line.table),
        "ns": str(line.ns),
        "ew": str(line.ew),
        **cells,
    }


def _read_record(
    record: dict[str, str], keys: Sequence[str], line: FormLine, number: int, board: int
) -> tuple[TravellerRow | None, list[Finding]]:
    """The record read as the CSV importer reads it (same ``LineReader``)."""
    header = _header(keys)
    reader = LineReader(
        {key: index for index, key in enumerate(keys)},
        file=f"traveller of board {board}",
        sheet=None,
        label=lambda index: header[index],
        section=line.section,
    )
    cells = [Cell(record.get(key) or None) for key in keys]
    return reader.read(cells, number)


def _final_cells(row: TravellerRow, reading: ResultCells) -> dict[str, str]:
    """What is saved: the result as read, and the NS score in the column of the side that
    scored it (as a traveller is filled); an adjusted score has no table score."""
    cells = dict(reading.cells)
    score = row.law77_score_ns()
    if reading.adjusted or score is None:
        return cells
    cells["score_ew" if score < 0 else "score_ns"] = str(abs(score))
    return cells


@dataclass
class _Checked:
    """A line on its way through the checks (``problems`` empty: accepted)."""

    typed: TypedLine
    number: int
    problems: list[str] = field(default_factory=list)
    pairs_row: TravellerRow | None = None  # board and pairs only, for the movement checks
    typed_row: TravellerRow | None = None  # as typed (score included), when it could be read
    ns_score: int | None = None
    row: TravellerRow | None = None
    record: dict[str, str] | None = None
    summary: str = "not entered"

    def check(self) -> LineCheck:
        if self.problems:
            return LineCheck(False, "; ".join(self.problems), self.ns_score, None)
        return LineCheck(True, self.summary, self.ns_score, self.row)


def _section(session: Session, name: str) -> Section | None:
    return next((s for s in session.sections if s.name == name), None)


def _check(event: Event, session: int, board: int, typed: TypedLine, number: int) -> _Checked:
    checked = _Checked(typed, number)
    line = typed.line
    result, score = typed.result.strip(), typed.score.strip()
    if not result and not score:
        return checked
    the_session = event.session(session)
    section = _section(the_session, line.section)
    if section is None:
        names = ", ".join(s.name for s in the_session.sections)
        checked.problems.append(
            f"section {line.section!r} is not in session {session} (sections {names})"
        )
        return checked
    checked.pairs_row = TravellerRow(
        board=board,
        ns_pair=line.ns,
        ew_pair=line.ew,
        round=line.round,
        table=line.table,
        section=line.section,
        source=Source(f"traveller of board {board}", row=number),
    )
    checked.problems += _movement_problems(checked.pairs_row, section, board, str(session))
    if not result:
        checked.problems.append(f"type the result for the score {score} ({RESULT_EXAMPLES})")
        return checked
    try:
        reading = read_result(result)
        score_cells = read_score(score)
    except FieldRefused as refusal:
        checked.problems.append(str(refusal))
        return checked
    if reading.adjusted and score_cells:
        checked.problems.append("an adjusted score takes no table score: leave the score empty")
        return checked
    keys = _columns(the_session)
    row, findings = _read_record(
        _record(board, line, {**reading.cells, **score_cells}), keys, line, number, board
    )
    checked.typed_row = row
    findings += [] if row is None else check_row(row, str(session))
    checked.problems += [_explain(f, row) for f in findings if f.severity is not Severity.INFO]
    if row is None:
        return checked
    checked.ns_score = row.law77_score_ns()
    if checked.problems:
        return checked
    record = _record(board, line, _final_cells(row, reading))
    final, _ = _read_record(record, keys, line, number, board)
    checked.row, checked.record, checked.summary = final, record, _summary(row, board)
    return checked


def _movement_problems(row: TravellerRow, section: Section, board: int, session: str) -> list[str]:
    """The pairs against the movement, as validation checks them: this round's and table's
    pairs on the board, pairs of the section, not a pair against itself. Validation decides;
    a pair on the wrong line is then said in the form's words (which pair, where it plays)."""
    movement = section.movement
    if not movement.plays_of(board):
        return [f"board {board} is not played in section {section.name}"]
    findings = check_rows_together([row], session, section.pair_numbers, movement=movement)
    findings += [
        f
        for f in check_against_movement([row], movement, session)
        if f.code is not Code.RESULT_MISSING
    ]
    if any(f.code is Code.PAIR_TWICE for f in findings):  # a pair against itself says it all
        findings = [f for f in findings if f.code is not Code.PAIRS_NOT_EXPECTED]
    wrong_line = (Code.PAIRS_NOT_EXPECTED, Code.ROUND_MISMATCH)
    return [
        (_not_on_board(row, section, board) if f.code in wrong_line else "") or _sentence(f)
        for f in findings
    ]


def _not_on_board(row: TravellerRow, section: Section, board: int) -> str:
    """Which typed pair does not play the board in this round, and where it does."""
    movement = section.movement
    here = [
        e for e in movement.plays_of(board, row.round) if row.table is None or e.table == row.table
    ]
    if not here:
        return ""
    entry = next((e for e in here if {row.ns_pair, row.ew_pair} & set(e.pairs)), here[0])
    there = f"the movement has {entry.ns}-{entry.ew}"
    elsewhere = movement.entry_for(board, row.ns_pair)
    if elsewhere is not None and set(elsewhere.pairs) == {row.ns_pair, row.ew_pair}:
        return (
            f"pairs {row.ns_pair} and {row.ew_pair} play board {board} in round "
            f"{elsewhere.round} ({elsewhere.ns}-{elsewhere.ew} at table {elsewhere.table}), "
            f"not in round {row.round} ({there})"
        )
    parts = []
    for pair in (row.ns_pair, row.ew_pair):
        if pair in entry.pairs:
            continue
        text = f"pair {pair} does not play board {board} in round {row.round} ({there})"
        elsewhere = movement.entry_for(board, pair)
        if elsewhere is not None:
            text += f"; pair {pair} plays it in round {elsewhere.round} "
            text += f"({elsewhere.ns}-{elsewhere.ew})"
        parts.append(text)
    return "; ".join(parts)


def _sentence(finding: Finding) -> str:
    """A finding's message and its suggestion, as two sentences."""
    suggestion = finding.suggestion
    if not suggestion:
        return finding.message
    if suggestion.startswith("e.g."):
        return f"{finding.message} ({suggestion})"
    return f"{finding.message}. {suggestion[0].upper()}{suggestion[1:]}"


def _vulnerable(row: TravellerRow) -> str:
    assert row.declarer is not None
    side = row.declarer.side
    state = "vulnerable" if vulnerability_of(row.board).is_vulnerable(side) else "not vulnerable"
    return f"{side} {state}"


def _explain(finding: Finding, row: TravellerRow | None) -> str:
    """A finding in the form's words; a Law 77 mismatch names the score and why."""
    if finding.code is not Code.SCORE_MISMATCH or row is None or row.written_score_ns is None:
        return _sentence(finding)
    written, expected = row.written_score_ns, row.law77_score_ns()
    if row.passed_out or row.contract is None or row.declarer is None or row.tricks is None:
        return f"a passed-out board scores 0 for both sides, not {written:+d}"
    text = (
        f"{_played(row)} scores {expected:+d} for NS on board {row.board} ({_vulnerable(row)}), "
        f"not {written:+d} (Law 77)"
    )
    suggestion = finding.suggestion or ""
    if suggestion and not suggestion.startswith("check contract"):
        text += f". {suggestion[0].upper()}{suggestion[1:]}"
    return text


def _played(row: TravellerRow) -> str:
    assert row.contract is not None and row.tricks is not None
    return f"{row.contract}{format_result(row.contract, row.tricks)} by {row.declarer}"


def _summary(row: TravellerRow, board: int) -> str:
    if row.adjustment is not None:
        return f"adjusted score {adjustment_text(row.adjustment)}"
    if row.passed_out:
        return "passed out: 0 for both sides"
    score = row.law77_score_ns()
    return f"{_played(row)} scores {score:+d} for NS on board {board} ({_vulnerable(row)}, Law 77)"


def check_line(event: Event, session: int, board: int, typed: TypedLine) -> LineCheck:
    """Check one typed line of ``board`` in ``session``: the result read as the spreadsheet
    door reads it, a typed score against Law 77 (refused when Law 77 does not give it, computed
    when missing), the pairs against the movement's line at that round and table."""
    return _check(event, session, board, typed, 1).check()


def check_traveller(
    event: Event, session: int, board: int, lines: Sequence[TypedLine]
) -> list[LineCheck]:
    """``check_line`` for every line, and the lines together: a pair twice on the board and a
    meeting entered twice (``pipeline.validation.movement_check.check_rows_together``)."""
    return [checked.check() for checked in _check_all(event, session, board, lines)]


def _check_all(
    event: Event, session: int, board: int, lines: Sequence[TypedLine]
) -> list[_Checked]:
    checked = [_check(event, session, board, typed, n) for n, typed in enumerate(lines, 1)]
    for section in event.session(session).sections:
        rows = [
            c.typed_row or c.pairs_row
            for c in checked
            if c.pairs_row is not None
            and c.pairs_row.section == section.name
            and c.pairs_row.ns_pair != c.pairs_row.ew_pair  # said on its own line already
        ]
        together = check_rows_together(rows, str(session), movement=section.movement)
        for finding in together:
            if finding.code in (Code.PAIR_TWICE, Code.DUPLICATE_ROW) and finding.location.row:
                checked[finding.location.row - 1].problems.append(_sentence(finding))
    return checked


# -- the saved traveller -----------------------------------------------------------------------
def traveller_csv(event_folder: Path | str, session: int) -> Path:
    """Where the typed lines of ``session`` are saved: ``EVENT/typed/session{N}.csv``."""
    return Path(event_folder) / TYPED_FOLDER / f"session{session}.csv"


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
    checked = _check_all(event, session, board, lines)
    refused = [(c.number, c.typed, c.check()) for c in checked if c.problems]
    if refused:
        raise TravellerRefused(board, refused)
    path = traveller_csv(event_folder, session)
    path.parent.mkdir(parents=True, exist_ok=True)
    the_session = event.session(session)
    keys = _columns(the_session)
    sections = {line.section for line in traveller_lines(event, session, board)}
    new = [c.record for c in checked if c.record is not None]
    with _locked(path.with_name(f".{path.stem}.lock")):
        header, kept = _other_boards(path, keys, board, sections, the_session)
        named = list(zip(header[: len(keys)], keys, strict=True))
        records = [*kept, *({h: r.get(k, "") for h, k in named} for r in new)]
        records.sort(key=lambda r: _board_key(r.get(header[keys.index("board")], "")))
        if records:
            atomic_write_text(path, _csv_text(header, records), encoding="utf-8-sig")
        else:
            path.unlink(missing_ok=True)
        _append_log(path, session, board, lines, who)
    return path


@contextmanager
def _locked(lock: Path) -> Iterator[None]:
    """One save of a session at a time: two directors typing two boards of one evening must
    not lose each other's lines between reading the file and replacing it."""
    with open(lock, "a+b") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _board_key(text: str) -> tuple[int, int]:
    return (0, int(text)) if text.strip().isdigit() else (1, 0)


def _read_table(path: Path) -> tuple[list[str], dict[str, int], list[list[str]]]:
    """The saved CSV as it is on disk: header, its fields, and the lines under it (the
    director may have opened and saved it in a spreadsheet: BOM, ';' or ',')."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max((";", ",", "\t"), key=first.count)
    table = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
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
    header = _header(keys)
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


def _append_log(path: Path, session: int, board: int, lines: Sequence[TypedLine], who: str) -> None:
    """One line per save, appended and synced: the history of who typed what, when."""
    entry = {
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
    log = path.with_name(f"{path.stem}.log.jsonl")
    with open(log, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(entry, ensure_ascii=False) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


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
