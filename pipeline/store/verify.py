"""Verification: the whole store checked record by record and blob by blob.

What is checked, and what each finding means (the first one found is named, by record):

- records numbered 1, 2, 3, ... with no gap (a record removed from the middle);
- each record's digest against its kind, key and payload (a record edited in place);
- each link against the one before: plain SHA-256, or HMAC under the store's key; once a
  record is sealed every later one must be (a record appended without the key);
- a published head ``N:HASH`` (``expect``): the store still has record N and its link is
  HASH (fewer records: the last ones were deleted; another link: the chain was rewritten);
- on SQLite, the file's own record counter (``sqlite_sequence``) against the last record
  (records deleted from the end by someone who did not also edit the counter);
- every blob (a scan, a crop) against its SHA-256 and its size, and against its ``blob``
  record in the chain (a scan replaced, removed, or slipped in beside the chain).

Memory stays flat: records are streamed and blobs read one at a time.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from sqlalchemy import select, text
from sqlalchemy.engine import Connection

from pipeline.store.chain import GENESIS, ChainHead, Seal, link, record_digest
from pipeline.store.errors import StoreKeyError, TamperedError
from pipeline.store.schema import blobs, records

__all__ = ["Verification", "verify_store"]


@dataclass(frozen=True)
class Verification:
    """What a verification found: a sound store of ``records`` records ending at ``head``."""

    head: ChainHead
    sealed: int  # records whose link is sealed with the key
    blobs: int
    blob_bytes: int

    @property
    def records(self) -> int:
        return self.head.records


def _where(seq: int, kind: str, key: str) -> str:
    return f"record {seq} ({kind} {key})"


def _seal_for(seq: int, sealed_by: str, seal: Seal | None) -> Seal:
    if seal is None:
        raise StoreKeyError(
            f"record {seq} is sealed with key {sealed_by}: give that key "
            "(BRIDGESCAN_STORE_KEY_FILE) to verify or append"
        )
    if sealed_by != seal.id:
        raise StoreKeyError(f"record {seq} is sealed with key {sealed_by}, not with the key "
                            f"given ({seal.id})")  # fmt: skip
    return seal


def verify_store(
    connection: Connection,
    seal: Seal | None = None,
    expect: ChainHead | None = None,
    with_blobs: bool = True,
) -> Verification:
    """Check everything (see the module docstring); raise at the first broken record.

    ``with_blobs=False`` checks the records only (a 0.1.0 store being upgraded, whose blobs
    are not in the chain yet: the upgrade checks each against its hash as it chains it).
    """
    previous, count, sealed, chained = GENESIS, 0, 0, {}
    seen_sealed = False
    rows = connection.execution_options(stream_results=True, yield_per=500).execute(
        select(records).order_by(records.c.seq)
    )
    for row in rows:
        count += 1
        where = _where(row.seq, row.kind, row.key)
        if row.seq != count:
            raise TamperedError(f"record {count} is missing: the records jump from {count - 1} "
                                f"to {row.seq}", seq=count)  # fmt: skip
        if record_digest(row.kind, row.key, row.payload) != row.digest:
            raise TamperedError(f"{where} was changed after it was stored", seq=row.seq)
        key = None
        if row.sealed_by:
            key = _seal_for(row.seq, row.sealed_by, seal)
            sealed += 1
            seen_sealed = True
        elif seen_sealed:
            raise TamperedError(f"{where} is not sealed, though the records before it are: it "
                                "was appended without the store's key", seq=row.seq)  # fmt: skip
        if link(previous, row.digest, row.actor, row.reason, row.recorded_at, key) != row.chain:
            raise TamperedError(f"the chain breaks at {where}: its link does not follow from "
                                "the record before it", seq=row.seq)  # fmt: skip
        if expect is not None and row.seq == expect.records and row.chain != expect.chain:
            raise TamperedError(
                f"{where} is not the record the published head {expect} names: the chain was "
                "rewritten after those results were published",
                seq=row.seq,
            )
        if row.kind == "blob":
            chained[row.key] = (row.seq, json.loads(row.payload).get("size"))
        previous = row.chain
    if expect is not None and count < expect.records:
        raise TamperedError(
            f"the store has {count} records, but results were published from {expect.records} "
            f"(head {expect}): records {count + 1}-{expect.records} were deleted",
            seq=count + 1,
        )
    if connection.dialect.name == "sqlite":
        _sqlite_counter(connection, count)
    total, size = _verify_blobs(connection, chained) if with_blobs else (0, 0)
    return Verification(ChainHead(count, previous), sealed, total, size)


def _sqlite_counter(connection: Connection, count: int) -> None:
    found = connection.execute(
        text("SELECT seq FROM sqlite_sequence WHERE name = 'records'")
    ).scalar_one_or_none()
    if found is not None and found > count:
        raise TamperedError(
            f"the store ends at record {count} but had {found}: records {count + 1}-{found} "
            "were deleted from the end",
            seq=count + 1,
        )


def _verify_blobs(
    connection: Connection, chained: dict[str, tuple[int, int | None]]
) -> tuple[int, int]:
    total = size = 0
    digests = connection.execute(select(blobs.c.digest, blobs.c.name).order_by(blobs.c.digest))
    for digest, name in digests.all():
        data = connection.execute(select(blobs.c.data).where(blobs.c.digest == digest)).scalar_one()
        data = bytes(data)
        where = f"blob {digest[:12]}… ({name})"
        if digest not in chained:
            raise TamperedError(f"{where} is not in the chain: it was put in the store behind "
                                "the program's back")  # fmt: skip
        seq, recorded_size = chained.pop(digest)
        if hashlib.sha256(data).hexdigest() != digest or len(data) != recorded_size:
            raise TamperedError(
                f"{where}, record {seq}, was replaced: the store holds {len(data):,} bytes "
                f"that are not the {recorded_size:,} bytes recorded",
                seq=seq,
            )
        total += 1
        size += len(data)
    if chained:
        digest, (seq, _) = min(chained.items(), key=lambda item: item[1][0])
        raise TamperedError(f"blob {digest[:12]}…, record {seq}, is missing from the store",
                            seq=seq)  # fmt: skip
    return total, size
