"""What an uploaded scan is, judged by its content: never by its name.

The console's upload (``intake.take_upload``) keeps a file only if it is a scan the reader
can decode: its kind from its first bytes (``sniff_scan_kind``: PDF, PNG, JPEG or TIFF), not
larger than ``MAX_UPLOAD_BYTES``, no page larger than a scanned traveller can be (a
decompression bomb is refused from its header, before anything is decoded), and every page
opened as the reader opens it (a PDF with PDFium, an image with Pillow and OpenCV, every
page of a TIFF). A refusal is ``UploadRefused`` with the reason in plain English, naming
the file and the page at fault; a damaged PDF whose pages partly load is taken with a note.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["MAX_UPLOAD_BYTES", "UploadRefused", "examine_upload", "sniff_scan_kind"]

MAX_UPLOAD_BYTES = 100 * 1024 * 1024
"""The largest file one upload may be. ``bridgescan run`` keeps every scan in the event
store as one blob, read whole into memory and written as one database value
(pipeline/flows/steps.py ``keep_scans``, pipeline/store/event_store.py ``put_blob``), so a
file costs a few times its size in memory at once. A session's travellers scanned in grey
at 200 dpi are about 0.4 MB a page (the sample evening: 26 pages, 9.9 MB), so 100 MB is some
250 pages, more than a club session has; a larger file is nearly always a colour or
600 dpi scan, or not a scan at all, and is better split or scanned again."""

_HEAD_BYTES = 1024 + len(b"%PDF-")
_PDF_JUNK = 1024  # PDFium, like Acrobat, finds the header up to 1 KiB into the file


class UploadRefused(ValueError):
    """An upload that is not taken: the reason in plain English, naming the file."""


def sniff_scan_kind(head: bytes) -> str | None:
    """The kind of scan file that starts with ``head`` (its first bytes, 1029 are enough):
    "pdf", "png", "jpeg", "tiff", or None for anything else, whatever the file is called.

    A PDF's ``%PDF-`` may follow up to 1024 bytes of anything (a mail gateway's banner), as
    PDF readers accept; the images' signatures must come first.
    """
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head[:4] in (b"II*\x00", b"MM\x00*", b"II+\x00", b"MM\x00+"):  # BigTIFF too
        return "tiff"
    if head.find(b"%PDF-", 0, _PDF_JUNK + len(b"%PDF-")) >= 0:
        return "pdf"
    return None


def examine_upload(path: Path, shown: str, entry: dict[str, Any]) -> tuple[str, int, str]:
    """Kind, pages and note of an upload; what is learnt on the way goes into ``entry`` (the
    log line), so a refused upload's line says as much as was found."""
    from pipeline.doors.scans.reading import file_digest

    size = os.stat(path).st_size
    entry["bytes"] = size
    if size == 0:
        raise UploadRefused(f"{shown} is empty (0 bytes)")
    if size > MAX_UPLOAD_BYTES:
        raise UploadRefused(
            f"{shown} is {_size(size)}; one upload may be at most {_size(MAX_UPLOAD_BYTES)}: "
            "upload the session in several files"
        )
    entry["sha256"] = file_digest(path)
    with open(path, "rb") as handle:
        kind = sniff_scan_kind(handle.read(_HEAD_BYTES))
    if kind is None:
        raise UploadRefused(
            f"{shown} is not a scan: its content is not a PDF, PNG, JPEG or TIFF file, "
            "whatever its name says"
        )
    entry["kind"] = kind
    pages, note = _PAGES[kind](path, shown)
    return kind, pages, note


