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


_HELD = """
import gc
from pipeline.flows.collector import full_collections_held
seen = []
gc.callbacks.append(lambda phase, info: phase == "start" and seen.append(info["generation"]))
class Node:
    pass
def grow(count):  # objects in cycles that stay alive: what the oldest generation's rule counts
    kept = []
    for _ in range(count):
        node = Node(); node.me = node; kept.append(node)
    return kept
threshold = gc.get_threshold()
before = grow(300_000)
assert 2 in seen, f"no full collection without the hold: {sorted(set(seen))}"
seen.clear()
with full_collections_held():
    during = grow(300_000)
assert sorted(set(seen)) == [0, 1], f"collections during the hold: {sorted(set(seen))}"
assert gc.get_threshold() == threshold
try:
    with full_collections_held():
        raise KeyError("publishing failed")
except KeyError:
    pass
assert gc.get_threshold() == threshold
print("ok")
"""


def test_no_full_collection_while_an_event_is_published_young_ones_as_ever() -> None:
    """The same growth that brings a full collection without the hold brings only young
    ones with it; Python's thresholds are back afterwards, after an error too."""
    done = subprocess.run([sys.executable, "-c", _HELD], capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert (done.stdout.strip() or done.stderr) == "ok"
