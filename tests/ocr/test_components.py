"""``ocr.components.pieces``: OpenCV's labelling, in 16 bits where the labels fit."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from ocr.components import a_pixel_of_each, depth_in_ink, labels_of, pieces, pixels_of
from tests.hypothesis_profiles import draws

# Three pieces, counted by hand: an L of 4 pixels (top left), a single pixel touching
# it only at a corner (so one piece with it at 8-connectivity, two at 4), and a 2 x 3
# block (right).
_MASK = np.array(
    [
        [1, 0, 0, 0, 1, 1, 1],
        [1, 0, 0, 0, 1, 1, 1],
        [1, 1, 0, 0, 0, 0, 0],
        [0, 0, 1, 0, 0, 0, 0],
    ],
    np.uint8,
)


def test_the_pieces_of_a_small_mask_with_16_bit_labels() -> None:
    count, labels, stats = pieces(_MASK)
    assert labels.dtype == np.uint16
    assert count == 3  # the background, the L with its corner pixel, the block
    # x, y, width, height, area of each piece, in raster order of its first pixel
    assert stats[1].tolist() == [0, 0, 3, 4, 5]
    assert stats[2].tolist() == [4, 0, 3, 2, 6]
    assert stats[0, cv2.CC_STAT_AREA] == 28 - 11
    assert labels[3, 2] == labels[0, 0] == 1 and labels[1, 6] == 2 and labels[3, 6] == 0


def test_four_connectivity_parts_a_corner() -> None:
    count, labels, stats = pieces(_MASK, connectivity=4)
    assert count == 4
    assert labels[3, 2] == 3 and stats[3].tolist() == [2, 3, 1, 1, 1]


def test_a_mask_with_more_ink_pixels_than_16_bits_count_keeps_32_bit_labels() -> None:
    # 512 x 512 pixels are 65,536 blocks of 2 x 2, and 65,536 ink pixels could be as many
    # pieces (the background makes 65,537 labels).
    mask = np.zeros((512, 512), np.uint8)
    mask[:256, ::2] = 1  # 256 columns of ink, each a piece of its own
    count, labels, stats = pieces(mask)
    assert labels.dtype == np.int32
    assert count == 257
    assert int(labels.max()) == 256 and stats[256].tolist() == [510, 0, 1, 256, 256]
    one_less = mask.copy()
    one_less[0, 0] = 0  # 65,535 ink pixels: 16 bits hold every label that can come out
    assert pieces(one_less)[1].dtype == np.uint16


def test_a_mask_of_fewer_blocks_than_16_bits_count_has_16_bit_labels_however_inked() -> None:
    """Two pieces never touch: at 8-connectivity a 2 x 2 block holds ink of one piece at
    most, so 256 x 511 pixels (128 x 256 = 32,768 blocks) hold 32,768 pieces at most,
    whatever their ink (here 130,816 pixels). At 4-connectivity two pixels side by side
    in a row hold one piece at most: 256 x 256 = 65,536 pairs, and the ink is counted."""
    mask = np.ones((256, 511), np.uint8)
    count, labels, _ = pieces(mask)
    assert (labels.dtype, count) == (np.uint16, 2)
    assert labels_of(mask).dtype == np.uint16
    assert pieces(mask, connectivity=4)[1].dtype == np.int32
    dots = np.zeros((255, 511), np.uint8)
    dots[::2, ::2] = 1  # a pixel alone in every block: as many pieces as blocks
    count, labels, _ = pieces(dots)
    assert (labels.dtype, count) == (np.uint16, 128 * 256 + 1)


@settings(max_examples=draws(60), deadline=None)
@given(
    arrays(
        np.uint8,
        st.tuples(st.integers(1, 40), st.integers(1, 40)),
        elements=st.sampled_from([0, 1, 255]),
    ),
    st.sampled_from([4, 8]),
)
def test_the_same_labels_and_statistics_as_opencv_gives_in_32_bits(
    mask: np.ndarray, connectivity: int
) -> None:
    count, labels, stats = pieces(mask, connectivity)
    want_count, want_labels, want_stats, _ = cv2.connectedComponentsWithStats(
        mask, connectivity=connectivity
    )
    assert count == want_count
    h, w = mask.shape  # no more pieces than 2 x 2 blocks (8) or pairs in a row (4)
    assert count - 1 <= ((h + 1) // 2 if connectivity == 8 else h) * ((w + 1) // 2)
    assert np.array_equal(labels, want_labels)
    assert np.array_equal(stats, want_stats)
    assert np.array_equal(labels_of(mask, connectivity), want_labels)  # the labels alone


def test_a_pixel_of_each_piece_is_one_of_its_top_row() -> None:
    # _MASK's L (label 1) has its top row at (0, 0) alone; the block (label 2) spans
    # columns 4-6 of row 0 (flat indices 4, 5, 6 of a 7-wide mask): any of them is its.
    _, labels, stats = pieces(_MASK)
    pixel = a_pixel_of_each(labels, stats)
    assert pixel[0] == 0 and pixel[1] == 0
    assert pixel[2] in (4, 5, 6)


def test_a_pixel_of_a_piece_whose_top_row_starts_with_another_piece() -> None:
    # The U's top row is columns 0 and 2 of row 0; the dot at (1, 1) sits in the U's
    # bounding box; the U's top-left pixel (0, 0) or (0, 2) is its, never column 1.
    mask = np.array([[1, 0, 1], [1, 0, 1], [1, 1, 1], [0, 0, 0]], np.uint8)
    mask[1, 1] = 0
    count, labels, stats = pieces(mask)
    assert count == 2
    assert a_pixel_of_each(labels, stats)[1] in (0, 2)
    ring = np.zeros((5, 5), np.uint8)
    ring[0, :] = ring[4, :] = ring[:, 0] = ring[:, 4] = 1
    ring[2, 2] = 1  # a dot inside the ring: label 2, its top row is row 2
    _, labels, stats = pieces(ring)
    pixel = a_pixel_of_each(labels, stats)
    assert labels.ravel()[pixel[2]] == 2 and pixel[2] == 2 * 5 + 2
    assert pixel[1] in range(5)  # the ring's top row, columns 0-4


def test_pixels_of_two_pieces_found_in_their_bounding_boxes() -> None:
    # The L (label 1) holds (0,0), (1,0), (2,0), (2,1), (3,2): flat 0, 7, 14, 15, 23 of a
    # 7-wide mask; its bounding box (columns 0-2, rows 0-3) also holds paper only.
    _, labels, stats = pieces(_MASK)
    assert pixels_of(labels, stats, np.array([1])).tolist() == [0, 7, 14, 15, 23]
    # the block (label 2) before the L, as asked: rows 0-1, columns 4-6
    both = pixels_of(labels, stats, np.array([2, 1])).tolist()
    assert both == [4, 5, 6, 11, 12, 13, 0, 7, 14, 15, 23]
    assert pixels_of(labels, stats, np.array([], np.intp)).tolist() == []


def test_pixels_of_leave_out_another_piece_inside_the_bounding_box() -> None:
    ring = np.zeros((5, 5), np.uint8)
    ring[0, :] = ring[4, :] = ring[:, 0] = ring[:, 4] = 1
    ring[2, 2] = 1
    _, labels, stats = pieces(ring)
    assert pixels_of(labels, stats, np.array([2])).tolist() == [12]
    assert 12 not in pixels_of(labels, stats, np.array([1])).tolist()
    assert len(pixels_of(labels, stats, np.array([1]))) == 16


@settings(max_examples=draws(60), deadline=None)
@given(
    arrays(
        np.uint8,
        st.tuples(st.integers(1, 30), st.integers(1, 30)),
        elements=st.sampled_from([0, 1]),
    ),
    st.data(),
)
def test_the_pixels_found_by_bounding_box_are_those_the_whole_mask_holds(
    mask: np.ndarray, data: st.DataObject
) -> None:
    count, labels, stats = pieces(mask)
    pixel = a_pixel_of_each(labels, stats)
    assert pixel[0] == 0  # the background's entry, whatever lies there
    assert np.array_equal(labels.ravel()[pixel[1:]], np.arange(1, count))
    which = np.array(data.draw(st.lists(st.integers(1, max(1, count - 1)), unique=True))
                     if count > 1 else [], np.intp)  # fmt: skip
    want = np.isin(labels, which).ravel()
    got = np.zeros(mask.size, bool)
    got[pixels_of(labels, stats, which)] = True
    assert np.array_equal(got, want)


def test_the_labels_of_a_small_mask_alone_in_16_bits() -> None:
    labels = labels_of(_MASK)
    assert labels.dtype == np.uint16
    # the L with its corner pixel 1, the block 2 (raster order of their first pixels)
    assert labels[0, 0] == labels[2, 1] == labels[3, 2] == 1
    assert labels[0, 4] == labels[1, 6] == 2
    assert int(labels.max()) == 2 and np.count_nonzero(labels) == 11
    assert labels_of(_MASK, connectivity=4)[3, 2] == 3  # the corner pixel apart


def test_the_labels_of_a_mask_with_more_ink_than_16_bits_count_are_32_bit() -> None:
    mask = np.zeros((512, 512), np.uint8)  # 65,536 blocks of 2 x 2: the ink is counted
    mask[:256, ::2] = 1  # 65,536 ink pixels in 256 columns, a piece each
    labels = labels_of(mask)
    assert labels.dtype == np.int32 and int(labels.max()) == 256 and labels[0, 510] == 256


def test_depth_in_ink_counts_the_mask_edge_as_paper():
    """A 5 x 5 square of ink filling its mask: the mask's edge is paper, so the centre is 3
    pixels from it (half a 6-pixel disc), the ring round it 2, the square's own edge 1;
    paper is 0. Steps along a row or column are a pixel each (OpenCV's 5 x 5 L2 mask)."""
    square = np.ones((5, 5), bool)
    depth = depth_in_ink(square)
    assert depth.shape == (5, 5)
    assert depth[2, 2] == 3.0
    assert depth[2, 1] == depth[1, 2] == 2.0
    assert depth[0, 2] == depth[2, 4] == 1.0
    framed = np.zeros((7, 7), bool)
    framed[1:6, 1:6] = True
    assert depth_in_ink(framed)[0, 0] == 0.0
    assert depth_in_ink(framed)[3, 3] == 3.0
