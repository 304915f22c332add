"""TRAINING's pages on tinted card (benchmarks/tinted_card.py): the page TRAINING draws,
its paper dyed, and nothing else drawn otherwise."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from benchmarks.tinted_card import CARDS, OWN_CACHE_MARK, dyed, main
from ocr.training.synthetic.paper import apply_paper

DPI = 100.0


def _paper(apply, seed: int, paper: str) -> tuple[np.ndarray, float]:  # type: ignore[no-untyped-def]
    """A small printed page (white, one black line) given ``paper`` by ``apply``, and the
    next draw of its random stream."""
    page = np.ones((60, 80, 3), np.float32)
    page[30, 10:70] = 0.05
    rng = np.random.default_rng(seed)
    apply(page, paper, DPI, rng)
    return page, float(rng.random())


@pytest.mark.parametrize("paper", ["white", "cream"])
@pytest.mark.parametrize("card", sorted(CARDS))
def test_a_page_on_card_is_the_usual_page_dyed_with_the_same_draws(paper, card):
    """The dye multiplies the page TRAINING draws (paper tone, its specks and the print),
    and the stream goes on as it would: every later draw of the page (pens, dust, the
    scanner) is the usual page's."""
    usual, next_usual = _paper(apply_paper, 11, paper)
    on_card, next_on_card = _paper(dyed(apply_paper, card), 11, paper)
    assert next_on_card == next_usual
    np.testing.assert_allclose(on_card, usual * np.array(CARDS[card], np.float32), rtol=1e-6)


def test_no_card_is_tests_yellow_and_each_is_tinted_more_than_cream():
    """TEST's yellow card leaves blue 0.76 of red (ocr/training/synthetic/paper.py); no card
    here is yellow (blue the weakest channel), and each is tinted more than TRAINING's
    cream (its weakest channel 0.90 of its strongest)."""
    for r, g, b in CARDS.values():
        assert b != min(r, g, b)
        assert min(r, g, b) / max(r, g, b) < 0.90


def test_a_run_without_a_cache_of_its_own_is_refused():
    with pytest.raises(SystemExit, match="cache folder of its own"):
        main(["benchmarks.no_such_module", "--split", "training", "--pages", "1"])


def test_a_cache_of_usual_pages_or_another_card_is_refused(tmp_path: Path):
    """A folder holding the usual pages, or marked for another card, is never read as
    this card's: the run stops before a page is drawn."""
    usual = tmp_path / "usual"
    (usual / "training" / "noisy").mkdir(parents=True)
    with pytest.raises(SystemExit, match="not drawn on green card"):
        main(["--card", "green", "benchmarks.no_such_module", "--cache", str(usual)])
    assert not (usual / OWN_CACHE_MARK).exists()
    pink = tmp_path / "pink"
    pink.mkdir()
    (pink / OWN_CACHE_MARK).write_text(json.dumps({"card": "pink"}))
    with pytest.raises(SystemExit, match="holds pages drawn"):
        main(["--card", "green", "benchmarks.no_such_module", "--cache", str(pink)])


def test_an_unknown_card_is_refused(tmp_path: Path):
    with pytest.raises(SystemExit):
        main(["--card", "yellow", "benchmarks.no_such_module", "--cache", str(tmp_path)])
    assert not (tmp_path / OWN_CACHE_MARK).exists()
