"""The generated entry workbook: pre-filled from the movement, lists, protection, text cells,
names that stay text, both layouts, atomic writing."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook

from pipeline.doors.entry import Layout, build_entry_workbook, read_entry_workbook
from pipeline.doors.entry.template import write_entry_workbook
from scoring.movements import mitchell
from tests.pipeline.doors.test_entry_fixtures import club_event, write_filled

HEADERS = ["Board", "Round", "Table", "NS", "EW", "Level", "Strain", "Dbl", "Declarer",
           "Result", "NS score", "EW score", "Adjusted", "Note"]  # fmt: skip


def test_long_sheet_is_prefilled_with_the_movement(tmp_path: Path) -> None:
    path = write_entry_workbook(tmp_path / "s1.xlsx", club_event(), 1)
    wb = load_workbook(path)
    assert wb.sheetnames == ["Session", "Travellers"]
    ws = wb["Travellers"]
    assert [c.value for c in ws[1]] == HEADERS
    lines = [tuple(c.value for c in row[:5]) for row in ws.iter_rows(min_row=2)]
    # 3-table Mitchell, 2 boards a round: board 1 at table 1 (NS1-EW4), then table 3
    # (NS3-EW5: boards move down, EW move up), then table 2 (NS2-EW6); board 3 starts at
    # table 2 (NS2-EW5).
    assert lines[:3] == [(1, 1, 1, 1, 4), (1, 2, 3, 3, 5), (1, 3, 2, 2, 6)]
    assert lines[6] == (3, 1, 2, 2, 5)
    assert len(lines) == 18  # 6 boards x 3 tables
    assert ws.freeze_panes == "A2"


def test_lists_protection_and_text_cells(tmp_path: Path) -> None:
    wb = load_workbook(write_entry_workbook(tmp_path / "s1.xlsx", club_event(), 1))
    ws = wb["Travellers"]
    lists = {
        str(dv.sqref): (dv.formula1, dv.errorStyle) for dv in ws.data_validations.dataValidation
    }
    assert lists["I2:I19"] == ('"N,E,S,W,Ø,Ö,V"', "warning")  # declarer
    assert lists["G2:G19"][0] == '"C,D,H,S,NT,K,R,UT,SA"'  # strain
    assert lists["F2:F19"][0] == '"1,2,3,4,5,6,7,Pass"'  # level
    assert ws.protection.sheet is True
    assert ws["A1"].protection.locked is True
    assert ws["F2"].protection.locked is False and ws["D2"].protection.locked is False
    assert ws["J2"].number_format == "@" and ws["M2"].number_format == "@"
    assert wb["Session"].protection.sheet is True


def test_names_with_formula_characters_stay_text(tmp_path: Path) -> None:
    wb = load_workbook(write_entry_workbook(tmp_path / "s1.xlsx", club_event(), 1))
    ws = wb["Session"]
    assert ws["A1"].value == "bridgescan entry workbook"
    cells = [c for row in ws.iter_rows() for c in row if c.value is not None]
    assert not [c for c in cells if c.data_type == "f"]
    names = {c.value for c in cells if isinstance(c.value, str)}
    assert 'Eva Sjöberg - =HYPERLINK("http://x")' in names
    assert "Karin Öst - +Lars Vik" in names


def test_per_board_layout_has_a_sheet_per_board_and_imports_the_same(tmp_path: Path) -> None:
    path = write_filled(tmp_path / "pb.xlsx", Layout.PER_BOARD)
    wb = load_workbook(path)
    assert wb.sheetnames == ["Session"] + [f"Board {b}" for b in range(1, 7)]
    assert [c.value for c in wb["Board 4"]["A"][1:]] == [4, 4, 4]
    per_board = read_entry_workbook(path)
    long = read_entry_workbook(write_filled(tmp_path / "long.xlsx"))
    assert sorted(per_board.rows, key=repr) == sorted(long.rows, key=repr)
    assert {r.source.sheet for r in per_board.rows if r.source} == {
        f"Board {b}" for b in range(1, 7)
    }


def test_several_sections_get_a_section_column() -> None:
    wb = build_entry_workbook({"A": mitchell(3, 2), "B": mitchell(5, 1)})
    assert wb.sheetnames == ["Session", "Section A", "Section B"]
    assert wb["Section B"]["A1"].value == "Section"
    assert wb["Section B"]["A2"].value == "B"
    assert wb["Section B"].max_row == 1 + 5 * 5  # 5 boards x 5 tables


def test_no_half_written_workbook_when_saving_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from openpyxl import Workbook

    target = tmp_path / "out.xlsx"

    def broken(self: Workbook, handle: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(Workbook, "save", broken)
    with pytest.raises(OSError, match="disk full"):
        write_entry_workbook(target, club_event(), 1)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")
def test_libreoffice_opens_and_keeps_the_workbook(tmp_path: Path) -> None:
    """A filled workbook saved again by LibreOffice imports to the same rows, with the text
    cells, protection and lists kept (the door must survive the club's own spreadsheet)."""
    filled = write_filled(tmp_path / "filled.xlsx")
    out = tmp_path / "lo"
    subprocess.run(
        ["soffice", f"-env:UserInstallation=file://{tmp_path / 'profile'}", "--headless",
         "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out), str(filled)],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    resaved = out / "filled.xlsx"
    assert read_entry_workbook(resaved).rows == read_entry_workbook(filled).rows
    ws = load_workbook(resaved)["Travellers"]
    assert ws.protection.sheet is True
    assert (ws["J2"].value, ws["J2"].data_type, ws["J2"].number_format) == ("=", "s", "@")
    assert len(ws.data_validations.dataValidation) == 4
