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
"""

from __future__ import annotations

import errno
import hashlib
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from sqlalchemy import Engine, func, select, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from pipeline.store.chain import GENESIS, ChainHead, Seal, link, record_digest
from pipeline.store.chain import seal_from_environment as _seal_from_environment
from pipeline.store.codec import dumps, loads
from pipeline.store.engine import open_engine, reading, translate_errors, writing
from pipeline.store.errors import (
    ConflictError,
    StoreBrokenError,
    StoreKeyError,
    StoreMissingError,
    TamperedError,
)
from pipeline.store.location import StoreLocation, store_location
from pipeline.store.schema import RECORD_COLUMNS, blobs, records
from pipeline.store.upgrade import (
    BASE_REVISION,
    bridgescan_version,
    check_known,
    head_revision,
    migrate,
    schema_revision,
)
from pipeline.store.verify import Verification, verify_store

__all__ = ["EventStore", "StoredRecord", "Append", "ANY", "FROM_ENVIRONMENT"]


class _Marker:
    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


#: ``append(expect_seq=ANY)``: append whatever the key's latest record is (the default).
ANY: Final = _Marker("ANY")
#: ``EventStore(seal=FROM_ENVIRONMENT)``: the key named by BRIDGESCAN_STORE_KEY_FILE, if any.
FROM_ENVIRONMENT: Final = _Marker("FROM_ENVIRONMENT")


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
        self._check_file(create)
        self._engine: Engine = open_engine(location)
        try:
            self.schema = self._open(create)
        except BaseException:
            self._engine.dispose()
            raise

    # -- opening -------------------------------------------------------------------------

    def _check_file(self, create: bool) -> None:
        path = self.path
        if path is None:
            return
        if path.exists() and path.is_file() and path.stat().st_size == 0:
            raise StoreBrokenError(
                f"{path} is 0 bytes: an event store that was truncated (or a file that is not "
                "a store). It is not taken as a new store; restore it from a backup, or "
                "remove it yourself to start a new one"
            )
        if not path.exists():
            if not create:
                raise StoreMissingError(f"{path}: there is no event store here")
            _create_sqlite(self.location)

    @translate_errors
    def _open(self, create: bool) -> str:
        if self.location.schema:
            self._ensure_schema(create)
        with self._engine.connect() as connection, connection.begin():
            found = schema_revision(connection)
        check_known(found, str(self.location))
        if found is None and not create:
            raise StoreMissingError(f"{self.location}: the event store is empty (no tables)")
        if found == head_revision():
            return found
        with writing(self._engine) as connection:  # upgrade once, under the write lock
            found = schema_revision(connection)
            check_known(found, str(self.location))
            if found != head_revision():
                migrate(connection, found)
                if found is not None:
                    self._after_upgrade(connection, found)
        return head_revision()

    def _ensure_schema(self, create: bool) -> None:
        schema = self.location.schema
        with self._engine.connect() as connection, connection.begin():
            exists = connection.execute(
                text("SELECT 1 FROM pg_namespace WHERE nspname = :name"), {"name": schema}
            ).first()
            if exists is not None:
                return
            if not create:
                raise StoreMissingError(f"{self.location}: there is no schema {schema}")
            try:
                connection.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
            except DBAPIError:  # another process created it at the same moment
                connection.rollback()

    def _after_upgrade(self, connection: Connection, found: str) -> None:
        """Verify the old chain, put its blobs in the chain (checked against their hashes),
        and record the upgrade itself, all in the upgrade's transaction."""
        verify_store(connection, self._seal, with_blobs=found != BASE_REVISION)
        entries = []
        if found == BASE_REVISION:
            chained = select(records.c.key).where(records.c.kind == "blob")
            loose = connection.execute(
                select(blobs.c.digest, blobs.c.name)
                .where(blobs.c.digest.not_in(chained))
                .order_by(blobs.c.digest)
            ).all()
            for digest, name in loose:
                data = bytes(
                    connection.execute(
                        select(blobs.c.data).where(blobs.c.digest == digest)
                    ).scalar_one()
                )
                if hashlib.sha256(data).hexdigest() != digest:
                    raise TamperedError(f"blob {digest[:12]}… ({name}) does not match its hash: "
                                        "it was replaced before this upgrade")  # fmt: skip
                why = "kept before schema 0002 put blobs in the chain"
                entries.append(Append("blob", digest, {"name": name, "size": len(data)},
                                      reason=why))  # fmt: skip
        if connection.execute(select(func.count()).select_from(records)).scalar_one():
            entries.append(Append(
                "store", "schema",
                {"schema": head_revision(), "from": found, "bridgescan": bridgescan_version()},
                reason=f"upgraded from schema {found}",
            ))  # fmt: skip
        self._append_locked(connection, entries, {}, {})

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
        entries: Sequence[Append],
        expect: Mapping[tuple[str, str], int | None],
        advance: Mapping[str, int],
        counted_by: tuple[str, str] = ("bridgescan", ""),
    ) -> list[StoredRecord]:
        tail = connection.execute(
            select(records.c.seq, records.c.chain, records.c.sealed_by)
            .order_by(records.c.seq.desc())
            .limit(1)
        ).first()
        seq, previous = (tail.seq, tail.chain) if tail is not None else (0, GENESIS)
        if tail is not None and tail.sealed_by:
            self._check_seal(tail.sealed_by)
        for (kind, key), seen in expect.items():
            found = _latest_seq(connection, kind, key)
            if found != seen:
                raise _conflict(connection, kind, key, seen, found)
        counters = []
        for name, seen in advance.items():
            latest = _latest(connection, "counter", name)
            value = 0 if latest is None else int(loads(latest.payload))
            if value != seen:
                raise ConflictError(
                    f"{name} is at {value}, not {seen}: it changed since you looked "
                    f"({latest.actor if latest else 'nobody'} at "
                    f"{latest.recorded_at if latest else '-'}); look again and retry",
                    name, seen, value,
                )  # fmt: skip
            actor, why = counted_by
            counters.append(Append("counter", name, seen + 1, actor, why or f"{name}: {seen + 1}"))
        stored, rows = [], []
        batch: dict[tuple[str, str], StoredRecord] = {}
        for entry in [*entries, *counters]:
            payload = dumps(entry.value)
            digest = record_digest(entry.kind, entry.key, payload)
            before = batch.get((entry.kind, entry.key))
            if before is None:
                row = _latest(connection, entry.kind, entry.key)
                before = None if row is None else _stored(row, entry.value)
            if before is not None and before.digest == digest:
                stored.append(StoredRecord(before.seq, entry.kind, entry.key, entry.value,
                                           digest, before.actor, before.reason,
                                           before.recorded_at))  # fmt: skip
                continue
            seq += 1
            at = self._clock().astimezone(UTC).isoformat(timespec="microseconds")
            previous = link(previous, digest, entry.actor, entry.reason, at, self._seal)
            rows.append({"seq": seq, "kind": entry.kind, "key": entry.key, "payload": payload,
                         "digest": digest, "actor": entry.actor, "reason": entry.reason,
                         "recorded_at": at, "chain": previous,
                         "sealed_by": self._seal.id if self._seal else ""})  # fmt: skip
            record = StoredRecord(seq, entry.kind, entry.key, entry.value, digest, entry.actor,
                                  entry.reason, at)  # fmt: skip
            batch[(entry.kind, entry.key)] = record
            stored.append(record)
        if rows:
            connection.execute(records.insert(), rows)
        return stored[: len(entries)]

    def _check_seal(self, sealed_by: str) -> None:
        if self._seal is None:
            raise StoreKeyError(
                f"{self.location}: this store is sealed with key {sealed_by}; give the key "
                "(BRIDGESCAN_STORE_KEY_FILE) to append to it"
            )
        if self._seal.id != sealed_by:
            raise StoreKeyError(f"{self.location}: this store is sealed with key {sealed_by}, "
                                f"not with the key given ({self._seal.id})")  # fmt: skip

    # -- blobs ---------------------------------------------------------------------------

    @translate_errors
    def put_blob(self, name: str, data: bytes) -> str:
        """Keep a file (a scan) by its content hash, with a ``blob`` record in the chain;
        returns the hash. Keeping the same bytes again adds nothing."""
        digest = hashlib.sha256(data).hexdigest()
        with writing(self._engine) as connection:
            have = connection.execute(
                select(blobs.c.digest).where(blobs.c.digest == digest)
            ).first()
            if have is None:
                connection.execute(blobs.insert(), {"digest": digest, "name": name, "data": data})
            if _latest(connection, "blob", digest) is None:
                entry = Append("blob", digest, {"name": name, "size": len(data)})
                self._append_locked(connection, [entry], {}, {})
        return digest

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
            row = _latest(connection, kind, key, as_of)
        return None if row is None else _stored(row, loads(row.payload))

    @translate_errors
    def head(self) -> ChainHead:
        """Where the chain stands now (not verified: see ``verify``)."""
        with self._engine.connect() as connection:
            tail = connection.execute(
                select(records.c.seq, records.c.chain).order_by(records.c.seq.desc()).limit(1)
            ).first()
        return ChainHead(0, GENESIS) if tail is None else ChainHead(tail.seq, tail.chain)

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


