"""The held-out split (``HELD_OUT``, ``bench_ocr --split held-out``): TRAINING pages written
only by the handwriting the digit model never trained on, a TRAINING-side stand-in for
TEST's unseen writers (issue 43)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from benchmarks.bench_pages import condition_seed
from ocr.training.digit_model import default_sources
from ocr.training.synthetic import TRAINING, generate_session, split_named
from ocr.training.synthetic.handwriting import DigitBank, SourceError
from ocr.training.synthetic.sources import (
    HELD_OUT,
    TRAINING_WRITER_IDS,
    VALIDATION_FONTS,
    VALIDATION_WRITER_IDS,
)

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
