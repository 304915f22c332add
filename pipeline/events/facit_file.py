"""A facitbarometer's booklet as a table (seed 004 "a) Facitbarometer").

The booklet of an SM final or another barometer lists, for every board, the scores the
tables had and their points. The director types it as a CSV or XLSX table, one row per
score of a board, and names it in the session of the event file (``facit: booklet.csv``)::

    Board,NS score,Results,NS points
    1,-100,1,0
    1,110,2,3
    1,140,3,8
    1,420,2,13

- ``Board``: the board number (tonight's boards are the booklet's numbers);
- ``NS score``: North-South's score (Law 77, a multiple of 10, minus for EW's);
- ``Results``: how many tables had that score (empty: 1);
- ``NS points``: the points the booklet gives North-South for it, on the 2-1-0 scale (a
  decimal point or comma, or a fraction "25/2", for a factored booklet);
- ``Top`` (optional): the board's top; without it, 2 x (the board's results - 1), the
  2-1-0 top of the booklet's field (Law 78A).

Swedish headers are read too (Bricka, Resultat, Antal, Poäng, Topp). A mistake names the
file (and sheet), the row a spreadsheet shows and the board: ``booklet.csv: row 5: board 1:
score 140 has 3 points, not more than 3 for the lower score 110 (a higher score beats the
lower ones)``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ocr.marked_yaml import Loc
from pipeline.events.event_places import Places
from pipeline.events.event_schema import FacitEntry
from pipeline.events.guidecards import format_boards
from pipeline.events.table_files import TableFileError, header_key, read_table_cells
from scoring.event import EventKind, Section
from scoring.facit import Facit, FacitBoard, FacitError, FacitLine

__all__ = ["FacitFileError", "read_facit", "facit_from_cells", "read_session_facit"]

_HEADERS = {
    "board": {"board", "bricka", "bräde", "spil", "brett", "bd"},
    "score": {"ns score", "score", "score ns", "resultat", "ns", "ns-score"},
    "count": {"results", "count", "antal", "tables", "antal resultat"},
    "points": {"ns points", "points", "poäng", "ns poäng", "mp", "ns mp"},
    "top": {"top", "topp"},
}
_REQUIRED = ("board", "score", "points")


class FacitFileError(ValueError):
    """A booklet table that cannot be used; the message names file, row and board."""


@dataclass(frozen=True)
class _Row:
    row: int
    board: int
    line: FacitLine
    top: Fraction | None


def read_facit(path: Path, sheet: str | None = None, *, file: str | None = None) -> Facit:
    """The booklet at ``path``; ``file`` is its name as the event file writes it."""
    try:
        place, cells = read_table_cells(path, sheet, "a facit")
    except TableFileError as error:
        raise FacitFileError(str(error)) from None
    return facit_from_cells(place, cells, file=file or path.name, sheet=sheet)


def read_session_facit(
    entry: FacitEntry,
    kind: EventKind,
    sections: Sequence[Section],
    base_dir: Path,
    places: Places,
    loc: Loc,
) -> Facit:
    """A session's ``facit:`` (relative to the event file), refused in an event not scored
    in matchpoints and when the booklet lacks a board the session's movements play."""
    if kind is not EventKind.PAIRS_MATCHPOINTS:
        raise places.error(
            loc, f"a facit is for a pairs event in matchpoints (kind: pairs-matchpoints), "
            f"not {kind.value}",
        )  # fmt: skip
    try:
        facit = read_facit(base_dir / entry.file, entry.sheet, file=entry.file)
    except FacitFileError as error:
        raise places.error(loc, str(error)) from None
    played = sorted({b for section in sections for b in section.movement.boards})
    missing = facit.missing(played)
    if missing:
        raise places.error(
            loc, f"{entry.file}: the facit has no board {', '.join(map(str, missing))}, "
            f"which the movement plays (boards {format_boards(played)})",
        )  # fmt: skip
    return facit


def _text(value: object) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return "" if value is None else str(value).strip()


def _number(text: str) -> Fraction | None:
    written = text.replace(",", ".").replace("−", "-").replace(" ", "")
    if not re.fullmatch(r"-?\d+(\.\d+)?(/\d+)?", written):
        return None
    try:
        return Fraction(written)
    except ZeroDivisionError:
        return None


