"""The event store: an append-only log of everything bridgescan learns or decides.

Scans (as blobs), readings, traveller rows, decisions, corrections and publications are
records. A record is never changed: a newer record with the same ``kind`` and ``key``
supersedes it, and the old one stays readable (``history``). Appending the value a key
already holds is a no-op, so a batch that crashed half-way is simply run again.

One API on two back ends (SQLAlchemy Core): a SQLite file by default, PostgreSQL when given
a URL (pipeline/store/location.py). The schema is versioned and upgraded with Alembic
(pipeline/store/upgrade.py); triggers refuse UPDATE and DELETE on both. Every record is a
link of a hash chain (pipeline/store/chain.py), optionally sealed with an HMAC key kept
outside the store; blobs are in the chain too; ``verify`` checks it all
(pipeline/store/verify.py).

Several processes may append at once: writes are serialized by the store's lock
(pipeline/store/engine.py), and ``append(..., expect_seq=)``, ``append_many(expect=,
advance=)`` and ``bump`` append only if what the caller saw is still so, else raise
``ConflictError`` (two scorers correcting one session, workers of one batch).

This module is the store's API; the work behind it is in modules of its own: what goes
in and comes out (record.py), the one write path (appending.py), opening and upgrading
the schema (opening.py), the SQLite file (sqlite_file.py), look-ups by key (queries.py).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from sqlalchemy import Engine, func, select
from sqlalchemy.engine import Connection

from pipeline.store.appending import append_locked
from pipeline.store.chain import GENESIS, ChainHead, Seal
from pipeline.store.chain import seal_from_environment as _seal_from_environment
from pipeline.store.codec import loads
from pipeline.store.engine import open_engine, reading, translate_errors, writing
from pipeline.store.errors import TamperedError
from pipeline.store.location import StoreLocation, store_location
from pipeline.store.opening import open_schema
from pipeline.store.queries import latest_row, latest_rows
from pipeline.store.record import Append, StoredRecord, stored_record
from pipeline.store.schema import RECORD_COLUMNS, blobs, records
from pipeline.store.sqlite_file import check_sqlite_file
from pipeline.store.verify import Verification, verify_store

__all__ = ["EventStore", "ANY", "FROM_ENVIRONMENT"]


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: ``append(expect_seq=ANY)``: append whatever the key's latest record is (the default).
ANY: Final = _Marker("ANY")
#: ``EventStore(seal=FROM_ENVIRONMENT)``: the key named by BRIDGESCAN_STORE_KEY_FILE, if any.
FROM_ENVIRONMENT: Final = _Marker("FROM_ENVIRONMENT")


def _utc_now() -> datetime:
    from pipeline.clock import now  # the one clock (BRIDGESCAN_NOW sets it for a command)

    return now()


class EventStore:
    """Append-only records and blobs in a hash chain, on SQLite or PostgreSQL.

    ``location``: a path (SQLite file), a URL, or a parsed ``StoreLocation``. ``seal``: the
    HMAC key for new links (default: from ``BRIDGESCAN_STORE_KEY_FILE``; None: plain).
    ``create``: False refuses to start a new store where none is (results were published
    from one: it must not be silently recreated). ``clock``: the time records are stamped
    with (tests set it).
    """

    def __init__(
        self,
        location: Path | str | StoreLocation,
        *,
        seal: Seal | None | _Marker = FROM_ENVIRONMENT,
        create: bool = True,
        clock: Callable[[], datetime] = _utc_now,
    ) -> None:
        if not isinstance(location, StoreLocation):
            location = store_location(location if str(location) else None)
        self.location = location
        self.path = location.path
        self._seal = _seal_from_environment() if isinstance(seal, _Marker) else seal
        self._clock = clock
        check_sqlite_file(location, create)
        self._engine: Engine = open_engine(location)
        try:
            self.schema = self._open(create)
        except BaseException:
            self._engine.dispose()
            raise

    # -- opening -------------------------------------------------------------------------

    @translate_errors
    def _open(self, create: bool) -> str:
        return open_schema(self._engine, self.location, create, seal=self._seal, clock=self._clock)

    def close(self) -> None:
        self._engine.dispose()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"EventStore({str(self.location)!r})"

    # -- appending -----------------------------------------------------------------------

    def append(
        self,
        kind: str,
        key: str,
        value: Any,
        actor: str = "bridgescan",
        reason: str = "",
        *,
        expect_seq: int | None | _Marker = ANY,
    ) -> StoredRecord:
        """Store ``value`` under (kind, key), superseding the version before.

        If the current version already holds this value nothing is written and the stored
        record is returned: re-running a batch adds no duplicates. ``expect_seq``: append
        only if the key's latest record is still that seq (None: the key must be new), else
        raise ``ConflictError``.
        """
        expect = {} if isinstance(expect_seq, _Marker) else {(kind, key): expect_seq}
        return self.append_many([Append(kind, key, value, actor, reason)], expect=expect)[0]

    @translate_errors
    def append_many(
        self,
        entries: Iterable[Append],
        *,
        expect: Mapping[tuple[str, str], int | None] | None = None,
        advance: Mapping[str, int] | None = None,
    ) -> list[StoredRecord]:
        """Append several records at once: all of them or none.

        ``expect`` maps (kind, key) to the latest seq the caller saw (None: no record yet);
        ``advance`` maps counter names to the value the caller saw, and moves each one up by
        one with these records. If anything moved since, nothing is written and
        ``ConflictError`` names what. Safe between processes and machines on both back ends.
        """
        entries = list(entries)
        with writing(self._engine) as connection:
            return self._append_locked(connection, entries, expect or {}, advance or {})

    @translate_errors
    def bump(
        self,
        counter: str,
        seen: int,
        entries: Iterable[Append] = (),
        actor: str = "bridgescan",
        reason: str = "",
    ) -> int:
        """Move ``counter`` from ``seen`` to ``seen + 1``, appending ``entries`` with it, only
        if it still is ``seen``; returns the new value (``ConflictError`` otherwise)."""
        with writing(self._engine) as connection:
            self._append_locked(connection, list(entries), {}, {counter: seen}, (actor, reason))
        return seen + 1

    @translate_errors
    def counter(self, name: str) -> int:
        """A named counter's value (0 before its first ``bump``)."""
        record = self.latest("counter", name)
        return 0 if record is None else int(record.value)

    def _append_locked(
        self,
        connection: Connection,
        entries: list[Append],
        expect: Mapping[tuple[str, str], int | None],
        advance: Mapping[str, int],
        counted_by: tuple[str, str] = ("bridgescan", ""),
    ) -> list[StoredRecord]:
        """``append_locked`` (appending.py) with this store's seal, clock and location."""
        return append_locked(
            connection, entries, expect, advance, counted_by,
            seal=self._seal, clock=self._clock, location=self.location,
        )  # fmt: skip

    # -- blobs ---------------------------------------------------------------------------

    def put_blob(self, name: str, data: bytes) -> str:
        """Keep a file (a scan) by its content hash, with a ``blob`` record in the chain;
        returns the hash. Keeping the same bytes again adds nothing."""
        return self.put_blobs([(name, data)])[0]

    @translate_errors
    def put_blobs(self, files: Sequence[tuple[str, bytes]]) -> list[str]:
        """``put_blob`` for each (name, bytes) in one transaction (a chunk's page readings,
        a session's thumbnails: one commit, not one a file); returns their hashes. The new
        files' ``blob`` records are one append, in the order given, each under the first
        name its bytes came with, as ``put_blob`` one by one would append them (stamped
        once, not once a file: an append of each was its own look-ups of the chain's tail
        and of the key, a chunk's keeping on the batch's one thread)."""
        digests = [hashlib.sha256(data).hexdigest() for _, data in files]
        with writing(self._engine) as connection:
            have = set(connection.execute(
                select(blobs.c.digest).where(blobs.c.digest.in_(set(digests)))
            ).scalars())  # fmt: skip
            chained = set(latest_rows(connection, (("blob", digest) for digest in digests)))
            new_files, entries = [], []
            for (name, data), digest in zip(files, digests, strict=True):
                if digest not in have:
                    new_files.append({"digest": digest, "name": name, "data": data})
                    have.add(digest)
                if ("blob", digest) not in chained:
                    entries.append(Append("blob", digest, {"name": name, "size": len(data)}))
                    chained.add(("blob", digest))
            if new_files:
                connection.execute(blobs.insert(), new_files)
            if entries:
                self._append_locked(connection, entries, {}, {})
        return digests

    @translate_errors
    def blob(self, digest: str) -> bytes:
        """A kept file's bytes, checked against its hash (a replaced scan is never read)."""
        with self._engine.connect() as connection:
            row = connection.execute(
                select(blobs.c.data, blobs.c.name).where(blobs.c.digest == digest)
            ).first()
        if row is None:
            raise KeyError(f"no blob {digest}")
        data = bytes(row.data)
        if hashlib.sha256(data).hexdigest() != digest:
            raise TamperedError(f"blob {digest[:12]}… ({row.name}) does not match its hash: "
                                "the file in the store was replaced")  # fmt: skip
        return data

    # -- reading -------------------------------------------------------------------------

    def _records(self, *conditions: Any) -> Iterator[StoredRecord]:
        query = select(*RECORD_COLUMNS).where(*conditions).order_by(records.c.seq)
        with self._engine.connect() as connection:
            rows = connection.execute(query).all()
        for seq, kind, key, payload, digest, actor, reason, at in rows:
            yield StoredRecord(seq, kind, key, loads(payload), digest, actor, reason, at)

    @translate_errors
    def history(self, kind: str, key: str) -> list[StoredRecord]:
        """Every version of (kind, key), oldest first."""
        return list(self._records(records.c.kind == kind, records.c.key == key))

    @translate_errors
    def current(
        self, kind: str, key_prefix: str = "", as_of: int | None = None
    ) -> dict[str, StoredRecord]:
        """The latest version of every key of ``kind`` (optionally under a key prefix);
        ``as_of``: as the store stood when record ``as_of`` was its last."""
        conditions = [records.c.kind == kind]
        if key_prefix:
            conditions.append(records.c.key.startswith(key_prefix, autoescape=True))
        if as_of is not None:
            conditions.append(records.c.seq <= as_of)
        latest: dict[str, StoredRecord] = {}
        for record in self._records(*conditions):
            latest[record.key] = record
        return latest

    @translate_errors
    def latest(self, kind: str, key: str, as_of: int | None = None) -> StoredRecord | None:
        """The current version of (kind, key), or None; ``as_of``: as the store stood when
        record ``as_of`` was its last (what a publication was scored from)."""
        with self._engine.connect() as connection:
            row = latest_row(connection, kind, key, as_of)
        return None if row is None else stored_record(row, loads(row.payload))

    @translate_errors
    def head(self) -> ChainHead:
        """Where the chain stands now (not verified: see ``verify``)."""
        with self._engine.connect() as connection:
            tail = connection.execute(
                select(records.c.seq, records.c.chain).order_by(records.c.seq.desc()).limit(1)
            ).first()
        return ChainHead(0, GENESIS) if tail is None else ChainHead(tail.seq, tail.chain)

    @translate_errors
    def last_time(self) -> datetime | None:
        """When the last record was made (None for an empty store): no record may be stamped
        earlier (clock_floor.py), and no correction is timed earlier (Law 79C1)."""
        with self._engine.connect() as connection:
            at = connection.execute(
                select(records.c.recorded_at).order_by(records.c.seq.desc()).limit(1)
            ).scalar_one_or_none()
        return None if at is None else datetime.fromisoformat(at)

    @translate_errors
    def kinds(self) -> dict[str, tuple[int, int]]:
        """Each kind of record with its number of records and of keys."""
        query = select(records.c.kind, func.count(), func.count(records.c.key.distinct()))
        with self._engine.connect() as connection:
            rows = connection.execute(query.group_by(records.c.kind)).all()
        return {kind: (int(total), int(keys)) for kind, total, keys in rows}

    # -- verifying -----------------------------------------------------------------------

    @translate_errors
    def check(self, expect: ChainHead | str | None = None) -> Verification:
        """Verify everything (pipeline/store/verify.py) in one consistent snapshot; raises
        ``TamperedError`` naming the first broken record. ``expect``: a published head."""
        if isinstance(expect, str):
            expect = ChainHead.parse(expect)
        with reading(self._engine) as connection:
            return verify_store(connection, self._seal, expect)

    def verify(self, expect: ChainHead | str | None = None) -> int:
        """Verify the store; returns the number of records, raises if it is broken."""
        return self.check(expect).records
