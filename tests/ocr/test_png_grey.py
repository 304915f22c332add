"""A PNG decoded to grey by ``ocr/png_grey.py``: the filters undone and the colour turned
grey by hand on pixels whose values are worked out below, and the same pixels as OpenCV's
own decoding on every colour and on random pages; every PNG it does not decode left to
OpenCV (None), which reads it as before."""

from __future__ import annotations

import struct
import zlib

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.pages import decode_image
from ocr.png_grey import GREY_FROM_RGB, _grey, png_grey

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _png(
    width: int,
    height: int,
    colour: int,
    rows: list[bytes],
    *,
    depth: int = 8,
    interlace: int = 0,
    extra: tuple[tuple[bytes, bytes], ...] = (),
    idat_parts: int = 1,
) -> bytes:
    """A PNG from its filtered rows (each the filter byte and the row's bytes) as given."""
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    stream = zlib.compress(b"".join(rows))
    cut = [len(stream) * k // idat_parts for k in range(idat_parts + 1)]
    idats = b"".join(_chunk(b"IDAT", stream[a:b]) for a, b in zip(cut, cut[1:], strict=False))
    extras = b"".join(_chunk(kind, body) for kind, body in extra)
    return SIGNATURE + _chunk(b"IHDR", header) + extras + idats + _chunk(b"IEND", b"")


def _opencv(data: bytes) -> np.ndarray | None:
    return cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_GRAYSCALE)


# A 3 x 3 grey page. Row 0, Sub: 10, 10 + 20 = 30, 30 + 30 = 60. Row 1, Up: 5 + 10 = 15,
# 5 + 30 = 35, 5 + 60 = 65. Row 2, None: 7, 8, 9.
GREY_ROWS = [bytes([1, 10, 20, 30]), bytes([2, 5, 5, 5]), bytes([0, 7, 8, 9])]
GREY_PAGE = [[10, 30, 60], [15, 35, 65], [7, 8, 9]]


def test_a_grey_page_s_sub_up_and_none_rows_are_undone():
    data = _png(3, 3, 0, GREY_ROWS)
    assert png_grey(data).tolist() == GREY_PAGE
    assert _opencv(data).tolist() == GREY_PAGE


def test_sums_past_255_wrap_round_as_png_s_arithmetic_does():
    """Sub: 200, (200 + 100) mod 256 = 44, (44 + 250) mod 256 = 38; Up on it: (38 + 220)
    mod 256 = 2 under the last pixel."""
    data = _png(3, 2, 0, [bytes([1, 200, 100, 250]), bytes([2, 0, 0, 220])])
    assert png_grey(data).tolist() == [[200, 44, 38], [200, 44, 2]]
    assert _opencv(data).tolist() == [[200, 44, 38], [200, 44, 2]]


def test_an_up_row_first_adds_nothing_and_sub_rows_around_it_stay_their_own():
    """Up on the first row adds a row of zeros; the Sub row below adds along itself."""
    data = _png(2, 2, 0, [bytes([2, 9, 4]), bytes([1, 3, 3])])
    assert png_grey(data).tolist() == [[9, 4], [3, 6]]


def test_a_colour_pixel_is_grey_by_libpng_s_weights_truncated():
    """(9797 R + 19234 G + 3737 B) >> 15: white 32768 x 255 >> 15 = 255; pure red
    2,498,235 / 32768 = 76.2 -> 76; pure green 4,904,670 / 32768 = 149.7 -> 149; pure blue
    952,935 / 32768 = 29.1 -> 29; (242, 232, 184) 7,520,770 / 32768 = 229.5 -> 229.
    Sub on RGB adds each channel to the same channel's byte to the left: the second pixel
    (0, 255, 0) is filtered as (0 - 255, 255 - 0, 0 - 0) mod 256 = (1, 255, 0)."""
    assert sum(GREY_FROM_RGB) == 32768
    rows = [
        bytes([0, 255, 255, 255, 255, 0, 0, 0, 255, 0]),
        bytes([1, 0, 0, 255, 242, 232, 184, 14, 24, 73]),
    ]
    # Row 1, Sub: (0, 0, 255) -> 29; (242, 232, 184 + 255 = 439 mod 256 = 183): 7,517,033 /
    # 32768 = 229.4 -> 229; (242 + 14, 232 + 24, 183 + 73) mod 256 = (0, 0, 0) -> 0.
    data = _png(3, 2, 2, rows)
    assert png_grey(data).tolist() == [[255, 76, 149], [29, 229, 0]]
    assert _opencv(data).tolist() == [[255, 76, 149], [29, 229, 0]]