def _create_sqlite(location: StoreLocation) -> None:
    """A new SQLite store, made beside its place and linked in whole: a store file is never
    seen half-made (SQLite's empty first moments look like a truncated store), and of two
    processes creating it at once one makes it and the other opens it."""
    assert location.path is not None
    path = location.path
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.new")
    for leftover in _sqlite_files(draft):
        leftover.unlink(missing_ok=True)
    engine = open_engine(store_location(draft))
    try:
        with writing(engine) as connection:
            migrate(connection, None)
        with engine.connect() as connection:
            # Into the file itself now: closing would checkpoint the write-ahead log too, but
            # silently, and on a full disk the schema would stay in the -wal file deleted below.
            busy = connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").one()[0]
        if busy:
            raise OSError(errno.EBUSY, "the new store could not be written whole", str(draft))
    except BaseException:
        engine.dispose()
        for leftover in _sqlite_files(draft):
            leftover.unlink(missing_ok=True)
        raise
    engine.dispose()
    try:
        os.link(draft, path)
    except FileExistsError:
        pass  # another process made it first: open theirs
    except OSError:  # a file system without hard links
        if not path.exists():
            os.replace(draft, path)
    for leftover in _sqlite_files(draft):
        leftover.unlink(missing_ok=True)


def _sqlite_files(path: Path) -> list[Path]:
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


