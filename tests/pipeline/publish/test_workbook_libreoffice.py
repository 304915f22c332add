"""The result workbook opens in LibreOffice, and a formula-like name is still text there.

LibreOffice and poppler-utils are installed by scripts/bootstrap.sh; on a machine without
them (``apt-get install libreoffice-calc-nogui poppler-utils``) the tests are skipped.
Converting to CSV makes LibreOffice load and recalculate the first sheet: a name written
as a formula would come out evaluated ("=SUM(1+1)" as 2), a text cell comes out as written.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
from pathlib import Path

import pytest

from pipeline.publish.workbook import write_workbook
from tests.pipeline.publish.test_workbook import _results

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


@pytest.mark.slow
@pytest.mark.skipif(SOFFICE is None, reason="LibreOffice (soffice) is not installed")
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="poppler-utils is not installed")
def test_the_sample_workbook_prints_on_few_pages_with_several_travellers_each(tmp_path) -> None:
    """The sample evening's workbook (both sessions, 56 boards, 29 pairs) as LibreOffice
    prints it: it printed 90 pages with a traveller per mostly empty page; now each
    session's travellers and score cards are one sheet each, several to a page. The page
    count is the PDF's; one travellers page is rendered and must carry ink and boards."""
    import cv2

    from pipeline.flows.score_files import run_score

    sample = Path(__file__).parents[3] / "sample_data" / "club-evening"
    _, paths = run_score(sample / "event.yaml",
                         [str(sample / "session1.xlsx"), str(sample / "session2.csv")],
                         tmp_path / "out")  # fmt: skip
    out = tmp_path / "pdf"
    profile = f"-env:UserInstallation=file://{tmp_path / 'profile'}"
    command = [str(SOFFICE), profile, "--headless", "--convert-to", "pdf", "--outdir", str(out),
               str(paths["workbook"])]  # fmt: skip
    subprocess.run(command, check=True, capture_output=True, timeout=300)
    pdf = out / "results.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True)
    pages = int(next(line for line in info.stdout.splitlines() if line.startswith("Pages:"))
                .split()[1])  # fmt: skip
    assert pages <= 40, pages  # 90 before; well under half
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout.split("\f")  # fmt: skip
    travellers = next(i for i, page in enumerate(text, start=1) if "S1 Travellers" in page)
    boards = [b for b in range(1, 27) if f"Board {b} · dealer" in text[travellers - 1]]
    assert len(boards) >= 4, boards  # several travellers on one printed page
    subprocess.run(["pdftoppm", "-r", "40", "-png", "-gray", "-f", str(travellers), "-l",
                    str(travellers), str(pdf), str(tmp_path / "page")], check=True)  # fmt: skip
    image = cv2.imread(str(next(tmp_path.glob("page*.png"))), cv2.IMREAD_GRAYSCALE)
    inked = float((image < 128).mean())
    assert 0.01 < inked < 0.5, inked  # text and table lines, neither blank nor black
