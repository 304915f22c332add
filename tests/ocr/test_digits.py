"""The handwritten digit model: shipped weights, blank detection, held-out accuracy."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.digit_training import OPENCV_DIGITS, default_sources
from ocr.digits import DEFAULT_MODEL_PATH, DigitModel, is_blank, load_model, normalise_cell
from ocr.synthetic.sources import TEST, TRAINING


def test_model_ships_as_plain_arrays_without_pickle():
    with np.load(DEFAULT_MODEL_PATH, allow_pickle=False) as data:
        assert int(data["layers"]) == 2
        assert data["w1"].shape[1] == 10


def test_training_uses_only_the_training_side_of_the_split():
    src = default_sources()
    assert src.opencv_columns == TRAINING.opencv_columns
    assert not set(src.fonts) & set(TEST.fonts)
    lo, hi = src.opencv_columns
    tlo, thi = TEST.opencv_columns
    assert hi <= tlo or thi <= lo


def _paper_cell(ink: np.ndarray) -> np.ndarray:
    """A 20x20 digits.png cell (white ink on black) as a 40x60 scanned box crop."""
    big = cv2.resize(ink, (40, 40), interpolation=cv2.INTER_LINEAR).astype(np.float32) / 255
    crop = np.zeros((60, 40), np.float32)
    crop[10:50] = big
    return np.clip(235 * (1 - 0.9 * crop), 0, 255).astype(np.uint8)


@pytest.mark.skipif(not OPENCV_DIGITS.exists(), reason="apt-get install opencv-doc")
def test_held_out_real_digits_are_read_well():
    """digits.png columns 50-99 (the TEST side, never trained on): 500 real MNIST digits.

    The issue's feasibility study reached 98% with HOG+SVM on held-out real digits; we ask
    at least 95% here on scanned-looking crops.
    """
    img = cv2.imread(str(OPENCV_DIGITS), cv2.IMREAD_GRAYSCALE)
    cells, labels = [], []
    for row in range(50):
        for col in range(50, 100, 5):
            cells.append(_paper_cell(img[row * 20 : row * 20 + 20, col * 20 : col * 20 + 20]))
            labels.append(row // 5)
    probs = load_model().read_cells(cells)
    assert all(p is not None for p in probs)
    pred = np.array([int(np.argmax(p)) for p in probs if p is not None])
    assert len(pred) == 500
    assert (pred == np.array(labels)).mean() >= 0.95


@pytest.mark.parametrize(
    "crop",
    [
        np.full((60, 40), 235, np.uint8),  # clean paper
        np.random.default_rng(0).normal(230, 4, (60, 40)).clip(0, 255).astype(np.uint8),
    ],
)
def test_blank_cells_are_blank(crop: np.ndarray):
    assert is_blank(crop)
    assert normalise_cell(crop) is None
    assert load_model().read_cells([crop]) == [None]


def test_a_box_edge_leaking_into_the_crop_is_not_a_digit():
    crop = np.full((60, 40), 235, np.uint8)
    crop[:, :2] = 40  # the printed left edge of the box, caught by a misalignment
    crop[-2:, :] = 40  # and the bottom edge
    assert is_blank(crop)


def test_written_cell_is_not_blank():
    crop = np.full((60, 40), 235, np.uint8)
    cv2.line(crop, (20, 10), (20, 50), 30, 3)  # a "1"
    assert not is_blank(crop)
    (p,) = load_model().read_cells([crop])
    assert p is not None and int(np.argmax(p)) == 1


def test_save_and_load_give_the_same_probabilities(tmp_path: Path):
    model = load_model()
    path = tmp_path / "m.npz"
    model.save(path)
    again = DigitModel.load(path)
    digits = np.random.default_rng(3).random((4, 20, 20)).astype(np.float32)
    assert np.array_equal(model.probabilities(digits), again.probabilities(digits))


def test_missing_model_names_the_command(tmp_path: Path):
    with pytest.raises(FileNotFoundError, match="train-digits"):
        DigitModel.load(tmp_path / "none.npz")


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_probabilities_are_a_distribution(seed: int):
    digits = np.random.default_rng(seed).random((3, 20, 20)).astype(np.float32)
    p = load_model().probabilities(digits)
    assert p.shape == (3, 10)
    assert np.all(p >= 0)
    assert np.allclose(p.sum(axis=1), 1.0)


def test_review_corrections_become_training_data(tmp_path: Path):
    from ocr.digit_training import TrainingSources, build_dataset

    for digit in ("3", "8"):
        (tmp_path / digit).mkdir()
        crop = np.full((60, 40), 235, np.uint8)
        cv2.putText(crop, digit, (6, 45), cv2.FONT_HERSHEY_SIMPLEX, 1.4, 20, 3)
        cv2.imwrite(str(tmp_path / digit / "p1r2_score_3.png"), crop)
    only = TrainingSources(opencv_columns=(0, 0), sklearn_digits=False, corrections=(tmp_path,))
    images, labels, counts = build_dataset(only)
    # Each correction counts five times: a club's own hand outweighs stock data.
    assert sorted(labels.tolist()) == [3] * 5 + [8] * 5
    assert images.shape == (10, 20, 20)
    assert counts == {"review corrections": 2}
