"""The benchmark modes of issue 43: the readings compared before and after a change
(benchmarks/reader_snapshot.py) and the price of each mark rule (benchmarks/rule_prices.py)."""

from __future__ import annotations

from benchmarks.reader_snapshot import differences
from benchmarks.rule_prices import as_markdown


def test_the_snapshot_names_each_page_read_differently_and_where():
    box = ["3", "marked", "fill", "0.25", "0.99", "0.0", "0.0", None]
    before = {
        "test/clean/page_0001.jpg": {"boxes": [[4, {"level": [box]}]], "rows": []},
        "test/clean/page_0002.jpg": {"boxes": [], "rows": [[1, "accepted", "4S+1"]]},
        "test/clean/page_0003.jpg": {"boxes": [], "rows": []},
    }
    after = {
        "test/clean/page_0001.jpg": {
            "boxes": [[4, {"level": [[*box[:1], "unsure", "edge", *box[3:]]]}]],
            "rows": [],
        },
        "test/clean/page_0002.jpg": {"boxes": [], "rows": [[1, "accepted", "4S+1"]]},
        "test/clean/page_0004.jpg": {"boxes": [], "rows": []},
    }
    assert differences(before, after) == [
        "test/clean/page_0003.jpg: missing now",
        "test/clean/page_0004.jpg: new",
        'test/clean/page_0001.jpg: .boxes[0][1].level[0][1]: "marked" -> "unsure"',
    ]
    assert differences(before, before) == []


def test_a_rule_s_price_is_what_switching_it_off_changes():
    """Two conditions of 100 written rows. All rules: 0 wrong, 10 and 20 rows to review.
    Without ``x``: clean has a wrong row and 2 rows fewer to review, phone 5 more: in all
    1 wrong row (+1) and 33 rows to review (+3)."""
    prices = {
        "all rules": {
            "clean": {"wrong": 0, "review": 10, "rows": 100},
            "phone": {"wrong": 0, "review": 20, "rows": 100},
        },
        "without x": {
            "clean": {"wrong": 1, "review": 8, "rows": 100},
            "phone": {"wrong": 0, "review": 25, "rows": 100},
        },
    }
    assert as_markdown(prices).splitlines() == [
        "| rule switched off | wrong rows | rows to review | clean | phone |",
        "|---|---|---|---|---|",
        "| none (200 written rows) | 0 | 30 | 10 | 20 |",
        "| x | 1 (+1) | 33 (+3) | -2 | +5 |",
    ]
