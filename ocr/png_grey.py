"""A lossless PNG scan decoded to grey in a third of OpenCV's CPU, pixel for pixel the same.

Why: a 300 dpi PNG is 9-30 MB of pixels deflated, and OpenCV (libpng over the system's
zlib) spends two thirds to four fifths of its 60-270 ms inflating them: a clean page
opened slower than the rest of it was read. ISA-L's inflater (the ``isal`` package)
inflates the same stream in a third to a half of zlib's CPU; the rows' filters are undone
here with numpy and a colour page turned grey as OpenCV asks libpng to (below).

Only what this module can decode exactly as OpenCV would is decoded here: 8-bit grey or
RGB, not interlaced, every row filtered None, Sub or Up (OpenCV writes Sub), every chunk's
CRC right, and no chunk but the image's own and those that say nothing about its pixels
(resolution, text, time). Anything else (a palette, 16 bits, an alpha channel, a gamma or
colour profile libpng would apply to the grey, Average or Paeth filters, a damaged file)
gives None and the caller decodes with OpenCV as before: a bad file fails as it always did.
"""

from __future__ import annotations

import struct
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["GREY_FROM_RGB", "png_grey"]

_SIGNATURE = b"\x89PNG\r\n\x1a\n"

_HARMLESS = frozenset((b"pHYs", b"tEXt", b"zTXt", b"iTXt", b"tIME"))
"""Ancillary chunks OpenCV's decoding ignores: a page with any other (gAMA, sRGB, iCCP,
tRNS, ...) is left to OpenCV, whatever libpng would do with it."""

_CHANNELS = {0: 1, 2: 3}  # PNG colour type -> channels: grey, RGB

GREY_FROM_RGB = (9797, 19234, 3737)
"""libpng's weights of red, green and blue out of 32,768 for the grey OpenCV asks of it
(``png_set_rgb_to_gray(png, 1, 0.299, 0.587)``: red and green truncated to 15 bits, blue
the rest), the sum truncated (``>> 15``)."""


def png_grey(data: bytes | memoryview | np.ndarray) -> np.ndarray | None:
    """The PNG file's pixels in grey exactly as ``cv2.imdecode(data, IMREAD_GRAYSCALE)``
    gives them, or None when this PNG is not one decoded here (the caller asks OpenCV)."""
    view = memoryview(data).cast("B")
    if bytes(view[:8]) != _SIGNATURE:  # not a PNG: isal is not even imported
        return None
    from isal import isal_zlib

    try:
        return _decoded(view)
    except (ValueError, struct.error, OverflowError, isal_zlib.error):
        return None


def _decoded(data: memoryview) -> np.ndarray | None:
    import numpy as np

    header, stream = _chunks(data)
    if header is None:
        return None
    width, height, depth, colour, compression, filtering, interlace = struct.unpack(
        ">IIBBBBB", header
    )
    channels = _CHANNELS.get(colour)
    if depth != 8 or channels is None or (compression, filtering, interlace) != (0, 0, 0):
        return None
    if width == 0 or height == 0:
        return None
    stride = 1 + width * channels
    raw = _inflated(stream, height * stride)
    if raw is None:
        return None
    rows = np.frombuffer(raw, np.uint8).reshape(height, stride)
    pixels = _unfiltered(rows[:, 0], rows[:, 1:].reshape(height, width, channels))
    if pixels is None:
        return None
    if channels == 1:
        return pixels.reshape(height, width)
    return _grey(pixels)


def _inflated(stream: bytes, size: int) -> bytes | None:
    """The IDAT stream inflated when it holds exactly ``size`` bytes (the header's rows);
    None when it holds fewer or more. Never more than ``size + 1`` bytes are inflated: a
    stream of a few kilobytes that inflates to gigabytes under a header of one pixel (a
    decompression bomb the header's size check cannot see) stops there."""
    from isal import isal_zlib

    inflater = isal_zlib.decompressobj()
    raw = inflater.decompress(stream, size + 1)
    if len(raw) != size or not inflater.eof:
        return None
    return raw


