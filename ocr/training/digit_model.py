"""Reproducible training of the handwritten digit model (issue 5, item 4).

Data come only from the machine, never from the network:

- the 5,000 real MNIST digits of Debian's ``opencv-doc`` (``examples/data/digits.png``,
  50 rows x 100 columns of 20x20 cells, five rows per digit), restricted to the columns
  the synthetic scan generator keeps for TRAINING (its TEST columns are never read here);
- scikit-learn's ``load_digits`` (1,797 real 8x8 digits, a different writer population);
- renders of the TRAINING handwriting fonts, with random size, slant, rotation and stroke
  width;
- optionally, corrections made in review (``pipeline.doors.scans.review`` stores each resolved digit
  as a labelled PNG crop), so a club can retrain on its own handwriting.

Each image is drawn onto a simulated piece of scanned paper (paper tone, ink tone, blur,
noise, a box edge leaking in) and then goes through exactly the normalisation the reader
uses (``ocr.digits.normalise_cell``), so training and reading see the same kind of input.
A fixed seed makes the result reproducible: same data and seed, same weights.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from ocr.digits import CANVAS, DEFAULT_MODEL_PATH, DigitModel, normalise_cell

__all__ = [
    "OPENCV_DIGITS",
    "TrainingSources",
    "TrainingReport",
    "default_sources",
    "build_dataset",
    "train_digit_model",
]

HIDDEN: tuple[int, ...] = (512,)
"""Hidden layer of each perceptron."""
ALPHA = 1e-1
"""L2 penalty: stronger than scikit-learn's default, for handwriting not seen in training."""
MEMBERS = 3
"""Perceptrons averaged (different seeds)."""
TEMPERATURE = 1.5
"""Softmax temperature of the shipped model. Fitted on handwriting the model had not seen:
three TRAINING fonts (dkg Bold Italic, Humor Sans, Because We Learn) held out of a
smaller training run; the held-out log-loss was lowest near 1.5-2 (0.29 at 1, 0.23 at
1.5). At 1 the perceptrons are over-confident on new writers, and the joint decoder
(ocr/decode.py) would take a confidently misread digit at face value."""

OPENCV_DIGITS = Path("/usr/share/doc/opencv-doc/examples/data/digits.png")


@dataclass(frozen=True)
class TrainingSources:
    """Where training digits come from; must not overlap the generator's TEST sources."""

    opencv_png: Path = OPENCV_DIGITS
    opencv_columns: tuple[int, int] = (0, 50)
    """Half-open column range of digits.png used for training (of 100 per row)."""
    sklearn_digits: bool = True
    fonts: tuple[Path, ...] = ()
    font_variants: int = 60
    """Renders per font and digit."""
    synthetic_pages: int = 0
    """TRAINING-split pages from the scan generator (ocr/training/synthetic), read through the real
    alignment and cropping, each handwritten box labelled from the page's ground truth."""
    writer_digits: int = 0
    """Digits drawn by the generator's TRAINING-split writers (synthetic/handwriting.py:
    the same slant, stroke and size model the synthetic pages use, TRAINING sources only)."""
    corrections: tuple[Path, ...] = ()
    """Folders of labelled review crops: ``<folder>/<digit>/<anything>.png``."""
    real_augment: int = 2
    """Distorted copies per real digit image (besides the plain one)."""


def default_sources() -> TrainingSources:
    """The TRAINING side of the synthetic generator's split (ocr/training/synthetic/sources.py).

    The benchmark fills its pages only from the TEST side, so its figures measure
    handwriting the model has never seen.
    """
    from ocr.training.synthetic.sources import TRAINING

    return TrainingSources(
        opencv_png=OPENCV_DIGITS,
        opencv_columns=TRAINING.opencv_columns,
        sklearn_digits=TRAINING.sklearn_digits,
        fonts=TRAINING.available_fonts(),
        font_variants=80,
        writer_digits=8000,
        synthetic_pages=160,
    )


@dataclass(frozen=True)
class TrainingReport:
    """What a training run used and how well it did on its own held-out part."""

    samples: int
    held_out: int
    held_out_accuracy: float
    per_source: dict[str, int] = field(default_factory=dict)


