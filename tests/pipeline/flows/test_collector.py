"""The garbage collector's settings for the batch (pipeline/flows/collector.py): what the
process holds once set up is frozen out of later collections, its garbage freed first, and
Python's own thresholds kept (collecting less often held on to memory)."""

import subprocess
import sys

_SCRIPT = """
import gc, weakref
from pipeline.flows.collector import {function}
threshold = gc.get_threshold()
assert gc.get_freeze_count() == 0
class Node:
    pass
garbage = Node(); garbage.me = garbage; gone = weakref.ref(garbage); del garbage  # a cycle
kept = [Node() for _ in range(100)]
{function}(); frozen = gc.get_freeze_count()
assert frozen >= len(kept), frozen
assert gone() is None, "garbage frozen, never to be freed"
assert gc.get_threshold() == threshold
x = [[] for _ in range(1000)]
{again}
print("ok")
"""


def _run(function: str, again: str = "") -> str:
    script = _SCRIPT.format(function=function, again=again)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)  # fmt: skip
    return done.stdout.strip() or done.stderr


def test_the_batch_freezes_its_setup_and_frees_its_garbage_first() -> None:
    assert _run("frozen_setup") == "ok"


def test_a_reading_process_is_settled_once() -> None:
    """A second call (the next chunk on a Dask worker) freezes nothing more."""
    again = "settle_reader_process(); assert gc.get_freeze_count() == frozen, 'frozen twice'"
    assert _run("settle_reader_process", again) == "ok"
