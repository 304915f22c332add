"""Who writes the synthetic travellers' digits, split by SOURCE into TRAINING and TEST
(ocr/training/synthetic/sources.py says how the sides are kept apart and what else each
side is made of; ``DigitBank`` in ocr/training/synthetic/handwriting.py draws from these).

- real digit sets that ship inside packages: the 5,000 MNIST digits of Debian's
  ``opencv-doc`` and the 250 digits of PyPI's ``pyclustering`` (TEST), the real
  handwriting archives of ``HELD_OUT_REAL`` (``real_digits_dir``);
- handwriting fonts from Debian packages, split by writer (font family): ``TRAIN_FONTS``,
  ``TEST_FONTS`` and the held-out ``VALIDATION_FONTS``;
- the stroke writers' id ranges: TRAINING, the held-out validation writers, TEST.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

__all__ = [
    "OPENCV_DIGITS_PNG",
    "pyclustering_digits_dir",
    "TRAIN_FONTS",
    "TEST_FONTS",
    "VALIDATION_FONTS",
    "TRAINING_WRITER_IDS",
    "VALIDATION_WRITER_IDS",
    "TEST_WRITER_IDS",
    "REAL_DIGITS_ENV",
    "real_digits_dir",
]

OPENCV_DIGITS_PNG = Path("/usr/share/doc/opencv-doc/examples/data/digits.png")


def pyclustering_digits_dir() -> Path | None:
    """The folder of pyclustering's 250 handwritten digit PNGs (found without importing
    the package), or None when pyclustering is not installed."""
    spec = importlib.util.find_spec("pyclustering")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "samples" / "images" / "digits"
    return folder if folder.is_dir() else None


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
    _OT / "comic-neue/ComicNeue-Regular.otf",
    _OT / "comic-neue/ComicNeue-Bold.otf",
    _OT / "comic-neue/ComicNeue-Italic.otf",
    _TT / "rufscript/Rufscript010.ttf",
    _TT / "yozvox-yozfont/YOzRS_.ttf",
    _TT / "yozvox-yozfont/YOzBS_.ttf",
)
TEST_FONTS: tuple[Path, ...] = (
    _TT / "breip/Breip.ttf",
    _TT / "klee/KleeOne-Regular.ttf",
    _TT / "klee/KleeOne-SemiBold.ttf",
    _OT / "bwht/BecauseWeMentor-Regular.otf",
    _OT / "bwht/BecauseWeOrganize-Regular.otf",
    _TT / "sjfonts/SteveHand.ttf",
    _OT / "dancingscript/DancingScript-Regular.otf",
    _TT / "ecolier-court/Ecolier-court.ttf",
    _TT / "kristi/Kristi.ttf",
    _TT / "leckerli-one/LeckerliOne-Regular.ttf",
    _TT / "tomsontalks/TomsonTalks.ttf",
    _TT / "kiloji/kiloji.ttf",
    _TT / "kiloji/kiloji_b.ttf",
)
VALIDATION_FONTS: tuple[Path, ...] = (
    _TT / "sjfonts/Delphine.ttf",
    _OT / "kaushanscript/KaushanScript-Regular.otf",
    _TT / "seto/setofont.ttf",
)
"""TRAINING-side writers held out of the digit model's training: the choices made in
training (temperature, epochs) are measured on them, never on TEST sources."""
# Installed handwriting fonts in none of the lists above, and why none is trained on
# (checked 2026-11-24 with `fc-list`): breip/breipfont.ttf, dancingscript/DancingScript-
# Bold.otf, kiloji/kiloji_d.ttf and kiloji_p.ttf are variants of TEST fonts;
# seto/setofont-ex.ttf is a variant of a validation font; femkeklaver.ttf draws hollow
# (outline) digits. Comic Neue Light, Light Italic and Bold Italic and YOzFont's italic
# and X cuts (TRAINING families) were tried in training and did not read the validation
# writers better (docs/reader-history.md, "The digit model").
TRAINING_WRITER_IDS = (0, 900_000)
VALIDATION_WRITER_IDS = (900_000, 1_000_000)
TEST_WRITER_IDS = (1_000_000, 2_000_000)


REAL_DIGITS_ENV = "BRIDGESCAN_REAL_DIGITS"
"""The environment variable naming the folder of the real handwriting's PyPI archives
(``bridgescan model train-digits --real-digits``' folder); /tmp/realdigits without it."""


def real_digits_dir() -> Path:
    """The folder of the real handwriting's archives, for ``HELD_OUT_REAL``."""
    return Path(os.environ.get(REAL_DIGITS_ENV) or "/tmp/realdigits")
