"""TRAINING's pages on tinted card: each page drawn as TRAINING draws it, its paper dyed a
card's colour (issue 43, item 4).

    python -m benchmarks.tinted_card --card green benchmarks.bench_ocr \
        --split training --conditions noisy --pages 80 --seed 58213 --cache /tmp/cache-green

Clubs print travellers on coloured card. TRAINING draws white and cream paper
(ocr/training/synthetic/paper.py), whose tint is slight (blue 0.90 of red at most), so a
rule that reads colour (ocr/ink_colour.py: a coloured pen's row read without its grey dust)
cannot be priced on TRAINING against a strongly tinted card. This draws every page from
the same seed as TRAINING does, the same draws one for one, and then multiplies its paper
(the printed form with it, before any pen, dust or scanner) by a card's dye, ``CARDS``:
a page here and the usual page of its seed differ by the dye alone, so a run here beside
the usual run says what the card costs, row for row. The cards are TRAINING's own choice
(green, pink, blue), none of them TEST's. Give the run a cache folder of its own
(``benchmarks.marked_cache``) and no ``--jobs``: the pages are drawn in this process.
"""

from __future__ import annotations

import argparse
import runpy
import sys
from collections.abc import Callable

import numpy as np

import ocr.training.synthetic.fill as fill
from benchmarks.marked_cache import marked_cache

__all__ = ["CARDS", "OWN_CACHE_MARK", "dyed", "main"]

CARDS: dict[str, tuple[float, float, float]] = {
    "green": (0.84, 0.96, 0.86),
    "pink": (1.0, 0.84, 0.90),
    "blue": (0.84, 0.90, 1.0),
}
"""Each card's dye (R, G, B, the share of light it leaves), as strong as a pastel card's:
its weakest channel 0.84, where TRAINING's cream leaves 0.90."""

OWN_CACHE_MARK = "tinted_card.json"
"""The file in a cache folder that says which card its pages were drawn on."""

ApplyPaper = Callable[[np.ndarray, str, float, np.random.Generator], None]


def dyed(apply_paper: ApplyPaper, card: str) -> ApplyPaper:
    """``apply_paper`` (ocr/training/synthetic/paper.py) and then the card's dye over the
    page: the paper's own tone, fibres and specks kept, and its random draws the same."""
    dye = np.array(CARDS[card], np.float32)

    def on_card(page: np.ndarray, paper: str, dpi: float, rng: np.random.Generator) -> None:
        apply_paper(page, paper, dpi, rng)
        page *= dye

    return on_card


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--card", choices=sorted(CARDS), default="green", help="the card's colour")
    ap.add_argument("module", help="the benchmark module to run, e.g. benchmarks.bench_ocr")
    ap.add_argument("args", nargs=argparse.REMAINDER, help="its own arguments")
    a = ap.parse_args(argv)
    marked_cache(a.args, OWN_CACHE_MARK, {"card": a.card}, f"on {a.card} card")
    fill.apply_paper = dyed(fill.apply_paper, a.card)  # the name fill.py dyes each page by
    sys.argv = [a.module, *a.args]
    runpy.run_module(a.module, run_name="__main__", alter_sys=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
