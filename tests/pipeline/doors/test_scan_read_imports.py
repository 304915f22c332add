"""What ``bridgescan scan read`` loads: the reader, the review queue and its sheet, not the
store's engine or anything only other commands use.

Every module a command imports is CPU it spends before it reads a page (issue 43 timed
the reader from outside, start-up included). A new output folder's store is made with
Python's sqlite3 and the plain DDL (pipeline/store/sqlite_file.py): it holds no decisions,
so nothing needs SQLAlchemy or Alembic. The command runs as a process of its own with
Python's ``-X importtime`` (``PYTHONPROFILEIMPORTTIME``), which lists every module it loads.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from pipeline.store import EventStore
from pipeline.store.location import plain_sqlite_path
from pipeline.store.upgrade import head_revision
from tests.pipeline.flows.reading_children import imported
from tests.pipeline.record_cli import _MAIN, environment

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"

#: Top-level packages ``scan read`` has no use for (the store's engine and migrations,
#: Prefect, the web site and console, Dask, pandas, and the forms' renderer: the blank
#: form and the printed digits the reader compares pages with ship drawn, ocr/form_pixels.py).
NOT_FOR_SCAN_READ = ("sqlalchemy", "alembic", "mako", "prefect", "jinja2", "httpx", "uvicorn",
                     "fastapi", "dask", "distributed", "pandas", "psycopg",
                     "reportlab")  # fmt: skip


#: Modules of packages it uses that ``scan read`` without the event has no use for: the QR
#: code's writer (segno, and the urllib.request, http.client and ssl its writers import),
#: numpy's masked arrays (``np.unique`` without indices imports them), the laws, movements
#: and event types of scoring/ beyond Law 77 and the traveller's row, YAML and the form
#: file's models (the form's records ship built, ocr/layout_shipped.py), pydantic, which
#: Typer would import to coerce the command line's paths and numbers
#: (pipeline/cli/plain_values.py; the event file's models use it, readings.json only
#: pydantic_core's writer), and Rich where stdout is a pipe (its one progress line is
#: written without it, pipeline/cli/progress_line.py).
NOT_FOR_READING_ALONE = ("segno", "ssl", "http.client", "numpy.ma", "scoring.event",
                         "scoring.movement", "scoring.movements", "scoring.session",
                         "scoring.matchpoints", "yaml", "ocr.layout_file",
                         "ocr.marked_yaml", "pydantic", "typer._adapters",
                         "rich")  # fmt: skip


def _first_page(tmp_path: Path) -> Path:
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument.new()
    page.import_pages(pdfium.PdfDocument(str(SAMPLE / "scans" / "session1.pdf")), [0])
    pdf = tmp_path / "one.pdf"
    page.save(str(pdf))
    return pdf


def _scan_read(tmp_path: Path, out: Path, *options: str) -> tuple[set[str], str]:
    """``scan read`` of the sample's first page into ``out`` as a process of its own: the
    modules it loaded and what it printed."""
    env = environment(tmp_path / "home", PYTHONPROFILEIMPORTTIME="1")
    done = subprocess.run(
        [sys.executable, "-c", _MAIN, "scan", "read", str(_first_page(tmp_path)),
         "-o", str(out), *options],
        env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr[-2000:]
    return imported(done.stderr), done.stdout


@pytest.mark.skipif(not (SAMPLE / "scans" / "session1.pdf").exists(), reason="no sample scans")
def test_scan_read_without_the_event_loads_only_the_reading(tmp_path: Path) -> None:
    loaded, printed = _scan_read(tmp_path, tmp_path / "out")

    assert "1 page(s)" in printed
    assert {"ocr.reader", "ocr.qrpayload", "scoring.law77"} <= loaded
    assert sorted(loaded.intersection(NOT_FOR_READING_ALONE)) == []


@pytest.mark.skipif(not (SAMPLE / "scans" / "session1.pdf").exists(), reason="no sample scans")
def test_scan_read_into_a_new_folder_loads_no_store_engine(tmp_path: Path) -> None:
    out = tmp_path / "out"
    loaded, printed = _scan_read(
        tmp_path, out, "--event", str(SAMPLE / "event.yaml"), "--session", "1"
    )

    assert "1 page(s)" in printed
    assert {"ocr.reader", "openpyxl", "pipeline.doors.scans.review_sheet"} <= loaded
    assert sorted(name for name in loaded if name.split(".")[0] in NOT_FOR_SCAN_READ) == []
    db = sqlite3.connect(out / "bridgescan.sqlite")  # the store is there, at the head schema
    try:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [
            (head_revision(),)
        ]
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        db.close()
    with EventStore(out / "bridgescan.sqlite", create=False) as store:  # as `review` opens it
        assert store.verify() == 0


def test_the_store_file_a_path_names_is_found_without_parsing_a_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("BRIDGESCAN_STORE", raising=False)
    assert plain_sqlite_path(None, tmp_path) == tmp_path / "bridgescan.sqlite"
    assert plain_sqlite_path("elsewhere/s.sqlite", tmp_path) == Path("elsewhere/s.sqlite")
    assert plain_sqlite_path("sqlite:///abs/s.sqlite", tmp_path) is None  # a URL: parsed
    assert plain_sqlite_path("postgresql://u@h/db", tmp_path) is None
    assert plain_sqlite_path(None, None) is None
    monkeypatch.setenv("BRIDGESCAN_STORE", str(tmp_path / "env.sqlite"))
    assert plain_sqlite_path(None, tmp_path) == tmp_path / "env.sqlite"
