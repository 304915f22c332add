"""The garbage collector's settings for the batch (pipeline/flows/collector.py): fewer
collections while a batch runs, Python's own settings back after it."""

import gc
import subprocess
import sys

from pipeline.flows.collector import YOUNG_OBJECTS, few_collections


def test_a_batch_freezes_what_exists_and_puts_the_threshold_back() -> None:
    before = gc.get_threshold()
    kept = [object() for _ in range(10)]
    try:
        with few_collections():
            assert gc.get_freeze_count() >= len(kept)  # what existed is out of collections
            assert gc.get_threshold()[0] == max(YOUNG_OBJECTS, before[0])
            assert gc.get_threshold()[1:] == before[1:]
        assert gc.get_threshold() == before
    finally:
        gc.unfreeze()  # the rest of the test process as it was


def test_a_reading_process_is_settled_once() -> None:
    """In a fresh process (as a Dask worker is): the first call freezes and raises the
    threshold; a second call changes nothing (the same freeze count)."""
    script = (
        "import gc\n"
        "from pipeline.flows.collector import YOUNG_OBJECTS, settle_reader_process\n"
        "assert gc.get_freeze_count() == 0 and gc.get_threshold()[0] == 700\n"
        "settle_reader_process(); frozen = gc.get_freeze_count()\n"
        "assert frozen > 0 and gc.get_threshold()[0] == YOUNG_OBJECTS\n"
        "x = [[] for _ in range(1000)]\n"
        "settle_reader_process()\n"
        "assert gc.get_freeze_count() == frozen, 'frozen twice'\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)  # fmt: skip
    assert done.stdout.strip() == "ok", done.stderr
