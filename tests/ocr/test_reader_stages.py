"""benchmarks.reader_stages: each py-spy sample given to the first stage on its stack."""

from __future__ import annotations

from pathlib import Path

from benchmarks.reader_stages import OTHER, ThreadTime, _split_line, shares, stage_of, thread_time

_PASS = "<module> (reader_stages.py:120);_timed_pass (reader_stages.py:110)"


def test_a_sample_goes_to_the_most_specific_stage_on_its_stack() -> None:
    rules = f"{_PASS};ScanReader.read_image (ocr/reader.py:170);read_rows (ocr/row_reader.py:171)"
    rules += ";RowMarks.read_fields (ocr/row_marks.py:313);apply_rules (ocr/mark_rules.py:313)"
    assert stage_of(rules.split(";")).startswith("mark rules")
    measured = f"{_PASS};read_rows (ocr/row_reader.py:171);RowMarks.evidence (ocr/row_marks.py:1)"
    assert stage_of(measured.split(";")).startswith("marks measured")
    assert stage_of(f"{_PASS};ScanReader.read_image (ocr/reader.py:9)".split(";")) == OTHER
    nested = "<module> (reader_stages.py:134);_read.<locals>._timed_pass (reader_stages.py:106)"
    assert stage_of(f"{nested};apply_rules (ocr/mark_rules.py:313)".split(";")).startswith("mark")
    # ``read --threads 2``: a reading thread's stack starts at its target, the counted pass
    thread = "_bootstrap (threading.py:1002);run (threading.py:982)"
    counted = f"{thread};_read.<locals>._timed_pass (reader_stages.py:117)"
    assert stage_of(f"{counted};apply_rules (ocr/mark_rules.py:313)".split(";")).startswith("mark")
    warm_up = f"{thread};_read.<locals>.one_pass (reader_stages.py:113)"
    assert stage_of(f"{warm_up};apply_rules (ocr/mark_rules.py:313)".split(";")) is None


def test_samples_outside_the_counted_pass_are_left_out(tmp_path: Path) -> None:
    warm_up = "<module> (reader_stages.py:119);one_pass (reader_stages.py:105)"
    assert stage_of(f"{warm_up};apply_rules (ocr/mark_rules.py:313)".split(";")) is None
    raw = tmp_path / "raw.txt"
    raw.write_text(
        f"{warm_up};apply_rules (ocr/mark_rules.py:313) 50\n"
        f"{_PASS};apply_rules (ocr/mark_rules.py:313) 3\n"
        f"{_PASS};page_image (benchmarks/bench_pages.py:117) 1\n",
        "utf-8",
    )
    got = shares(raw)
    assert got["mark rules and the views they ask for (`ocr/mark_rules.py`)"] == 0.75
    assert got["opening the file (`ocr/pages.py`)"] == 0.25


def test_a_threads_wall_time_is_split_as_the_kernel_accounts_it() -> None:
    # 2.5 s of wall: 1.2 s on a core, 0.3 s waiting for one (schedstat's nanoseconds),
    # so 1.0 s asleep: waiting for the interpreter lock
    t = thread_time((4_000_000_000, 100_000_000), (5_200_000_000, 400_000_000), 10.0, 12.5)
    assert (t.wall, t.running, t.queued) == (2.5, 1.2, 0.3)
    assert abs(t.asleep - 1.0) < 1e-12
    # the kernel's account a tick ahead of the wall clock is no negative sleep
    assert ThreadTime(1.0, 0.8, 0.25).asleep == 0.0
    # two threads' times a page, summed: (1.2 + 0.8) / 4 pages on a core, and so on
    line = _split_line([t, ThreadTime(2.0, 0.8, 0.2)], pages=4)
    assert "500.0 ms on a core, 125.0 ms waiting for one, 500.0 ms asleep" in line
    assert "of 1125.0 ms of the threads' wall time" in line
