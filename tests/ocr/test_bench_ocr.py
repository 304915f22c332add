"""benchmarks/bench_ocr.py: what the benchmark counts (read on generated pages)."""

from __future__ import annotations

import pytest

from benchmarks.bench_ocr import evaluate, no_event_conditions
from ocr.training.synthetic import TRAINING, generate_session


def test_the_rows_of_a_page_that_cannot_be_read_count_as_rows_to_review(tmp_path):
    """Half of the second page is missing, so the reader cannot place it on the form and
    reads no rows from it. Its 8 written rows are still rows the director must look at
    (the page goes to a person with them): they count as written and to review, not as
    rows that were never there, which would flatter the review share."""
    generate_session(
        tmp_path, [1, 2], tables=8, split=TRAINING.condition("clean"), seed=3,
        raster_dpi=150, defects={2: "half_page"},
    )  # fmt: skip
    figures = evaluate(sorted(tmp_path.glob("page_*.json")))
    assert figures["written_rows"] == 16
    reasons = figures["review_reasons"]
    not_read = {k: v for k, v in reasons.items() if k.startswith("page not read")}
    assert sum(not_read.values()) == 8
    assert figures["review_share"] >= 8 / 16
    assert figures["false_accepts"] == 0


def test_no_event_names_the_conditions_read_again_without_the_event():
    """``--no-event`` takes a list, ``all`` or ``none``, among the conditions read; a name
    that is no condition is refused rather than silently reading nothing without it."""
    read = ["clean", "ordinary", "phone"]
    assert no_event_conditions("ordinary", read) == {"ordinary"}
    assert no_event_conditions("all", read) == {"clean", "ordinary", "phone"}
    assert no_event_conditions("none", read) == set()
    assert no_event_conditions("pencil,phone", read) == {"phone"}
    with pytest.raises(ValueError, match="no condition smudged"):
        no_event_conditions("phone,smudged", read)