def test_the_grey_of_242_232_184_is_229():
    data = _png(1, 1, 2, [bytes([0, 242, 232, 184])])
    assert png_grey(data).tolist() == [[229]]
    assert _opencv(data).tolist() == [[229]]


def test_every_colour_is_grey_by_the_weights_truncated():
    """All 16,777,216 colours: ``cv2.transform``'s float rounding is the truncation for
    every sum (rows of 4096 pixels, as a page's rows are handed to it)."""
    k = np.arange(1 << 24, dtype=np.uint32)
    rgb = np.stack([k >> 16, (k >> 8) & 255, k & 255], axis=-1).astype(np.uint8)
    grey = _grey(rgb.reshape(4096, 4096, 3)).reshape(-1)
    red, green, blue = (rgb[:, c].astype(np.uint32) for c in range(3))
    by_hand = (GREY_FROM_RGB[0] * red + GREY_FROM_RGB[1] * green + GREY_FROM_RGB[2] * blue) >> 15
    assert np.array_equal(grey, by_hand.astype(np.uint8))


def test_a_random_colour_page_written_by_opencv_is_the_grey_opencv_reads():
    """A million random colours, written by OpenCV as the benchmark's scans are (Sub rows)."""
    bgr = np.random.default_rng(5).integers(0, 256, (1024, 1024, 3), dtype=np.uint8)
    ok, buf = cv2.imencode(".png", bgr)
    assert ok
    ours = png_grey(buf)
    assert ours is not None
    assert np.array_equal(ours, cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE))


def test_idat_split_in_chunks_and_harmless_chunks_are_read():
    data = _png(3, 3, 0, GREY_ROWS, idat_parts=3, extra=((b"pHYs", bytes(9)),))
    assert png_grey(data).tolist() == GREY_PAGE


@pytest.mark.parametrize(
    "data",
    [
        # Paeth (4) on the second row: sequential along the row, left to OpenCV
        _png(3, 2, 0, [bytes([0, 1, 2, 3]), bytes([4, 1, 1, 1])]),
        _png(3, 2, 0, [bytes([0, 1, 2, 3]), bytes([3, 1, 1, 1])]),  # Average
        _png(3, 3, 0, GREY_ROWS, extra=((b"gAMA", struct.pack(">I", 45455)),)),
        _png(3, 3, 0, GREY_ROWS, extra=((b"sRGB", bytes(1)),)),
        _png(2, 1, 0, [bytes([0, 0, 1, 0, 2])], depth=16),
        _png(3, 1, 4, [bytes([0, 1, 255, 2, 255, 3, 255])]),  # grey and alpha
        _png(1, 1, 0, [bytes([0, 9])], interlace=1),
        _png(3, 3, 0, GREY_ROWS[:2]),  # a row short
        b"\xff\xd8\xff\xe0 not a PNG",
    ],
    ids=["paeth", "average", "gamma", "srgb", "16-bit", "alpha", "interlaced", "short", "jpeg"],
)
def test_what_is_not_decoded_here_is_left_to_opencv(data):
    assert png_grey(data) is None


def test_a_chunk_with_a_wrong_crc_or_a_file_cut_short_is_left_to_opencv():
    data = bytearray(_png(3, 3, 0, GREY_ROWS))
    at = data.index(b"IDAT") + 4
    data[at] ^= 1  # the stream's first byte, under the chunk's CRC
    assert png_grey(bytes(data)) is None
    whole = _png(3, 3, 0, GREY_ROWS)
    assert png_grey(whole[: whole.index(b"IEND") - 4]) is None


