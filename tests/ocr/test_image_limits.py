"""A page larger than a scanned traveller can be is refused from its header, unread
(ocr/image_limits.py: at most 60 million pixels; an A4 page at 600 dpi is 4,961 x 7,016 =
34.8 million, so every real scan fits)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from ocr.image_limits import MAX_PIXELS, PageTooLarge, check_size, header_size
from ocr.pages import load_pages


def bomb_png(side: int) -> bytes:
    """A 1-bit grey PNG of side x side white pixels: a few hundred KB that decode to
    side x side bytes (a decompression bomb)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    row = b"\x00" + b"\xff" * ((side + 7) // 8)
    packer = zlib.compressobj(9)
    body = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
    header = struct.pack(">IIBBBBB", side, side, 1, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body)
            + chunk(b"IEND", b""))  # fmt: skip


@pytest.mark.parametrize("suffix", [".png", ".jpg", ".tif"])
def test_the_size_is_read_from_the_header_of_each_format(suffix: str) -> None:
    image = np.full((70, 123), 255, np.uint8)  # 123 wide, 70 high
    ok, data = cv2.imencode(suffix, image)
    assert ok
    assert header_size(data.tobytes()) == (123, 70)


def test_the_limit_is_sixty_million_pixels() -> None:
    assert MAX_PIXELS == 60_000_000
    check_size(4_961, 7_016, "A4 at 600 dpi")  # 34.8 million: a real scan
    check_size(8_000, 6_000, "a 48-megapixel phone photo")
    with pytest.raises(PageTooLarge, match=r"7,746 x 7,746 pixels \(60 million\)"):
        check_size(7_746, 7_746, "page")  # 60,000,516: just over


def test_a_bomb_png_is_refused_unread_as_the_page_it_is(tmp_path: Path) -> None:
    path = tmp_path / "bomb.png"
    path.write_bytes(bomb_png(30_000))  # 900 million pixels in 150 KB
    assert path.stat().st_size < 200_000
    [(ref, image)] = list(load_pages(path))
    assert ref.page == 1 and isinstance(image, PageTooLarge)
    assert "30,000 x 30,000 pixels (900 million)" in str(image)


def test_a_pdf_page_too_large_is_refused_before_it_is_rendered(tmp_path: Path) -> None:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument.new()
    pdf.new_page(14_400, 14_400).close()  # 200 x 200 inches: 40,000 px square at 200 dpi
    path = tmp_path / "poster.pdf"
    pdf.save(str(path))
    pdf.close()
    [(_ref, image)] = list(load_pages(path))
    assert isinstance(image, PageTooLarge)
    assert "40,000 x 40,000 pixels" in str(image)


def test_a_header_says_whether_its_pixels_are_in_colour(tmp_path):
    """PNG: its IHDR's colour type (0 grey, 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA); JPEG:
    its frame header's component count (1 grey, 3 YCbCr); anything else unknown."""
    import cv2
    import numpy as np
    from PIL import Image

    from ocr.image_limits import header_in_colour

    grey = np.full((20, 30), 200, np.uint8)
    colour = np.dstack([grey, grey, grey + 20])
    for suffix in (".png", ".jpg"):
        assert header_in_colour(cv2.imencode(suffix, grey)[1].tobytes()) is False
        assert header_in_colour(cv2.imencode(suffix, colour)[1].tobytes()) is True
    palette = tmp_path / "palette.png"
    Image.fromarray(colour).convert("P").save(palette)
    assert header_in_colour(palette.read_bytes()) is True
    assert header_in_colour(cv2.imencode(".tif", colour)[1].tobytes()) is None
    assert header_in_colour(b"\xff\xd8\xff") is None
