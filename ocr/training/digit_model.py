"""Reproducible training of the handwritten digit model (issues 5 and 13).

Data come only from the machine, never from the network, and only from the TRAINING
side of the source split (ocr/training/synthetic/sources.py); the benchmark's TEST
sources are never read here:

- scikit-learn's ``load_digits`` (UCI optdigits, 1,797 real 8x8 digits);
- renders of the TRAINING handwriting fonts, with random size, slant, rotation, width and
  stroke;
- digits drawn by the stroke writer's TRAINING writers (ocr/training/synthetic/strokes.py:
  their own allographs, slant, width, tremor and pressure);
- the handwritten boxes of generated TRAINING pages, cut out by the reader's own alignment
  and cropping;
- optionally, corrections made in review (``pipeline.doors.scans.review`` stores each resolved
  digit as a labelled PNG crop), so a club can retrain on its own players' handwriting.

Training images (not the validation's) are also bent by an elastic distortion and their
strokes thickened or thinned (ocr/training/augment.py), for writers unlike any source.
Each image is drawn onto a simulated piece of scanned paper (paper tone, ink tone and
texture, blur, noise, a box edge leaking in, JPEG) and then goes through exactly the
normalisation the reader uses (``ocr.digits.normalise_cell``). ``MEMBERS`` small
convolutional networks (ocr/training/cnn.py) are trained from consecutive seeds and
averaged. The softmax temperature is the one with the lowest log-loss on the held-out
TRAINING-side writers (``VALIDATION_FONTS`` and ``VALIDATION_WRITER_IDS``, never trained
on): a model sure of itself on writers it has never seen makes the joint decoder take a
misread digit at face value. Same data and seed, same weights.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import cv2
import numpy as np

from ocr.digits import CANVAS, DEFAULT_MODEL_PATH, NO_DIGIT, DigitModel, normalise_cell
from ocr.training.augment import vary
from ocr.training.real_digits import HELD_OUT_EVERY, VALIDATION_SEED, check_archives, real_digits
from ocr.training.synthetic.settled_dust import dust_in_box

__all__ = [
    "MEMBERS",
    "TEMPERATURES",
    "TrainingSources",
    "TrainingReport",
    "default_sources",
    "validation_set",
    "build_dataset",
    "train_digit_model",
]

MEMBERS = 2
"""Networks averaged (consecutive seeds). Two wide networks read the held-out writers
within 0.3 points of three (docs/reader-history.md, "The digit model"), at two thirds of the
time."""

TEMPERATURES = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
"""Softmax temperatures tried on the held-out writers; the lowest log-loss is shipped."""


@dataclass(frozen=True)
class TrainingSources:
    """Where training digits come from; must not overlap the generator's TEST sources."""

    sklearn_digits: bool = True
    sklearn_augment: int = 4
    """Distorted copies per scikit-learn digit (besides the plain one)."""
    fonts: tuple[Path, ...] = ()
    font_variants: int = 60
    """Renders per font and digit."""
    writer_digits: int = 0
    """Digits drawn by the stroke writer's TRAINING writers (shapes "A")."""
    writer_ids: tuple[int, int] = (0, 900_000)
    pointed_pen_digits: int = 0
    """Digits drawn by the same writers with a pointed pen (``draw_digit``'s ``upstroke``:
    full width down the page, a hairline up it, which a scan loses)."""
    synthetic_pages: int = 0
    """TRAINING pages from the scan generator, read through the real alignment and
    cropping, each handwritten box labelled from the page's ground truth."""
    corrections: tuple[Path, ...] = ()
    """Folders of labelled review crops: ``<folder>/<digit>/<anything>.png``."""
    dust_share: float = 0.0
    """Share of the drawn training digits put on a dusty page's box (``dust_in_box``:
    TRAINING's toner specks and clumps of settled dust, in and beside the box), so the
    model learns that a speck is not a stroke."""
    no_digit_boxes: int = 0
    """Empty boxes of dusty pages whose dust the blank decision reads as ink, trained as
    the class ``NO_DIGIT`` (an eleventh output) where more than 0."""
    real_digits: Path | None = None
    """Folder of the PyPI archives holding real handwriting (ocr/training/real_digits.py):
    USPS, pendigits and mfeat-pix. Every tenth digit of each set is held out for the
    validation, never trained on. The shipped model is trained with them (``bridgescan
    model train-digits --real-digits DIR``): the archives come from PyPI, so the default
    sources, which need nothing fetched, leave them out."""


