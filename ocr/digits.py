"""Handwritten digit recognition for the score comb and the pair-number override boxes.

Tesseract reads handwriting badly (issue 5 feasibility: 37-54% on real MNIST digits), so
the handwritten cells are read by small convolutional networks (two convolution layers
and two dense layers each, several averaged; ``ocr.training.digit_model`` trains them with
numpy alone). The trained weights ship as plain arrays in ``ocr/models/digits.npz`` and
inference is a few numpy matrix products, so the reader needs neither pickle nor any
learning library at run time.

Every cell goes through the same normalisation as the training images
(ocr/digit_cells.py, whose names this module gives on to the reader and the training).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ocr.digit_cells import (
    CANVAS,
    Wide,
    ink_map,
    is_blank,
    normalise_cell,
    normalise_ink,
    quantile,
)

__all__ = [
    "CANVAS",
    "DEFAULT_MODEL_PATH",
    "DigitModel",
    "ink_map",
    "quantile",
    "without_dead_weights",
    "DEAD_WEIGHT",
    "is_blank",
    "normalise_ink",
    "normalise_cell",
    "LAYERS",
    "NO_DIGIT",
    "load_model",
]

DEFAULT_MODEL_PATH = Path(__file__).parent / "models" / "digits.npz"


def _patches(x: np.ndarray, k: int) -> np.ndarray:
    """The k x k patches round every pixel of (n, h, w, c) images, zero beyond their edges,
    as the rows of one (n * h * w, k * k * c) matrix (im2col), ordered (row offset, column
    offset, channel) as the weights are laid out: each offset's pixels copied once into
    its place, without the padded copy and the nine pieces joined after."""
    n, h, wd, c = x.shape
    pad = k // 2
    if c > 1:
        return _patches_of_maps(x, k)
    cols = np.zeros((n, h, wd, k * k, c), x.dtype)
    for i in range(k):
        for j in range(k):
            dy, dx = i - pad, j - pad  # the pixel at (y, x) sees the one at (y + dy, x + dx)
            cols[:, max(0, -dy) : h - max(0, dy), max(0, -dx) : wd - max(0, dx), i * k + j] = x[
                :, max(0, dy) : h + min(0, dy), max(0, dx) : wd + min(0, dx)
            ]
    return cols.reshape(n * h * wd, k * k * c)


def _patches_of_maps(x: np.ndarray, k: int) -> np.ndarray:
    """``_patches`` of images of several channels (the second layer's 24 maps): the images
    copied once into a frame of zeros, then every patch read out of it in one copy, each
    patch's channels a contiguous run of both. The same matrix in 0.40-0.65 of the CPU of
    nine copies into place (6-40 digits a call); for one channel (the first layer) the
    nine copies are cheaper (each copy's runs there are a float long)."""
    n, h, wd, c = x.shape
    pad = k // 2
    framed = np.zeros((n, h + 2 * pad, wd + 2 * pad, c), x.dtype)
    framed[:, pad : pad + h, pad : pad + wd] = x
    sn, sy, sx, sc = framed.strides
    # patch (y, x)'s pixel (i, j) is framed[y + i, x + j]: (n, h, w, k, k, c), then copied
    windows = np.lib.stride_tricks.as_strided(
        framed, (n, h, wd, k, k, c), (sn, sy, sx, sy, sx, sc), writeable=False
    )
    return windows.reshape(n * h * wd, k * k * c)


def _conv_relu(
    cols: np.ndarray, shape: tuple[int, ...], w: np.ndarray, b: np.ndarray
) -> np.ndarray:
    """'Same' 2-D convolution by (k, k, c, o) weights of the images of ``shape`` (n, h, w,
    c) whose ``_patches`` are ``cols``, as one matrix product, then ReLU (in place)."""
    n, h, wd, _ = shape
    out = cols @ w.reshape(cols.shape[1], -1)
    out += b
    relu: np.ndarray = np.maximum(out, 0.0, out=out)
    return relu.reshape(n, h, wd, -1)


def _pool(x: np.ndarray) -> np.ndarray:
    """2x2 max pooling of (n, h, w, c) (h and w even): the larger of each pair of rows,
    then of each pair of columns of those."""
    rows = np.maximum(x[:, 0::2], x[:, 1::2])
    pooled: np.ndarray = np.maximum(rows[:, :, 0::2], rows[:, :, 1::2])
    return pooled


DEAD_WEIGHT = 1e-25
"""A weight under this in size is held as zero (``without_dead_weights``)."""


def without_dead_weights(values: np.ndarray) -> np.ndarray:
    """``values`` as float32, every number under ``DEAD_WEIGHT`` in size made zero.

    Training drives the weights of inputs a network never uses towards zero (weight
    decay shrinks them again and again): of the shipped model's 153,600 weights of each
    first dense layer, 21,293 and 18,904 are subnormal numbers (under float32's smallest
    normal number, 1.18e-38) and 6,598 and 5,638 more lie between that and 1e-25. The
    processor multiplies such a number, or makes a product that small, some hundred
    times slower than a normal one: the dense layer of one page's 22 digits took 21 ms
    instead of 0.09 with only the subnormal weights made zero, as the products of the
    next smallest with the layer's least inputs (about 1e-7) were subnormal in turn.
    Under 1e-25, a weight's product with any input of these layers (at most a few units)
    is under 1e-24, lost in every sum it is added to, so the model's outputs are the
    same floats: compared exactly on the 5,720 digits of 168 TRAINING and TEST pages with
    every weight under 1e-30 and under 1e-20 made zero, and every page of the benchmark's
    snapshot reads the same (docs/reader.md, "Proving a change reads the same"); the
    products of the weights kept with those inputs are normal numbers (over 1e-33)."""
    out = np.array(values, np.float32)
    out[np.abs(out) < DEAD_WEIGHT] = 0.0
    return out


NO_DIGIT = 10
"""The eleventh output of a model trained with it: the box holds ink enough to be read but
no digit (a speck or a clump of dust in an empty box: docs/reader.md, "The digit model")."""

LAYERS = ("conv1", "conv2", "fc1", "fc2")
"""The network of each member: conv 3x3 (24 maps) + ReLU + 2x2 max pool, conv 3x3 (48) +
ReLU + pool, dense 128 + ReLU, dense 10 (softmax); 166,000 weights, 1.3 M multiply-adds a
digit (the sizes are read from the weights: a model file of another width loads as well)."""


@dataclass(frozen=True, eq=False)
class DigitModel:
    """Trained weights of the digit networks: small convolutional networks, averaged.

    ``weights`` and ``biases`` hold, for each of ``members`` networks trained from
    different seeds, the four layers of ``LAYERS`` one after the other; their softmax
    outputs are averaged, which generalises better to unseen handwriting than any one of
    them. ``temperature`` divides the logits before the softmax (1 = as trained): above 1
    the probabilities are less sure, which is what handwriting the model never saw needs.
    """

    weights: tuple[np.ndarray, ...]
    biases: tuple[np.ndarray, ...]
    description: str = ""
    members: int = 1
    temperature: float = 1.0

    def __post_init__(self) -> None:
        for name in ("weights", "biases"):
            arrays = tuple(without_dead_weights(a) for a in getattr(self, name))
            object.__setattr__(self, name, arrays)
        if len(self.weights) != len(LAYERS) * self.members:
            raise ValueError(
                f"digit model: {len(self.weights)} weight arrays for {self.members} members "
                f"of {len(LAYERS)} layers"
            )

    def logits(self, digits: np.ndarray, member: int = 0) -> np.ndarray:
        """(n, 20, 20) normalised digits -> (n, 10) logits of one member network."""
        x = digits.astype(np.float32)[..., None]
        return self._logits(_patches(x, self.weights[0].shape[0]), x.shape, member)

    def _logits(self, cols: np.ndarray, shape: tuple[int, ...], member: int) -> np.ndarray:
        """``logits`` of one member from the first layer's patches of the digits (the same
        for every member: ``probabilities`` makes them once)."""
        k = len(LAYERS) * member
        w, b = self.weights[k : k + 4], self.biases[k : k + 4]
        x = _pool(_conv_relu(cols, shape, w[0], b[0]))
        x = _pool(_conv_relu(_patches(x, w[1].shape[0]), x.shape, w[1], b[1]))
        x = np.maximum(x.reshape(len(x), -1) @ w[2] + b[2], 0.0)
        return x @ w[3] + b[3]

    @property
    def classes(self) -> int:
        """10 (the digits), or 11 where the model also reads ``NO_DIGIT``."""
        return int(self.weights[len(LAYERS) - 1].shape[1])

    def probabilities(self, digits: np.ndarray) -> np.ndarray:
        """(n, 20, 20) normalised digits -> (n, classes) probabilities of 0..9 (and of
        ``NO_DIGIT``, where the model reads it)."""
        if len(digits) == 0:
            return np.zeros((0, self.classes), np.float64)
        total = np.zeros((len(digits), self.classes), np.float64)
        x = digits.astype(np.float32)[..., None]
        patches: dict[int, np.ndarray] = {}  # the first layer's, by kernel size
        for m in range(self.members):
            k = self.weights[len(LAYERS) * m].shape[0]
            cols = patches[k] if k in patches else patches.setdefault(k, _patches(x, k))
            z = (self._logits(cols, x.shape, m) / self.temperature).astype(np.float64)
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            total += p / p.sum(axis=1, keepdims=True)
        return total / self.members

    def read_cells(
        self,
        cells: list[np.ndarray],
        wides: list[Wide] | None = None,
    ) -> list[np.ndarray | None]:
        """Scanned cell crops -> per cell the model's probabilities (the 10 digits, and
        ``NO_DIGIT`` where the model reads it), or None for a blank cell. ``wides``: for
        each cell, what gives its box's crop nearer its printed border and where the cell
        lies in it, for strokes that run out of the cell (``normalise_cell``)."""
        if wides is None:
            norm = [normalise_cell(c) for c in cells]
        else:
            norm = [normalise_cell(c, w) for c, w in zip(cells, wides, strict=True)]
        written = [n for n in norm if n is not None]
        probs = self.probabilities(np.stack(written)) if written else np.zeros((0, 10))
        out: list[np.ndarray | None] = []
        k = 0
        for n in norm:
            if n is None:
                out.append(None)
            else:
                out.append(probs[k])
                k += 1
        return out

    def save(self, path: Path) -> None:
        """Write the weights as plain arrays (no pickle) to ``path``, uncompressed: float
        weights shrink by a twentieth deflated, and inflating them cost every process that
        reads pages 10 ms of CPU as it starts (15 ms to load the model, 5 stored)."""
        arrays: dict[str, np.ndarray] = {
            "kind": np.array("cnn"),
            "members": np.array(self.members),
            "temperature": np.array(self.temperature),
            "description": np.array(self.description),
        }
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            arrays[f"w{i}"] = w
            arrays[f"b{i}"] = b
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, **arrays)  # type: ignore[arg-type]

    @classmethod
    def load(cls, path: Path) -> DigitModel:
        """Read weights written by :meth:`save`."""
        if not path.exists():
            raise FileNotFoundError(
                f"digit model {path} is missing: run `bridgescan model train-digits`"
            )
        with np.load(path, allow_pickle=False) as data:
            if "kind" not in data or str(data["kind"]) != "cnn":
                raise ValueError(
                    f"digit model {path} is of an older kind: run `bridgescan model train-digits`"
                )
            members = int(data["members"])
            n = len(LAYERS) * members
            return cls(
                weights=tuple(data[f"w{i}"] for i in range(n)),
                biases=tuple(data[f"b{i}"] for i in range(n)),
                description=str(data["description"]),
                members=members,
                temperature=float(data["temperature"]),
            )


@lru_cache(maxsize=4)
def load_model(path: Path | None = None) -> DigitModel:
    """The shipped digit model (cached per path)."""
    return DigitModel.load(path or DEFAULT_MODEL_PATH)
