"""benchmarks/gil_holders.py ranks py-spy's GIL samples: three stacks worked by hand."""

from __future__ import annotations

from benchmarks.gil_holders import area_of, rank

RAW = [
    # a reading thread in the reader, numpy's sum charged to the rule that called it
    "thread (11): ThreadPoolExecutor-1_0;_worker (concurrent/futures/thread.py:83);"
    "read_chunk (pipeline/flows/pages.py:204);ScanReader.read_image (ocr/reader.py:177);"
    "ring_cover (ocr/row_circles.py:126);_sum (numpy/_core/_methods.py:49) 5\n",
    # the other reading thread encoding a reading for the store
    "thread (12): ThreadPoolExecutor-1_1;_worker (concurrent/futures/thread.py:83);"
    "read_for_store (pipeline/flows/pages.py:217);encode (pipeline/flows/readings.py:46);"
    "dumps_plain (pipeline/store/codec.py:361);JSONEncoder.iterencode (json/encoder.py:258) 3\n",
    # rich redrawing the progress bar: no frame of ours
    "thread (13): Thread-1;_RefreshThread.run (rich/live.py:32) 2\n",
    "not a sample line\n",
]


def test_samples_are_ranked_by_thread_area_and_our_own_frames() -> None:
    ranking = rank(RAW)
    assert ranking.total == 10
    assert ranking.threads == {"ThreadPoolExecutor-1_N": 8, "Thread-1": 2}
    assert ranking.areas == {"reader (ocr/)": 5, "store": 3, "other": 2}
    assert ranking.nearest_own == {
        "ring_cover (ocr/row_circles.py)": 5,
        "dumps_plain (pipeline/store/codec.py)": 3,
    }
    assert ranking.inclusive_own["read_chunk (pipeline/flows/pages.py)"] == 5
    assert ranking.inclusive_own["read_for_store (pipeline/flows/pages.py)"] == 3
    assert "_sum (numpy/_core/_methods.py)" not in ranking.inclusive_own


def test_a_stack_through_the_reader_is_the_readers_whatever_calls_it() -> None:
    frames = ["_publish (pipeline/publish/site.py:3)", "read_image (ocr/reader.py:1)"]
    assert area_of(frames) == "reader (ocr/)"
    assert area_of(["save (pipeline/publish/xlsx.py:9)"]) == "publishing"
    assert area_of(["_run (prefect/task_engine.py:1)"]) == "prefect"
