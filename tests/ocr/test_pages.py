"""Scan files to page images (ocr/pages.py): PDFium only ever called by one thread at once."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from ocr.pages import load_pages, page_count, render_pdf_page

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
