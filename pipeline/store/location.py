"""Where an event store lives: a SQLite file (the default) or a PostgreSQL database.

``--store`` (and the ``BRIDGESCAN_STORE`` environment variable) take either a path, which
is a SQLite file, or a URL:

- ``out/bridgescan.sqlite`` or ``sqlite:///abs/path/bridgescan.sqlite``: one SQLite file;
- ``postgresql://user@host/dbname`` (``postgres://`` too): a PostgreSQL database, through
  psycopg 3. A Unix socket is ``postgresql:///dbname?host=/run/postgresql``. Passwords
  are best kept out of the URL (``~/.pgpass`` or ``PGPASSWORD``); a URL is never printed
  with its password.
- ``?schema=NAME`` on a PostgreSQL URL keeps the store in its own schema (created when
  missing), so one database can hold the stores of many events (a tournament office).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.engine import URL

__all__ = [
    "STORE_ENV",
    "DEFAULT_NAME",
    "StoreLocation",
    "store_location",
    "plain_sqlite_path",
]

#: The environment variable naming the store when ``--store`` is not given.
STORE_ENV = "BRIDGESCAN_STORE"
#: The SQLite file's name in the output folder when neither is given.
DEFAULT_NAME = "bridgescan.sqlite"

_SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")
_POSTGRES_SCHEMES = {"postgresql", "postgres", "postgresql+psycopg"}


@dataclass(frozen=True)
class StoreLocation:
    """A parsed store location. ``url`` keeps the password; ``str()`` never shows it."""

    url: URL
    path: Path | None = None  # the SQLite file, None for PostgreSQL
    schema: str | None = None  # PostgreSQL schema holding the store, None for the default

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return "sqlite" if self.path is not None else "postgresql"

    def __str__(self) -> str:
        if self.path is not None:
            return str(self.path)
        shown = self.url.set(drivername="postgresql")
        if self.schema:
            shown = shown.update_query_dict({"schema": self.schema})
        return shown.render_as_string(hide_password=True)

    def published_name(self, out_dir: Path | None = None) -> str:
        """How published results name this store: a SQLite file inside the output folder by
        its name there (the folder may move), anything else as shown by ``str()``."""
        if self.path is not None and out_dir is not None:
            try:
                return self.path.resolve().relative_to(Path(out_dir).resolve()).as_posix()
            except ValueError:
                return str(self.path.resolve())
        return str(self) if self.path is None else str(self.path.resolve())


def store_location(value: str | Path | None, out_dir: Path | None = None) -> StoreLocation:
    """Parse ``--store`` (a path or a URL); None means ``BRIDGESCAN_STORE``, then the
    default SQLite file in ``out_dir``. Raises ValueError on a URL we cannot use."""
    path = plain_sqlite_path(value, out_dir)
    if path is not None:
        return _sqlite(path)
    value = value or os.environ.get(STORE_ENV) or None
    if value is None:
        raise ValueError(f"no event store given (--store, or {STORE_ENV})")
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(str(value))
    except ArgumentError as error:
        raise ValueError(f"--store {value!r} is not a path or a URL: {error}") from None
    scheme = url.drivername
    if scheme in ("sqlite", "sqlite+pysqlite"):
        if not url.database or url.database == ":memory:":
            raise ValueError("a SQLite store is a file: give its path (sqlite:///path)")
        return _sqlite(Path(url.database))
    if scheme not in _POSTGRES_SCHEMES:
        raise ValueError(
            f"--store: {scheme}:// is not a store back end; use a path (SQLite), "
            "sqlite:///path or postgresql://user@host/dbname"
        )
    query = dict(url.query)
    schema = query.pop("schema", None)
    if isinstance(schema, tuple):
        raise ValueError("--store: give ?schema= once")
    if schema is not None and not _SCHEMA_NAME.fullmatch(schema):
        raise ValueError(
            f"--store: schema {schema!r} must be lower-case letters, digits and _ "
            "(at most 63, not starting with a digit)"
        )
    url = url.set(drivername="postgresql+psycopg", query=query)
    return StoreLocation(url=url, schema=schema)


def plain_sqlite_path(value: str | Path | None, out_dir: Path | None = None) -> Path | None:
    """The SQLite file ``store_location`` would name when it is given as a path (or is the
    default file in ``out_dir``), found without SQLAlchemy; None for a URL (or nothing)."""
    if value is None or str(value) == "":
        value = os.environ.get(STORE_ENV) or None
    if value is None:
        return None if out_dir is None else Path(out_dir) / DEFAULT_NAME
    if isinstance(value, Path) or "://" not in str(value):
        return Path(value)
    return None


def _sqlite(path: Path) -> StoreLocation:
    from sqlalchemy.engine import URL

    return StoreLocation(url=URL.create("sqlite", database=str(path)), path=path)
