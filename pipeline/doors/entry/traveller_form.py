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

``save_traveller`` (``pipeline.doors.entry.traveller_saved``) writes the lines as the SAME
records as the spreadsheet door: the CSV ``EVENT/typed/session{N}.csv`` with the entry
template's English headers (templates/entry/columns.yaml), which
``pipeline.doors.entry.importer.read_csv`` reads back to the rows ``check_line`` computed
(``traveller_file`` keeps them: a board's lines replaced, every other board's kept,
atomically, each save a line of its log). What a check found is said in the screen's words
by ``line_wording``.

The result field (``TypedLine.result``: ``4S= N``, ``3NTX-2 S``, ``pass``, ``A60/40``, "" =
not entered) and the score field (``TypedLine.score``: ``620``, ``-100``, ``ÖV 100``) are read
as ``pipeline.doors.entry.typed_notation`` says, Scandinavian forms included.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pipeline.doors.entry.cells import Cell, LineReader
from pipeline.doors.entry.line_wording import accepted_summary, explain, not_on_board, sentence
from pipeline.doors.entry.traveller_file import (
    csv_columns,
    csv_header,
)
from pipeline.doors.entry.typed_notation import (
    RESULT_EXAMPLES,
    FieldRefused,
    ResultCells,
    read_result,
    read_score,
)
from pipeline.validation.findings import Code, Finding, Severity
from pipeline.validation.movement_check import check_against_movement, check_rows_together
from pipeline.validation.score_check import check_row
from scoring.event import Event, Section, Session
from scoring.traveller import Source, TravellerRow

__all__ = [
    "CheckedLine",
    "FormLine",
    "LineCheck",
    "TravellerRefused",
    "TypedLine",
    "check_line",
    "check_traveller",
    "checked_lines",
    "traveller_lines",
]


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
    header = csv_header(keys)
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
class CheckedLine:
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


def _check(event: Event, session: int, board: int, typed: TypedLine, number: int) -> CheckedLine:
    checked = CheckedLine(typed, number)
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
    keys = csv_columns(the_session)
    row, findings = _read_record(
        _record(board, line, {**reading.cells, **score_cells}), keys, line, number, board
    )
    checked.typed_row = row
    findings += [] if row is None else check_row(row, str(session))
    checked.problems += [explain(f, row) for f in findings if f.severity is not Severity.INFO]
    if row is None:
        return checked
    checked.ns_score = row.law77_score_ns()
    if checked.problems:
        return checked
    record = _record(board, line, _final_cells(row, reading))
    final, _ = _read_record(record, keys, line, number, board)
    checked.row, checked.record, checked.summary = final, record, accepted_summary(row, board)
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
        (not_on_board(row, section, board) if f.code in wrong_line else "") or sentence(f)
        for f in findings
    ]


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
    return [checked.check() for checked in checked_lines(event, session, board, lines)]


def checked_lines(
    event: Event, session: int, board: int, lines: Sequence[TypedLine]
) -> list[CheckedLine]:
    """Every typed line checked alone and then together (a pair twice on the board, a
    meeting entered twice): what ``check_traveller`` reports and ``save_traveller`` saves."""
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
                checked[finding.location.row - 1].problems.append(sentence(finding))
    return checked
