"""Reading one typed traveller line into a ``TravellerRow``, cell by cell.

Shared by the workbook and the CSV importer. A cell that cannot be read becomes a finding at
that cell (pipeline.validation codes ``*-syntax``) and the field is left empty, so the row is
still known (its board and pairs) and no false "result missing" follows. A line with nothing
typed after the pre-filled board, round, table and pairs is a result not entered: it yields no
row, and validation reports ``result-missing`` against the movement.

Result cells: "=", "+1", "-2", "10", "made 4" (``scoring.contract.parse_tricks``). A bare
number 0-6 can be a trick count or an overtrick count (Excel turns a typed "+1" into 1 in a
cell not formatted as text): the reading that agrees with the score column wins; without a
score the overtrick reading is taken and a ``result-ambiguous`` warning asks the director.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from pipeline.validation.findings import Code, Finding, Location
from scoring.board import vulnerability_of
from scoring.contract import PASS_WORDS, Contract, Doubling, Seat, parse_card, parse_tricks
from scoring.errors import ScoringError
from scoring.law77 import ns_score
from scoring.outcome import Adjustment, parse_adjustment
from scoring.traveller import Source, TravellerRow

__all__ = ["SEATS", "Cell", "LineReader", "is_blank"]

_RESULT_FIELDS = ("contract", "level", "strain", "doubling", "declarer", "result")
_ENTERED_FIELDS = (*_RESULT_FIELDS, "score_ns", "score_ew", "score", "adjusted")
_NAMES = {
    "board": "board", "ns": "NS pair", "ew": "EW pair", "round": "round", "table": "table",
    "north": "N player", "south": "S player", "east": "E player", "west": "W player",
}  # fmt: skip
SEATS = ("north", "south", "east", "west")
"""An individual's line may be typed with its four player numbers instead of NS and EW."""
_INT_RE = re.compile(r"^[+\-−]?\s*\d+$")


@dataclass(frozen=True)
class Cell:
    """A raw cell: its value as the file holds it, and whether it was a formula."""

    value: object = None
    formula: bool = False


def is_blank(cell: Cell | None) -> bool:
    """An empty cell (None or only spaces)."""
    return (
        cell is None
        or cell.value is None
        or (isinstance(cell.value, str) and not cell.value.strip())
    )


def _text(cell: Cell | None) -> str:
    if is_blank(cell):
        return ""
    assert cell is not None
    value = cell.value
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _as_int(cell: Cell) -> int:
    value = cell.value
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise ValueError(value)
    text = re.sub(r"\s+", "", str(value)).replace("−", "-")  # "1 370", NBSP included
    if _INT_RE.match(text):
        return int(text)
    raise ValueError(value)


