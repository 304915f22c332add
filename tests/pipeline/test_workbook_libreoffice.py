"""The result workbook opens in LibreOffice, and a formula-like name is still text there.

LibreOffice is optional on a developer machine (``apt-get install libreoffice-calc-nogui``);
the test is skipped when ``soffice`` is absent. Converting to CSV makes LibreOffice load
and recalculate the first sheet: a name written as a formula would come out evaluated
("=SUM(1+1)" as 2), a text cell comes out as written.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
from pathlib import Path

import pytest

from pipeline.publish.workbook import write_workbook
from tests.pipeline.test_workbook import _results

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")


@pytest.mark.slow
@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_opens_the_workbook(tmp_path: Path) -> None:
    path = write_workbook(_results(("=SUM(1+1)", "Åke Öberg")), tmp_path / "results.xlsx")
    out = tmp_path / "csv"
    command = [
        str(SOFFICE),
        f"-env:UserInstallation=file://{tmp_path / 'profile'}",
        "--headless",
        "--convert-to",
        "csv:Text - txt - csv (StarCalc):44,34,76",  # comma, quote, UTF-8
        "--outdir",
        str(out),
        str(path),
    ]
    subprocess.run(command, check=True, capture_output=True, timeout=180)
    with open(out / "results.csv", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))
    header = next(i for i, row in enumerate(rows) if row and row[0] == "Place")
    assert rows[header][:3] == ["Place", "Pair", "Names"]
    first = rows[header + 1]
    assert first[:3] == ["1", "1", "=SUM(1+1) - Åke Öberg"]
    assert [row[0] for row in rows[header + 1 : header + 7]] == ["1", "2", "3-4", "3-4", "5", "6"]
