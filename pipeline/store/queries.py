"""The two look-ups by (kind, key) that both appending and reading need.

The latest row of a key (optionally as the store stood at an earlier record) and the seq
of that row. Plain SQLAlchemy Core on an open connection, so the append (appending.py)
can run them inside its write transaction and the store's readers (event_store.py) in
their own.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Connection

from pipeline.store.schema import RECORD_COLUMNS, records

__all__ = ["latest_row", "latest_seq"]


def latest_row(connection: Connection, kind: str, key: str, as_of: int | None = None) -> Any:
    """The newest ``records`` row of (kind, key), or None; ``as_of``: at most that seq."""
    conditions = [records.c.kind == kind, records.c.key == key]
    if as_of is not None:
        conditions.append(records.c.seq <= as_of)
    return connection.execute(
        select(*RECORD_COLUMNS).where(*conditions).order_by(records.c.seq.desc()).limit(1)
    ).first()


def latest_seq(connection: Connection, kind: str, key: str) -> int | None:
    """The seq of the newest record of (kind, key), or None when it has none."""
    found = connection.execute(
        select(func.max(records.c.seq)).where(records.c.kind == kind, records.c.key == key)
    ).scalar_one_or_none()
    return None if found is None else int(found)
