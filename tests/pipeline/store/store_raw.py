"""Raw access to a store behind the program's back, as a determined editor would have it.

SQLite: the file opened with sqlite3, the append-only triggers dropped first. PostgreSQL:
a superuser session with ``session_replication_role = replica``, which skips triggers.
Used by the tamper tests to do what the store itself refuses. ``params`` go to the last
statement (``?`` placeholders on both back ends).
"""

from __future__ import annotations

import sqlite3
from typing import Any

from pipeline.store.chain import Seal, link, record_digest
from pipeline.store.location import store_location

__all__ = ["raw", "bypass_triggers", "forge"]


def _pg_connect(url: str) -> Any:
    import psycopg

    location = store_location(url)
    query = dict(location.url.query)
    connection = psycopg.connect(
        host=query.get("host"), user=location.url.username, dbname=location.url.database
    )
    if location.schema:
        connection.execute(f'SET search_path TO "{location.schema}"')
    return connection


def raw(url: str, *statements: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """Run SQL on the store as it is (triggers in force); returns the last statement's rows."""
    location = store_location(url)
    rows: list[Any] = []
    last = len(statements) - 1
    if location.path is not None:
        connection = sqlite3.connect(location.path)
        try:
            for i, statement in enumerate(statements):
                rows = connection.execute(statement, params if i == last else ()).fetchall()
            connection.commit()
        finally:
            connection.close()
        return rows
    with _pg_connect(url) as connection:
        for i, statement in enumerate(statements):
            if i == last:
                cursor = connection.execute(statement.replace("?", "%s"), params)
            else:
                cursor = connection.execute(statement)
            rows = cursor.fetchall() if cursor.description else []
    return rows


def bypass_triggers(url: str, *statements: str, params: tuple[Any, ...] = ()) -> list[Any]:
    """Run SQL with the append-only triggers out of the way."""
    if store_location(url).path is not None:
        drops = [f"DROP TRIGGER IF EXISTS {table}_no_{what}" for table in ("records", "blobs")
                 for what in ("update", "delete")]  # fmt: skip
        return raw(url, *drops, *statements, params=params)
    return raw(url, "SET session_replication_role = replica", *statements, params=params)


def forge(url: str, seq: int, kind: str, key: str, payload: str, previous: str,
          seal: Seal | None = None, sealed_by: str = "") -> str:  # fmt: skip
    """Append a record as a forger who knows the (public) chain formula would; returns its
    link (``seal``: a key the forger holds or guesses, ``sealed_by`` the id it claims)."""
    digest = record_digest(kind, key, payload)
    at = "2025-11-22T21:00:00.000000+00:00"
    chain = link(previous, digest, "TD Eva", "", at, seal)
    raw(url, "INSERT INTO records (seq, kind, key, payload, digest, actor, reason, recorded_at,"
        " chain, sealed_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        params=(seq, kind, key, payload, digest, "TD Eva", "", at, chain, sealed_by))  # fmt: skip
    return chain