def default_sources(dust: bool = False) -> TrainingSources:
    """The TRAINING side of the generator's split, less its held-out validation writers:
    the shipped model's sources; with ``dust`` (``train-digits --dust``), ``DUST_SHARE`` of
    the digits on dusty boxes and ``NO_DIGIT_BOXES`` dusty empty boxes as ``NO_DIGIT``."""
    from ocr.training.synthetic.sources import TRAINING, TRAINING_WRITER_IDS

    return TrainingSources(
        sklearn_digits=True,
        sklearn_augment=6,
        fonts=TRAINING.available_fonts(),
        font_variants=150,
        writer_digits=30_000,
        writer_ids=TRAINING_WRITER_IDS,
        pointed_pen_digits=8_000,
        synthetic_pages=60,
        dust_share=DUST_SHARE if dust else 0.0,
        no_digit_boxes=NO_DIGIT_BOXES if dust else 0,
    )


DUST_SHARE = 0.3
"""Training digits drawn on a dusty box: TRAINING's noisy scans are one condition in eight,
and a share well above that gives the networks enough specks beside strokes to learn them
(docs/reader.md, "The digit model")."""

NO_DIGIT_BOXES = 2_000
"""Dusty empty boxes the blank decision reads, trained as ``NO_DIGIT`` (2% of the training
set): 1.4% of TRAINING's dusty empty boxes are read at all, so about 140,000 are drawn."""


@dataclass(frozen=True)
class TrainingReport:
    """What a training run used and how well it did on data it had not seen."""

    samples: int
    held_out: int
    held_out_accuracy: float
    per_source: dict[str, int] = field(default_factory=dict)
    held_out_log_loss: float = 0.0
    temperature: float = 1.0
    log_loss_by_temperature: dict[float, float] = field(default_factory=dict)
    dusty_accuracy: float = 0.0
    """The held-out writers' digits, each on a dusty box."""
    dusty_empty_no_digit: float | None = None
    """Of held-out dusty empty boxes the blank decision reads, the share read ``NO_DIGIT``
    first (None for a model without that class)."""


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


def _stroke_digits(
    count: int,
    ids: tuple[int, int],
    skeletons: str,
    rng: np.random.Generator,
    pointed: bool = False,
) -> Iterable[tuple[np.ndarray, int]]:
    """``count`` digits by stroke writers with ids in ``ids`` (a few digits each); with
    ``pointed``, each writer's pen draws upstrokes 5-40% of its width."""
    from ocr.training.synthetic.strokes import draw_digit, stroke_style

    upstroke = None
    for i in range(count):
        if i % 10 == 0:
            style = stroke_style(int(rng.integers(*ids)), skeletons)
            upstroke = float(rng.uniform(0.05, 0.4)) if pointed else None
        digit = int(rng.integers(10))
        height = float(rng.uniform(20, 44))
        pen = float(rng.uniform(0.06, 0.16)) * height
        yield draw_digit(style, digit, height, pen, rng, upstroke), digit


def _page_digits(pages: int, seed: int) -> Iterable[tuple[np.ndarray, int]]:
    """Handwritten box crops from generated TRAINING pages, exactly as the reader cuts them."""
    if pages < 1:
        return
    from ocr.align import align_page, warp_region
    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from ocr.row_reader import DIGIT_INSET_MM, crop_mm
    from ocr.training.synthetic.generate import generate_pages
    from ocr.training.synthetic.sources import TRAINING

    layout = load_layout()
    for page in generate_pages(None, pages, split=TRAINING, seed=seed):
        image = cv2.imdecode(np.frombuffer(page.image, np.uint8), cv2.IMREAD_GRAYSCALE)
        try:
            fit = align_page(image, layout)
        except ValueError:
            continue
        upright = warp_region(image, fit, 0, 0, layout.page_width, layout.page_height)
        flat = flatten(upright, 150.0)
        for d in page.truth.digits:
            rect = layout.box(d.row, d.field, str(d.position)).inset(DIGIT_INSET_MM)
            yield crop_mm(flat, rect), d.digit


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
    widen = rng.uniform(0.7, 1.3)  # narrow or wide handwriting, about the centre
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


