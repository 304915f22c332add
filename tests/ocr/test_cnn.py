"""The digit network's training: gradients that are right, and a forward pass that is the
reader's own (``ocr.digits.DigitModel``)."""

from __future__ import annotations

import numpy as np
import pytest

from ocr.digits import DigitModel
from ocr.training.cnn import TrainSettings, _step, init_weights, log_loss, train_network

NO_NOISE = TrainSettings(dropout=0.0, label_smoothing=0.1, shift_px=0)


def _batch(n: int = 3, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return rng.random((n, 20, 20)).astype(np.float32), rng.integers(0, 10, n)


@pytest.mark.parametrize("layer", [0, 1, 2, 3])
def test_backpropagation_matches_finite_differences(layer):
    """Each layer's analytic gradient against a central difference on a few weights."""
    rng = np.random.default_rng(1)
    ws, bs = init_weights(rng)
    ws = [w.astype(np.float64) for w in ws]
    bs = [b.astype(np.float64) for b in bs]
    x, y = _batch()
    _, grads, bgrads = _step(ws, bs, x.astype(np.float64), y, NO_NOISE, rng)
    flat = ws[layer].reshape(-1)
    for i in rng.choice(flat.size, 5, replace=False):
        old = flat[i]
        flat[i] = old + 1e-5
        up, _, _ = _step(ws, bs, x.astype(np.float64), y, NO_NOISE, rng)
        flat[i] = old - 1e-5
        down, _, _ = _step(ws, bs, x.astype(np.float64), y, NO_NOISE, rng)
        flat[i] = old
        numeric = (up - down) / 2e-5
        assert grads[layer].reshape(-1)[i] == pytest.approx(numeric, rel=1e-3, abs=1e-7)
    j = int(rng.integers(bs[layer].size))
    old = bs[layer][j]
    bs[layer][j] = old + 1e-5
    up, _, _ = _step(ws, bs, x.astype(np.float64), y, NO_NOISE, rng)
    bs[layer][j] = old - 1e-5
    down, _, _ = _step(ws, bs, x.astype(np.float64), y, NO_NOISE, rng)
    bs[layer][j] = old
    assert bgrads[layer][j] == pytest.approx((up - down) / 2e-5, rel=1e-3, abs=1e-7)


def test_training_forward_pass_is_the_readers():
    """The loss of the training step equals the cross-entropy of the shipped inference."""
    rng = np.random.default_rng(2)
    ws, bs = init_weights(rng)
    x, y = _batch(6, 3)
    plain = TrainSettings(dropout=0.0, label_smoothing=0.0, shift_px=0)
    loss, _, _ = _step(ws, bs, x, y, plain, rng)
    model = DigitModel(tuple(ws), tuple(bs))
    assert log_loss(model, x, y) == pytest.approx(loss, rel=1e-4)


def test_a_tiny_training_run_learns_two_shapes():
    """A smoke run: bars and rings become separable within a few epochs."""
    rng = np.random.default_rng(4)
    bar = np.zeros((20, 20), np.float32)
    bar[2:18, 9:11] = 1
    ring = np.zeros((20, 20), np.float32)
    yy, xx = np.mgrid[:20, :20]
    ring[np.abs(np.hypot(yy - 9.5, xx - 9.5) - 6) < 1.2] = 1
    x = np.stack([bar, ring] * 60) + rng.normal(0, 0.1, (120, 20, 20)).astype(np.float32)
    y = np.array([1, 0] * 60)
    ws, bs = train_network(x, y, seed=5, settings=TrainSettings(epochs=3, batch=20))
    model = DigitModel(tuple(ws), tuple(bs))
    assert (model.probabilities(x).argmax(axis=1) == y).all()


def test_a_tiny_run_with_an_eleventh_class_learns_it():
    """Bars are 1s, rings 0s and scattered specks the class ``NO_DIGIT`` (10): three shapes
    told apart within a few epochs by a network of 11 outputs."""
    rng = np.random.default_rng(6)
    bar = np.zeros((20, 20), np.float32)
    bar[2:18, 9:11] = 1
    ring = np.zeros((20, 20), np.float32)
    yy, xx = np.mgrid[:20, :20]
    ring[np.abs(np.hypot(yy - 9.5, xx - 9.5) - 6) < 1.2] = 1
    specks = np.zeros((20, 20), np.float32)
    specks[[3, 8, 15, 16], [4, 14, 6, 7]] = 1
    x = np.stack([bar, ring, specks] * 40) + rng.normal(0, 0.1, (120, 20, 20)).astype(np.float32)
    y = np.array([1, 0, 10] * 40)
    ws, bs = train_network(x, y, seed=5, settings=TrainSettings(epochs=4, batch=20, classes=11))
    model = DigitModel(tuple(ws), tuple(bs))
    assert model.classes == 11
    assert (model.probabilities(x).argmax(axis=1) == y).all()
