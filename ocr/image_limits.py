"""How large a scanned page may be, checked from the file's header before it is decoded.

A PNG of 40,000 x 40,000 white pixels compresses to a few hundred kilobytes and decodes to
1.6 GB (a "decompression bomb"); decoded and aligned, one such upload took a run to 3.4 GB.
The size of a PNG, JPEG or TIFF page is in its first bytes, and a PDF page's in its media
box, so a page too large is refused unread, naming its size, and memory stays bounded by
the limit.

The limit, ``MAX_PIXELS`` = 60 million pixels: a traveller scanned at 600 dpi is 35 million
(A4: 4,961 x 7,016; Letter: 5,100 x 6,600), a 48-megapixel phone photo is 48 million, so
every real scan fits with room to spare; a page at the limit decodes to 60 MB in grey, and
the reader's working copies of it stay well under 1 GB. OpenCV's own limit (1,073 million
pixels by default) is set to the same figure, for any format or page this module cannot
size from its header.
"""

from __future__ import annotations

import os
import struct

__all__ = ["MAX_PIXELS", "PageTooLarge", "header_in_colour", "header_size", "check_size"]

MAX_PIXELS = 60_000_000

# OpenCV reads this when it first decodes an image (imgcodecs' validateInputImageSize).
os.environ.setdefault("OPENCV_IO_MAX_IMAGE_PIXELS", str(MAX_PIXELS))

_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


class PageTooLarge(ValueError):
    """A page with more pixels than a scanned traveller can have; refused unread."""


def check_size(width: int, height: int, name: str) -> None:
    """Raise ``PageTooLarge`` naming the page when ``width x height`` is over the limit."""
    if width * height > MAX_PIXELS:
        raise PageTooLarge(
            f"{name}: {width:,} x {height:,} pixels ({width * height / 1e6:,.0f} million) is "
            f"more than a scanned traveller can be (at most {MAX_PIXELS / 1e6:.0f} million; "
            "an A4 page at 600 dpi is 35 million): refused without decoding it; scan it "
            "again at 200-300 dpi"
        )


def header_size(data: bytes | memoryview) -> tuple[int, int] | None:
    """(width, height) of a PNG, JPEG or TIFF (its first page) from its header, or None
    when the header does not say (another format, or a damaged file: the decoder says)."""
    head = bytes(data[:32])
    if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
        width, height = struct.unpack(">II", head[16:24])
        return width, height
    if head.startswith(b"\xff\xd8"):
        return _jpeg_size(data)
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return _tiff_size(data)
    return None


def header_in_colour(data: bytes | memoryview) -> bool | None:
    """Does a PNG's or JPEG's header say its pixels are in colour (a palette counts), or
    grey (False)? None when the header does not say: another format, or a damaged file.
    Lets the reader skip decoding a grey page again in colour (ocr/pages.py
    ``page_colour``)."""
    head = bytes(data[:32])
    if head.startswith(b"\x89PNG\r\n\x1a\n") and head[12:16] == b"IHDR":
        return head[25] in (2, 3, 6)  # RGB, palette, RGBA; 0 and 4 are grey
    if head.startswith(b"\xff\xd8"):
        sof = _jpeg_sof(data)
        return None if sof is None else sof[2] >= 3
    return None


def _jpeg_size(data: bytes | memoryview) -> tuple[int, int] | None:
    sof = _jpeg_sof(data)
    return None if sof is None else (sof[0], sof[1])


def _jpeg_sof(data: bytes | memoryview) -> tuple[int, int, int] | None:
    """A JPEG's width, height and number of components, from its frame header."""
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # no length
            at += 2
            continue
        length = int.from_bytes(data[at + 2 : at + 4], "big")
        if marker in _SOF:
            height = int.from_bytes(data[at + 5 : at + 7], "big")
            width = int.from_bytes(data[at + 7 : at + 9], "big")
            return width, height, data[at + 9] if at + 9 < len(data) else 0
        at += 2 + length
    return None


def _tiff_size(data: bytes | memoryview) -> tuple[int, int] | None:
    order = "<" if bytes(data[:2]) == b"II" else ">"
    try:
        (offset,) = struct.unpack(order + "I", data[4:8])
        (count,) = struct.unpack(order + "H", data[offset : offset + 2])
        size: dict[int, int] = {}
        for k in range(count):
            entry = offset + 2 + 12 * k
            tag, kind = struct.unpack(order + "HH", data[entry : entry + 4])
            if tag in (256, 257):  # ImageWidth, ImageLength: SHORT (3) or LONG (4)
                fmt = order + ("H" if kind == 3 else "I")
                (size[tag],) = struct.unpack_from(fmt, data, entry + 8)
    except struct.error:
        return None
    if 256 in size and 257 in size:
        return size[256], size[257]
    return None
