"""Uploaded scans taken into an event folder (pipeline/doors/scans/intake.py).

Real files made here: PDFs written by reportlab (and one written by hand with its trailer at
the start, as "fast web view" PDFs have), PNG/JPEG/TIFF written by Pillow, then cut short or
renamed. Every refusal names the file; every upload, taken or not, is a line of the log.
"""

from __future__ import annotations

import errno
import io
import json
import os
import re
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from ocr.pages import load_pages, page_count
from pipeline.doors.inputs import session_files
from pipeline.doors.scans import intake, upload_content
from pipeline.doors.scans.intake import (
    MAX_UPLOAD_BYTES,
    UploadRefused,
    sniff_scan_kind,
    take_upload,
    uploaded_scans,
)
from pipeline.doors.scans.reading import file_digest, scan_files
from pipeline.events.eventfile import load_event

SAMPLE = Path(__file__).parents[3] / "sample_data" / "club-evening"


@pytest.fixture
def event(tmp_path: Path) -> Path:
    folder = tmp_path / "autumn-pairs"
    folder.mkdir()
    shutil.copy(SAMPLE / "event.yaml", folder)
    return folder


def _upload(tmp_path: Path, data: bytes, name: str = "upload") -> Path:
    """The web layer's temporary file: the bytes as streamed, a name that says nothing."""
    temp = tmp_path / "incoming" / name
    temp.parent.mkdir(exist_ok=True)
    temp.write_bytes(data)
    return temp


def _pdf(pages: int) -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    for number in range(1, pages + 1):
        canvas.drawString(72, 720, f"Board {number}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _trailer_first_pdf(pages: int) -> tuple[bytes, list[int]]:
    """A PDF whose trailer comes right after the header (a linearized PDF has one there for
    its first page) and no cross-reference table: PDFium finds its objects by scanning, so a
    copy cut short still opens. Returns the bytes and where each page's object starts."""
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(pages))
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode()]  # fmt: skip
    for i in range(pages):
        text = f"BT /F1 24 Tf 72 720 Td (Board {i + 1}) Tj ET".encode()
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
                       f"/Contents {4 + 2 * i} 0 R >>".encode())  # fmt: skip
        objects.append(f"<< /Length {len(text)} >>\nstream\n".encode() + text + b"\nendstream")
    out = bytearray(b"%PDF-1.4\ntrailer\n<< /Size " + str(len(objects) + 1).encode())
    out += b" /Root 1 0 R >>\n"
    starts = []
    for number, body in enumerate(objects, 1):
        if number >= 3 and number % 2 == 1:
            starts.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    return bytes(out + b"%%EOF\n"), starts


def _image(kind: str, frames: int = 1) -> bytes:
    noise = np.random.default_rng(7).integers(0, 256, (300, 200), dtype=np.uint8)
    pages = [Image.fromarray(noise) for _ in range(frames)]
    buffer = io.BytesIO()
    pages[0].save(buffer, format=kind, save_all=frames > 1, append_images=pages[1:])
    return buffer.getvalue()


def _log(event: Path) -> list[dict]:
    lines = (event / "scans" / "uploads.jsonl").read_text("ascii").splitlines()
    return [json.loads(line) for line in lines]


def _stored(event: Path, session: int = 1) -> list[str]:
    return [p.name for p in uploaded_scans(event, session)]


@pytest.mark.parametrize(
    ("head", "kind"),
    [
        (b"%PDF-1.7\n%\xe2\xe3", "pdf"),
        (b"x" * 1024 + b"%PDF-1.4\n", "pdf"),  # PDFium still opens this one
        (b"x" * 1025 + b"%PDF-1.4\n", None),  # and not this one
        (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "png"),
        (b"\xff\xd8\xff\xe0\0\x10JFIF", "jpeg"),
        (b"II*\x00\x08\0\0\0", "tiff"),
        (b"MM\x00*\0\0\0\x08", "tiff"),
        (b"MZ\x90\x00\x03\0\0\0\x04\0\0\0\xff\xff", None),  # a Windows program
        (b"PK\x03\x04\x14\0\x06\0", None),  # a Word document
        (b"GIF89a", None),
        (b"", None),
    ],
)
def test_the_kind_is_read_from_the_first_bytes(head: bytes, kind: str | None) -> None:
    assert sniff_scan_kind(head) == kind