def _pdf_pages(path: Path, shown: str) -> tuple[int, str]:
    """A PDF's pages, as PDFium (the reader's renderer) opens it. PDFium finds a document's
    pages from its trailer, at the end of the file: a PDF cut short has none and cannot be
    opened at all. A file with a trailer near its start (a "fast web view" PDF) or damaged
    in the middle opens, and a page whose objects are missing does not load: such a PDF is
    taken with a note, its unreadable pages kept for review as the reader keeps them."""
    import pypdfium2 as pdfium

    from ocr.pages import PDFIUM_LOCK

    with PDFIUM_LOCK:  # PDFium is not thread-safe, even on different documents
        try:
            doc = pdfium.PdfDocument(str(path))
        except pdfium.PdfiumError as error:
            if getattr(error, "err_code", None) == pdfium.raw.FPDF_ERR_PASSWORD:
                raise UploadRefused(
                    f"{shown}: the PDF is protected by a password; save it without one "
                    "and upload it again"
                ) from None
            raise UploadRefused(
                f"{shown}: the PDF is damaged or incomplete (truncated?): it cannot be opened"
            ) from None
        try:
            count = len(doc)
            readable = sum(_page_loads(doc, index) for index in range(count))
        finally:
            doc.close()
    if count == 0:
        raise UploadRefused(f"{shown}: the PDF has no pages")
    if readable == 0:
        raise UploadRefused(f"{shown}: the PDF is damaged: none of its {count} pages can be read")
    if readable < count:
        return count, f"the PDF is damaged: {readable} of its {count} pages could be read"
    with open(path, "rb") as handle:  # every PDF writer ends the file with %%EOF
        handle.seek(max(0, os.fstat(handle.fileno()).st_size - 1024))
        ended = b"%%EOF" in handle.read()
    if not ended:
        return count, "the PDF does not end as a PDF ends (truncated?): its last page may be cut"
    return count, ""


def _page_loads(doc: Any, index: int) -> bool:
    try:
        doc[index].close()
    except Exception:  # noqa: BLE001 - PDFium says only that the page failed to load
        return False
    return True


def _image_pages(path: Path, shown: str) -> tuple[int, str]:
    """A PNG or JPEG is one page, decoded to its last byte by Pillow (which says when the
    file stops short) and by OpenCV, the reader's decoder."""
    import cv2
    import numpy as np

    _refuse_too_large(path, shown)
    _pillow_frames(path, shown)
    if cv2.imdecode(np.fromfile(path, np.uint8), cv2.IMREAD_GRAYSCALE) is None:
        raise UploadRefused(f"{shown}: the image cannot be decoded")
    return 1, ""


def _tiff_pages(path: Path, shown: str) -> tuple[int, str]:
    """A TIFF's pages, every one decoded by Pillow and by OpenCV (the reader's decoder, which
    reads a TIFF cut short as fewer pages without a word)."""
    import cv2

    _refuse_too_large(path, shown)
    count = _pillow_frames(path, shown)
    try:
        opencv = cv2.imcount(str(path))
    except cv2.error:
        opencv = 0
    if opencv != count:
        raise UploadRefused(
            f"{shown}: the TIFF is damaged: how many pages it has cannot be told "
            f"({count} or {opencv})"
        )
    for index in range(count):  # one page at a time: a long TIFF never sits in memory whole
        ok, images = cv2.imreadmulti(str(path), index, 1, flags=cv2.IMREAD_GRAYSCALE)
        if not ok or not images:
            raise UploadRefused(f"{shown}, page {index + 1}: the TIFF page cannot be decoded")
    return count, ""


def _refuse_too_large(path: Path, shown: str) -> None:
    """A page larger than a scanned traveller can be (ocr/image_limits.py: a decompression
    bomb, a few hundred KB that decode to gigabytes) is refused from its header, before
    Pillow or OpenCV decode anything."""
    from ocr.image_limits import PageTooLarge, check_size, header_size

    size = header_size(path.read_bytes())
    if size is not None:
        try:
            check_size(*size, shown)
        except PageTooLarge as error:
            raise UploadRefused(str(error)) from None


def _pillow_frames(path: Path, shown: str) -> int:
    """How many frames Pillow decodes, every one of them to its end; refused when one fails."""
    from PIL import Image

    page = 1
    with warnings.catch_warnings():  # a damaged file says so below, not on stderr
        warnings.simplefilter("ignore")
        try:
            with Image.open(path, formats=("PNG", "JPEG", "TIFF")) as image:
                count = getattr(image, "n_frames", 1)
                for index in range(count):
                    page = index + 1
                    image.seek(index)
                    image.load()
        except Image.DecompressionBombError:
            raise UploadRefused(f"{shown}: the image has too many pixels to be a scan") from None
        except Exception:  # noqa: BLE001 - Pillow's errors for a cut file vary by format
            where = f"{shown}, page {page}" if page > 1 else shown
            raise UploadRefused(
                f"{where}: the image is damaged or incomplete (truncated?)"
            ) from None
    return count


_PAGES: dict[str, Callable[[Path, str], tuple[int, str]]] = {
    "pdf": _pdf_pages,
    "png": _image_pages,
    "jpeg": _image_pages,
    "tiff": _tiff_pages,
}


def _size(count: int) -> str:
    return f"{count / 2**20:.1f} MB" if count >= 2**20 else f"{count:,} bytes"
