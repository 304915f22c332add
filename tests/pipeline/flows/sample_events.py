"""Event folders made from the bundled sample for the flow tests: session 2 alone as typed
(no page to read), and with session 1 scanned into a PDF the test gives (the sample's first
pages, a scan cut off, another program's page)."""

from __future__ import annotations

import shutil
from pathlib import Path

__all__ = ["SAMPLE", "both_sessions_typed", "first_pages", "scanned_event", "typed_event"]

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"


def both_sessions_typed(folder: Path) -> Path:
    """The sample evening with both sessions typed (session1.xlsx, session2.csv) in
    ``folder``, made here: what ``bridgescan run FOLDER`` scores without a page to read."""
    folder.mkdir(parents=True)
    for name in ("event.yaml", "session1.xlsx", "session2.csv"):
        shutil.copy(SAMPLE / name, folder)
    return folder


def typed_event(folder: Path, name: str | None = None) -> Path:
    """The sample's session 2 alone, as typed at the club (16 pairs, no page to read), in
    ``folder``; the event called ``name`` when given (its title in the batch's summary)."""
    folder.mkdir(parents=True)
    text = (SAMPLE / "event.yaml").read_text("utf-8")
    if name is not None:
        text = text.replace("name: Autumn pairs", f"name: {name}")
    (folder / "event.yaml").write_text(text, "utf-8")
    shutil.copy(SAMPLE / "session2.csv", folder)
    (folder / "inputs.yaml").write_text("sessions:\n  2:\n    entries: [session2.csv]\n")
    return folder


def scanned_event(folder: Path, pdf: bytes, name: str | None = None) -> Path:
    """The sample event with session 1 scanned into ``pdf`` (with the director's typed
    adjusted scores, as in the sample) and session 2 typed."""
    typed_event(folder, name)
    (folder / "scans").mkdir()
    (folder / "scans" / "session1.pdf").write_bytes(pdf)
    shutil.copy(SAMPLE / "scans" / "session1-director.csv", folder / "scans")
    (folder / "inputs.yaml").write_text(
        "sessions:\n  1:\n    scans: [scans/session1.pdf]\n"
        "    entries: [scans/session1-director.csv]\n  2:\n    entries: [session2.csv]\n"
    )
    return folder


def first_pages(count: int, then: bytes = b"") -> bytes:
    """The sample scan's first ``count`` pages, then the pages of the PDF ``then``."""
    import io

    import pypdfium2 as pdfium

    cut = pdfium.PdfDocument.new()
    cut.import_pages(pdfium.PdfDocument(SAMPLE / "scans" / "session1.pdf"), list(range(count)))
    if then:
        cut.import_pages(pdfium.PdfDocument(then))
    buffer = io.BytesIO()
    cut.save(buffer)
    return buffer.getvalue()