def test_a_pdf_is_stored_under_a_made_name_and_logged(tmp_path: Path, event: Path) -> None:
    data = _pdf(2)
    temp = _upload(tmp_path, data)

    taken = take_upload(event, 1, "Section A, boards 1-24.pdf", temp)

    assert taken == intake.Intake(
        name="001-section-a-boards-1-24.pdf",
        path=event / "scans" / "session1" / "001-section-a-boards-1-24.pdf",
        kind="pdf",
        pages=2,
        sha256=file_digest(taken.path),
        duplicate_of=None,
        note="",
    )
    assert taken.path.read_bytes() == data and not temp.exists()
    assert page_count(taken.path) == 2  # what the reader will see
    ((line),) = _log(event)
    assert line == {
        "time": line["time"],
        "outcome": "stored",
        "session": 1,
        "original_name": "Section A, boards 1-24.pdf",
        "stored_name": "001-section-a-boards-1-24.pdf",
        "sha256": taken.sha256,
        "bytes": len(data),
        "pages": 2,
        "kind": "pdf",
        "note": "",
        "duplicate_of": None,
        "reason": None,
    }
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00", line["time"])


def test_a_program_renamed_pdf_is_refused_and_logged(tmp_path: Path, event: Path) -> None:
    data = b"MZ\x90\x00\x03\x00\x00\x00" + b"\x00" * 500 + b"This program cannot be run in DOS"
    temp = _upload(tmp_path, data)

    with pytest.raises(UploadRefused) as refused:
        take_upload(event, 1, "session1.pdf", temp)

    assert str(refused.value) == (
        "session1.pdf is not a scan: its content is not a PDF, PNG, JPEG or TIFF file, "
        "whatever its name says"
    )
    assert _stored(event) == [] and os.listdir(event / "scans" / "session1") == []
    assert temp.exists()  # the caller's to delete
    ((line),) = _log(event)
    assert line["outcome"] == "refused" and line["reason"] == str(refused.value)
    assert line["original_name"] == "session1.pdf" and line["stored_name"] is None
    assert line["sha256"] == file_digest(temp) and line["bytes"] == len(data)


