"""What goes into the event store and what comes out: ``Append`` and ``StoredRecord``.

The two value types every caller of the store handles, kept apart from the store itself
(event_store.py) so that the modules that append (appending.py) and read rows back
(queries.py) speak of them without importing the store.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["StoredRecord", "Append", "stored_record"]


@dataclass(frozen=True)
class StoredRecord:
    """A record as stored, with its position in the log."""

    seq: int
    kind: str
    key: str
    value: Any
    digest: str
    actor: str
    reason: str
    recorded_at: str


@dataclass(frozen=True)
class Append:
    """One record to append with :meth:`EventStore.append_many`."""

    kind: str
    key: str
    value: Any
    actor: str = "bridgescan"
    reason: str = ""
    #: ``value`` is made of JSON's own types only (dicts with string keys, lists, strings,
    #: ints, finite floats, booleans, None), so it is written by ``json`` as it is
    #: (``codec.dumps_plain``, the same text) without the codec's walk through every value
    #: for types JSON lacks: a page's reading summary is some 2,000 values.
    plain: bool = False


def stored_record(row: Any, value: Any) -> StoredRecord:
    """A ``records`` row as a ``StoredRecord``, with its payload already decoded to ``value``."""
    return StoredRecord(row.seq, row.kind, row.key, value, row.digest, row.actor, row.reason,
                        row.recorded_at)  # fmt: skip