def facit_from_cells(
    place: str, cells: Sequence[Sequence[object]], *, file: str, sheet: str | None = None
) -> Facit:
    """The booklet from a table's cells; ``place`` ("booklet.csv") starts every message."""
    header, columns = _header(place, cells)
    rows: list[_Row] = []
    for i in range(header + 1, len(cells)):
        row = list(cells[i])
        values = {key: _text(row[j]) if j < len(row) else "" for key, j in columns.items()}
        if not any(values.values()):
            continue
        rows.append(_row(place, i + 1, values))
    if not rows:
        raise FacitFileError(f"{place}: the facit has no rows")
    by_board: dict[int, list[_Row]] = {}
    for row in rows:
        by_board.setdefault(row.board, []).append(row)
    boards = tuple(_board(place, number, mine) for number, mine in sorted(by_board.items()))
    return Facit(file, boards, sheet)


def _header(place: str, cells: Sequence[Sequence[object]]) -> tuple[int, dict[str, int]]:
    for i, candidate in enumerate(cells[:10]):
        keys: dict[str, int] = {}
        for j, cell in enumerate(candidate):
            key = header_key(cell, _HEADERS)
            if key is not None and key not in keys:
                keys[key] = j
        if set(_REQUIRED) <= set(keys):
            return i, keys
    raise FacitFileError(
        f"{place}: no header row with the columns Board, NS score and NS points "
        "(Results and Top optional) in the first 10 rows"
    )


def _row(place: str, number: int, values: dict[str, str]) -> _Row:
    where = f"{place}: row {number}"
    board_text = values["board"]
    if not board_text.isdigit() or int(board_text) < 1:
        raise FacitFileError(f"{where}: board {board_text!r} is not a board number (1 or more)")
    board = int(board_text)
    where = f"{where}: board {board}"
    score = _number(values["score"])
    if score is None or score.denominator != 1 or score % 10:
        raise FacitFileError(
            f"{where}: NS score {values['score']!r} is not a score (a whole multiple of 10)"
        )
    count_text = values.get("count", "") or "1"
    if not count_text.isdigit() or int(count_text) < 1:
        raise FacitFileError(f"{where}: results {count_text!r} is not a whole number of 1 or more")
    points = _number(values["points"])
    if points is None or points < 0:
        raise FacitFileError(
            f"{where}: NS points {values['points']!r} is not a number of 0 or more"
        )
    top: Fraction | None = None
    if values.get("top"):
        top = _number(values["top"])
        if top is None or top <= 0:
            raise FacitFileError(f"{where}: top {values['top']!r} is not a number above 0")
    return _Row(number, board, FacitLine(int(score), int(count_text), points), top)


def _board(place: str, board: int, rows: list[_Row]) -> FacitBoard:
    """A board's rows checked together: each score once, points rising with the score."""
    first_at: dict[int, int] = {}
    for row in rows:
        if row.line.score in first_at:
            raise FacitFileError(
                f"{place}: rows {first_at[row.line.score]}, {row.row}: board {board}: score "
                f"{row.line.score} is listed twice (give it once with its number of results)"
            )
        first_at[row.line.score] = row.row
    tops = {row.top for row in rows if row.top is not None}
    if len(tops) > 1:
        raise FacitFileError(
            f"{place}: rows {', '.join(str(r.row) for r in rows)}: board {board}: the rows give "
            f"different tops ({', '.join(_shown(t) for t in sorted(tops))})"
        )
    results = sum(row.line.count for row in rows)
    top = tops.pop() if tops else Fraction(2 * (results - 1))
    ordered = sorted(rows, key=lambda row: row.line.score)
    for lower, higher in zip(ordered, ordered[1:], strict=False):
        if higher.line.points <= lower.line.points:
            raise FacitFileError(
                f"{place}: row {higher.row}: board {board}: score {higher.line.score} has "
                f"{_shown(higher.line.points)} points, not more than {_shown(lower.line.points)} "
                f"for the lower score {lower.line.score} (a higher score beats the lower ones)"
            )
    try:
        return FacitBoard(board, top, tuple(row.line for row in ordered))
    except FacitError as error:
        rows_text = ", ".join(str(row.row) for row in rows)
        raise FacitFileError(f"{place}: rows {rows_text}: {error}") from None


def _shown(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
