"""The event store: every scan, reading, decision, row and publication as append-only records.

``EventStore`` (event_store.py) keeps records (``Append`` in, ``StoredRecord`` out:
record.py) that supersede, never change, in a hash chain (chain.py), appended in one
place (appending.py) and never back in time (clock_floor.py), on SQLite or PostgreSQL
(location.py, engine.py, sqlite_file.py), with a versioned schema (opening.py,
upgrade.py, migrations/) and a full check (verify.py); ``codec`` turns records into
canonical JSON under stable type names; errors.py says what can go wrong.

The package's names are loaded when first asked for (``__getattr__``, PEP 562): a process
that only encodes readings for the store (``codec``, ``record``: a reading process,
pipeline/flows/reading_processes.py) imports ``pipeline.store.codec`` without the
store's engine and SQLAlchemy (some 0.4 s of CPU a process, docs/batch.md).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pipeline.store.chain import KEY_FILE_ENV, ChainHead, Seal
    from pipeline.store.clock_floor import CLOCK_CORRECTION_ENV
    from pipeline.store.errors import (
        ClockBehindError,
        ConflictError,
        StoreBrokenError,
        StoreError,
        StoreKeyError,
        StoreMissingError,
        StoreTooNewError,
        StoreUnavailableError,
        TamperedError,
    )
    from pipeline.store.event_store import ANY, EventStore
    from pipeline.store.location import DEFAULT_NAME, STORE_ENV, StoreLocation, store_location
    from pipeline.store.record import Append, StoredRecord
    from pipeline.store.verify import Verification

#: Each name of the package -> the module of the package that defines it.
_HOMES = {
    "KEY_FILE_ENV": "chain",
    "ChainHead": "chain",
    "Seal": "chain",
    "CLOCK_CORRECTION_ENV": "clock_floor",
    "ClockBehindError": "errors",
    "ConflictError": "errors",
    "StoreBrokenError": "errors",
    "StoreError": "errors",
    "StoreKeyError": "errors",
    "StoreMissingError": "errors",
    "StoreTooNewError": "errors",
    "StoreUnavailableError": "errors",
    "TamperedError": "errors",
    "ANY": "event_store",
    "EventStore": "event_store",
    "DEFAULT_NAME": "location",
    "STORE_ENV": "location",
    "StoreLocation": "location",
    "store_location": "location",
    "Append": "record",
    "StoredRecord": "record",
    "Verification": "verify",
}

__all__ = [
    "ANY",
    "Append",
    "CLOCK_CORRECTION_ENV",
    "ClockBehindError",
    "ChainHead",
    "ConflictError",
    "DEFAULT_NAME",
    "EventStore",
    "KEY_FILE_ENV",
    "STORE_ENV",
    "Seal",
    "StoreBrokenError",
    "StoreError",
    "StoreKeyError",
    "StoreLocation",
    "StoreMissingError",
    "StoreTooNewError",
    "StoreUnavailableError",
    "StoredRecord",
    "TamperedError",
    "Verification",
    "store_location",
]


def __getattr__(name: str) -> Any:
    """``pipeline.store.<name>`` from its module, imported now (and kept as an attribute)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'pipeline.store' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"pipeline.store.{home}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
