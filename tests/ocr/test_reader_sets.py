"""The reader's named benchmark sets (benchmarks/reader_sets.py): what each set reads, and a
comparison of two runs counted by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.reader_sets import PRICE_SETS, Totals, differences, hunt_sets, main, totals


def _condition(rows: list[tuple[str, int, bool, str]], wrong: list[str], written: int) -> dict:
    """A condition's figures as ``bench_ocr`` writes them: the rows sent to a person
    (page, row, player's error, reason) and the wrong rows."""
    return {
        "written_rows": written,
        "unplayed_rows": 2,
        "false_accepts": len(wrong),
        "rows_to_review": [
            {"page": p, "row": r, "player_error": e, "reasons": [why]} for p, r, e, why in rows
        ],
        "rows_to_review_with_player_errors": sum(1 for _, _, e, _ in rows if e),
        "wrong_accepts": wrong,
    }


BEFORE = {
    "noisy": _condition(
        [("page_0001.jpg", 3, False, "unsure mark in level"), ("page_0002.jpg", 1, True, "x")],
        ["noisy/page_0004.jpg row 2: read 3C S -3, truth 3CX S -3"],
        40,
    ),
    "noisy (no event)": _condition([("page_0001.jpg", 3, False, "unsure mark in level")], [], 40),
    "all": {"false_accepts": 1},
}
AFTER = {
    "noisy": _condition(
        [
            ("page_0002.jpg", 1, True, "x"),
            ("page_0004.jpg", 2, False, "unsure mark in doubling"),
        ],
        [],
        40,
    ),
    "noisy (no event)": _condition([("page_0001.jpg", 3, False, "unsure mark in level")], [], 40),
}


def test_the_price_set_is_training_only_and_read_both_ways():
    """Ten sets, none of TEST; the dirty glass drawn from its tail, each its own cache."""
    assert [s.name for s in PRICE_SETS] == [
        "t13", "dg13", "dg24680", "dg31415",
        "fdg13", "fdg48201", "fdg65079", "fdg52718", "fdg16180", "fd13",
    ]  # fmt: skip
    assert all(s.split.startswith("training") for s in PRICE_SETS)
    dg = next(s for s in PRICE_SETS if s.name == "dg24680")
    cmd = dg.command(Path("/c"), Path("/o"))
    assert cmd[1:5] == ["-m", "benchmarks.dirty_glass", "--load-from", "3"]
    assert cmd[cmd.index("--no-event") + 1] == "all"
    assert cmd[cmd.index("--pages") + 1] == "80"
    assert cmd[cmd.index("--cache") + 1] == "/c/dg24680"
    assert cmd[cmd.index("--json") + 1] == "/o/dg24680.json"


def test_a_hunt_reads_test_and_training_or_the_noisy_sets():
    assert [s.name for s in hunt_sets([501], noisy=False)] == ["h501test", "h501training"]
    noisy = hunt_sets([501], noisy=True)
    assert [(s.name, s.split, s.dirty_glass) for s in noisy] == [
        ("hdg501", "training", True),
        ("hfdg501", "training-fine-dots", True),
        ("htn501", "test", False),
    ]


def test_totals_count_readings_wrong_rows_and_rows_sent_without_a_player_s_error():
    """Before: 2 x (40 written + 2 unplayed) = 84 readings; one wrong; sent without a
    player's error: 1 with the event (of 2), 1 without it."""
    assert totals(BEFORE) == Totals(84, 1, 2)
    assert totals(AFTER) == Totals(84, 0, 2)


def test_differences_name_the_rows_one_side_alone_sends_or_takes_wrongly():
    assert differences(BEFORE, AFTER) == [
        ("A", "noisy", "WRONG noisy/page_0004.jpg row 2", BEFORE["noisy"]["wrong_accepts"][0]),
        ("A", "noisy", "page_0001.jpg row 3", "unsure mark in level"),
        ("B", "noisy", "page_0004.jpg row 2", "unsure mark in doubling"),
    ]
    assert differences(AFTER, AFTER) == []


def test_compare_prints_each_set_and_the_rows_that_differ(tmp_path, capsys):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (a / "dg13.json").write_text(json.dumps(BEFORE))
    (b / "dg13.json").write_text(json.dumps(AFTER))
    assert main(["compare", str(a), str(b)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split() == ["dg13", "84", "1", "0", "2", "2"]
    assert out[3] == "3 rows differ:"
    assert out[4].startswith("  only A  dg13 noisy: WRONG noisy/page_0004.jpg row 2")
    assert main(["compare", str(b), str(b)]) == 0
    assert "0 rows differ (row for row the same)" in capsys.readouterr().out


def test_compare_of_folders_without_a_common_run_is_refused(tmp_path, capsys):
    assert main(["compare", str(tmp_path), str(tmp_path)]) == 2
    assert "hold no benchmark JSON of the same name" in capsys.readouterr().err


def test_seeds_must_be_numbers(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["hunt", "--seeds", "12,x", "--out", "/tmp/never"])
    assert stop.value.code == 2
    assert "--seeds: whole numbers separated by commas" in capsys.readouterr().err
