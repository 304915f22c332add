"""Connections to the two back ends, the store's write lock, and errors in the director's words.

One write at a time, across threads, processes and machines, because each record's link
hashes the one before it (pipeline/store/chain.py):

- SQLite: every write transaction starts with ``BEGIN IMMEDIATE`` (the file's write lock,
  taken before anything is read, so two writers never both read the same tail); readers
  go on in WAL mode. pysqlite's own implicit transactions are switched off so SQLAlchemy's
  ``begin()`` is the only place a transaction starts.
- PostgreSQL: every write transaction first takes a transaction-scoped advisory lock named
  after the store's schema, so stores in other schemas of the same database do not wait.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, TypeVar

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, NoSuchModuleError

from pipeline.store.errors import StoreBrokenError, StoreUnavailableError
from pipeline.store.location import StoreLocation

__all__ = ["open_engine", "writing", "reading", "translate_errors"]

# The advisory lock's first key ("bs" in ASCII); the second is the schema's hash.
_LOCK_CLASS = 0x6273
_SQLITE_BROKEN = ("malformed", "not a database", "file is encrypted", "disk i/o error")
_F = TypeVar("_F", bound=Callable[..., Any])


def open_engine(location: StoreLocation) -> Engine:
    """An engine for the location, set up for the store's transactions."""
    if location.path is not None:
        engine = create_engine(location.url, connect_args={"timeout": 60})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    connect_args: dict[str, Any] = {"connect_timeout": 10}
    if location.schema:
        connect_args["options"] = f"-csearch_path={location.schema}"
    try:
        return create_engine(location.url, connect_args=connect_args, pool_pre_ping=True)
    except (ModuleNotFoundError, NoSuchModuleError):
        raise StoreUnavailableError(
            "a PostgreSQL store needs the psycopg driver: pip install 'psycopg[binary]'"
        ) from None


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # transactions are begun by _sqlite_begin only
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA busy_timeout = 60000")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = FULL")
    cursor.close()


def _sqlite_begin(connection: Connection) -> None:
    mode = connection.get_execution_options().get("sqlite_begin", "DEFERRED")
    connection.exec_driver_sql(f"BEGIN {mode}")


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """A write transaction holding the store's write lock; commits when the block ends."""
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            connection = connection.execution_options(sqlite_begin="IMMEDIATE")
        with connection.begin():
            if engine.dialect.name == "postgresql":
                connection.execute(
                    text("SELECT pg_advisory_xact_lock(:lock, hashtext(current_schema()))"),
                    {"lock": _LOCK_CLASS},
                )
            yield connection


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A read transaction that sees one consistent state of the store (a snapshot)."""
    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            connection = connection.execution_options(isolation_level="REPEATABLE READ")
        with connection.begin():
            yield connection


def translate_errors(method: _F) -> _F:
    """Database errors as the store's own: a damaged file is a broken store, a server that
    cannot be reached is an unavailable one; anything else is a bug and stays as it is."""

    @wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except DBAPIError as error:
            raise translated(error, str(self.location)) from error

    return wrapper  # type: ignore[return-value]


def translated(error: DBAPIError, where: str) -> Exception:
    """The store error a database error means (or the error itself when it is a bug)."""
    message = str(error.orig) if error.orig is not None else str(error)
    first = message.strip().splitlines()[0] if message.strip() else type(error).__name__
    if error.connection_invalidated or _is_unreachable(error):
        return StoreUnavailableError(f"{where}: cannot reach the store: {first}")
    if any(word in message.lower() for word in _SQLITE_BROKEN):
        return StoreBrokenError(
            f"{where}: the store file is damaged and cannot be read ({first}); "
            "restore it from a backup"
        )
    if "database is locked" in message.lower():
        return StoreUnavailableError(f"{where}: the store stayed locked by another process")
    return error


def _is_unreachable(error: DBAPIError) -> bool:
    from sqlalchemy.exc import OperationalError

    if not isinstance(error, OperationalError):
        return False
    text_ = str(error.orig).lower()
    return any(
        word in text_
        for word in ("connection", "could not connect", "authentication", "does not exist",
                     "timeout", "server closed", "no such host", "role", "unable to open")
    )  # fmt: skip
