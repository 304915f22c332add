"""benchmarks.decode_rows: a recorded row's page, by which the odd pages warm the process
and the even ones are timed."""

from __future__ import annotations

from benchmarks.decode_rows import page_number
from ocr.reading import PageRef


def test_a_recorded_row_s_page_is_its_file_s_number() -> None:
    assert page_number((None, PageRef("page_0007.jpg"))) == 7
    assert page_number((None, PageRef("scans/page_0012.png", 2))) == 12
