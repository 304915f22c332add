"""TRAINING's dirtiest glass (benchmarks/dirty_glass.py): the glass's own load law
(ocr/training/synthetic/settled_dust.py ``dust_load``) kept only from a least load up."""

from __future__ import annotations

import numpy as np

from benchmarks.dirty_glass import dirty_tail
from ocr.training.synthetic.settled_dust import MOST_LOAD, dust_load


def test_from_no_load_up_it_is_the_law_itself_draw_for_draw():
    """Kept from 0 up, every draw of the law is kept: the same loads from the same seed."""
    law, tail = np.random.default_rng(7), np.random.default_rng(7)
    keep_all = dirty_tail(0.0)
    assert [keep_all(tail) for _ in range(50)] == [dust_load(law) for _ in range(50)]


def test_from_three_up_every_load_is_three_or_more_and_capped():
    """Kept from 3 up (the dirtiest 8% of scans): no load under 3, none over
    ``MOST_LOAD`` (10)."""
    rng = np.random.default_rng(13)
    draw = dirty_tail(3.0)
    loads = [draw(rng) for _ in range(400)]
    assert min(loads) >= 3.0
    assert max(loads) <= MOST_LOAD


def test_a_draw_under_the_least_load_is_drawn_again_from_the_same_stream():
    """The first draw the law keeps from 3 up is the tail's: the law's draws, one pair of
    exponentials at a time, from the same seed."""
    law, tail = np.random.default_rng(5), np.random.default_rng(5)
    first = next(x for x in (dust_load(law) for _ in range(1000)) if x >= 3.0)
    assert dirty_tail(3.0)(tail) == first
