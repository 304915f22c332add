"""What a reading process loads: the reader and the store's codec, not the command's world.

A reading process (pipeline/flows/reading_processes.py) reads pages and encodes each
reading for the store; the command keeps, scores and publishes. Every module a reading
process imports is CPU it spends once per batch (and again for each fresh process after a
crash), so it must not load what only the command uses: Prefect, the store's engine
(SQLAlchemy), the workbook (openpyxl), the site (Jinja), pandas, the command line.

A real reading process (``ReadingProcesses``, started as the batch starts it) reads a real
chunk of the sample's scan with Python's ``-X importtime`` set in its environment
(``PYTHONPROFILEIMPORTTIME``), so every module it loads is listed on its stderr.
"""

from __future__ import annotations

import pytest

from pipeline.events.eventfile import load_event
from pipeline.flows.pages import PageChunk, event_setup
from pipeline.flows.reading_processes import ReadingProcesses
from tests.pipeline.flows.reading_children import imported
from tests.pipeline.flows.sample_events import SAMPLE

#: Top-level packages only the command uses, and the forms' renderer (reportlab), which a
#: reading process has no use for: the blank form and the printed digits it compares pages
#: with ship drawn (ocr/form_pixels.py).
COMMAND_ONLY = ("prefect", "sqlalchemy", "openpyxl", "jinja2", "pandas", "typer", "rich",
                "httpx", "uvicorn", "fastapi", "reportlab")  # fmt: skip


def test_a_reading_process_loads_the_reader_and_the_codec_not_the_command(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    event = load_event(SAMPLE / "event.yaml")
    chunk = PageChunk("evening", 1, 0, SAMPLE / "scans" / "session1.pdf", 1, 2,
                      event_setup(event), "d" * 64)  # fmt: skip
    monkeypatch.setenv("PYTHONPROFILEIMPORTTIME", "1")  # inherited by the process it starts
    capfd.readouterr()
    with ReadingProcesses(1) as readers:
        answer = readers.read(event, chunk)
    loaded = imported(capfd.readouterr().err)

    assert len(answer.readings()) == 2 and len(answer.encoded) == 2  # read and encoded there
    assert {"ocr.reader", "pipeline.flows.pages", "pipeline.store.codec"} <= loaded
    assert sorted(name for name in loaded if name.split(".")[0] in COMMAND_ONLY) == []
    assert "pipeline.store.event_store" not in loaded
