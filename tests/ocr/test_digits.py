"""The handwritten digit model: shipped weights, blank detection, held-out accuracy."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.digits import (
    DEAD_WEIGHT,
    DEFAULT_MODEL_PATH,
    LAYERS,
    DigitModel,
    is_blank,
    load_model,
    normalise_cell,
    without_dead_weights,
)
from ocr.training.cnn import init_weights
from ocr.training.digit_dataset import default_sources
from ocr.training.synthetic.sources import TEST
from ocr.training.synthetic.writers import (
    OPENCV_DIGITS_PNG,
    TEST_WRITER_IDS,
    VALIDATION_FONTS,
    VALIDATION_WRITER_IDS,
)
from tests.hypothesis_profiles import draws


def test_model_ships_as_plain_arrays_without_pickle_and_small():
    with np.load(DEFAULT_MODEL_PATH, allow_pickle=False) as data:
        assert str(data["kind"]) == "cnn"
        members = int(data["members"])
        assert data[f"w{len(LAYERS) * members - 1}"].shape[1] == 10
    # Two networks of 24/48/128 maps (166,000 float32 weights each, compressed): 1.3 MB.
    assert DEFAULT_MODEL_PATH.stat().st_size < 2_000_000


def test_training_uses_only_the_training_side_of_the_split():
    """No TEST source, and none of the held-out validation writers, is trained on."""
    src = default_sources()
    assert not set(src.fonts) & set(TEST.fonts)
    assert not set(src.fonts) & set(VALIDATION_FONTS)
    lo, hi = src.writer_ids
    for other in (TEST_WRITER_IDS, VALIDATION_WRITER_IDS):
        assert hi <= other[0] or other[1] <= lo
    assert "mnist" in TEST.real_digits  # opencv-doc's digits.png is TEST only


def _paper_cell(ink: np.ndarray) -> np.ndarray:
    """A 20x20 digits.png cell (white ink on black) as a 40x60 scanned box crop."""
    big = cv2.resize(ink, (40, 40), interpolation=cv2.INTER_LINEAR).astype(np.float32) / 255
    crop = np.zeros((60, 40), np.float32)
    crop[10:50] = big
    return np.clip(235 * (1 - 0.9 * crop), 0, 255).astype(np.uint8)


@pytest.mark.skipif(not OPENCV_DIGITS_PNG.exists(), reason="apt-get install opencv-doc")
def test_real_digits_never_trained_on_are_read_well():
    """500 of the real MNIST digits in digits.png (a TEST source: the model never saw MNIST;
    it learnt from other writers, fonts and stroke writers). At least 90% on
    scanned-looking crops; the joint decoder and the review rules handle the rest."""
    img = cv2.imread(str(OPENCV_DIGITS_PNG), cv2.IMREAD_GRAYSCALE)
    cells, labels = [], []
    for row in range(50):
        for col in range(50, 100, 5):
            cells.append(_paper_cell(img[row * 20 : row * 20 + 20, col * 20 : col * 20 + 20]))
            labels.append(row // 5)
    probs = load_model().read_cells(cells)
    assert all(p is not None for p in probs)
    pred = np.array([int(np.argmax(p)) for p in probs if p is not None])
    assert len(pred) == 500
    assert (pred == np.array(labels)).mean() >= 0.90


def test_pointed_pen_digits_of_writers_never_trained_on_are_read():
    """300 digits by the held-out TRAINING-side stroke writers with a pointed pen (the
    upstrokes hairlines a scan loses): the model trained with such pens reads 87.8% of
    3,000 of them (docs/reader-history.md); one trained without them read 63%."""
    from ocr.training.digit_ink import stroke_digits
    from ocr.training.scanned_box import on_paper

    rng = np.random.default_rng(9)
    cells, labels = [], []
    for ink, digit in stroke_digits(300, VALIDATION_WRITER_IDS, "A", rng, pointed=True):
        cells.append(on_paper(ink, rng))
        labels.append(digit)
    probs = load_model().read_cells(cells)
    read = [(int(np.argmax(p)), d) for p, d in zip(probs, labels, strict=True) if p is not None]
    assert len(read) >= 280
    assert np.mean([r == d for r, d in read]) >= 0.80


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


@settings(max_examples=draws(25), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_probabilities_are_a_distribution(seed: int):
    digits = np.random.default_rng(seed).random((3, 20, 20)).astype(np.float32)
    p = load_model().probabilities(digits)
    assert p.shape == (3, 10)
    assert np.all(p >= 0)
    assert np.allclose(p.sum(axis=1), 1.0)


def test_review_corrections_become_training_data(tmp_path: Path):
    from ocr.training.digit_dataset import TrainingSources, build_dataset

    for digit in ("3", "8"):
        (tmp_path / digit).mkdir()
        crop = np.full((60, 40), 235, np.uint8)
        cv2.putText(crop, digit, (6, 45), cv2.FONT_HERSHEY_SIMPLEX, 1.4, 20, 3)
        cv2.imwrite(str(tmp_path / digit / "p1r2_score_3.png"), crop)
    only = TrainingSources(sklearn_digits=False, corrections=(tmp_path,))
    images, labels, counts = build_dataset(only)
    # Each correction counts five times: a club's own hand outweighs stock data.
    assert sorted(labels.tolist()) == [3] * 5 + [8] * 5
    assert images.shape == (10, 20, 20)
    assert counts == {"review corrections": 2}


def _two(base_width: int, crop_width: int = 40) -> np.ndarray:
    """A hand-drawn "2" in a 60 px tall box crop whose base runs ``base_width`` px along the
    bottom band (rows 52-53, inside the outer 15%), centred, not touching the crop's ends."""
    crop = np.full((60, crop_width), 235, np.uint8)
    x0 = (crop_width - base_width) // 2
    x1 = x0 + base_width - 1
    cv2.ellipse(crop, (crop_width // 2, 18), (12, 11), 0, 180, 400, 30, 2)
    cv2.line(crop, (crop_width // 2 + 9, 26), (x0, 52), 30, 2)
    cv2.line(crop, (x0, 52), (x1, 52), 30, 2)
    return crop


def test_a_wide_base_of_a_two_is_kept_not_taken_for_a_box_edge():
    """The base of a "2" spanning 80% of the crop width inside the bottom band stops short
    of the crop's ends, so it is writing, not a printed edge; clearing it made a "7"."""
    crop = _two(32)  # 32 of 40 px: more than the 60% a box edge needs, 4 px from each end
    digit = normalise_cell(crop)
    assert digit is not None
    # The bottom quarter of the normalised digit still holds the base: a wide run of ink.
    assert (digit[14:18] > 0.5).sum(axis=1).max() >= 8


def test_a_box_edge_across_the_crop_under_a_digit_is_removed():
    crop = _two(20)
    crop[-2:, :] = 40  # the printed bottom edge, from end to end
    crop[:, :1] = 40  # and the left edge
    with_edge = normalise_cell(crop)
    without = normalise_cell(_two(20))
    assert with_edge is not None and without is not None
    assert np.abs(with_edge - without).max() < 0.05


def _random_model(seed: int, members: int = 1, temperature: float = 1.0) -> DigitModel:
    rng = np.random.default_rng(seed)
    weights, biases = [], []
    for _ in range(members):
        ws, bs = init_weights(rng)
        weights += ws
        biases += [rng.normal(0, 0.1, b.shape) for b in bs]
    return DigitModel(tuple(weights), tuple(biases), members=members, temperature=temperature)


def test_an_ensemble_is_the_average_of_its_members(tmp_path: Path):
    a, b = _random_model(1), _random_model(2)
    both = DigitModel(a.weights + b.weights, a.biases + b.biases, members=2)
    digits = np.random.default_rng(4).random((5, 20, 20)).astype(np.float32)
    want = (a.probabilities(digits) + b.probabilities(digits)) / 2
    assert np.allclose(both.probabilities(digits), want)
    both.save(tmp_path / "e.npz")
    again = DigitModel.load(tmp_path / "e.npz")
    assert again.members == 2
    assert np.array_equal(again.probabilities(digits), both.probabilities(digits))


def test_a_model_of_an_older_kind_says_to_retrain(tmp_path: Path):
    np.savez(tmp_path / "old.npz", layers=np.array(2), w0=np.zeros((724, 8)))
    with pytest.raises(ValueError, match="train-digits"):
        DigitModel.load(tmp_path / "old.npz")


def test_a_temperature_above_one_softens_without_changing_the_ranking():
    digits = np.random.default_rng(5).random((6, 20, 20)).astype(np.float32)
    sharp = _random_model(7).probabilities(digits)
    soft = _random_model(7, temperature=2.0).probabilities(digits)
    assert np.array_equal(sharp.argmax(axis=1), soft.argmax(axis=1))
    assert np.all(soft.max(axis=1) < sharp.max(axis=1))
    # T = 2 is the square root of the distribution, renormalised.
    root = np.sqrt(sharp) / np.sqrt(sharp).sum(axis=1, keepdims=True)
    assert np.allclose(soft, root)


def test_a_model_with_the_no_digit_class_gives_eleven_probabilities():
    """A network whose last layer has 11 outputs reads ``NO_DIGIT`` too: each box's eleven
    probabilities sum to 1, and the comb takes the eleventh as the box's ``no_digit``."""
    from ocr.combs import DigitBox
    from ocr.digits import NO_DIGIT
    from ocr.training.cnn import TrainSettings

    rng = np.random.default_rng(3)
    ws, bs = init_weights(rng, TrainSettings(classes=11))
    model = DigitModel(tuple(ws), tuple(rng.normal(0, 0.1, b.shape) for b in bs))
    assert model.classes == 11 == NO_DIGIT + 1
    crop = np.full((60, 40), 230, np.uint8)
    cv2.line(crop, (20, 10), (20, 50), 30, 3)
    (p,) = model.read_cells([crop])
    assert p is not None and p.shape == (11,) and p.sum() == pytest.approx(1.0)
    box = DigitBox.of(p)
    assert box.probs is not None and len(box.probs) == 10
    assert box.no_digit == pytest.approx(float(p[NO_DIGIT]))


def test_dust_is_trained_on_only_when_asked():
    """``train-digits`` without ``--dust`` rebuilds the shipped model's recipe (no dust, ten
    classes); with it, 30% of the digits on dusty boxes and 2,000 dusty empty boxes."""
    from ocr.training.digit_dataset import DUST_SHARE, NO_DIGIT_BOXES

    plain, dusty = default_sources(), default_sources(dust=True)
    assert (plain.dust_share, plain.no_digit_boxes) == (0.0, 0)
    assert (dusty.dust_share, dusty.no_digit_boxes) == (DUST_SHARE, NO_DIGIT_BOXES) == (0.3, 2000)


def test_dusty_empty_boxes_are_trained_as_no_digit_only_where_the_blank_decision_reads_them():
    """Only empty boxes whose dust ``normalise_cell`` reads as ink (the rest it calls blank,
    as the reader does) become training images, each labelled ``NO_DIGIT``."""
    from ocr.digits import NO_DIGIT
    from ocr.training.digit_dataset import TrainingSources, build_dataset

    src = TrainingSources(sklearn_digits=False, no_digit_boxes=4)
    images, labels, counts = build_dataset(src, seed=5)
    assert images.shape == (4, 20, 20) and images.max() > 0
    assert labels.tolist() == [NO_DIGIT] * 4
    assert counts == {"dusty empty boxes (no digit)": 4}


def test_weights_under_1e_25_are_zero_and_larger_ones_kept():
    """1e-40 (a subnormal number), -3e-39 and 9.9e-26 lie under 1e-25 in size and become
    0; 1e-25 itself (as float32), -2e-25 and 0.5 are kept as they are."""
    values = np.array([1e-40, -3e-39, 9.9e-26, 1e-25, -2e-25, 0.5, 0.0], np.float32)
    kept = [float(np.float32(v)) for v in (1e-25, -2e-25, 0.5)]
    assert without_dead_weights(values).tolist() == [0.0, 0.0, 0.0, *kept, 0.0]
    assert values[0] != 0.0  # the caller's array is left as it was


def test_a_model_holds_no_dead_weight_and_reads_as_with_it_zero():
    """Weights of 1e-40 and 3e-30 in the dense layer are held as 0 (their products with
    inputs of at most a few units are under 1e-29, lost in any sum of normal numbers),
    and the model reads the same floats as one built with those weights 0."""
    model = _random_model(8)
    weights = [w.copy() for w in model.weights]
    weights[2][0, 0], weights[2][5, 3] = np.float32(1e-40), np.float32(3e-30)
    with_tiny = DigitModel(tuple(weights), model.biases)
    weights[2][0, 0] = weights[2][5, 3] = 0.0
    with_zero = DigitModel(tuple(weights), model.biases)
    assert with_tiny.weights[2][0, 0] == 0.0 and with_tiny.weights[2][5, 3] == 0.0
    digits = np.random.default_rng(9).random((4, 20, 20)).astype(np.float32)
    assert np.array_equal(with_tiny.probabilities(digits), with_zero.probabilities(digits))


def test_the_shipped_model_holds_no_dead_weight_once_loaded():
    for w in (*load_model().weights, *load_model().biases):
        assert not np.any((np.abs(w) < DEAD_WEIGHT) & (w != 0))


def test_the_patches_of_a_two_by_two_image_by_hand():
    """[[1, 2], [3, 4]] and 3 x 3 patches, zero beyond the image: each pixel's row reads
    its patch row by row, the image's own pixels where the patch overlaps them."""
    from ocr.digits import _patches

    image = np.array([[1, 2], [3, 4]], np.float32).reshape(1, 2, 2, 1)
    assert _patches(image, 3).tolist() == [
        [0, 0, 0, 0, 1, 2, 0, 3, 4],
        [0, 0, 0, 1, 2, 0, 3, 4, 0],
        [0, 1, 2, 0, 3, 4, 0, 0, 0],
        [1, 2, 0, 3, 4, 0, 0, 0, 0],
    ]


def test_the_patches_of_a_two_channel_image_by_hand():
    """A 1 x 2 image of two channels ([1, 10] and [2, 20]) and 3 x 3 patches: each
    pixel's row holds its patch's nine pixels, each pixel's two channels side by side
    (the weights' order), zeros beyond the image."""
    from ocr.digits import _patches

    image = np.array([[[1, 10], [2, 20]]], np.float32).reshape(1, 1, 2, 2)
    zero = [0, 0] * 3
    assert _patches(image, 3).tolist() == [
        [*zero, 0, 0, 1, 10, 2, 20, *zero],
        [*zero, 1, 10, 2, 20, 0, 0, *zero],
    ]


def test_pooling_keeps_the_largest_of_each_two_by_two_by_hand():
    from ocr.digits import _pool

    x = np.array([[1, 5, 2, 0], [3, 4, 8, 7]], np.float32).reshape(1, 2, 4, 1)
    assert _pool(x).reshape(-1).tolist() == [5, 8]


@settings(max_examples=draws(50), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 4), st.integers(1, 9), st.sampled_from([1, 3, 5]))
def test_the_patches_are_the_padded_image_cut_and_joined(seed: int, n: int, c: int, k: int):
    """``_patches`` copies each offset's pixels into place; the same matrix as padding the
    images with zeros and joining the k * k shifted copies channel after channel."""
    from ocr.digits import _patches

    x = np.random.default_rng(seed).random((n, 6, 4, c)).astype(np.float32)
    p = k // 2
    padded = np.pad(x, ((0, 0), (p, p), (p, p), (0, 0)))
    shifted = [padded[:, i : i + 6, j : j + 4, :] for i in range(k) for j in range(k)]
    want = np.concatenate(shifted, axis=-1).reshape(n * 24, k * k * c)
    assert np.array_equal(_patches(x, k), want)
