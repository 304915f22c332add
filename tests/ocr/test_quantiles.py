"""ocr.quantiles.linear_quantile: np.quantile's linear method, the same float to the last bit."""

from __future__ import annotations

import numpy as np
import pytest

from ocr.quantiles import linear_quantile, linear_quantile_of_levels


@pytest.mark.parametrize(
    ("values", "q", "expected"),
    [
        # virtual index 4 * 0.75 + 0.25 - 1 = 2.25: a quarter of the way from 3 to 4
        ([4.0, 1.0, 3.0, 2.0], 0.75, 3.25),
        # sorted 0, 10, 20; virtual index 3 * 0.5 + 0.5 - 1 = 1: the middle value itself
        ([10.0, 0.0, 20.0], 0.5, 10.0),
        # sorted 1, 2, 4, 8, 16; virtual index 5 * 0.9 + 0.1 - 1 = 3.6: 0.6 of the way
        # from 8 to 16 (past half, so computed from the upper value: 16 - 8 * 0.4)
        ([8.0, 1.0, 2.0, 4.0, 16.0], 0.9, 12.8),
        ([5.0, 9.0, 1.0], 0.0, 1.0),  # the least
        ([5.0, 9.0, 1.0], 1.0, 9.0),  # the greatest
        ([7.0], 0.3, 7.0),  # one value is every quantile
    ],
)
def test_hand_worked_quantiles(values: list[float], q: float, expected: float) -> None:
    got = linear_quantile(np.array(values, np.float32), q)
    assert got == pytest.approx(expected, rel=1e-6)
    assert got.dtype == np.float32  # in the array's own precision, as np.quantile


@pytest.mark.parametrize("seed", range(20))
def test_the_same_float_as_numpy(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(50):
        n = int(rng.integers(1, 4000))
        values = (rng.random(n) * rng.choice([1.0, 1e-3, 255.0])).astype(np.float32)
        if seed % 2:  # many ties, as darkness measured on 256 grey levels has
            values = np.round(values * 16).astype(np.float32) / 16
        q = float(rng.choice([0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.98, 0.995, 1.0]))
        expected = np.quantile(values, q)
        got = linear_quantile(values.reshape(1, -1), q)
        assert repr(float(got)) == repr(float(expected)), (n, q)
        assert got.dtype == expected.dtype


def test_no_values() -> None:
    with pytest.raises(ValueError, match="no values"):
        linear_quantile(np.array([], np.float32), 0.5)


def test_a_quantile_of_levels_by_hand() -> None:
    """Levels 10 (twice), 20 and 40 whose values fall as the level rises (255 - level):
    215, 235, 245, 245 sorted; the 0.75 quantile's virtual index 4 * 0.75 + 0.25 - 1 =
    2.25 lies between 245 and 245, the 0.5 quantile's 1.5 halfway from 235 to 245."""
    counts = np.zeros(256, np.int64)
    counts[[10, 20, 40]] = (2, 1, 1)
    value_of = 255 - np.arange(256, dtype=np.float32)
    assert linear_quantile_of_levels(counts, value_of, 0.75) == 245.0
    assert linear_quantile_of_levels(counts, value_of, 0.5) == 240.0
    assert linear_quantile_of_levels(counts, value_of, 0.0) == 215.0
    assert linear_quantile_of_levels(counts, value_of, 0.5).dtype == np.float32


@pytest.mark.parametrize("seed", range(10))
def test_a_quantile_of_levels_is_the_quantile_of_their_values(seed: int) -> None:
    """Darkness (paper - g) / paper of grey levels g, as the reader measures a row's
    captions: the same float as ``linear_quantile`` of the darkness pixel by pixel."""
    rng = np.random.default_rng(seed)
    levels = np.arange(256, dtype=np.float32)
    for _ in range(200):
        grey = rng.integers(int(rng.integers(0, 250)), 256, int(rng.integers(1, 5000)))
        paper = float(rng.integers(1, 256))
        q = float(rng.choice([0.0, 0.1, 0.5, 0.75, 0.98, 1.0, rng.random()]))
        darkness = (paper - grey.astype(np.float32)) / paper
        got = linear_quantile_of_levels(
            np.bincount(grey, minlength=256), (paper - levels) / paper, q
        )
        assert repr(float(got)) == repr(float(linear_quantile(darkness, q))), (paper, q)
