"""Handwritten digit recognition for the score comb and the pair-number override boxes.

Tesseract reads handwriting badly (issue 5 feasibility: 37-54% on real MNIST digits), so
the handwritten cells are read by a small learned classifier: HOG features plus a
down-sampled pixel grid, fed to three one-hidden-layer perceptrons whose outputs are
averaged (scikit-learn's ``MLPClassifier`` at training time, ``ocr.training.digit_model`` for the
sizes and the softmax temperature). The trained weights ship as plain arrays in
``ocr/models/digits.npz`` and inference is a few numpy matrix products, so the reader needs
neither pickle nor scikit-learn at run time. ``ocr.training.digit_model`` rebuilds the file.

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

__all__ = [
    "CANVAS",
    "DEFAULT_MODEL_PATH",
    "DigitModel",
    "ink_map",
    "quantile",
    "is_blank",
    "normalise_ink",
    "normalise_cell",
    "features",
    "load_model",
]

CANVAS = 20
"""Side of the normalised digit image in pixels (MNIST-style, as in digits.png)."""

DEFAULT_MODEL_PATH = Path(__file__).parent / "models" / "digits.npz"

_BLANK_INK = 0.025
"""Share of the cell area that must be ink before the cell counts as written."""

_MIN_CONTRAST = 0.15
"""Darkest ink must be at least this much darker than the paper (relative) to count."""

_HOG = cv2.HOGDescriptor((CANVAS, CANVAS), (10, 10), (5, 5), (5, 5), 9)


def quantile(values: np.ndarray, q: float) -> float:
    """The q-quantile (nearest rank) of an array; a partial sort, faster than np.percentile."""
    flat = values.ravel()
    k = min(len(flat) - 1, max(0, int(q * (len(flat) - 1))))
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
    mask = mask.copy()
    h, w = mask.shape
    band_y, band_x = max(1, int(0.15 * h)), max(1, int(0.15 * w))
    rows = mask.mean(axis=1) > 0.6
    cols = mask.mean(axis=0) > 0.6
    # Ink at the crop's left/right (top/bottom) ends, in the row or column or a neighbour.
    left, right = mask[:, :2].any(axis=1), mask[:, -2:].any(axis=1)
    top, bottom = mask[:2, :].any(axis=0), mask[-2:, :].any(axis=0)
    clear_rows = [
        y
        for y in [*range(band_y), *range(h - band_y, h)]
        if rows[y] and left[max(0, y - 1) : y + 2].any() and right[max(0, y - 1) : y + 2].any()
    ]
    clear_cols = [
        x
        for x in [*range(band_x), *range(w - band_x, w)]
        if cols[x] and top[max(0, x - 1) : x + 2].any() and bottom[max(0, x - 1) : x + 2].any()
    ]
    mask[clear_rows, :] = 0
    mask[:, clear_cols] = 0
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
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
    ink = np.where(kept, ink, 0.0).astype(np.float32)
    ys, xs = np.nonzero(kept)
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    digit = ink[y0:y1, x0:x1]
    h, w = digit.shape
    scale = 16.0 / max(h, w)
    nh, nw = max(1, round(h * scale)), max(1, round(w * scale))
    digit = cv2.resize(digit, (nw, nh), interpolation=cv2.INTER_AREA)
    canvas = np.zeros((CANVAS, CANVAS), np.float32)
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
    return normalise_ink(ink_map(cell))


def features(digits: np.ndarray) -> np.ndarray:
    """(n, 20, 20) normalised digits -> (n, 724) features: HOG (324) + the 400 pixels."""
    out = np.empty((len(digits), 724), np.float32)
    for i, d in enumerate(digits):
        img = np.clip(d * 255.0, 0, 255).astype(np.uint8)
        out[i, :324] = _HOG.compute(img).ravel()
        out[i, 324:] = d.ravel()
    return out


@dataclass(frozen=True, eq=False)
class DigitModel:
    """Trained weights of the digit perceptrons: standardise, ReLU hidden layers, softmax.

    ``weights`` and ``biases`` hold the layers of ``members`` perceptrons one after the
    other (each ``len(weights) // members`` layers, trained from different seeds); their
    softmax outputs are averaged, which generalises better to unseen handwriting than
    any one of them. ``temperature`` divides the logits before the softmax (1 = as
    trained).
    """

    mean: np.ndarray
    scale: np.ndarray
    weights: tuple[np.ndarray, ...]
    biases: tuple[np.ndarray, ...]
    description: str = ""
    members: int = 1
    temperature: float = 1.0

    def __post_init__(self) -> None:
        # Single precision: the matrix products take half the time, and the file half
        # the space; digit probabilities need no more than seven significant figures.
        for name in ("mean", "scale"):
            object.__setattr__(self, name, np.asarray(getattr(self, name), np.float32))
        for name in ("weights", "biases"):
            arrays = tuple(np.asarray(a, np.float32) for a in getattr(self, name))
            object.__setattr__(self, name, arrays)

    def probabilities(self, digits: np.ndarray) -> np.ndarray:
        """(n, 20, 20) normalised digits -> (n, 10) probabilities of 0..9."""
        if len(digits) == 0:
            return np.zeros((0, 10), np.float64)
        x0 = (features(digits) - self.mean) / self.scale
        layers = len(self.weights) // self.members
        total = np.zeros((len(digits), 10), np.float64)
        for k in range(self.members):
            ws = self.weights[k * layers : (k + 1) * layers]
            bs = self.biases[k * layers : (k + 1) * layers]
            x = x0
            for w, b in zip(ws[:-1], bs[:-1], strict=True):
                x = np.maximum(x @ w + b, 0.0)
            z = ((x @ ws[-1] + bs[-1]) / self.temperature).astype(np.float64)
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            total += p / p.sum(axis=1, keepdims=True)
        return total / self.members

    def read_cells(self, cells: list[np.ndarray]) -> list[np.ndarray | None]:
        """Scanned cell crops -> per cell the 10 digit probabilities, or None for a blank cell."""
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
            "mean": self.mean,
            "scale": self.scale,
            "layers": np.array(len(self.weights) // self.members),
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
            members = int(data["members"]) if "members" in data else 1
            n = int(data["layers"]) * members
            return cls(
                mean=data["mean"],
                scale=data["scale"],
                weights=tuple(data[f"w{i}"] for i in range(n)),
                biases=tuple(data[f"b{i}"] for i in range(n)),
                description=str(data["description"]),
                members=members,
                temperature=float(data["temperature"]) if "temperature" in data else 1.0,
            )


@lru_cache(maxsize=4)
def load_model(path: Path | None = None) -> DigitModel:
    """The shipped digit model (cached per path)."""
    return DigitModel.load(path or DEFAULT_MODEL_PATH)
