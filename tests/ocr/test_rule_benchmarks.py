"""The benchmark modes of issue 43: the readings compared before and after a change
(benchmarks/reader_snapshot.py), the price of each mark rule (benchmarks/rule_prices.py)
and what the dust sends to review (benchmarks/dust_causes.py)."""

from __future__ import annotations

from benchmarks.dust_causes import PageRead, not_the_same_page, row_causes, summary
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


def test_the_dust_s_rows_are_broken_down_by_the_boxes_it_changed():
    """Three written rows. Row 1 is accepted on both pages; row 2 goes to review only with
    the dust: its score's box 0, empty, reads a 1 at 0.7, and its written 5 in box 1 reads
    0.6 where it read 0.95 (less surely: 0.35 off); its level 3, marked by its fill, is
    unsure. Row 3 goes to review on both pages: not the dust's. So one row, under both
    causes; the unmarked strain box that reads the same is no change."""
    clean = PageRead(
        rows={1: ("accepted", ()), 2: ("accepted", ()), 3: ("review", ("pairs",))},
        digits={(2, "score", "0"): None, (2, "score", "1"): (5, 0.95)},
        marks={(2, "level", "3"): ("marked", "fill"), (2, "strain", "S"): ("empty", "")},
    )
    dusty = PageRead(
        rows={1: ("accepted", ()), 2: ("review", ("posterior 0.93 below 0.995",)),
              3: ("review", ("pairs",))},
        digits={(2, "score", "0"): (1, 0.7), (2, "score", "1"): (5, 0.6)},
        marks={(2, "level", "3"): ("unsure", "fill"), (2, "strain", "S"): ("empty", "")},
    )  # fmt: skip
    rows = row_causes([1, 2, 3], {(2, "score", "1"): 5}, {(2, "level", "3")}, dusty, clean)
    assert rows == [
        {
            "row": 2,
            "reasons": ["posterior 0.93 below 0.995"],
            "digits": {
                "score/0": "empty box read as a digit",
                "score/1": "written digit read less surely",
            },
            "marks": {"level/3": "marked box marked -> unsure by fill"},
        }
    ]
    table = summary(rows)
    assert table["rows by cause"] == {"digit boxes and mark boxes": 1}
    assert table["reasons"] == {"posterior # below #": 1}
    assert table["mark boxes by field"] == {"level: marked box marked -> unsure by fill": 1}


def test_pages_drawn_from_another_seed_are_not_compared():
    """The dust-free page must be the dusty page's own: the same session seed, board and
    what was written; a cache made by other code holds pages of other seeds."""
    page = {"seed": 7, "board": 1, "rows": [{"row": 1}], "digits": [], "marks": [], "image": "a"}
    assert not_the_same_page(page, {**page, "image": "b", "distortion": {}}) is None
    assert not_the_same_page(page, {**page, "seed": 8}) == "not the same seed"
    assert not_the_same_page(page, {**page, "digits": [{"digit": 3}]}) == "not the same digits"


def test_the_mark_decision_is_timed_where_its_calls_are_made():
    """``benchmarks.mark_cost.timed_parts`` on the circled 3 of tests/ocr/test_mark_rules.py:
    the row reads inside as outside; its evidence, its rules, every rule's test (the row
    holds ink: each is asked) and the runs of the rules that ran (``off_circles`` read the
    4 empty) are timed; on leaving, the table of rules is the one it was."""
    from collections import Counter

    from benchmarks.mark_cost import PARTS, timed_parts
    from ocr import mark_rules
    from ocr.mark_rules import RULE_NAMES
    from tests.ocr.test_marks import _circle_off_centre, _fresh, _read

    page = _fresh()
    _circle_off_centre(page, "level", "3", 0.8, (4.5, 3.6))
    rules, before = mark_rules.RULES, _read(page)
    spent: Counter[str] = Counter()
    with timed_parts(spent):
        assert _read(page) == before
    assert set(PARTS) | {f"applies {name}" for name in RULE_NAMES} <= set(spent)
    assert {"run shaded_band", "run off_circles"} <= set(spent)
    assert mark_rules.RULES is rules
    assert _read(page) == before


def test_the_snapshot_records_every_mark_box_the_reader_reads(tmp_path):
    """The snapshot's proof that readings stay identical holds the mark boxes as the
    reader reads them: a page read inside ``_boxes_seen`` leaves every written row's mark
    fields in the sink, each box with its state, and ``rules_seen`` the rule that decided
    each (both spies once watched a method the reader no longer called, and the boxes
    were silently left out)."""
    from benchmarks.reader_snapshot import _boxes_seen
    from benchmarks.rules_seen import rules_seen
    from ocr.reader import ScanReader, read_paths
    from ocr.training.synthetic.generate import generate_session
    from ocr.training.synthetic.results import PairSlot
    from ocr.training.synthetic.sources import TRAINING

    slots = {1: [PairSlot(None, 1, 2), PairSlot(None, 3, 4)]}
    generate_session(tmp_path, [1], slots=slots, split=TRAINING, seed=7,
                     condition="clean", quarter_turns=0)  # fmt: skip
    boxes: list[object] = []
    decided: dict[tuple[int, str, str], str] = {}
    with _boxes_seen(boxes), rules_seen(decided):
        read_paths(ScanReader(), sorted(tmp_path.glob("page_*.[jp][pn]g")))
    rows = {number: fields for number, fields in boxes}  # type: ignore[misc]
    assert {1, 2} <= set(rows)
    assert {"level", "strain", "declarer"} <= set(rows[1])
    assert all(box[1] in ("marked", "unsure", "empty") for box in rows[1]["level"])
    assert {(1, "level", box[0]) for box in rows[1]["level"]} <= set(decided)
