"""The look-ups by (kind, key) that both appending and reading need.

The latest row of a key (optionally as the store stood at an earlier record), the seq of
that row, and the latest rows of many keys at once (an append of a session's 300 rows
asks once, not 300 times). Plain SQLAlchemy Core on an open connection, so the append
(appending.py) can run them inside its write transaction and the store's readers
(event_store.py) in their own. The one-key queries are built once, with bound parameters:
building a statement anew each time cost seven times the query itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sqlalchemy import bindparam, func, select
from sqlalchemy.engine import Connection

from pipeline.store.schema import RECORD_COLUMNS, records

__all__ = ["latest_row", "latest_rows", "latest_seq"]

# Keys per query: well under the host parameters SQLite allows in one statement (999 before
# SQLite 3.32).
_KEYS_A_QUERY = 500


_OF_KEY = (records.c.kind == bindparam("kind"), records.c.key == bindparam("key"))
_LATEST = select(*RECORD_COLUMNS).where(*_OF_KEY).order_by(records.c.seq.desc()).limit(1)
_LATEST_AS_OF = (
    select(*RECORD_COLUMNS)
    .where(*_OF_KEY, records.c.seq <= bindparam("as_of"))
    .order_by(records.c.seq.desc())
    .limit(1)
)
_LATEST_SEQ = select(func.max(records.c.seq)).where(*_OF_KEY)


def latest_row(connection: Connection, kind: str, key: str, as_of: int | None = None) -> Any:
    """The newest ``records`` row of (kind, key), or None; ``as_of``: at most that seq."""
    if as_of is None:
        return connection.execute(_LATEST, {"kind": kind, "key": key}).first()
    return connection.execute(_LATEST_AS_OF, {"kind": kind, "key": key, "as_of": as_of}).first()


def latest_seq(connection: Connection, kind: str, key: str) -> int | None:
    """The seq of the newest record of (kind, key), or None when it has none."""
    found = connection.execute(_LATEST_SEQ, {"kind": kind, "key": key}).scalar_one_or_none()
    return None if found is None else int(found)


def latest_rows(
    connection: Connection, keys: Iterable[tuple[str, str]]
) -> dict[tuple[str, str], Any]:
    """The newest row of each (kind, key) in ``keys`` that has one, without its payload:
    what ``latest_row`` gives for each (seq, kind, key, digest, actor, reason,
    recorded_at), in one query per kind and 500 keys."""
    by_kind: dict[str, list[str]] = {}
    for kind, key in dict.fromkeys(keys):
        by_kind.setdefault(kind, []).append(key)
    columns = [c for c in RECORD_COLUMNS if c.name != "payload"]
    newest: dict[tuple[str, str], Any] = {}
    for kind, names in by_kind.items():
        for start in range(0, len(names), _KEYS_A_QUERY):
            part = names[start : start + _KEYS_A_QUERY]
            rows = connection.execute(
                select(*columns)
                .where(records.c.kind == kind, records.c.key.in_(part))
                .order_by(records.c.seq)
            ).all()
            for row in rows:  # in seq order: the last one of a key is its newest
                newest[(row.kind, row.key)] = row
    return newest
