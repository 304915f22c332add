"""The SQLite store's file: refused when truncated, made whole when new.

A 0-byte file is what a truncated store looks like, so it is never taken for a new one;
a new store is built beside its place and linked in whole, so no process ever sees a
half-made store file (and of two creating it at once, one makes it and the other opens
it). Apart from the store (event_store.py) because it is about files on disk, not
records, and only the SQLite back end has them.
"""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

from pipeline.store.engine import open_engine, writing
from pipeline.store.errors import StoreBrokenError, StoreMissingError
from pipeline.store.location import StoreLocation, store_location
from pipeline.store.upgrade import migrate

__all__ = ["check_sqlite_file"]


def check_sqlite_file(location: StoreLocation, create: bool) -> None:
    """Refuse a truncated store file; make a new store where none is, if ``create``
    (else ``StoreMissingError``). Nothing to do for a store without a file (PostgreSQL)."""
    path = location.path
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
        _create_sqlite(location)


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
