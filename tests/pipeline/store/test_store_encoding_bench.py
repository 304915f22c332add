"""``benchmarks/store_encoding.py``: a page read by this tree, encoded in a process of the
tree named, gives the encoding's CPU a page: the walk and text, and the whole encode."""

from __future__ import annotations

from pathlib import Path

from benchmarks.store_encoding import read_sample_pages, timed

TREE = Path(__file__).parents[3]


def test_a_tree_encodes_the_sample_page_and_says_what_it_cost(tmp_path: Path) -> None:
    readings = tmp_path / "pages.pkl"
    readings.write_bytes(read_sample_pages(1))
    figures = timed(TREE, readings, repeat=2)
    assert set(figures) == {"dumps_ms", "encode_ms"}
    assert figures["dumps_ms"] > 0 and figures["encode_ms"] > 0