class LineReader:
    """Reads the lines of one table (a sheet or a CSV file) whose header is ``columns``.

    ``label(index)`` names a column for locations (a letter in a workbook, the header in a
    CSV). ``section`` is the section of rows without a Section column.
    """

    def __init__(
        self,
        columns: dict[str, int],
        *,
        file: str,
        sheet: str | None,
        label: Callable[[int], str],
        section: str = "A",
        session: str | None = None,
    ) -> None:
        self.columns = columns
        self.file = file
        self.sheet = sheet
        self.label = label
        self.section = section
        self.session = session
        self._score_cells: dict[int, str] = {}
        self.seated = "ns" not in columns and all(key in columns for key in SEATS)
        self.players: dict[int, tuple[int, int, int, int]] = {}  # row -> N, S, E, W typed

    def column_of(self, field_name: str, row: TravellerRow | None = None) -> str | None:
        """The column label of a validation field name ("score", "ns", "result" ...); a
        score points at the score cell that ``row`` had filled (NS or EW)."""
        if field_name == "score" and row is not None and row.source is not None:
            filled = self._score_cells.get(row.source.row or 0)
            if filled is not None:
                return self.label(self.columns[filled])
        keys = {
            "score": ("score_ns", "score_ew", "score"),
            "contract": ("contract", "level", "strain"),
        }.get(field_name, (field_name,))
        for key in keys:
            if key in self.columns:
                return self.label(self.columns[key])
        return None

    # -- reading -------------------------------------------------------------------------
    def read(
        self, cells: Sequence[Cell], row_number: int
    ) -> tuple[TravellerRow | None, list[Finding]]:
        """One line: a row (or None for a line with no result typed) and its findings."""
        get = self._getter(cells)
        self._findings: list[Finding] = []
        self._row_number = row_number
        if all(is_blank(get(key)) for key in _ENTERED_FIELDS):
            return None, []
        self._place: tuple[int | None, int | None, int | None] = (None, None, None)
        self._section = _text(get("section")) or self.section
        # Each finding names the board, round and table once they are read.
        board = self._number(get("board"), "board", Code.BOARD_SYNTAX, required=True)
        self._place = (board, None, None)
        round_ = self._number(get("round"), "round", Code.ROUND_SYNTAX)
        self._place = (board, round_, None)
        table = self._number(get("table"), "table", Code.ROUND_SYNTAX)
        self._place = (board, round_, table)
        if self.seated:  # the pairs are the movement's: pipeline.doors.entry.individual_rows
            seats = [self._number(get(key), key, Code.PAIR_SYNTAX, required=True) for key in SEATS]
            if None not in seats:
                self.players[row_number] = tuple(seats)  # type: ignore[assignment]
            ns, ew = (0, 0) if None not in seats else (None, None)
        else:
            ns = self._number(get("ns"), "ns", Code.PAIR_SYNTAX, required=True)
            ew = self._number(get("ew"), "ew", Code.PAIR_SYNTAX, required=True)
        for key, index in self.columns.items():
            if key != "note" and index < len(cells) and cells[index].formula:
                self._add(
                    Code.CELL_FORMULA,
                    key,
                    f"the {key} cell holds a formula ({_text(cells[index])!r}); "
                    "type the value itself",
                    None,
                )
        if board is None or ns is None or ew is None:
            return None, self._findings
        section = self._section
        contract, passed_out = self._contract(get)
        declarer = self._declarer(get("declarer"))
        written = self._score(get)
        tricks = self._tricks(get("result"), contract, declarer, board, written)
        adjustment = self._adjustment(get("adjusted"))
        if passed_out:
            declarer, tricks = None, None
        row = TravellerRow(
            board=board,
            ns_pair=ns,
            ew_pair=ew,
            contract=contract,
            declarer=declarer,
            tricks=tricks,
            passed_out=passed_out,
            written_score_ns=written,
            adjustment=adjustment,
            round=round_,
            table=table,
            section=section,
            source=Source(self.file, self.sheet, None, row_number),
            lead=self._lead(get("lead")),
        )
        return row, self._findings

    def _getter(self, cells: Sequence[Cell]) -> Callable[[str], Cell | None]:
        def get(key: str) -> Cell | None:
            index = self.columns.get(key)
            if index is None or index >= len(cells):
                return None
            cell = cells[index]
            return None if cell.formula else cell

        return get

    def _location(self, key: str) -> Location:
        column = self.label(self.columns[key]) if key in self.columns else None
        return Location(
            session=self.session,
            section=self._section,
            board=self._place[0],
            round=self._place[1],
            table=self._place[2],
            row=self._row_number,
            column=column,
            source=Source(self.file, self.sheet, None, self._row_number, column),
        )

    def _add(self, code: Code, key: str, message: str, suggestion: str | None) -> None:
        self._findings.append(Finding.of(code, self._location(key), message, suggestion))

    def _number(
        self, cell: Cell | None, key: str, code: Code, required: bool = False
    ) -> int | None:
        if is_blank(cell):
            if required:
                self._add(code, key, f"no {_NAMES[key]} number", None)
            return None
        assert cell is not None
        try:
            value = _as_int(cell)
        except ValueError:
            value = 0
        if value < 1:
            self._add(code, key, f"{_NAMES[key]} {_text(cell)!r} is not a number from 1", None)
            return None
        return value

    def _contract(self, get: Callable[[str], Cell | None]) -> tuple[Contract | None, bool]:
        level, strain, dbl = (_text(get(k)) for k in ("level", "strain", "doubling"))
        if "contract" in self.columns and not is_blank(get("contract")):
            key, text = "contract", _text(get("contract"))
        else:
            if not (level or strain or dbl):
                return None, False
            key = "level" if not level or _is_pass(level) or not strain else "strain"
            if _is_pass(level) and not strain:
                return None, True
            text = f"{level}{strain}{dbl}"
        if _is_pass(text):
            return None, True
        try:
            # The Dbl column read on its own: "D" (doblet, dubblad) and "R" (redoblet) are
            # strain letters too, so "4" "S" "D" run together read as a strain "SD". Beside a
            # Contract column too: "4S" and "X" was read as 4S undoubled, nothing said.
            written = Contract.parse(text if key == "contract" else f"{level}{strain}")
            if not dbl:
                return written, False
            key = "doubling"  # a Dbl that is no doubling, or disagrees, is named in its column
            doubling = Doubling.parse(dbl)
            if written.doubling not in (Doubling.UNDOUBLED, doubling):
                raise ScoringError(f"Contract {text} and Dbl {dbl} disagree")
            return replace(written, doubling=doubling), False
        except ScoringError as error:
            self._add(Code.CONTRACT_SYNTAX, key, str(error), "e.g. 4S, 3NT, 4HX, or Pass")
            return None, False

    def _declarer(self, cell: Cell | None) -> Seat | None:
        if is_blank(cell):
            return None
        try:
            return Seat.parse(_text(cell))
        except ScoringError as error:
            self._add(Code.DECLARER_SYNTAX, "declarer", str(error), "N, E, S or W (Ø/Ö/V)")
            return None

    def _score(self, get: Callable[[str], Cell | None]) -> int | None:
        values: list[tuple[str, int]] = []
        for key, sign in (("score_ns", 1), ("score_ew", -1), ("score", 1)):
            cell = get(key)
            if is_blank(cell):
                continue
            assert cell is not None
            try:
                values.append((key, sign * _as_int(cell)))
            except ValueError:
                self._add(
                    Code.SCORE_SYNTAX,
                    key,
                    f"score {_text(cell)!r} is not a whole number of points",
                    "e.g. 620 or -100",
                )
                return None
        if not values:
            return None
        self._score_cells[self._row_number] = values[0][0]
        if len(values) > 1 and len({v for _, v in values}) > 1:
            self._add(
                Code.SCORE_SYNTAX,
                values[1][0],
                "a score is written in both the NS and the EW column",
                "write the score in the column of the side that scored it",
            )
            return None
        return values[0][1]

    def _tricks(
        self,
        cell: Cell | None,
        contract: Contract | None,
        declarer: Seat | None,
        board: int,
        written: int | None,
    ) -> int | None:
        if is_blank(cell):
            return None
        assert cell is not None
        text = _text(cell)
        bare = text.isdigit() and int(text) <= 6
        if contract is None:
            if text.isdigit() and 0 <= int(text) <= 13:
                return int(text)
            if not text.isdigit() and not re.match(r"^[=+\-−]", text):
                self._add(Code.RESULT_SYNTAX, "result", f"cannot read result {text!r}", None)
            return None  # a relative result with no readable contract: the contract says it
        if bare:
            return self._ambiguous(int(text), contract, declarer, board, written)
        try:
            return parse_tricks(text, contract)
        except ScoringError as error:
            code = Code.TRICKS_OUT_OF_RANGE if "0-13" in str(error) else Code.RESULT_SYNTAX
            self._add(code, "result", str(error), "=, +1, -2 or the number of tricks (0-13)")
            return None

    def _ambiguous(
        self, n: int, contract: Contract, declarer: Seat | None, board: int, written: int | None
    ) -> int:
        as_count = n
        as_over = contract.tricks_needed + n
        if as_over > 13:
            return as_count
        if declarer is not None and written is not None:
            vul = vulnerability_of(board)
            fits = [
                t for t in (as_over, as_count) if ns_score(contract, declarer, t, vul) == written
            ]
            if len(fits) == 1:
                return fits[0]
        self._add(
            Code.RESULT_AMBIGUOUS,
            "result",
            f"result {n} read as +{n} ({as_over} tricks), not as {n} tricks",
            f"type '+{n}' or the trick count {as_over} (format the cell as text)",
        )
        return as_over

    def _adjustment(self, cell: Cell | None) -> Adjustment | None:
        if is_blank(cell):
            return None
        text = _text(cell)
        try:
            return parse_adjustment(text)
        except ScoringError as error:
            self._add(
                Code.ADJUSTMENT_SYNTAX, "adjusted", str(error), "e.g. A60/40, A50, +420, 420/-100"
            )
            return None

    def _lead(self, cell: Cell | None) -> str:
        """The opening lead, if typed; one that cannot be read is left out with a warning
        (it is printed, never scored)."""
        if is_blank(cell):
            return ""
        try:
            return parse_card(_text(cell))
        except ScoringError as error:
            self._add(Code.LEAD_SYNTAX, "lead", str(error), "e.g. SA, H10, ♦7 (KD: klöver dam)")
            return ""


def _is_pass(text: str) -> bool:
    folded = text.strip().upper()
    return folded in PASS_WORDS or folded.replace(" ", "") in {"PASS", "ALLPASS", "PASSOUT"}
