"""The event store: every scan, reading, decision, row and publication as append-only records.

``EventStore`` (event_store.py) keeps records (``Append`` in, ``StoredRecord`` out:
record.py) that supersede, never change, in a hash chain (chain.py), appended in one
place (appending.py) and never back in time (clock_floor.py), on SQLite or PostgreSQL
(location.py, engine.py, sqlite_file.py), with a versioned schema (opening.py,
upgrade.py, migrations/) and a full check (verify.py); ``codec`` turns records into
canonical JSON under stable type names; errors.py says what can go wrong.
"""

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
