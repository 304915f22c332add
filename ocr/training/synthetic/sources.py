"""Handwriting sources and distortion settings, split into TRAINING and TEST.

The reader's digit model may be trained only on TRAINING sources; the benchmark fills and
scans its pages only with TEST sources and TEST distortions, so its figures measure
handwriting and scans the model has never seen (issue 5, items 4 and 5).

Split of the data on the machine:

- Debian ``opencv-doc`` ``examples/data/digits.png`` (5,000 real MNIST digits, 50 rows x
  100 columns of 20x20 px, five rows per digit): columns 0-49 TRAINING, 50-99 TEST.
- scikit-learn ``load_digits`` (1,797 real 8x8 digits): TRAINING only (the digit model
  trains on all of them, so they never appear on a TEST page).
- Handwriting fonts, split by writer (font family), not by glyph: DKG Handwriting (all
  styles), Humor Sans and four "Because We ..." fonts TRAINING; Breip, Klee One and the
  other two "Because We ..." fonts TEST.
- Distortions: TEST scans use their own ranges (more skew and perspective, more phone
  photos, different dpi choices, stronger shadows, lower JPEG qualities) so the
  benchmark is not tuned to the training scans.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "OPENCV_DIGITS_PNG",
    "TRAIN_OPENCV_COLUMNS",
    "TEST_OPENCV_COLUMNS",
    "TRAIN_SKLEARN",
    "TRAIN_FONTS",
    "TEST_FONTS",
    "Distortion",
    "Split",
    "TRAINING",
    "TEST",
    "split_named",
]

OPENCV_DIGITS_PNG = Path("/usr/share/doc/opencv-doc/examples/data/digits.png")
TRAIN_OPENCV_COLUMNS = (0, 50)  # half-open column range of digits.png
TEST_OPENCV_COLUMNS = (50, 100)
TRAIN_SKLEARN = True  # scikit-learn load_digits belongs to TRAINING only

_TT = Path("/usr/share/fonts/truetype")
_OT = Path("/usr/share/fonts/opentype")
TRAIN_FONTS: tuple[Path, ...] = (
    _TT / "fifthhorseman/dkg.ttf",
    _TT / "fifthhorseman/dkgBd.ttf",
    _TT / "fifthhorseman/dkgIt.ttf",
    _TT / "fifthhorseman/dkgBI.ttf",
    _TT / "humor-sans/Humor-Sans.ttf",
    _OT / "bwht/BecauseWeBuild-Regular.otf",
    _OT / "bwht/BecauseWeConnect-Regular.otf",
    _OT / "bwht/BecauseWeCreate-Regular.otf",
    _OT / "bwht/BecauseWeLearn-Regular.otf",
)
TEST_FONTS: tuple[Path, ...] = (
    _TT / "breip/Breip.ttf",
    _TT / "klee/KleeOne-Regular.ttf",
    _TT / "klee/KleeOne-SemiBold.ttf",
    _OT / "bwht/BecauseWeMentor-Regular.otf",
    _OT / "bwht/BecauseWeOrganize-Regular.otf",
)


@dataclass(frozen=True)
class Distortion:
    """Ranges the simulated scanner or phone draws from (uniform unless said otherwise)."""

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


@dataclass(frozen=True)
class Split:
    """One side of the split: digit sources, fonts and scan distortions."""

    name: str
    opencv_columns: tuple[int, int]
    sklearn_digits: bool
    fonts: tuple[Path, ...]
    distortion: Distortion

    def available_fonts(self) -> tuple[Path, ...]:
        """The split's fonts that are installed (apt: fonts-dkg-handwriting, ...)."""
        return tuple(f for f in self.fonts if f.exists())


TRAINING = Split(
    name="training",
    opencv_columns=TRAIN_OPENCV_COLUMNS,
    sklearn_digits=TRAIN_SKLEARN,
    fonts=TRAIN_FONTS,
    distortion=Distortion(
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
        photo_share=0.1,
        photo_perspective_mm=6.0,
    ),
)

TEST = Split(
    name="test",
    opencv_columns=TEST_OPENCV_COLUMNS,
    sklearn_digits=False,
    fonts=TEST_FONTS,
    distortion=Distortion(
        dpis=(150, 240, 300),
        quarter_turns=(0, 0, 1, 2, 3),
        max_skew_deg=4.0,
        max_perspective_mm=2.5,
        blur_sigma_px=(0.2, 1.2),
        noise_sigma=(1.0, 8.0),
        jpeg_quality=(50, 90),
        lossless_share=0.1,
        shadow_strength=(0.05, 0.4),
        greyscale_share=0.5,
        dark_background_share=0.2,
        photo_share=0.15,
        photo_perspective_mm=8.0,
    ),
)


def split_named(name: str) -> Split:
    """TRAINING or TEST by name (as written in a ground-truth file or on the command line)."""
    for s in (TRAINING, TEST):
        if s.name == name.lower():
            return s
    raise ValueError(f"unknown split {name!r}: use 'training' or 'test'")