def test_decode_image_reads_what_png_grey_leaves_as_opencv_did():
    """A Paeth row (filter 4) of 1, 1, 1 under 1, 2, 3: each byte adds whichever of left,
    above and upper-left is nearest left + above - upper-left (ties: left, then above).
    First (left 0, above 1, upper-left 0): 1, above -> 1 + 1 = 2; second (2, 2, 1): 3,
    left -> 1 + 2 = 3; third (3, 3, 2): 4, left -> 1 + 3 = 4."""
    data = _png(3, 2, 0, [bytes([0, 1, 2, 3]), bytes([4, 1, 1, 1])])
    assert decode_image(data).tolist() == [[1, 2, 3], [2, 3, 4]]
    with pytest.raises(ValueError, match="not a readable image"):
        whole = _png(3, 3, 0, GREY_ROWS)
        decode_image(whole[:40], "cut.png")


def _filtered(page: np.ndarray, kinds: list[int]) -> list[bytes]:
    """Each row of an (h, w, c) page filtered None (0), Sub (1) or Up (2), by PNG's rules."""
    rows = []
    for y, kind in enumerate(kinds):
        row = page[y].astype(np.int16)
        if kind == 1:
            left = np.zeros_like(row)
            left[1:] = row[:-1]
            row = row - left
        elif kind == 2 and y:
            row = row - page[y - 1].astype(np.int16)
        rows.append(bytes([kind]) + (row % 256).astype(np.uint8).tobytes())
    return rows


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 9),
    st.integers(1, 9),
    st.sampled_from([1, 3]),
    st.data(),
)
def test_any_page_any_filters_none_sub_up_is_what_opencv_decodes(width, height, channels, data):
    pixels = data.draw(
        st.binary(min_size=width * height * channels, max_size=width * height * channels)
    )
    page = np.frombuffer(pixels, np.uint8).reshape(height, width, channels)
    kinds = data.draw(st.lists(st.integers(0, 2), min_size=height, max_size=height))
    png = _png(width, height, 0 if channels == 1 else 2, _filtered(page, kinds))
    ours = png_grey(png)
    assert ours is not None
    assert np.array_equal(ours, _opencv(png))
    if channels == 1:
        assert np.array_equal(ours, page[:, :, 0])


def _one_pixel_over(stream_bytes: int) -> bytes:
    """A 1 x 1 grey PNG (its rows: 2 bytes) whose stream inflates to ``stream_bytes``."""
    return _png(1, 1, 0, [bytes(stream_bytes)])


def test_a_stream_longer_than_the_header_says_is_not_inflated_beyond_it():
    """A decompression bomb the header's size check cannot see: one pixel declared, 64 MB
    of zeros deflated into 65 kB. Inflated whole, it took 134 MB (tracemalloc's peak);
    only the header's 2 bytes and one more are inflated before it is left to OpenCV."""
    import tracemalloc

    bomb = _one_pixel_over(64 << 20)
    assert len(bomb) < 100_000
    tracemalloc.start()
    try:
        assert png_grey(bomb) is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20


@pytest.mark.parametrize("stream_bytes", [1, 3, 4])
def test_a_stream_shorter_or_longer_than_the_rows_is_left_to_opencv(stream_bytes):
    """The header's rows are 2 bytes (the filter byte and the pixel): 1, 3 or 4 are not."""
    assert png_grey(_one_pixel_over(stream_bytes)) is None
    assert png_grey(_one_pixel_over(2)).tolist() == [[0]]


def test_a_header_of_two_billion_rows_of_two_billion_pixels_is_left_to_opencv():
    """2**31 - 1 square: rows of some 4.6e18 bytes that no buffer may be made for (it raised
    MemoryError out of png_grey); a stream of two bytes inflates to two bytes, and stops."""
    side = 2**31 - 1
    assert png_grey(_png(side, side, 0, [bytes([0, 0])])) is None
