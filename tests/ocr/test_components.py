"""``ocr.components.pieces``: OpenCV's labelling, in 16 bits where the labels fit."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from ocr.components import pieces
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
    # 65,536 ink pixels could be as many pieces (the background makes 65,537 labels).
    mask = np.zeros((256, 512), np.uint8)
    mask[:, ::2] = 1  # 256 columns of ink, each a piece of its own
    count, labels, stats = pieces(mask)
    assert labels.dtype == np.int32
    assert count == 257
    assert int(labels.max()) == 256 and stats[256].tolist() == [510, 0, 1, 256, 256]
    one_less = mask.copy()
    one_less[0, 0] = 0  # 65,535 ink pixels: 16 bits hold every label that can come out
    assert pieces(one_less)[1].dtype == np.uint16


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
    assert np.array_equal(labels, want_labels)
    assert np.array_equal(stats, want_stats)