def _texture(ink: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Ink as pens leave it: graphite grain, a ballpoint's skips, a felt tip's bleed."""
    u = rng.random()
    if u < 0.25:
        return ink * rng.uniform(0.5, 1.0, ink.shape).astype(np.float32)
    if u < 0.4:
        skips = cv2.GaussianBlur(rng.random(ink.shape).astype(np.float32), (0, 0), 1.2)
        return ink * np.clip(0.55 + 2.0 * (skips - 0.4), 0.45, 1.0)
    if u < 0.5:
        return np.maximum(ink, cv2.GaussianBlur(ink, (0, 0), 0.9) * 0.9)
    return ink


def _box_size(rng: np.random.Generator) -> tuple[int, int, float]:
    """A digit box's crop as the reader cuts it at 150-300 dpi: (height, width, pixels a
    mm). Score boxes are tall (7 x 11 mm, 5.8 x 9.8 inside the reader's 0.6 mm inset),
    pair boxes about square (5.5 x 5 mm, 4.3 x 3.8 inside)."""
    height = int(rng.integers(26, 70))
    tall = rng.random() < 0.7
    width = int(height * (rng.uniform(0.55, 0.7) if tall else rng.uniform(1, 1.2)))
    return height, width, height / (9.8 if tall else 3.8)


def _on_paper(ink: np.ndarray, rng: np.random.Generator, dust: bool = False) -> np.ndarray:
    """Put an ink image into a scanned-looking box crop (150-300 dpi score or pair boxes):
    paper and ink tone, texture, a digit not always centred, printed box edges leaking in
    (whole edges, or a piece of one), with ``dust`` a dirty scanner's specks and clumps
    (TRAINING's, ``dust_in_box``), blur, noise and JPEG."""
    ys, xs = np.nonzero(ink > 0.2)
    if len(ys):
        ink = ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    height, width, px_per_mm = _box_size(rng)
    target = height * rng.uniform(0.55, 0.9)
    s = min(target / ink.shape[0], rng.uniform(0.8, 0.97) * width / ink.shape[1])
    ink = cv2.resize(
        ink,
        (max(1, round(ink.shape[1] * s)), max(1, round(ink.shape[0] * s))),
        interpolation=cv2.INTER_AREA,
    )
    ink = _texture(ink, rng)
    crop = np.zeros((height, width), np.float32)
    gh, gw = ink.shape
    spread = 0.05 if rng.random() < 0.7 else 0.12
    oy = (height - gh) // 2 + int(rng.normal(0, spread * height))
    ox = (width - gw) // 2 + int(rng.normal(0, spread * width))
    oy, ox = min(max(0, oy), max(0, height - gh)), min(max(0, ox), max(0, width - gw))
    crop[oy : oy + gh, ox : ox + gw] = ink[: height - oy, : width - ox]
    paper = rng.uniform(180, 250)
    dark = rng.uniform(0.4, 0.95)
    return _scanned(paper * (1 - dark * crop), paper, px_per_mm, rng, dust)


def _empty_box(rng: np.random.Generator) -> np.ndarray:
    """An empty digit box's crop on a dusty page: paper, printed edges leaking in, the
    dirty scanner's dust (``dust_in_box``), blur, noise and JPEG."""
    height, width, px_per_mm = _box_size(rng)
    paper = rng.uniform(180, 250)
    return _scanned(np.full((height, width), paper), paper, px_per_mm, rng, dust=True)


def _scanned(
    grey: np.ndarray, paper: float, px_per_mm: float, rng: np.random.Generator, dust: bool
) -> np.ndarray:
    """A box's grey crop as scanned: printed box edges leaking in, dust, blur, noise, JPEG."""
    grey = grey.astype(np.float32)
    height, width = grey.shape
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
    if dust:
        dust_in_box(grey, px_per_mm, rng)
    if rng.random() < 0.5:
        grey = cv2.GaussianBlur(grey, (3, 3), rng.uniform(0.3, 1.0))
    grey = grey + rng.normal(0, rng.uniform(1, 8), grey.shape)
    out = np.clip(grey, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        quality = int(rng.integers(50, 96))
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if ok:
            out = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    return out


def _no_digit_boxes(count: int, rng: np.random.Generator) -> Iterable[np.ndarray]:
    """``count`` empty boxes on dusty pages whose dust the blank decision takes for ink
    (``normalise_cell`` reads them), normalised: the class ``NO_DIGIT``. Drawn until
    ``count`` are found, or 300 times as many boxes were tried."""
    found = 0
    for _ in range(300 * count):
        if found == count:
            return
        norm = normalise_cell(_empty_box(rng))
        if norm is not None:
            found += 1
            yield norm


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
    if src.real_digits is not None:
        check_archives(src.real_digits)
    rng = np.random.default_rng(seed)
    images: list[np.ndarray] = []
    labels: list[int] = []
    counts: dict[str, int] = {}

    def add(name: str, ink: np.ndarray, label: int, copies: int = 0, bend: float = 0.0) -> None:
        for i in range(copies + 1):
            source = vary(_distort(ink, rng), rng, bend) if i else ink
            dusty = src.dust_share > 0 and rng.random() < src.dust_share
            norm = normalise_cell(_on_paper(source, rng, dusty))
            if norm is not None:
                images.append(norm)
                labels.append(label)
                counts[name] = counts.get(name, 0) + 1

    def add_crop(name: str, crop: np.ndarray, label: int, weight: int = 1) -> None:
        norm = normalise_cell(crop)
        if norm is not None:
            images.extend([norm] * weight)
            labels.extend([label] * weight)
            counts[name] = counts.get(name, 0) + 1

    if src.sklearn_digits:
        for ink, label in _sklearn_digits():
            add("scikit-learn load_digits", ink, label, src.sklearn_augment, bend=0.8)
    for ink, label in _font_digits(src.fonts, src.font_variants, rng):
        add("TRAINING handwriting fonts", vary(_distort(ink, rng), rng, bend=0.7), label)
    for ink, label in _stroke_digits(src.writer_digits, src.writer_ids, "A", rng):
        add("TRAINING stroke writers", vary(ink, rng, bend=0.4, max_bend=0.03), label)
    pointed = _stroke_digits(src.pointed_pen_digits, src.writer_ids, "A", rng, pointed=True)
    for ink, label in pointed:
        add("TRAINING stroke writers, pointed pen", vary(ink, rng, bend=0.4, max_bend=0.03), label)
    for crop, label in _page_digits(src.synthetic_pages, seed):
        add_crop("generated TRAINING pages", crop, label)
    if src.real_digits is not None:
        for i, (name, ink, label) in enumerate(real_digits(src.real_digits, rng)):
            if i % HELD_OUT_EVERY:
                add(f"real handwriting: {name}", vary(ink, rng, bend=0.4, max_bend=0.03), label)
    for crop, label in _corrections(src.corrections):
        add_crop("review corrections", crop, label, weight=5)  # a club's own hands weigh more
    for norm in _no_digit_boxes(src.no_digit_boxes, rng):
        images.append(norm)
        labels.append(NO_DIGIT)
        counts["dusty empty boxes (no digit)"] = counts.get("dusty empty boxes (no digit)", 0) + 1
    if not images:
        raise FileNotFoundError("no training digits: no source is installed or given")
    return np.stack(images).reshape(-1, CANVAS, CANVAS), np.array(labels), counts


def validation_set(
    per_source: int = 600,
    seed: int = VALIDATION_SEED,
    real: Path | None = None,
    dust: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Held-out TRAINING-side digits: the validation fonts and stroke writers, and with
    ``real`` the held-out tenth of the real handwriting sets, on paper (with ``dust``, every
    one on a dusty box: ``dust_in_box``)."""
    from ocr.training.synthetic.sources import VALIDATION_FONTS, VALIDATION_WRITER_IDS

    rng = np.random.default_rng(seed)
    fonts = tuple(f for f in VALIDATION_FONTS if f.exists())
    images, labels = [], []
    variants = max(1, per_source // 10 // max(1, len(fonts)))
    sources = [
        *((_distort(ink, rng), d) for ink, d in _font_digits(fonts, variants, rng)),
        *_stroke_digits(per_source, VALIDATION_WRITER_IDS, "A", rng),
    ]
    if real is not None:
        held_out = [
            (ink, label)
            for i, (_, ink, label) in enumerate(real_digits(real, np.random.default_rng(seed)))
            if i % HELD_OUT_EVERY == 0
        ]
        sources += held_out
    for ink, label in sources:
        norm = normalise_cell(_on_paper(ink, rng, dust))
        if norm is not None:
            images.append(norm)
            labels.append(label)
    return np.stack(images), np.array(labels)


def train_digit_model(
    out: Path = DEFAULT_MODEL_PATH,
    sources: TrainingSources | None = None,
    seed: int = 20261122,
    members: int = MEMBERS,
    settings: object | None = None,
    progress: Callable[[str], None] | None = None,
) -> TrainingReport:
    """Build the dataset, train ``members`` networks (seeds ``seed``, ``seed + 1``, ...),
    fit the temperature on the held-out TRAINING-side writers, write ``out``."""
    from ocr.training.cnn import TrainSettings, log_loss, train_network

    say = progress or (lambda _msg: None)
    src = sources or default_sources()
    say("building the training set")
    images, labels, counts = build_dataset(src, seed)
    say(f"{len(labels)} digits: {counts}")
    conf = settings if isinstance(settings, TrainSettings) else TrainSettings()
    conf = replace(conf, classes=int(labels.max()) + 1 if labels.max() == NO_DIGIT else 10)
    weights: list[np.ndarray] = []
    biases: list[np.ndarray] = []
    for k in range(members):
        ws, bs = train_network(
            images,
            labels,
            seed=(seed + k) % 2**31,
            settings=conf,
            progress=lambda epoch, loss, k=k: say(
                f"network {k + 1}: epoch {epoch}, loss {loss:.4f}"
            ),
        )
        weights += ws
        biases += bs
    val_x, val_y = validation_set(real=src.real_digits)
    losses = {}
    for t in TEMPERATURES:
        trial = DigitModel(tuple(weights), tuple(biases), members=members, temperature=t)
        losses[t] = round(log_loss(trial, val_x, val_y), 4)
    temperature = min(losses, key=lambda t: (losses[t], t))
    model = DigitModel(
        tuple(weights),
        tuple(biases),
        description=(
            f"CNN conv3x3({conf.conv1})-conv3x3({conf.conv2})-dense{conf.dense} x{members}, "
            f"{conf}, temperature "
            f"{temperature} (held-out log-loss {losses}), seed {seed}, sources {counts}"
        ),
        members=members,
        temperature=temperature,
    )
    accuracy = float((model.probabilities(val_x).argmax(axis=1) == val_y).mean())
    dusty_x, dusty_y = validation_set(real=src.real_digits, dust=True)
    dusty_accuracy = float((model.probabilities(dusty_x).argmax(axis=1) == dusty_y).mean())
    empty_no_digit = None
    if model.classes > NO_DIGIT:
        empties = np.stack(list(_no_digit_boxes(300, np.random.default_rng(seed + 7))))
        empty_no_digit = float((model.probabilities(empties).argmax(axis=1) == NO_DIGIT).mean())
    say(f"held-out accuracy {accuracy:.4f}, on dusty boxes {dusty_accuracy:.4f}; dusty empty "
        f"boxes read as no digit: {empty_no_digit}")  # fmt: skip
    model = replace(
        model,
        description=f"{model.description}; held-out accuracy {accuracy:.4f}, on dusty boxes "
        f"{dusty_accuracy:.4f}, dusty empty boxes read as no digit {empty_no_digit}",
    )
    model.save(out)
    return TrainingReport(
        samples=len(labels),
        held_out=len(val_y),
        held_out_accuracy=accuracy,
        per_source=counts,
        held_out_log_loss=losses[temperature],
        temperature=temperature,
        log_loss_by_temperature=losses,
        dusty_accuracy=dusty_accuracy,
        dusty_empty_no_digit=empty_no_digit,
    )
