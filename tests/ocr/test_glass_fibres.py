"""TRAINING's hairs and fibres on the glass (ocr/training/synthetic/glass_fibres.py): a
thread's path, how much it darkens the pixels it crosses, and how many a glass holds."""

import math

import numpy as np

from ocr.training.synthetic.glass_fibres import (
    A4_MM2,
    FIBRE_UM,
    HAIR_UM,
    STEP_MM,
    THREADS_A_PAGE,
    draw_thread,
    glass_threads,
    thread_path_mm,
)


def test_a_stiff_thread_is_a_straight_line_of_its_length():
    """A persistence length a million times the thread's: the direction turns by a normal
    angle of variance 0.1 / 10^6 a step, so 12 mm end to end in 120 steps of 0.1 mm."""
    path = thread_path_mm(np.random.default_rng(1), 12.0, 1e6, (5.0, 5.0))
    assert len(path) == 121
    assert tuple(path[0]) == (5.0, 5.0)
    assert abs(float(np.hypot(*(path[-1] - path[0]))) - 12.0) < 1e-3


def test_a_fibre_curls_a_hair_hardly_bends():
    """The direction after ``s`` mm has turned by a normal angle of variance s / bend, so
    two directions ``s`` apart have a mean cosine of e^{-s / (2 bend)}: a chain in the plane
    whose direction forgets itself over L = 2 bend, and the mean squared distance end to
    end is 2 L s (1 - (L / s)(1 - e^{-s / L})). A 5 mm fibre of bend 2 mm (L = 4):
    40 (1 - 0.8 (1 - e^-1.25)) = 40 (1 - 0.8 * 0.7135) = 17.17 mm^2, against 25 for a
    straight one; a 5 mm hair of bend 20 (L = 40): 400 (1 - 8 (1 - e^-0.125)) =
    400 (1 - 8 * 0.11750) = 23.99 mm^2."""
    rng = np.random.default_rng(2)
    for bend, squared in ((2.0, 17.17), (20.0, 23.99)):
        ends = [thread_path_mm(rng, 5.0, bend, (0.0, 0.0))[-1] for _ in range(3000)]
        mean = float(np.mean([e @ e for e in ends]))
        assert abs(mean - squared) / squared < 0.05
    assert STEP_MM == 0.1


def test_a_thread_darkens_by_the_share_of_each_pixel_it_covers():
    """A straight thread half a pixel wide, 40 px long, of tone 35 on paper of 235: it
    darkens the pixels it crosses by 0.5 * 200 = 100 a pixel of its length, 4,000 in all
    (rounding and its ends within 10%); no pixel reaches the tone."""
    img = np.full((30, 60), 235, np.uint8)
    draw_thread(img, np.array([[10.0, 15.0], [50.0, 15.0]]), 0.5, 35.0)
    darkening = float((235 - img.astype(np.int64)).sum())
    assert abs(darkening - 4000) < 400
    assert img.min() > 35


def test_out_of_focus_a_thread_is_paler_and_wider():
    """Blurred by a Gaussian of 2 px, the same thread spreads the same darkening (within
    the patch) over rows either side: its darkest pixel is paler, more pixels darkened."""
    sharp = np.full((30, 60), 235, np.uint8)
    soft = sharp.copy()
    path = np.array([[10.0, 15.0], [50.0, 15.0]])
    draw_thread(sharp, path, 0.5, 35.0)
    draw_thread(soft, path, 0.5, 35.0, blur_px=2.0)
    assert soft.min() > sharp.min() + 40
    assert (soft < 230).sum() > 2 * (sharp < 230).sum()


def test_the_count_follows_the_glass_load():
    """A 100 by 100 mm glass at 2 px a mm and load 10: a Poisson count of mean
    THREADS_A_PAGE * 10 * 10,000 / 62,370 = 1.60 threads."""
    rng = np.random.default_rng(3)
    counts = [
        glass_threads(np.full((200, 200), 235, np.uint8), 2.0, 10.0, rng) for _ in range(2000)
    ]
    mean = THREADS_A_PAGE * 10 * 10_000 / A4_MM2
    assert abs(mean - 1.603) < 0.001
    assert abs(float(np.mean(counts)) - mean) < 0.08
    assert glass_threads(np.full((200, 200), 235, np.uint8), 2.0, 0.0, rng) == 0


def test_widths_are_the_published_ones():
    """Hair 50-120 micrometres (Kaswell 15-110, Randebrook 40-120, scalp 60-80); fibres
    10-40. At 150 dpi (5.9 px a mm) a hair covers 0.3-0.71 of a pixel across."""
    assert HAIR_UM == (50.0, 120.0) and FIBRE_UM == (10.0, 40.0)
    px_per_mm = 150 / 25.4
    assert math.isclose(HAIR_UM[0] / 1000 * px_per_mm, 0.295, abs_tol=0.001)
    assert math.isclose(HAIR_UM[1] / 1000 * px_per_mm, 0.709, abs_tol=0.001)


def test_the_threads_leave_the_page_s_other_draws_alone(monkeypatch):
    """TRAINING's dirty scanner draws the threads from a stream of their own: after its
    specks, dust and threads the page's generator draws what it would without the
    threads, and the children its seed sequence spawns next (the players' hands,
    mark_styles.py) are the same too (a spawned stream moved them: noisy13's first
    TRAINING pages had every player's mark drawn anew)."""
    import ocr.training.synthetic.scan as scan

    px_per_mm = 150 / 25.4
    with_threads, without = np.random.default_rng(7), np.random.default_rng(7)
    page = np.full((300, 300), 235, np.uint8)
    scan._speckle(page.copy(), "toner-and-settled-dust", 4.0, px_per_mm, with_threads)
    monkeypatch.setattr(scan, "glass_threads", lambda *args: 0)
    scan._speckle(page.copy(), "toner-and-settled-dust", 4.0, px_per_mm, without)
    assert with_threads.random() == without.random()
    assert with_threads.bit_generator.seed_seq.n_children_spawned == 0
