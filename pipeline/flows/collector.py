"""Python's cyclic garbage collector, set for the processes that read pages and keep readings.

A page reading is some 7,000 objects (fields, candidates, crops). A batch makes hundreds of
thousands of them and keeps an event's worth until the event is scored. The collector runs
every 700 new objects, and its older generations scan every object the process holds:
Prefect's and pydantic's (tens of thousands, alive as long as the process), the reader's
model, the readings of the events in flight. Freezing what exists once the process is set
up (``gc.freeze``: its modules, Prefect's objects, the reader's model) takes those out of
every later collection. Measured on 2026-11-29 (load 35): collection took 9.4 ms a page
read on two threads beside the batch's modules, 2.8 ms with them frozen; the batch's
process unpickles a chunk's readings from a Dask worker in 5.3 ms a page instead of 9.6.

Nothing is left uncollected: a frozen object is still freed when nothing refers to it
(reference counting), and the collector keeps Python's own thresholds. (Collecting less
often saves another millisecond a page but not memory: a batch of 104 slips with the young
generation collected every 20,000 new objects peaked at 1,096 MB instead of 474 MB, the
page images that cyclic garbage holds kept alive longer.)

- ``collector_paused``: a command's heavy modules imported with the collector paused, then
  frozen (``run``, ``review``, ``correct``, ``versions``); and the readings a re-run of
  ``run`` takes from the store (pipeline/flows/session_readings.py);
- ``frozen_setup``: the batch's own process, when the batch starts (and each test process,
  once its tests are collected: tests/conftest.py);
- ``settle_reader_process``: a process that reads pages (a Dask worker, or the batch's own
  process on threads), once, after its first reader (and the digit model) is built;
- ``full_collections_held``: the batch's process while it scores and publishes an event.
  The event's readings (some 100,000 objects, unpickled when it is scored), its workbook's
  cells and its site are alive together then, and each full collection scanned all of
  them: five or so an event, 1.2 s of the command's CPU for the 200-slip day's four events.
  Held, the young generations are collected as ever (the garbage a page image or a
  publishing step leaves in a cycle is freed within a few thousand allocations) and the
  full collection Python held back runs after the event, when its own rule says so: four
  in 0.24 s for the same day; the command's process peaked some 25 MB higher (the
  workbook's cells, whose cycles wait for that collection). Measured 2026-11-29
  (docs/batch.md, "Where the time goes").
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from threading import Lock

__all__ = ["collector_paused", "frozen_setup", "full_collections_held", "settle_reader_process"]

_settled = False
_settled_lock = Lock()


def frozen_setup() -> None:
    """What exists now (the modules, Prefect's objects, the events planned) frozen out of
    the collections to come: it lives as long as the process's work."""
    gc.collect()  # garbage made while starting is freed, not frozen
    gc.freeze()


def settle_reader_process() -> None:
    """Once in a process that reads pages: what it holds now (its modules, the reader's
    model) frozen out of the collections to come. A second call does nothing."""
    global _settled
    with _settled_lock:
        if _settled:
            return
        _settled = True
    frozen_setup()  # garbage (a page image held in a cycle) is freed, not frozen


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a command's heavy modules are imported
    (Prefect and the flows; the store, the corrections and the results model, for the
    commands that open a store), then the imported objects frozen out of later collections.

    Importing Prefect makes tens of thousands of long-lived objects (pydantic models, their
    validators, SQLAlchemy tables) and no garbage; the collector, run every few hundred
    allocations, scans them again and again: paused, the import takes a sixth less CPU
    (measured: Prefect and run_event.py 3.5 -> 2.9 s at load 34). Module-level objects live
    as long as the process, so freezing them (``gc.freeze``) costs nothing and spares every
    later collection of the run from scanning them.
    """
    if not gc.isenabled():  # paused by a caller already: theirs to resume
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.freeze()


#: The oldest generation's threshold while full collections are held: never reached.
_NEVER = 1_000_000_000


@contextmanager
def full_collections_held() -> Iterator[None]:
    """No full collection while an event is scored and published (the module's docstring
    says why); the young generations collected as ever. Python's thresholds as they were
    afterwards, however the event ended."""
    young, middle, oldest = gc.get_threshold()
    gc.set_threshold(young, middle, _NEVER)
    try:
        yield
    finally:
        gc.set_threshold(young, middle, oldest)
