"""Handwritten digit recognition for the score comb and the pair-number override boxes.

Tesseract reads handwriting badly (issue 5 feasibility: 37-54% on real MNIST digits), so
the handwritten cells are read by small convolutional networks (two convolution layers
and two dense layers each, several averaged; ``ocr.training.digit_model`` trains them with
numpy alone). The trained weights ship as plain arrays in ``ocr/models/digits.npz`` and
inference is a few numpy matrix products, so the reader needs neither pickle nor any
learning library at run time.

Every cell goes through the same normalisation as the training images: binarise against
the local paper colour, drop printed box lines, crop to the ink, scale the digit into a
16 px box centred by its centre of mass on a 20x20 canvas (the MNIST convention that the
opencv-doc ``digits.png`` images follow) and undo the slant from the image moments.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from ocr.components import pieces

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

CANVAS = 20
"""Side of the normalised digit image in pixels (MNIST-style, as in digits.png)."""

DEFAULT_MODEL_PATH = Path(__file__).parent / "models" / "digits.npz"

_BLANK_INK = 0.025
"""Share of the cell area that must be ink before the cell counts as written."""

_MIN_CONTRAST = 0.15
"""Darkest ink must be at least this much darker than the paper (relative) to count."""


def quantile(values: np.ndarray, q: float) -> float:
    """The q-quantile (nearest rank) of an array; a partial sort, faster than np.percentile."""
    flat = values.ravel()
    k = min(len(flat) - 1, max(0, int(q * (len(flat) - 1))))
    if flat.dtype == np.uint8 and len(flat) > 4096:
        # Grey levels: the same rank read off their histogram, in a fraction of the time.
        counts = cv2.calcHist([flat[None]], [0], None, [256], [0, 256]).ravel().astype(np.int64)
        return float(np.searchsorted(np.cumsum(counts), k, side="right"))
    return float(np.partition(flat, k)[k])


def ink_map(cell: np.ndarray) -> np.ndarray:
    """Ink strength 0..1 of a greyscale or colour crop (dark ink on light paper).

    The paper tone is the crop's 90th percentile and the ink tone its darkest 1%, so pen,
    pencil, grey scans and photos with shadows all map to the same 0..1 range. A crop whose
    darkest pixels are within 15% of the paper carries no stroke and maps to all zeros.
    """
    grey = cell if cell.ndim == 2 else cv2.cvtColor(cell, cv2.COLOR_BGR2GRAY)
    grey = grey.astype(np.float32)
    paper = max(quantile(grey, 0.90), 1.0)
    rel = (paper - grey) / paper
    level = quantile(rel, 0.995)
    if level < _MIN_CONTRAST:
        return np.zeros_like(rel)
    return np.clip((rel - 0.25 * level) / (0.6 * level), 0.0, 1.0)


def _drop_box_lines(mask: np.ndarray) -> np.ndarray:
    """Remove printed box edges leaking into a crop and specks; keep the written strokes.

    A box edge shows up as a nearly full row or column of ink within the outer 15% of the
    crop that runs on past both ends of the crop (the crop lies inside the box, so the
    edge crosses it from side to side; one pixel of tilt is allowed). Such rows and
    columns are cleared. A digit stroke in the band is kept even when it is long: the
    base of a "2" or the bar of a "7" or "5" may span most of the width but stops inside
    the crop (clearing it turned wide "2"s into "7"s). Components smaller than 0.6% of
    the crop are dust.
    """
    h, w = mask.shape
    band_y, band_x = max(1, int(0.15 * h)), max(1, int(0.15 * w))
    # Only rows and columns that are mostly ink and lie in the outer band can be edges.
    rows = [y for y in np.flatnonzero(mask.mean(axis=1) > 0.6) if y < band_y or y >= h - band_y]
    cols = [x for x in np.flatnonzero(mask.mean(axis=0) > 0.6) if x < band_x or x >= w - band_x]
    clear_rows, clear_cols = [], []
    if rows:
        # Ink at the crop's left/right ends, in the row or a neighbour.
        left, right = mask[:, :2].any(axis=1), mask[:, -2:].any(axis=1)
        clear_rows = [
            y
            for y in rows
            if left[max(0, y - 1) : y + 2].any() and right[max(0, y - 1) : y + 2].any()
        ]
    if cols:
        top, bottom = mask[:2, :].any(axis=0), mask[-2:, :].any(axis=0)
        clear_cols = [
            x
            for x in cols
            if top[max(0, x - 1) : x + 2].any() and bottom[max(0, x - 1) : x + 2].any()
        ]
    if clear_rows or clear_cols:
        mask = mask.copy()
        mask[clear_rows, :] = 0
        mask[:, clear_cols] = 0
    count, labels, stats = pieces(mask)
    keep = stats[:, cv2.CC_STAT_AREA] >= max(3, int(0.006 * h * w))
    keep[0] = False
    return keep[labels]


def _written(kept: np.ndarray) -> bool:
    """Enough ink, spanning at least 25% of the box height: a digit, not dust or a dot."""
    if float(kept.mean()) < _BLANK_INK:
        return False
    rows = np.nonzero(kept.any(axis=1))[0]
    return bool(rows[-1] - rows[0] + 1 >= 0.25 * kept.shape[0])


def is_blank(cell: np.ndarray) -> bool:
    """True when the crop carries no written stroke (after removing printed lines)."""
    ink = ink_map(cell)
    mask = (ink > 0.5).astype(np.uint8)
    return not _written(_drop_box_lines(mask))


def normalise_ink(ink: np.ndarray) -> np.ndarray | None:
    """Ink image (0..1, any size) -> 20x20 float32 MNIST-style digit, or None when blank."""
    mask = (ink > 0.5).astype(np.uint8)
    kept = _drop_box_lines(mask)
    if not _written(kept):
        return None
    ys, xs = np.flatnonzero(kept.any(axis=1)), np.flatnonzero(kept.any(axis=0))
    y0, y1, x0, x1 = ys[0], ys[-1] + 1, xs[0], xs[-1] + 1
    digit = np.where(kept[y0:y1, x0:x1], ink[y0:y1, x0:x1], 0.0).astype(np.float32)
    h, w = digit.shape
    scale = 16.0 / max(h, w)
    nh, nw = max(1, round(h * scale)), max(1, round(w * scale))
    digit = cv2.resize(digit, (nw, nh), interpolation=cv2.INTER_AREA)
    m = cv2.moments(digit)
    cy = m["m01"] / m["m00"] if m["m00"] > 1e-6 else nh / 2
    cx = m["m10"] / m["m00"] if m["m00"] > 1e-6 else nw / 2
    shift = np.float32([[1, 0, CANVAS / 2 - cx], [0, 1, CANVAS / 2 - cy]])
    canvas = cv2.warpAffine(digit, shift, (CANVAS, CANVAS), flags=cv2.INTER_LINEAR)
    return _deskew(canvas)


def _deskew(img: np.ndarray) -> np.ndarray:
    """Undo slant from the second-order moments (as in OpenCV's digits sample)."""
    m = cv2.moments(img)
    if abs(m["mu02"]) < 1e-2:
        return img
    skew = m["mu11"] / m["mu02"]
    skew = float(np.clip(skew, -0.6, 0.6))
    affine = np.float32([[1, skew, -0.5 * CANVAS * skew], [0, 1, 0]])
    return cv2.warpAffine(
        img, affine, (CANVAS, CANVAS), flags=cv2.WARP_INVERSE_MAP | cv2.INTER_LINEAR
    )


def normalise_cell(cell: np.ndarray) -> np.ndarray | None:
    """A scanned cell crop (dark ink on paper) -> normalised 20x20 digit, or None if blank."""
    if cell.size == 0 or float(cell.min()) >= (1.0 - _MIN_CONTRAST) * float(cell.max()):
        return None  # no pixel 15% darker than the brightest: nothing written (the quick way)
    return normalise_ink(ink_map(cell))


def _conv(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    """'Same' 2-D convolution of (n, h, w, c) by (k, k, c, o) weights, as one matrix
    product over the image patches (im2col)."""
    k = w.shape[0]
    pad = k // 2
    n, h, wd, c = x.shape
    xp = np.pad(x, ((0, 0), (pad, pad), (pad, pad), (0, 0)))
    # Patch columns ordered (row offset, column offset, channel), as the weights are laid out.
    shifted = [xp[:, i : i + h, j : j + wd, :] for i in range(k) for j in range(k)]
    cols = np.concatenate(shifted, axis=-1).reshape(n * h * wd, k * k * c)
    return (cols @ w.reshape(k * k * c, -1) + b).reshape(n, h, wd, -1)


def _pool(x: np.ndarray) -> np.ndarray:
    """2x2 max pooling of (n, h, w, c) (h and w even)."""
    return np.maximum(
        np.maximum(x[:, 0::2, 0::2], x[:, 1::2, 0::2]),
        np.maximum(x[:, 0::2, 1::2], x[:, 1::2, 1::2]),
    )


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
        k = len(LAYERS) * member
        w, b = self.weights[k : k + 4], self.biases[k : k + 4]
        x = digits.astype(np.float32)[..., None]
        x = _pool(np.maximum(_conv(x, w[0], b[0]), 0.0))
        x = _pool(np.maximum(_conv(x, w[1], b[1]), 0.0))
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
        for m in range(self.members):
            z = (self.logits(digits, m) / self.temperature).astype(np.float64)
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            total += p / p.sum(axis=1, keepdims=True)
        return total / self.members

    def read_cells(self, cells: list[np.ndarray]) -> list[np.ndarray | None]:
        """Scanned cell crops -> per cell the model's probabilities (the 10 digits, and
        ``NO_DIGIT`` where the model reads it), or None for a blank cell."""
        norm = [normalise_cell(c) for c in cells]
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
        """Write the weights as plain arrays (no pickle) to ``path``."""
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
        np.savez_compressed(path, **arrays)  # type: ignore[arg-type]

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