def _latest(connection: Connection, kind: str, key: str, as_of: int | None = None) -> Any:
    conditions = [records.c.kind == kind, records.c.key == key]
    if as_of is not None:
        conditions.append(records.c.seq <= as_of)
    return connection.execute(
        select(*RECORD_COLUMNS).where(*conditions).order_by(records.c.seq.desc()).limit(1)
    ).first()


def _latest_seq(connection: Connection, kind: str, key: str) -> int | None:
    found = connection.execute(
        select(func.max(records.c.seq)).where(records.c.kind == kind, records.c.key == key)
    ).scalar_one_or_none()
    return None if found is None else int(found)


def _stored(row: Any, value: Any) -> StoredRecord:
    return StoredRecord(row.seq, row.kind, row.key, value, row.digest, row.actor, row.reason,
                        row.recorded_at)  # fmt: skip


def _conflict(
    connection: Connection, kind: str, key: str, seen: int | None, found: int | None
) -> ConflictError:
    name = f"{kind} {key}"
    if found is None:
        message = f"{name}: you saw record {seen}, but there is no such record now"
    else:
        row = _latest(connection, kind, key)
        saw = "nothing yet" if seen is None else f"record {seen}"
        message = (f"{name} changed since you looked: you saw {saw}, it is now record {found} "
                   f"({row.actor}, {row.recorded_at}); look again and retry")  # fmt: skip
    return ConflictError(message, name, seen, found)
