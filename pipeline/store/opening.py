"""Opening a store's schema: make it when new, refuse one too new, upgrade one too old.

The schema revision is read first without the write lock (the common case: at head);
an upgrade runs once, under the lock, and in its own transaction verifies the old chain,
puts blobs kept before schema 0002 into the chain (checked against their hashes) and
records the upgrade itself. Apart from the store (event_store.py) because it runs once
per open and speaks of revisions, not of records; the Alembic steps are upgrade.py's.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Engine, func, select, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from pipeline.store.appending import append_locked
from pipeline.store.chain import Seal
from pipeline.store.engine import writing
from pipeline.store.errors import StoreMissingError, TamperedError
from pipeline.store.location import StoreLocation
from pipeline.store.record import Append
from pipeline.store.schema import blobs, records
from pipeline.store.upgrade import (
    BASE_REVISION,
    bridgescan_version,
    check_known,
    head_revision,
    migrate,
    schema_revision,
)
from pipeline.store.verify import verify_store

__all__ = ["open_schema"]


def open_schema(
    engine: Engine,
    location: StoreLocation,
    create: bool,
    *,
    seal: Seal | None,
    clock: Callable[[], datetime],
) -> str:
    """The store's schema revision after opening it (always the head revision).

    ``create``: False refuses an empty store (no tables) or a missing PostgreSQL schema.
    ``seal`` and ``clock`` are the store's, for the records an upgrade appends.
    """
    if location.schema:
        _ensure_schema(engine, location, create)
    with engine.connect() as connection, connection.begin():
        found = schema_revision(connection)
    check_known(found, str(location))
    if found is None and not create:
        raise StoreMissingError(f"{location}: the event store is empty (no tables)")
    if found == head_revision():
        return found
    with writing(engine) as connection:  # upgrade once, under the write lock
        found = schema_revision(connection)
        check_known(found, str(location))
        if found != head_revision():
            migrate(connection, found)
            if found is not None:
                _after_upgrade(connection, found, seal=seal, clock=clock, location=location)
    return head_revision()


def _ensure_schema(engine: Engine, location: StoreLocation, create: bool) -> None:
    schema = location.schema
    with engine.connect() as connection, connection.begin():
        exists = connection.execute(
            text("SELECT 1 FROM pg_namespace WHERE nspname = :name"), {"name": schema}
        ).first()
        if exists is not None:
            return
        if not create:
            raise StoreMissingError(f"{location}: there is no schema {schema}")
        try:
            connection.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
        except DBAPIError:  # another process created it at the same moment
            connection.rollback()


def _after_upgrade(
    connection: Connection,
    found: str,
    *,
    seal: Seal | None,
    clock: Callable[[], datetime],
    location: StoreLocation,
) -> None:
    """Verify the old chain, put its blobs in the chain (checked against their hashes),
    and record the upgrade itself, all in the upgrade's transaction."""
    verify_store(connection, seal, with_blobs=found != BASE_REVISION)
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
    append_locked(connection, entries, {}, {}, seal=seal, clock=clock, location=location)
