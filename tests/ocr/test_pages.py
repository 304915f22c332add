"""Scan files to page images (ocr/pages.py): PDFium only ever called by one thread at once."""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cv2
import numpy as np
import pytest

from ocr.pages import load_pages, page_count, render_pdf_page
from ocr.training.synthetic.scan import pdf_of_jpeg

SAMPLE = Path(__file__).parents[2] / "sample_data" / "club-evening" / "scans" / "session1.pdf"


def _pages(first: int, last: int) -> list[np.ndarray]:
    return [image for _, image in load_pages(SAMPLE, first, last)]  # type: ignore[misc]


def test_pages_read_in_threads_at_once_are_the_pages_read_in_turn():
    """PDFium is not thread-safe, not even on different documents, and the batch reads
    events in threads: every call into it holds ``PDFIUM_LOCK``. Eight threads reading
    the sample's pages 1-3 while others render a page and count the pages get exactly
    what one thread gets (without the lock PDFium may crash the process)."""
    alone = _pages(1, 3)
    with ThreadPoolExecutor(max_workers=8) as pool:
        reads = [pool.submit(_pages, 1, 3) for _ in range(8)]
        renders = [pool.submit(render_pdf_page, str(SAMPLE), 1, 100) for _ in range(4)]
        counts = [pool.submit(page_count, SAMPLE) for _ in range(4)]
        for read in reads:
            assert all(np.array_equal(a, b) for a, b in zip(read.result(), alone, strict=True))
        first = renders[0].result()
        assert all(np.array_equal(r.result(), first) for r in renders)
        assert {c.result() for c in counts} == {26}
    assert first.ndim == 2 and first.dtype == np.uint8


def _jpeg(width: int, height: int, colour: bool) -> tuple[bytes, np.ndarray]:
    """A JPEG with a dark band at the top left (to see a turn) and what OpenCV decodes."""
    image = np.full((height, width, 3) if colour else (height, width), 235, np.uint8)
    image[: height // 5, : width // 3] = 20
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 60])
    assert ok
    return buf.tobytes(), cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)


@pytest.mark.parametrize("colour", [False, True])
def test_a_scanned_pdf_page_is_its_own_jpeg(tmp_path, colour):
    """A page that is one JPEG over the whole page (a scanner's "scan to PDF") is read as
    the JPEG's own pixels at its own size (a 150 dpi scan stays 150 dpi), not rendered at
    200 dpi."""
    data, want = _jpeg(413, 585, colour)
    path = tmp_path / "scan.pdf"
    path.write_bytes(pdf_of_jpeg(data, (413, 585), colour, 150))
    ((ref, image),) = list(load_pages(path))
    assert ref.page == 1 and isinstance(image, np.ndarray)
    assert image.shape == (585, 413) and np.array_equal(image, want)


def test_a_pdf_page_drawn_otherwise_is_rendered_at_200_dpi(tmp_path):
    """A JPEG turned on its page (or any page that is not one JPEG over the whole page, like
    a printed traveller) is rendered as a viewer shows it: 200 dpi, the turn applied."""
    import pypdfium2 as pdfium

    data, want = _jpeg(300, 200, colour=False)
    doc = pdfium.PdfDocument.new()
    try:
        page = doc.new_page(200 * 72 / 100, 300 * 72 / 100)  # portrait, the image turned
        image = pdfium.PdfImage.new(doc)
        image.load_jpeg(io.BytesIO(data), inline=True)
        # a quarter turn: the image's 300 px wide side stands up along the page's height
        image.set_matrix(pdfium.PdfMatrix(0, 216, -144, 0, 144, 0))
        page.insert_obj(image)
        page.gen_content()
        out = io.BytesIO()
        doc.save(out)
    finally:
        doc.close()
    path = tmp_path / "turned.pdf"
    path.write_bytes(out.getvalue())
    ((_, turned),) = list(load_pages(path))
    assert isinstance(turned, np.ndarray) and turned.shape == (600, 400)  # 200 dpi
    # the image's top left corner goes to the page's origin (bottom left): the dark band
    # stands at the bottom of the page's left side, the image turned counter-clockwise
    small = cv2.resize(turned, (200, 300), interpolation=cv2.INTER_AREA)
    assert np.abs(small.astype(int) - np.rot90(want)).mean() < 8
    ((_, printed),) = list(load_pages(_printed_form(tmp_path)))
    assert isinstance(printed, np.ndarray) and printed.shape[0] > 2200  # A4 at 200 dpi: 2339


def _printed_form(tmp_path: Path) -> Path:
    from ocr.layout import load_layout
    from ocr.render import render_pdf
    from ocr.sheets import TravellerSheet

    path = tmp_path / "form.pdf"
    path.write_bytes(render_pdf([TravellerSheet(1)], layout=load_layout("A4")))
    return path
