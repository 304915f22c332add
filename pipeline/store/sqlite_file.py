"""The SQLite store's file: refused when truncated, made whole when new.

A 0-byte file is what a truncated store looks like, so it is never taken for a new one;
a new store is built beside its place and linked in whole, so no process ever sees a
half-made store file (and of two creating it at once, one makes it and the other opens
it). Apart from the store (event_store.py) because it is about files on disk, not
records, and only the SQLite back end has them. Made with Python's sqlite3 and the plain
DDL (schema_ddl.py), without SQLAlchemy: ``scan read`` makes a new store for every new
output folder, and one that is new holds no decisions to read, so that command needs
SQLAlchemy only for a store that was there before (``create_sqlite_store``).
"""

from __future__ import annotations

import errno
import os
import sqlite3
import threading
from pathlib import Path

from pipeline.store.errors import StoreBrokenError, StoreMissingError, StoreUnavailableError
from pipeline.store.location import StoreLocation
from pipeline.store.schema_ddl import head_statements

__all__ = ["check_sqlite_file", "create_sqlite_store"]


def check_sqlite_file(location: StoreLocation, create: bool) -> None:
    """Refuse a truncated store file; make a new store where none is, if ``create``
    (else ``StoreMissingError``). Nothing to do for a store without a file (PostgreSQL)."""
    path = location.path
    if path is None:
        return
    if path.is_dir():
        raise StoreUnavailableError(
            f"{path} is a folder, not an event store file: give the store file's path "
            f"(such as {path / 'bridgescan.sqlite'})"
        )
    if path.exists() and path.is_file() and path.stat().st_size == 0:
        raise StoreBrokenError(
            f"{path} is 0 bytes: an event store that was truncated (or a file that is not "
            "a store). It is not taken as a new store; restore it from a backup, or "
            "remove it yourself to start a new one"
        )
    if not path.exists():
        if not create:
            raise StoreMissingError(f"{path}: there is no event store here")
        create_sqlite_store(path)


def create_sqlite_store(path: Path) -> bool:
    """A new SQLite store at ``path`` unless a file is there already; whether this call
    made it (False: there was one, or another process made it first). Made beside its
    place and linked in whole: a store file is never seen half-made (SQLite's empty first
    moments look like a truncated store), and of two processes creating it at once one
    makes it and the other opens it."""
    if path.exists():
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:  # a file where a folder of the path should be, no permission
        why = f"{error.strerror} ({error.filename})"
        if isinstance(error, FileExistsError | NotADirectoryError):
            why = f"a file stands in the way of the folder {error.filename}"
        raise StoreUnavailableError(f"{path}: no event store can be made here: {why}") from None
    draft = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.new")
    for leftover in _sqlite_files(draft):
        leftover.unlink(missing_ok=True)
    try:
        _write_schema(draft)
    except BaseException as error:
        for leftover in _sqlite_files(draft):
            leftover.unlink(missing_ok=True)
        if isinstance(error, sqlite3.Error):  # a folder it may not write in, a full disk
            said = f"{path}: no event store can be made here: {error}"
            raise StoreUnavailableError(said) from None
        raise
    made = True
    try:
        os.link(draft, path)
    except FileExistsError:
        made = False  # another process made it first: open theirs
    except OSError:  # a file system without hard links
        made = not path.exists()
        if made:
            os.replace(draft, path)
    for leftover in _sqlite_files(draft):
        leftover.unlink(missing_ok=True)
    return made


def _write_schema(draft: Path) -> None:
    """The head schema into a new file, set up as the store's engine sets up every
    connection (pipeline/store/engine.py: WAL, synchronous FULL) and written under the
    write lock (``BEGIN IMMEDIATE``)."""
    db = sqlite3.connect(draft, timeout=60, isolation_level=None)
    try:
        db.execute("PRAGMA busy_timeout = 60000")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("BEGIN IMMEDIATE")
        try:
            for statement in head_statements("sqlite"):
                db.execute(statement)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        # Into the file itself now: closing would checkpoint the write-ahead log too, but
        # silently, and on a full disk the schema would stay in the -wal file deleted below.
        busy = db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]
        if busy:
            raise OSError(errno.EBUSY, "the new store could not be written whole", str(draft))
    finally:
        db.close()


def _sqlite_files(path: Path) -> list[Path]:
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]
