"""The event store: an append-only SQLite log of everything bridgescan learns or decides.

Scans (as blobs), readings, traveller rows, findings, scores and every correction are
records. A record is never changed: a newer record with the same ``kind`` and ``key``
supersedes it, and the old one stays readable. Appending the same record twice is a
no-op, so a batch that crashed half-way can simply be run again without duplicates.

Tamper evidence: each record carries ``chain = sha256(previous chain + record hash)``;
:meth:`EventStore.verify` recomputes the chain. Triggers refuse UPDATE and DELETE.
The default is a local SQLite file; the next wave can put the same schema on Postgres.
"""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pipeline.store.codec import dumps, loads

__all__ = ["EventStore", "StoredRecord", "TamperedError"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS records (
    seq         INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT NOT NULL,
    key         TEXT NOT NULL,
    payload     TEXT NOT NULL,
    digest      TEXT NOT NULL,
    actor       TEXT NOT NULL,
    reason      TEXT NOT NULL,
    recorded_at TEXT NOT NULL,
    chain       TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS records_kind_key ON records (kind, key, seq);
CREATE TABLE IF NOT EXISTS blobs (
    digest      TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    data        BLOB NOT NULL
);
CREATE TRIGGER IF NOT EXISTS records_no_update BEFORE UPDATE ON records
BEGIN SELECT RAISE(ABORT, 'the event store is append-only'); END;
CREATE TRIGGER IF NOT EXISTS records_no_delete BEFORE DELETE ON records
BEGIN SELECT RAISE(ABORT, 'the event store is append-only'); END;
CREATE TRIGGER IF NOT EXISTS blobs_no_update BEFORE UPDATE ON blobs
BEGIN SELECT RAISE(ABORT, 'the event store is append-only'); END;
CREATE TRIGGER IF NOT EXISTS blobs_no_delete BEFORE DELETE ON blobs
BEGIN SELECT RAISE(ABORT, 'the event store is append-only'); END;
"""

_GENESIS = "0" * 64


class TamperedError(RuntimeError):
    """The hash chain does not match the records: someone edited the file by hand."""


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


def _digest(kind: str, key: str, payload: str) -> str:
    return hashlib.sha256(f"{kind}\x1f{key}\x1f{payload}".encode()).hexdigest()


def _chain(previous: str, digest: str, actor: str, reason: str, recorded_at: str) -> str:
    text = f"{previous}\x1f{digest}\x1f{actor}\x1f{reason}\x1f{recorded_at}"
    return hashlib.sha256(text.encode()).hexdigest()


class EventStore:
    """Append-only records and blobs in one SQLite file."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), isolation_level=None, timeout=30)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def append(self, kind: str, key: str, value: Any, actor: str = "bridgescan",
               reason: str = "") -> StoredRecord:  # fmt: skip
        """Store ``value`` under (kind, key), superseding the version before.

        If the current version already holds this value nothing is written and the stored
        record is returned: re-running a batch adds no duplicates.
        """
        payload = dumps(value)
        digest = _digest(kind, key, payload)
        self._db.execute("BEGIN IMMEDIATE")
        try:
            existing = self._db.execute(
                "SELECT seq, actor, reason, recorded_at, digest FROM records"
                " WHERE kind = ? AND key = ? ORDER BY seq DESC LIMIT 1",
                (kind, key),
            ).fetchone()
            if existing is not None and existing[4] == digest:
                self._db.execute("COMMIT")
                seq, old_actor, old_reason, at, _ = existing
                return StoredRecord(seq, kind, key, value, digest, old_actor, old_reason, at)
            last = self._db.execute(
                "SELECT chain FROM records ORDER BY seq DESC LIMIT 1"
            ).fetchone()
            recorded_at = datetime.now(UTC).isoformat(timespec="microseconds")
            chain = _chain(last[0] if last else _GENESIS, digest, actor, reason, recorded_at)
            cursor = self._db.execute(
                "INSERT INTO records"
                " (kind, key, payload, digest, actor, reason, recorded_at, chain)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (kind, key, payload, digest, actor, reason, recorded_at, chain),
            )
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        seq = cursor.lastrowid
        assert seq is not None
        return StoredRecord(seq, kind, key, value, digest, actor, reason, recorded_at)

    def put_blob(self, name: str, data: bytes) -> str:
        """Keep a file (a scan) by its content hash; returns the hash."""
        digest = hashlib.sha256(data).hexdigest()
        self._db.execute(
            "INSERT OR IGNORE INTO blobs (digest, name, data) VALUES (?, ?, ?)",
            (digest, name, data),
        )
        return digest

    def blob(self, digest: str) -> bytes:
        row = self._db.execute("SELECT data FROM blobs WHERE digest = ?", (digest,)).fetchone()
        if row is None:
            raise KeyError(f"no blob {digest}")
        return bytes(row[0])

    def _records(self, sql: str, params: tuple[Any, ...]) -> Iterator[StoredRecord]:
        for seq, kind, key, payload, digest, actor, reason, at in self._db.execute(sql, params):
            yield StoredRecord(seq, kind, key, loads(payload), digest, actor, reason, at)

    _COLUMNS = "seq, kind, key, payload, digest, actor, reason, recorded_at"

    def history(self, kind: str, key: str) -> list[StoredRecord]:
        """Every version of (kind, key), oldest first."""
        sql = f"SELECT {self._COLUMNS} FROM records WHERE kind = ? AND key = ? ORDER BY seq"
        return list(self._records(sql, (kind, key)))

    def current(self, kind: str, key_prefix: str = "") -> dict[str, StoredRecord]:
        """The latest version of every key of ``kind`` (optionally under a key prefix)."""
        sql = (
            f"SELECT {self._COLUMNS} FROM records WHERE kind = ? AND key LIKE ? ESCAPE '\\'"
            " ORDER BY seq"
        )
        prefix = key_prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        latest: dict[str, StoredRecord] = {}
        for record in self._records(sql, (kind, prefix + "%")):
            latest[record.key] = record
        return latest

    def latest(self, kind: str, key: str) -> StoredRecord | None:
        versions = self.history(kind, key)
        return versions[-1] if versions else None

    def verify(self) -> int:
        """Recompute the hash chain; returns the number of records, raises if tampered."""
        previous = _GENESIS
        count = 0
        rows = self._db.execute(
            "SELECT seq, kind, key, payload, digest, actor, reason, recorded_at, chain"
            " FROM records ORDER BY seq"
        )
        for seq, kind, key, payload, digest, actor, reason, at, chain in rows:
            if _digest(kind, key, payload) != digest:
                raise TamperedError(f"record {seq} ({kind} {key}) was changed after it was stored")
            if _chain(previous, digest, actor, reason, at) != chain:
                raise TamperedError(f"the chain breaks at record {seq} ({kind} {key})")
            previous = chain
            count += 1
        return count
