"""Scan files to page images: PDF, TIFF, PNG and JPEG, decoded straight to grey.

A multi-page PDF is read page by page: a page that is nothing but one JPEG drawn upright
over the whole page (what a scanner's "scan to PDF" writes) is that JPEG, decoded as it is
at the resolution it was scanned at; any other page is rendered (pypdfium2, 200 dpi). A
multi-page TIFF is read frame by frame, and a page that cannot be decoded is yielded as
the exception that stopped it, so the reader keeps it as an unreadable page
(ocr/reader.py). A page larger than a scanned traveller can be is refused before it is
decoded (ocr/image_limits.py).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ocr.image_limits import check_size, header_in_colour, header_size
from ocr.png_grey import png_grey
from ocr.reading import PageRef

if TYPE_CHECKING:
    import numpy as np

# OpenCV and numpy are imported where a page is decoded, not here: counting a scan's pages
# and finding a folder's scans need neither, and a re-run that reads no page (its readings
# kept in the event store) does not pay for loading them (docs/batch.md).

__all__ = [
    "IMAGE_SUFFIXES",
    "PDFIUM_LOCK",
    "collect_inputs",
    "decode_image",
    "page_colour",
    "load_pages",
    "page_count",
    "render_pdf_page",
]

IMAGE_SUFFIXES = (".pdf", ".tif", ".tiff", ".png", ".jpg", ".jpeg")
_PDF_DPI = 200

PDFIUM_LOCK = threading.RLock()
"""Held around every call into PDFium (pypdfium2): PDFium is not thread-safe, not even on
different documents (pypdfium2's documentation), and the batch reads events in threads."""


def load_pages(
    path: Path, first: int = 1, last: int | None = None
) -> Iterator[tuple[PageRef, np.ndarray | Exception]]:
    """Every page of a PDF / TIFF / PNG / JPEG file (or pages ``first``..``last``, counted
    from 1, so a batch can read a long scan in chunks); a page that cannot be decoded
    yields the exception instead of an image, so the caller keeps it as an unreadable page."""
    import cv2
    import numpy as np

    name = str(path)
    suffix = path.suffix.lower()
    try:
        if suffix == ".pdf":
            with _pdf(path) as doc:
                with PDFIUM_LOCK:
                    pages = len(doc)
                for i in range(first - 1, pages if last is None else min(last, pages)):
                    try:
                        image = _scanned_jpeg(doc, i)
                        if image is None:
                            image = _render(doc, i, _PDF_DPI)
                    except Exception as exc:  # noqa: BLE001 - kept as an unreadable page
                        yield PageRef(name, i + 1), exc
                    else:
                        yield PageRef(name, i + 1), image
            return
        if suffix in (".tif", ".tiff"):
            size = header_size(path.read_bytes())  # the first page's; OpenCV checks the rest
            if size is not None:
                check_size(*size, f"{name}, page 1")
            count = cv2.imcount(name) if last is None else last - first + 1
            ok, images = cv2.imreadmulti(name, first - 1, count, flags=cv2.IMREAD_GRAYSCALE)
            if not ok or not images:
                raise ValueError(f"{name}: cannot decode TIFF")
            for i, img in enumerate(images, start=first):
                yield PageRef(name, i), img
            return
        if first == 1:
            yield PageRef(name, 1), decode_image(np.fromfile(name, np.uint8), name)
    except Exception as exc:  # noqa: BLE001 - any decoding failure is an unreadable page
        yield PageRef(name, first), exc


@contextmanager
def _pdf(path: Path) -> Iterator[Any]:
    """The PDF at ``path`` opened, and closed after, each under ``PDFIUM_LOCK``; whatever
    else is asked of it must hold the lock too."""
    import pypdfium2 as pdfium

    with PDFIUM_LOCK:
        doc = pdfium.PdfDocument(str(path))
    try:
        yield doc
    finally:
        with PDFIUM_LOCK:
            doc.close()


def page_colour(path: Path, page: int = 1) -> np.ndarray | None:
    """Page ``page`` of the file in colour (B, G, R), as ``load_pages`` decodes it in grey:
    for the reader's look at a pen's colour on a dusty page (ocr/ink_colour.py), which
    only such a page pays for. None where the page holds no colour (a greyscale scan, or
    one whose three channels are the same), is a PDF page that is not one scanned JPEG, or
    cannot be decoded."""
    import cv2
    import numpy as np

    suffix = path.suffix.lower()
    try:
        if suffix == ".pdf":
            with _pdf(path) as doc:
                image = _scanned_jpeg(doc, page - 1, colour=True)
        elif suffix in (".tif", ".tiff"):
            ok, images = cv2.imreadmulti(str(path), page - 1, 1, flags=cv2.IMREAD_COLOR)
            image = images[0] if ok and images else None
        elif page == 1:
            data = np.fromfile(path, np.uint8)
            if header_in_colour(data.data) is False:
                return None  # a grey PNG or JPEG: not decoded again
            _refuse_too_large(data, str(path))
            image = cv2.imdecode(data, cv2.IMREAD_COLOR)
        else:
            image = None
    except Exception:  # noqa: BLE001 - no colour: the page is read in grey, as it was
        return None
    if image is None or image.ndim != 3:
        return None
    b, g, r = (image[::7, ::7, c] for c in range(3))
    if np.array_equal(b, g) and np.array_equal(g, r):
        return None  # a grey page stored in colour
    return image


def page_count(path: Path) -> int:
    """How many pages ``load_pages`` yields for the file (a file that cannot be opened is one
    unreadable page), without rendering any."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".pdf":
            with _pdf(path) as doc, PDFIUM_LOCK:
                return len(doc)
        if suffix in (".tif", ".tiff"):
            import cv2

            return max(1, cv2.imcount(str(path)))
    except Exception:  # noqa: BLE001 - load_pages keeps it as one unreadable page
        return 1
    return 1


def render_pdf_page(pdf: str | bytes, index: int, dpi: float) -> np.ndarray:
    """Page ``index`` (from 0) of a PDF (a path or its bytes) rendered to grey at ``dpi``."""
    import pypdfium2 as pdfium

    with PDFIUM_LOCK:
        doc = pdfium.PdfDocument(pdf)
        try:
            return _render(doc, index, dpi)
        finally:
            doc.close()


def _render(doc: object, index: int, dpi: float) -> np.ndarray:
    """One page of an open pypdfium2 document, rendered to grey under the lock; the page
    and the bitmap are closed there too, not left to the collector in whatever thread."""
    import numpy as np

    with PDFIUM_LOCK:
        page = doc[index]  # type: ignore[index]
        try:
            width, height = page.get_size()  # points; a page of 2 m square is refused here
            check_size(round(width * dpi / 72), round(height * dpi / 72), f"page {index + 1}")
            bitmap = page.render(scale=dpi / 72, grayscale=True)
            try:
                return np.array(bitmap.to_numpy())
            finally:
                bitmap.close()
        finally:
            page.close()


_FILL_PT = 1.0
"""How far (in points) a page's image may lie from the page's edges and still be the page:
a scanner writes the MediaBox from the image, rounding to a point at most."""


def _scanned_jpeg(doc: object, index: int, colour: bool = False) -> np.ndarray | None:
    """Page ``index`` as its scanner wrote it, when the page is one greyscale or RGB JPEG
    drawn upright over the whole page and nothing else; else None (the page is rendered).

    Rendering such a page at 200 dpi only resamples the JPEG (a 150 dpi scan is blown up
    by a third), and does it under the PDFium lock; the JPEG's own pixels are what the
    scanner saw. Under the lock only the page's objects are looked at and the JPEG's bytes
    copied; OpenCV decodes them outside it, ignoring any EXIF orientation (a PDF viewer
    draws the image as the page's matrix says, and that matrix must be upright here).
    ``colour``: the JPEG's pixels in colour (B, G, R) instead, for ``page_colour``."""
    import cv2
    import numpy as np
    import pypdfium2.raw as pdfium_c

    with PDFIUM_LOCK:
        page = doc[index]  # type: ignore[index]
        try:
            if page.get_rotation() % 360:
                return None
            objects = list(page.get_objects(max_depth=1))
            if len(objects) != 1 or objects[0].type != pdfium_c.FPDF_PAGEOBJ_IMAGE:
                return None
            image = objects[0]
            space = image.get_metadata().colorspace
            if image.get_filters() != ["DCTDecode"] or space not in (
                pdfium_c.FPDF_COLORSPACE_DEVICEGRAY,
                pdfium_c.FPDF_COLORSPACE_DEVICERGB,
            ):
                return None
            if colour and space == pdfium_c.FPDF_COLORSPACE_DEVICEGRAY:
                return None  # a grey scan has no colour to give
            a, b, c, d, e, f = image.get_matrix().get()
            width_pt, height_pt = page.get_size()
            upright = abs(b) < 1e-6 and abs(c) < 1e-6 and a > 0 and d > 0
            whole = max(abs(e), abs(f), abs(a - width_pt), abs(d - height_pt)) <= _FILL_PT
            if not (upright and whole):
                return None
            width_px, height_px = image.get_px_size()
            check_size(width_px, height_px, f"page {index + 1}")
            data = np.frombuffer(bytes(image.get_data(decode_simple=False)), np.uint8)
        finally:
            page.close()
    mode = cv2.IMREAD_COLOR if colour else cv2.IMREAD_GRAYSCALE
    pixels = cv2.imdecode(data, mode | cv2.IMREAD_IGNORE_ORIENTATION)
    if pixels is None or pixels.shape[:2] != (height_px, width_px):
        return None  # not a JPEG OpenCV reads as PDFium would: let PDFium render it
    return pixels


def decode_image(data: bytes | np.ndarray, name: str = "image") -> np.ndarray:
    """A PNG/JPEG/TIFF file's bytes -> greyscale image (colour is never needed: the form is
    printed black and read by darkness, and decoding straight to grey is faster). A PNG
    that ``ocr/png_grey.py`` decodes is decoded there: the same pixels in about half the
    CPU; any other file, and any PNG it leaves, by OpenCV."""
    import cv2
    import numpy as np

    buf = np.frombuffer(data, np.uint8) if isinstance(data, bytes) else data
    _refuse_too_large(buf, name)
    img = png_grey(buf)
    if img is None:
        img = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    if img is None:
        raise ValueError(f"{name}: not a readable image")
    return img


def _refuse_too_large(buf: np.ndarray, name: str) -> None:
    """A decompression bomb refused before it is decoded: ``PageTooLarge`` naming the page
    where its header gives a size over the limit (ocr/image_limits.py)."""
    size = header_size(buf.data)
    if size is not None:
        check_size(*size, name)


def collect_inputs(target: Path) -> list[Path]:
    """A folder's scan files in name order, or the single file given."""
    if target.is_dir():
        return sorted(p for p in target.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
    return [target]
