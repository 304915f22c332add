"""The store's tables as SQLAlchemy Core objects, for queries (Alembic migrations own the DDL).

- ``records``: one row per record, never updated or deleted (triggers refuse it on both
  back ends): ``seq`` its place in the chain (1, 2, 3, ... with no gap), ``kind`` and
  ``key`` what it is about, ``payload`` the canonical JSON (pipeline/store/codec.py),
  ``digest`` and ``chain`` its hash and link (pipeline/store/chain.py), ``actor``,
  ``reason``, ``recorded_at`` (UTC, ISO 8601), ``sealed_by`` the id of the HMAC key that
  sealed the link ("" when plain). Schema 0001 (release 0.1.0) had all but ``sealed_by``.
- ``blobs``: files (scans, crops) by SHA-256 of their bytes; each has a ``blob`` record in
  the chain (since schema 0002), so a replaced or removed file is found.
"""

from __future__ import annotations

from sqlalchemy import BigInteger, Column, Integer, LargeBinary, MetaData, Table, Text

__all__ = ["metadata", "records", "blobs", "RECORD_COLUMNS"]

metadata = MetaData()

records = Table(
    "records",
    metadata,
    Column(
        "seq", BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=False
    ),  # fmt: skip
    Column("kind", Text, nullable=False),
    Column("key", Text, nullable=False),
    Column("payload", Text, nullable=False),
    Column("digest", Text, nullable=False),
    Column("actor", Text, nullable=False),
    Column("reason", Text, nullable=False),
    Column("recorded_at", Text, nullable=False),
    Column("chain", Text, nullable=False),
    Column("sealed_by", Text, nullable=False, server_default=""),
)

blobs = Table(
    "blobs",
    metadata,
    Column("digest", Text, primary_key=True),
    Column("name", Text, nullable=False),
    Column("data", LargeBinary, nullable=False),
)

#: The columns a StoredRecord is built from, in order.
RECORD_COLUMNS = (
    records.c.seq,
    records.c.kind,
    records.c.key,
    records.c.payload,
    records.c.digest,
    records.c.actor,
    records.c.reason,
    records.c.recorded_at,
)