def test_a_pdf_cut_in_half_is_refused(tmp_path: Path, event: Path) -> None:
    """reportlab, like most writers, puts the trailer (where the pages are found) at the
    end: half the file has none, PDFium opens nothing, and nothing could be read of it."""
    whole = _pdf(6)
    temp = _upload(tmp_path, whole[: len(whole) // 2])

    with pytest.raises(UploadRefused) as refused:
        take_upload(event, 1, "session1.pdf", temp)

    assert str(refused.value) == (
        "session1.pdf: the PDF is damaged or incomplete (truncated?): it cannot be opened"
    )
    assert _stored(event) == [] and _log(event)[-1]["outcome"] == "refused"


def test_a_pdf_that_opens_in_part_is_taken_with_a_note(tmp_path: Path, event: Path) -> None:
    """With its trailer at the start, a PDF cut before its fourth page still opens: the six
    pages are counted, three load. It is stored (the three pages are worth reading) and the
    note says what is missing; the reader keeps the other three as unreadable pages."""
    whole, starts = _trailer_first_pdf(6)
    complete = take_upload(event, 1, "whole.pdf", _upload(tmp_path, whole))
    assert (complete.pages, complete.note) == (6, "")

    taken = take_upload(event, 1, "cut.pdf", _upload(tmp_path, whole[: starts[3]]))

    assert (taken.name, taken.pages) == ("002-cut.pdf", 6)
    assert taken.note == "the PDF is damaged: 3 of its 6 pages could be read"
    assert _log(event)[-1]["note"] == taken.note
    read = [isinstance(image, Exception) for _, image in load_pages(taken.path)]
    assert read == [False, False, False, True, True, True]


def test_a_pdf_without_its_end_is_taken_with_a_note(tmp_path: Path, event: Path) -> None:
    """Every page loads, but the file stops inside the last page's text: the note says so."""
    whole, _ = _trailer_first_pdf(3)
    end = whole.rindex(b"endstream")

    taken = take_upload(event, 1, "s1.pdf", _upload(tmp_path, whole[:end]))

    assert taken.pages == 3
    assert taken.note == (
        "the PDF does not end as a PDF ends (truncated?): its last page may be cut"
    )


@pytest.mark.parametrize("kind", ["JPEG", "PNG"])
def test_an_image_cut_short_is_refused(tmp_path: Path, event: Path, kind: str) -> None:
    data = _image(kind)
    taken = take_upload(event, 1, f"whole.{kind.lower()}", _upload(tmp_path, data))
    assert (taken.kind, taken.pages, taken.name[-4:]) == (
        {"JPEG": "jpeg", "PNG": "png"}[kind], 1, {"JPEG": ".jpg", "PNG": ".png"}[kind])  # fmt: skip

    with pytest.raises(UploadRefused) as refused:
        take_upload(event, 1, "table 3.jpg", _upload(tmp_path, data[: len(data) // 2]))

    assert str(refused.value) == "table 3.jpg: the image is damaged or incomplete (truncated?)"
    assert len(_stored(event)) == 1


def test_a_tiff_counts_its_pages(tmp_path: Path, event: Path) -> None:
    data = _image("TIFF", frames=3)

    taken = take_upload(event, 2, "Scan 0001.TIFF", _upload(tmp_path, data))

    assert (taken.name, taken.kind, taken.pages) == ("001-scan-0001.tif", "tiff", 3)
    assert page_count(taken.path) == 3
    cut = data[: len(data) * 9 // 10]  # the third page cut short
    with pytest.raises(UploadRefused, match=r"^Scan 0002.tif, page 3: the image is damaged"):
        take_upload(event, 2, "Scan 0002.tif", _upload(tmp_path, cut))


@pytest.mark.parametrize(
    ("original", "stored"),
    [
        ("../../etc/passwd", "001-passwd.pdf"),
        ("a/b.pdf", "001-b.pdf"),
        ("..\\..\\Windows\\con.pdf", "001-con.pdf"),
        ("con.pdf", "001-con.pdf"),
        ("/etc/cron.d/job", "001-job.pdf"),
        ("a\x00b.pdf", "001-a-b.pdf"),
        ("\x00", "001-scan.pdf"),
        ("", "001-scan.pdf"),
        (".pdf", "001-pdf.pdf"),
        ("..", "001-scan.pdf"),
        ("Séance à l'été.pdf", "001-seance-a-l-ete.pdf"),
        ("x" * 300 + ".pdf", "001-" + "x" * 40 + ".pdf"),
        ("Ab-" * 20 + ".pdf", "001-" + ("ab-" * 14)[:40].rstrip("-") + ".pdf"),
    ],
)
def test_the_original_name_is_never_a_path(
    tmp_path: Path, event: Path, original: str, stored: str
) -> None:
    taken = take_upload(event, 1, original, _upload(tmp_path, _pdf(1)))

    assert taken.name == stored
    assert taken.path.resolve().parent == (event / "scans" / "session1").resolve()
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file() and p.suffix == ".pdf") == [
        stored]  # fmt: skip
    assert _log(event)[0]["original_name"] == original  # kept as sent, in the log only


@pytest.mark.parametrize("link", ["scans", "scans/session1"])
def test_a_folder_that_links_out_of_the_event_is_refused(
    tmp_path: Path, event: Path, link: str
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (event / link).parent.mkdir(parents=True, exist_ok=True)
    (event / link).symlink_to(elsewhere, target_is_directory=True)
    temp = _upload(tmp_path, _pdf(1))

    with pytest.raises(UploadRefused) as refused:
        take_upload(event, 1, "s1.pdf", temp)

    assert str(refused.value).startswith("s1.pdf not stored: ")
    assert "leads outside the event folder" in str(refused.value)
    assert list(elsewhere.iterdir()) == [] and temp.exists()


def test_the_same_file_twice_is_stored_once(tmp_path: Path, event: Path) -> None:
    data = _pdf(2)
    first = take_upload(event, 1, "evening.pdf", _upload(tmp_path, data))
    temp = _upload(tmp_path, data, "again")

    again = take_upload(event, 1, "evening (1).pdf", temp)

    assert again.duplicate_of == "001-evening.pdf" == again.name == first.name
    assert again.path == first.path and again.sha256 == first.sha256 and again.pages == 2
    assert not temp.exists() and _stored(event) == ["001-evening.pdf"]
    line = _log(event)[-1]
    assert (line["outcome"], line["original_name"], line["duplicate_of"]) == (
        "duplicate", "evening (1).pdf", "001-evening.pdf")  # fmt: skip
    # another session is another pile of travellers: its copy is stored
    other = take_upload(event, 2, "evening.pdf", _upload(tmp_path, data))
    assert other.duplicate_of is None and _stored(event, 2) == ["001-evening.pdf"]


def test_uploads_are_numbered_in_the_order_they_came(tmp_path: Path, event: Path) -> None:
    for number, name in enumerate(["zulu.pdf", "alpha.pdf", "mike.pdf"], start=1):
        take_upload(event, 1, name, _upload(tmp_path, _pdf(number)))
    (event / "scans" / "session1" / "notes.txt").write_text("not an upload")

    assert _stored(event) == ["001-zulu.pdf", "002-alpha.pdf", "003-mike.pdf"]


def test_uploads_at_once_get_numbers_of_their_own(tmp_path: Path, event: Path) -> None:
    temps = [_upload(tmp_path, _pdf(n), f"u{n}") for n in range(1, 9)]
    temps += [_upload(tmp_path, temps[0].read_bytes(), "same")]  # u1's bytes, at the same time

    with ThreadPoolExecutor(9) as pool:
        taken = list(pool.map(lambda t: take_upload(event, 1, "s.pdf", t), temps))

    assert sorted(t.name for t in taken if t.duplicate_of is None) == [
        f"00{n}-s.pdf" for n in range(1, 9)
    ]
    assert sum(1 for t in taken if t.duplicate_of) == 1 and len(_log(event)) == 9


def test_a_file_over_the_limit_is_refused(
    tmp_path: Path, event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert MAX_UPLOAD_BYTES == 100 * 1024 * 1024
    data = _pdf(1)
    monkeypatch.setattr(upload_content, "MAX_UPLOAD_BYTES", len(data) - 1)

    with pytest.raises(UploadRefused) as refused:
        take_upload(event, 1, "big.pdf", _upload(tmp_path, data))

    assert str(refused.value) == (
        f"big.pdf is {len(data):,} bytes; one upload may be at most {len(data) - 1:,} bytes: "
        "upload the session in several files"
    )
    line = _log(event)[-1]
    assert (line["outcome"], line["bytes"], line["sha256"]) == ("refused", len(data), None)
    monkeypatch.setattr(upload_content, "MAX_UPLOAD_BYTES", len(data))
    assert take_upload(event, 1, "big.pdf", _upload(tmp_path, data)).name == "001-big.pdf"


def test_an_empty_file_is_refused(tmp_path: Path, event: Path) -> None:
    with pytest.raises(UploadRefused, match=r"^s1\.pdf is empty \(0 bytes\)$"):
        take_upload(event, 1, "s1.pdf", _upload(tmp_path, b""))


def test_from_another_file_system_the_upload_is_copied(
    tmp_path: Path, event: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The web layer's temporary folder on another disk: no rename, a copy checked by hash."""
    data = _pdf(1)
    temp = _upload(tmp_path, data)
    rename = os.rename

    def across(source: object, target: object) -> None:
        if Path(str(source)) == temp:
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        rename(source, target)

    monkeypatch.setattr(os, "rename", across)

    taken = take_upload(event, 1, "s1.pdf", temp)

    assert taken.path.read_bytes() == data and not temp.exists()
    assert os.listdir(taken.path.parent) == [taken.name]  # no .part left behind


def test_what_run_reads_is_what_was_uploaded(tmp_path: Path, event: Path) -> None:
    """No inputs.yaml: scans/session1/ is session 1's scans by convention, and the reader
    lists every kind stored, in upload order, and nothing else (the log, the lock)."""
    kinds = [("b.pdf", _pdf(1)), ("a.png", _image("PNG")), ("c.jpeg", _image("JPEG")),
             ("d.tiff", _image("TIFF", 2))]  # fmt: skip
    for name, data in kinds:
        take_upload(event, 1, name, _upload(tmp_path, data))

    (files,) = session_files(event, load_event(event / "event.yaml"))

    assert files.session == 1
    assert scan_files(files.scans) == uploaded_scans(event, 1)
    assert _stored(event) == ["001-b.pdf", "002-a.png", "003-c.jpg", "004-d.tif"]


@pytest.mark.parametrize("session", [0, -1, True, "1"])
def test_a_session_must_be_a_number(tmp_path: Path, event: Path, session: object) -> None:
    with pytest.raises(ValueError, match="give a session number"):
        take_upload(event, session, "s.pdf", _upload(tmp_path, _pdf(1)))  # type: ignore[arg-type]


def test_a_folder_without_event_yaml_is_not_an_event(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no event.yaml"):
        take_upload(tmp_path, 1, "s.pdf", _upload(tmp_path, _pdf(1)))
    assert not (tmp_path / "scans").exists()