_LENGTH_AND_KIND = struct.Struct(">I4s")
_CRC = struct.Struct(">I")


def _chunks(data: memoryview) -> tuple[bytes | None, bytes]:
    """The IHDR chunk's data and the IDAT chunks' stream joined; (None, b"") when a chunk's
    CRC is wrong, the file ends before IEND, or a chunk is not one this module may skip.

    A scanner's or OpenCV's PNG holds its pixels in IDAT chunks of 8 KB, 500-1,700 of them
    a page: each chunk's length and kind are read in one unpacking and its CRC over kind
    and body in one call, the chunks walked in a fifth less CPU than by a call for each."""
    from isal import isal_zlib

    crc32, unpack, crc_at = isal_zlib.crc32, _LENGTH_AND_KIND.unpack_from, _CRC.unpack_from
    header: bytes | None = None
    stream: list[memoryview] = []
    at, size = 8, len(data)
    while at + 12 <= size:
        length, kind = unpack(data, at)
        end = at + 12 + length
        if end > size:
            return None, b""
        if crc32(data[at + 4 : end - 4]) != crc_at(data, end - 4)[0]:  # over kind and body
            return None, b""
        if kind == b"IDAT" and header is not None:
            stream.append(data[at + 8 : end - 4])
        elif kind == b"IEND":
            return header, b"".join(stream)
        elif kind == b"IHDR" and header is None and at == 8 and length == 13:
            header = bytes(data[at + 8 : end - 4])
        elif kind not in _HARMLESS or header is None:
            return None, b""
        at = end
    return None, b""


def _unfiltered(kinds: np.ndarray, filtered: np.ndarray) -> np.ndarray | None:
    """The rows' pixels with their filters undone (PNG's None: as they are; Sub: each byte
    plus the same channel's byte to its left; Up: plus the byte above), arithmetic modulo
    256; None when a row has another filter (Average, Paeth: sequential along the row)."""
    import numpy as np

    if int(kinds.max()) > 2:
        return None
    sub = kinds == 1
    if sub.all():
        return _running_sums(filtered)
    pixels = filtered.copy()
    if sub.any():
        pixels[sub] = _running_sums(filtered[sub])
    for row in np.flatnonzero(kinds == 2):
        if row:
            np.add(pixels[row], pixels[row - 1], out=pixels[row])
    return pixels


def _running_sums(rows: np.ndarray) -> np.ndarray:
    """Each channel's running sum along each row (rows x width x channels), modulo 256.

    ``np.cumsum`` along a grey row takes about 2.5 ns a pixel (one long dependent chain a
    row); the page turned a quarter (``cv2.transpose``) and its columns added one to the
    next, each a vector of every row at once, is a third of that. A colour page's
    ``np.cumsum`` is already faster a byte, and its turn slower: left as it is."""
    import cv2
    import numpy as np

    height, width, channels = rows.shape
    if channels != 1:
        return np.cumsum(rows, axis=1, dtype=np.uint8)
    turned = cv2.transpose(rows.reshape(height, width))
    for column in range(1, width):
        np.add(turned[column], turned[column - 1], out=turned[column])
    back: np.ndarray = cv2.transpose(turned)
    return back.reshape(height, width, 1)


def _grey(rgb: np.ndarray) -> np.ndarray:
    """RGB to grey as libpng does for OpenCV: (9797 R + 19234 G + 3737 B) >> 15.

    ``cv2.transform`` in float32 with those weights over 32,768 and -0.5 + 1/65,536 added
    before its rounding to nearest: every product and sum is a multiple of 1/65,536 below
    256, exact in float32, so the rounding is the truncation (checked on all 16,777,216
    colours in tests/ocr/test_png_grey.py); a fifth of numpy's integer arithmetic's CPU."""
    import cv2

    grey: np.ndarray = cv2.transform(rgb, _grey_weights())
    return grey.reshape(rgb.shape[:2])


@cache
def _grey_weights() -> np.ndarray:
    import numpy as np

    red, green, blue = GREY_FROM_RGB
    return np.array([[red, green, blue, -16384 + 0.5]]) / 32768
