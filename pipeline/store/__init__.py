"""The event store: every scan, reading, decision, row and publication as append-only records.

``EventStore`` (event_store.py) keeps records that supersede, never change, in a hash chain;
``codec`` turns records into canonical JSON under stable type names.
"""

from pipeline.store.event_store import EventStore, StoredRecord, TamperedError

__all__ = ["EventStore", "StoredRecord", "TamperedError"]
