"""A table's cells as the workbook's sheets hold them: ``write_table`` makes each data cell
itself (``_new_cell``) and ``set_text`` sets a string without openpyxl's value setter, so
these pin what each cell must hold, worked out from openpyxl's rules: text stays text
(never a formula, never an error), control characters dropped, a string cut at Excel's
32,767 characters; numbers as numbers; each column's number format on its numbers only;
shaded rows filled; and the sheet's next row (``append``) after the table.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st
from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.styles.cell_style import StyleArray

from pipeline.publish.workbook.layout import MARK_FILL, Column, _new_cell, write_table
from pipeline.xlsx import ILLEGAL_CHARACTERS, put, set_text

COLUMNS = (
    Column("Pair", 6, align="center"),
    Column("Score", 8, "0.0"),
    Column("Note", 20),
)


def test_text_stays_text_as_openpyxl_would_keep_it() -> None:
    sheet = Workbook().active
    cases = {
        "=SUM(A1:A2)": "=SUM(A1:A2)",  # openpyxl's setter would make this a formula
        "#N/A": "#N/A",  # and this an error
        "a\x00b\x1fc\td": "abc\td",  # control characters dropped, a tab kept
        "x" * 40_000: "x" * 32_767,  # Excel's longest
    }
    for row, (given_text, kept) in enumerate(cases.items(), start=1):
        cell = set_text(sheet.cell(row=row, column=1), given_text)
        assert (cell.value, cell.data_type) == (kept, "s")


@given(st.text(max_size=200))
def test_set_text_holds_what_openpyxl_holds_for_a_clean_string(text: str) -> None:
    """Any text: the value openpyxl's own setter keeps for the text without its control
    characters, always as a string cell."""
    sheet = Workbook().active
    ours = set_text(Cell(sheet, row=1, column=1), text)
    theirs = Cell(sheet, row=1, column=2)
    theirs.value = ILLEGAL_CHARACTERS.sub("", text)
    assert ours.value == theirs.value
    assert ours.data_type == "s"


def test_a_table_holds_its_values_formats_and_shading() -> None:
    sheet = Workbook().active
    rows = [
        ("1", 3, "=1+1"),
        ("2", Fraction(1, 8), None),
        ("3", 2.5, "last"),
    ]
    after = write_table(sheet, 2, COLUMNS, rows, marked=[False, True, False])
    assert after == 6
    values = [[(c.value, c.data_type) for c in row] for row in sheet.iter_rows(min_row=3)]
    assert values == [
        [("1", "s"), (3, "n"), ("=1+1", "s")],
        [("2", "s"), (0.125, "n"), (None, "n")],
        [("3", "s"), (2.5, "n"), ("last", "s")],
    ]
    assert [sheet.cell(row=r, column=2).number_format for r in (3, 4, 5)] == ["0.0"] * 3
    assert sheet.cell(row=3, column=1).number_format == "General"  # text: no number format
    assert sheet.cell(row=3, column=1).alignment.horizontal == "center"
    shaded = [sheet.cell(row=r, column=c).fill == MARK_FILL for r in (3, 4, 5) for c in (1, 2, 3)]
    assert shaded == [False] * 3 + [True] * 3 + [False] * 3
    assert all(sheet.cell(row=r, column=c).border.left.style == "thin"
               for r in (3, 4, 5) for c in (1, 2, 3))  # fmt: skip
    sheet.append(["next"])
    assert sheet.cell(row=6, column=1).value == "next"  # appended after the table


def test_a_table_over_cells_already_there_keeps_them_as_its_own() -> None:
    """A cell the sheet holds already is written through, not made again: the one object."""
    sheet = Workbook().active
    write_table(sheet, 1, COLUMNS, [("1", 1, "a")])
    before = sheet.cell(row=2, column=3)
    write_table(sheet, 1, COLUMNS, [("1", 1, "b"), ("2", 2, "c")])
    assert sheet.cell(row=2, column=3) is before
    assert before.value == "b"
    assert sheet.cell(row=3, column=3).value == "c"


def test_a_new_table_cell_holds_every_slot_openpyxl_gives_it() -> None:
    """``_new_cell`` sets a cell's slots itself: each one as ``Cell(sheet, row, column,
    style_array=style)`` sets it, the style a copy of its own (so a cell restyled later does
    not restyle the others), and the cell in the sheet at its place."""
    sheet = Workbook().active
    style = StyleArray([1, 2, 3, 0, 0, 4, 0, 0, 5])
    ours = _new_cell(sheet, 7, 3, style)
    theirs = Cell(sheet, row=7, column=3, style_array=style)
    slots = ("parent", "row", "column", "_value", "_hyperlink", "data_type", "_comment")
    assert [getattr(ours, s) for s in slots] == [getattr(theirs, s) for s in slots]
    assert type(ours._style) is type(theirs._style) is StyleArray
    assert list(ours._style) == list(theirs._style) == [1, 2, 3, 0, 0, 4, 0, 0, 5]
    assert ours._style is not style
    assert sheet._cells[(7, 3)] is ours
    assert (ours.coordinate, ours.has_style, ours.style_id) == ("C7", True, theirs.style_id)


@given(st.one_of(st.none(), st.integers(), st.floats(), st.fractions(), st.booleans()))
def test_put_stores_a_number_as_openpyxls_setter_does(value: object) -> None:
    """``put`` stores a plain int, float or None (and a Fraction, as its float) without
    openpyxl's setter: the same value and type as the setter gives."""
    sheet = Workbook().active
    ours = put(Cell(sheet, row=1, column=1), value)
    theirs = Cell(sheet, row=1, column=2)
    theirs.value = float(value) if isinstance(value, Fraction) else value
    assert type(ours.value) is type(theirs.value)
    assert ours.value == theirs.value or ours.value != ours.value  # NaN is NaN
    assert ours.data_type == theirs.data_type
