"""Appending records: the one write path of the event store, run under its write lock.

Everything that writes records (``EventStore.append``, ``append_many``, ``bump``,
``put_blob`` and a schema upgrade) comes here with an open write transaction. In one
place, because the store's promises are kept here and only here:

- idempotent: a value equal to the key's latest (same digest) adds nothing and returns the
  stored record, so a batch that crashed half-way is simply run again;
- compare-and-append: ``expect`` (the latest seq the caller saw per key) and ``advance``
  (a counter's value the caller saw) must still hold, else ``ConflictError`` and nothing
  is written;
- chained: each new record is a link of the hash chain (chain.py), sealed with the
  store's key when it has one; a sealed store refuses appends without its key;
- in time order: the records of one append share one stamp from the store's clock, never
  earlier than the last record's unless a clock correction says why (clock_floor.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime

from sqlalchemy import select
from sqlalchemy.engine import Connection

from pipeline.store.chain import GENESIS, Seal, link, record_digest
from pipeline.store.clock_floor import CLOCK_KEY, CLOCK_KIND, check_floor
from pipeline.store.codec import dumps, dumps_plain, loads
from pipeline.store.errors import ConflictError, StoreKeyError
from pipeline.store.location import StoreLocation
from pipeline.store.queries import latest_row, latest_rows, latest_seq
from pipeline.store.record import Append, StoredRecord, stored_record
from pipeline.store.schema import records

__all__ = ["append_locked"]


def append_locked(
    connection: Connection,
    entries: Sequence[Append],
    expect: Mapping[tuple[str, str], int | None],
    advance: Mapping[str, int],
    counted_by: tuple[str, str] = ("bridgescan", ""),
    *,
    seal: Seal | None,
    clock: Callable[[], datetime],
    location: StoreLocation,
) -> list[StoredRecord]:
    """Append ``entries`` (and one record per counter in ``advance``) on ``connection``,
    which holds the store's write lock; returns the stored record of each entry.

    ``seal``: the key new links are sealed with; ``clock``: the time records are stamped
    with; ``location``: the store, named in messages. ``counted_by``: the actor and
    reason of the counter records.
    """
    tail = connection.execute(
        select(records.c.seq, records.c.chain, records.c.sealed_by, records.c.kind,
               records.c.key, records.c.actor, records.c.recorded_at)
        .order_by(records.c.seq.desc())
        .limit(1)
    ).first()  # fmt: skip
    seq, previous = (tail.seq, tail.chain) if tail is not None else (0, GENESIS)
    if tail is not None and tail.sealed_by:
        _check_seal(seal, tail.sealed_by, location)
    for (kind, key), seen in expect.items():
        found = latest_seq(connection, kind, key)
        if found != seen:
            raise _conflict(connection, kind, key, seen, found)
    counters = []
    for name, seen in advance.items():
        latest = latest_row(connection, "counter", name)
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
    stored: list[StoredRecord | int] = []  # a record kept already, or its place in ``new``
    new: list[tuple[Append, str, str]] = []
    batch: dict[tuple[str, str], tuple[str, int]] = {}
    everything = [*entries, *counters]
    held = latest_rows(connection, ((e.kind, e.key) for e in everything))  # one look-up
    for entry in everything:
        payload = dumps_plain(entry.value) if entry.plain else dumps(entry.value)
        digest = record_digest(entry.kind, entry.key, payload)
        pending = batch.get((entry.kind, entry.key))
        if pending is not None and pending[0] == digest:  # twice in this append: once
            stored.append(pending[1])
            continue
        if pending is None:
            row = held.get((entry.kind, entry.key))
            if row is not None and row.digest == digest:  # the value it holds: nothing new
                stored.append(stored_record(row, entry.value))
                continue
        batch[(entry.kind, entry.key)] = (digest, len(new))
        stored.append(len(new))
        new.append((entry, payload, digest))
    if not new:
        return stored[: len(entries)]  # type: ignore[return-value]
    at = clock().astimezone(UTC).isoformat(timespec="microseconds")  # one time per append
    last = f"record {tail.seq}, {tail.kind} {tail.key} by {tail.actor}" if tail else ""
    correction = check_floor(at, tail.recorded_at if tail else None, last, location)
    written = new
    if correction is not None:  # the clock correction goes first, as its own record
        payload = dumps(correction.value)
        written = [(correction, payload, record_digest(CLOCK_KIND, CLOCK_KEY, payload)), *new]
    rows, made = [], []
    for entry, payload, digest in written:
        seq += 1
        previous = link(previous, digest, entry.actor, entry.reason, at, seal)
        rows.append({"seq": seq, "kind": entry.kind, "key": entry.key, "payload": payload,
                     "digest": digest, "actor": entry.actor, "reason": entry.reason,
                     "recorded_at": at, "chain": previous,
                     "sealed_by": seal.id if seal else ""})  # fmt: skip
        made.append(StoredRecord(seq, entry.kind, entry.key, entry.value, digest, entry.actor,
                                 entry.reason, at))  # fmt: skip
    connection.execute(records.insert(), rows)
    made = made[len(written) - len(new) :]
    return [made[s] if isinstance(s, int) else s for s in stored[: len(entries)]]


def _check_seal(seal: Seal | None, sealed_by: str, location: StoreLocation) -> None:
    if seal is None:
        raise StoreKeyError(
            f"{location}: this store is sealed with key {sealed_by}; give the key "
            "(BRIDGESCAN_STORE_KEY_FILE) to append to it"
        )
    if seal.id != sealed_by:
        raise StoreKeyError(f"{location}: this store is sealed with key {sealed_by}, "
                            f"not with the key given ({seal.id})")  # fmt: skip


def _conflict(
    connection: Connection, kind: str, key: str, seen: int | None, found: int | None
) -> ConflictError:
    name = f"{kind} {key}"
    if found is None:
        message = f"{name}: you saw record {seen}, but there is no such record now"
    else:
        row = latest_row(connection, kind, key)
        saw = "nothing yet" if seen is None else f"record {seen}"
        message = (f"{name} changed since you looked: you saw {saw}, it is now record {found} "
                   f"({row.actor}, {row.recorded_at}); look again and retry")  # fmt: skip
    return ConflictError(message, name, seen, found)