def _opencv_digits(src: TrainingSources) -> Iterable[tuple[np.ndarray, int]]:
    if not src.opencv_png.exists():
        raise FileNotFoundError(
            f"{src.opencv_png} is missing: install it with `apt-get install opencv-doc`"
        )
    img = cv2.imread(str(src.opencv_png), cv2.IMREAD_GRAYSCALE)
    c0, c1 = src.opencv_columns
    for row in range(50):
        label = row // 5
        for col in range(c0, c1):
            cell = img[row * 20 : row * 20 + 20, col * 20 : col * 20 + 20]
            yield cell.astype(np.float32) / 255.0, label


def _sklearn_digits() -> Iterable[tuple[np.ndarray, int]]:
    from sklearn.datasets import load_digits

    data = load_digits()
    for img, label in zip(data.images, data.target, strict=True):
        ink = cv2.resize((img / 16.0).astype(np.float32), (24, 24), interpolation=cv2.INTER_CUBIC)
        yield np.clip(ink, 0, 1), int(label)


def _font_digits(
    fonts: Sequence[Path], variants: int, rng: np.random.Generator
) -> Iterable[tuple[np.ndarray, int]]:
    from PIL import Image, ImageDraw, ImageFont

    for font_path in fonts:
        for digit in range(10):
            for _ in range(variants):
                size = int(rng.integers(36, 60))
                font = ImageFont.truetype(str(font_path), size)
                canvas = Image.new("L", (size * 2, size * 2), 0)
                stroke = int(rng.integers(0, 3))
                ImageDraw.Draw(canvas).text(
                    (size // 2, size // 4),
                    str(digit),
                    fill=255,
                    font=font,
                    stroke_width=stroke,
                    stroke_fill=255,
                )
                yield np.asarray(canvas, np.float32) / 255.0, digit


def _page_digits(pages: int, seed: int) -> Iterable[tuple[np.ndarray, int]]:
    """Handwritten box crops from generated TRAINING pages, exactly as the reader cuts them."""
    if pages < 1:
        return
    from ocr.align import align_page, warp_region
    from ocr.layout import load_layout
    from ocr.row_reader import DIGIT_INSET_MM, crop_mm
    from ocr.training.synthetic.generate import generate_pages
    from ocr.training.synthetic.sources import TRAINING

    layout = load_layout()
    for page in generate_pages(None, pages, split=TRAINING, seed=seed):
        image = cv2.imdecode(np.frombuffer(page.image, np.uint8), cv2.IMREAD_UNCHANGED)
        try:
            fit = align_page(image, layout)
        except ValueError:
            continue
        upright = warp_region(image, fit, 0, 0, layout.page_width, layout.page_height)
        for d in page.truth.digits:
            rect = layout.box(d.row, d.field, str(d.position)).inset(DIGIT_INSET_MM)
            yield crop_mm(upright, rect), d.digit


def _writer_digits(count: int, rng: np.random.Generator) -> Iterable[tuple[np.ndarray, int]]:
    if count < 1:
        return
    from ocr.training.synthetic.handwriting import DigitBank
    from ocr.training.synthetic.sources import TRAINING

    bank = DigitBank(TRAINING)
    for i in range(count):
        writer = bank.writer(rng)
        glyph, _ = writer.glyph(bank, i % 10, int(rng.integers(22, 48)), rng)
        yield glyph * writer.ink_darkness, i % 10


def _distort(ink: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Random slant, rotation, scale, width and stroke width on an ink image.

    Writers differ from fonts mostly in slant, width and stroke: the affine map draws a
    rotation, a shear and a separate horizontal scale (narrow to wide digits); the stroke
    is thinned or thickened by up to two pixels at the working size.
    """
    h, w = ink.shape
    pad = max(h, w) // 2
    ink = cv2.copyMakeBorder(ink, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    h, w = ink.shape
    angle = rng.uniform(-12, 12)
    scale = rng.uniform(0.85, 1.1)
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, scale)
    m[0, 1] += rng.uniform(-0.35, 0.35)
    widen = rng.uniform(0.75, 1.25)  # narrow or wide handwriting, about the centre
    m[0, :] *= widen
    m[0, 2] += (1 - widen) * w / 2
    ink = cv2.warpAffine(ink, m, (w, h), flags=cv2.INTER_LINEAR)
    k = rng.integers(0, 6)
    if k == 1 or (k == 2 and ink.shape[0] > 80):
        size = int(k) + 1
        ink = cv2.dilate(ink, np.ones((size, size), np.uint8))
    elif k == 3 and ink.shape[0] > 40:
        ink = cv2.erode(ink, np.ones((2, 2), np.uint8))
    return ink


def _on_paper(ink: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Put an ink image into a scanned-looking box crop (150-300 dpi score or pair boxes).

    Like the TRAINING scans (ocr/training/synthetic/sources.py): paper and ink tone, a digit not
    always centred, printed box edges leaking in (whole edges, or a piece of one), blur,
    noise and JPEG at the TRAINING qualities.
    """
    ys, xs = np.nonzero(ink > 0.2)
    if len(ys):
        ink = ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    # Score boxes are tall (7 x 11 mm), pair boxes about square (5.5 x 5 mm).
    height = int(rng.integers(26, 70))
    width = int(height * (rng.uniform(0.55, 0.7) if rng.random() < 0.7 else rng.uniform(1, 1.2)))
    target = height * rng.uniform(0.55, 0.9)
    s = min(target / ink.shape[0], rng.uniform(0.8, 0.97) * width / ink.shape[1])
    ink = cv2.resize(
        ink,
        (max(1, round(ink.shape[1] * s)), max(1, round(ink.shape[0] * s))),
        interpolation=cv2.INTER_AREA,
    )
    crop = np.zeros((height, width), np.float32)
    gh, gw = ink.shape
    spread = 0.05 if rng.random() < 0.7 else 0.12
    oy = (height - gh) // 2 + int(rng.normal(0, spread * height))
    ox = (width - gw) // 2 + int(rng.normal(0, spread * width))
    oy, ox = min(max(0, oy), max(0, height - gh)), min(max(0, ox), max(0, width - gw))
    crop[oy : oy + gh, ox : ox + gw] = ink[: height - oy, : width - ox]
    paper = rng.uniform(180, 250)
    dark = rng.uniform(0.45, 0.95)
    grey = paper * (1 - dark * crop)
    u = rng.random()
    if u < 0.3:  # a printed box edge leaking into the crop
        edge = int(rng.integers(0, 4))
        t = int(rng.integers(1, 3))
        sl = [np.s_[:t, :], np.s_[-t:, :], np.s_[:, :t], np.s_[:, -t:]][edge]
        grey[sl] = np.minimum(grey[sl], paper * rng.uniform(0.2, 0.5))
    elif u < 0.45:  # a piece of an edge (a corner of the box, or a tilted edge)
        edge = int(rng.integers(0, 4))
        n = height if edge >= 2 else width
        length = int(n * rng.uniform(0.15, 0.6))
        start = 0 if rng.random() < 0.5 else n - length
        d = int(rng.integers(0, 3))
        run = slice(start, start + length)
        seg = [np.s_[d, run], np.s_[-1 - d, run], np.s_[run, d], np.s_[run, -1 - d]][edge]
        grey[seg] = np.minimum(grey[seg], paper * rng.uniform(0.2, 0.5))
    if rng.random() < 0.5:
        grey = cv2.GaussianBlur(grey, (3, 3), rng.uniform(0.3, 1.0))
    grey = grey + rng.normal(0, rng.uniform(1, 8), grey.shape)
    out = np.clip(grey, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        quality = int(rng.integers(60, 96))
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if ok:
            out = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    return out


def _corrections(folders: Sequence[Path]) -> Iterable[tuple[np.ndarray, int]]:
    for folder in folders:
        for png in sorted(folder.glob("[0-9]/*.png")):
            crop = cv2.imread(str(png), cv2.IMREAD_GRAYSCALE)
            if crop is not None:
                yield crop, int(png.parent.name)


def build_dataset(
    src: TrainingSources, seed: int = 20261122
) -> tuple[np.ndarray, np.ndarray, dict[str, int]]:
    """All training digits, normalised: (n, 20, 20) images, (n,) labels, counts per source."""
    rng = np.random.default_rng(seed)
    images: list[np.ndarray] = []
    labels: list[int] = []
    counts: dict[str, int] = {}

    def add(name: str, ink: np.ndarray, label: int, copies: int) -> None:
        for i in range(copies + 1):
            source = _distort(ink, rng) if i else ink
            norm = normalise_cell(_on_paper(source, rng))
            if norm is not None:
                images.append(norm)
                labels.append(label)
                counts[name] = counts.get(name, 0) + 1

    for ink, label in _opencv_digits(src):
        add("opencv digits.png", ink, label, src.real_augment)
    if src.sklearn_digits:
        for ink, label in _sklearn_digits():
            add("sklearn load_digits", ink, label, 1)
    for ink, label in _font_digits(src.fonts, src.font_variants, rng):
        add("handwriting fonts", _distort(ink, rng), label, 0)
    for crop, label in _page_digits(src.synthetic_pages, seed):
        norm = normalise_cell(crop)
        if norm is not None:
            images.append(norm)
            labels.append(label)
            counts["generated TRAINING pages"] = counts.get("generated TRAINING pages", 0) + 1
    for ink, label in _writer_digits(src.writer_digits, rng):
        add("generator writers (training split)", ink, label, 0)
    for crop, label in _corrections(src.corrections):
        norm = normalise_cell(crop)
        if norm is not None:
            for _ in range(5):  # a club's own corrections weigh more than stock data
                images.append(norm)
                labels.append(label)
            counts["review corrections"] = counts.get("review corrections", 0) + 1
    return np.stack(images).reshape(-1, CANVAS, CANVAS), np.array(labels), counts


def train_digit_model(
    out: Path = DEFAULT_MODEL_PATH,
    sources: TrainingSources | None = None,
    seed: int = 20261122,
    hidden: tuple[int, ...] = HIDDEN,
    alpha: float = ALPHA,
    members: int = MEMBERS,
    temperature: float = TEMPERATURE,
) -> TrainingReport:
    """Build the dataset, train ``members`` perceptrons (seeds ``seed``, ``seed + 1``, ...),
    check their average on a held-out 10%, write ``out``."""
    from sklearn.model_selection import train_test_split
    from sklearn.neural_network import MLPClassifier

    from ocr.digits import features

    src = sources or default_sources()
    images, labels, counts = build_dataset(src, seed)
    x = features(images).astype(np.float64)
    i_tr, i_te = train_test_split(
        np.arange(len(labels)), test_size=0.1, random_state=seed % 2**31, stratify=labels
    )
    x_tr, y_tr, y_te = x[i_tr], labels[i_tr], labels[i_te]
    mean = x_tr.mean(axis=0)
    scale = x_tr.std(axis=0) + 1e-6
    weights: list[np.ndarray] = []
    biases: list[np.ndarray] = []
    for k in range(members):
        clf = MLPClassifier(
            hidden_layer_sizes=hidden,
            alpha=alpha,
            max_iter=200,
            early_stopping=True,
            random_state=(seed + k) % 2**31,
        )
        clf.fit((x_tr - mean) / scale, y_tr)
        weights += [np.asarray(w) for w in clf.coefs_]
        biases += [np.asarray(b) for b in clf.intercepts_]
    model = DigitModel(
        mean=mean,
        scale=scale,
        weights=tuple(weights),
        biases=tuple(biases),
        description=(
            f"HOG+pixels MLP{hidden} x{members}, alpha {alpha}, temperature {temperature}, "
            f"seed {seed}, sources {counts}"
        ),
        members=members,
        temperature=temperature,
    )
    accuracy = float((model.probabilities(images[i_te]).argmax(axis=1) == y_te).mean())
    model.save(out)
    return TrainingReport(
        samples=len(labels), held_out=len(y_te), held_out_accuracy=accuracy, per_source=counts
    )
