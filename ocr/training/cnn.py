"""Training the digit networks of ``ocr.digits.DigitModel`` with numpy alone.

The networks are small (two convolutions, two dense layers, about 166,000 weights), so
plain numpy with the convolutions written as matrix products (im2col) trains one in
about five minutes on one core, and the project needs no deep-learning framework (PyPI's
PyTorch wheels bring gigabytes of GPU libraries). Backpropagation is written out per
layer; Adam with a cosine learning-rate decay, dropout before the last layer, label
smoothing (so the network does not learn to be over-sure), and a one-pixel random shift
of every batch. A fixed seed gives the same weights every time.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ocr.digits import CANVAS, LAYERS, DigitModel

__all__ = ["TrainSettings", "init_weights", "train_network", "log_loss"]


@dataclass(frozen=True)
class TrainSettings:
    """How one network is trained."""

    epochs: int = 10  # the shipped model's (its description in ocr/models/digits.npz)
    batch: int = 128
    learning_rate: float = 2e-3
    weight_decay: float = 1e-4
    dropout: float = 0.3
    label_smoothing: float = 0.05
    shift_px: int = 1
    conv1: int = 24
    """Maps of the first convolution (12 until the twentieth round: docs/reader-history.md)."""
    conv2: int = 48
    """Maps of the second convolution (24 before)."""
    dense: int = 128
    """Units of the hidden dense layer (64 before)."""
    classes: int = 10
    """Outputs: the ten digits, and with 11 the class ``NO_DIGIT`` (ocr/digits.py) of boxes
    that hold no digit but enough ink to be read (dust)."""


def _shapes(s: TrainSettings) -> dict[str, tuple[tuple[int, ...], int]]:
    return {
        "conv1": ((3, 3, 1, s.conv1), s.conv1),
        "conv2": ((3, 3, s.conv1, s.conv2), s.conv2),
        "fc1": ((5 * 5 * s.conv2, s.dense), s.dense),
        "fc2": ((s.dense, s.classes), s.classes),
    }


def init_weights(
    rng: np.random.Generator, settings: TrainSettings | None = None
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """He-initialised weights and zero biases of one network (``LAYERS`` order)."""
    shapes = _shapes(settings or TrainSettings())
    ws, bs = [], []
    for name in LAYERS:
        shape, out = shapes[name]
        fan_in = int(np.prod(shape[:-1]))
        ws.append((rng.normal(0.0, math.sqrt(2.0 / fan_in), shape)).astype(np.float32))
        bs.append(np.zeros(out, np.float32))
    return ws, bs


def _cols(x: np.ndarray, k: int) -> np.ndarray:
    pad = k // 2
    n, h, w, c = x.shape
    xp = np.pad(x, ((0, 0), (pad, pad), (pad, pad), (0, 0)))
    cols = np.lib.stride_tricks.sliding_window_view(xp, (k, k), axis=(1, 2))
    return cols.transpose(0, 1, 2, 4, 5, 3).reshape(n * h * w, k * k * c)


def _uncols(d: np.ndarray, shape: tuple[int, int, int, int], k: int) -> np.ndarray:
    """The gradient of ``_cols``: patch gradients summed back onto the image."""
    n, h, w, c = shape
    pad = k // 2
    d = d.reshape(n, h, w, k, k, c)
    out = np.zeros((n, h + 2 * pad, w + 2 * pad, c), np.float32)
    for i in range(k):
        for j in range(k):
            out[:, i : i + h, j : j + w, :] += d[:, :, :, i, j, :]
    return out[:, pad : pad + h, pad : pad + w, :]


def _pool(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    n, h, w, c = x.shape
    blocks = x.reshape(n, h // 2, 2, w // 2, 2, c)
    out = blocks.max(axis=(2, 4))
    mask = blocks == out[:, :, None, :, None, :]
    return out, mask


def _unpool(d: np.ndarray, mask: np.ndarray) -> np.ndarray:
    n, h2, _, w2, _, c = mask.shape
    return (mask * d[:, :, None, :, None, :]).reshape(n, h2 * 2, w2 * 2, c)


def _step(
    ws: list[np.ndarray],
    bs: list[np.ndarray],
    x: np.ndarray,
    y: np.ndarray,
    s: TrainSettings,
    rng: np.random.Generator,
) -> tuple[float, list[np.ndarray], list[np.ndarray]]:
    """Loss and gradients of one batch."""
    n = len(x)
    c_1, c_2 = ws[0].shape[-1], ws[1].shape[-1]
    x = x[..., None]
    c1 = _cols(x, 3)
    z1 = (c1 @ ws[0].reshape(-1, c_1) + bs[0]).reshape(n, CANVAS, CANVAS, c_1)
    p1, m1 = _pool(np.maximum(z1, 0.0))
    c2 = _cols(p1, 3)
    z2 = (c2 @ ws[1].reshape(-1, c_2) + bs[1]).reshape(n, 10, 10, c_2)
    p2, m2 = _pool(np.maximum(z2, 0.0))
    flat = p2.reshape(n, -1)
    z3 = flat @ ws[2] + bs[2]
    keep = (rng.random(z3.shape) >= s.dropout).astype(np.float32) / (1.0 - s.dropout)
    h = np.maximum(z3, 0.0) * keep
    logits = h @ ws[3] + bs[3]
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    classes = ws[3].shape[1]
    target = np.full((n, classes), s.label_smoothing / classes, np.float32)
    target[np.arange(n), y] += 1.0 - s.label_smoothing
    loss = float(-(target * np.log(np.maximum(p, 1e-12))).sum() / n)
    d4 = (p - target).astype(np.float32) / n
    g = [np.empty(0)] * 4
    gb = [np.empty(0)] * 4
    g[3], gb[3] = h.T @ d4, d4.sum(axis=0)
    dh = (d4 @ ws[3].T) * keep * (z3 > 0)
    g[2], gb[2] = flat.T @ dh, dh.sum(axis=0)
    dz2 = _unpool((dh @ ws[2].T).reshape(p2.shape), m2) * (z2 > 0)
    dz2 = dz2.reshape(-1, c_2)
    g[1], gb[1] = (c2.T @ dz2).reshape(ws[1].shape), dz2.sum(axis=0)
    dp1 = _uncols(dz2 @ ws[1].reshape(-1, c_2).T, p1.shape, 3)
    dz1 = (_unpool(dp1, m1) * (z1 > 0)).reshape(-1, c_1)
    g[0], gb[0] = (c1.T @ dz1).reshape(ws[0].shape), dz1.sum(axis=0)
    return loss, g, gb


def _shift(x: np.ndarray, px: int, rng: np.random.Generator) -> np.ndarray:
    if px <= 0:
        return x
    dy, dx = (int(v) for v in rng.integers(-px, px + 1, 2))
    return np.roll(x, (dy, dx), axis=(1, 2))


def train_network(
    images: np.ndarray,
    labels: np.ndarray,
    seed: int,
    settings: TrainSettings | None = None,
    progress: Callable[[int, float], None] | None = None,
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Train one network on (n, 20, 20) normalised digits; returns weights and biases."""
    s = settings or TrainSettings()
    rng = np.random.default_rng(seed)
    ws, bs = init_weights(rng, s)
    params = ws + bs
    m = [np.zeros_like(q) for q in params]
    v = [np.zeros_like(q) for q in params]
    b1, b2, eps = 0.9, 0.999, 1e-8
    x_all = images.astype(np.float32)
    steps_per_epoch = max(1, len(x_all) // s.batch)
    total = s.epochs * steps_per_epoch
    t = 0
    for epoch in range(s.epochs):
        order = rng.permutation(len(x_all))
        losses = []
        for k in range(steps_per_epoch):
            idx = order[k * s.batch : (k + 1) * s.batch]
            x = _shift(x_all[idx], s.shift_px, rng)
            loss, gw, gb = _step(ws, bs, x, labels[idx], s, rng)
            losses.append(loss)
            t += 1
            lr = s.learning_rate * 0.5 * (1 + math.cos(math.pi * t / total))
            grads = gw + gb
            for i, (q, grad) in enumerate(zip(params, grads, strict=True)):
                if i < 4:  # weight decay on weights, not biases
                    grad = grad + s.weight_decay * q
                m[i] = b1 * m[i] + (1 - b1) * grad
                v[i] = b2 * v[i] + (1 - b2) * grad * grad
                mh = m[i] / (1 - b1**t)
                vh = v[i] / (1 - b2**t)
                q -= (lr * mh / (np.sqrt(vh) + eps)).astype(np.float32)
        if progress is not None:
            progress(epoch + 1, float(np.mean(losses)))
    return params[:4], params[4:]


def log_loss(model: DigitModel, images: np.ndarray, labels: np.ndarray) -> float:
    """Mean negative log-probability the model gives the right digit."""
    p = model.probabilities(images)
    return float(-np.log(np.maximum(p[np.arange(len(labels)), labels], 1e-12)).mean())
