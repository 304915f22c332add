"""Schema versions of the event store, and upgrades with Alembic (pipeline/store/migrations/).

The store records its schema in Alembic's ``alembic_version`` table. A store written by
release 0.1.0 has no such table: it is schema ``0001`` (the base, whose DDL is 0.1.0's),
stamped as such when it is first upgraded. A store whose schema this release does not know
was written by a newer bridgescan: it is refused (``StoreTooNewError``), never guessed at.
Upgrades run inside the caller's write transaction (pipeline/store/engine.py), so they are
all or nothing and happen once however many processes open the store together. A new,
empty store is made at the head without Alembic (pipeline/store/schema_ddl.py).
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from pipeline.store.errors import StoreTooNewError

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

__all__ = [
    "BASE_REVISION",
    "MIGRATIONS",
    "head_revision",
    "known_revisions",
    "schema_revision",
    "check_known",
    "migrate",
    "upgrade_with_alembic",
    "bridgescan_version",
]

MIGRATIONS = Path(__file__).with_name("migrations")
#: The schema release 0.1.0 wrote (before stores recorded a version).
BASE_REVISION = "0001"
#: Every schema this release knows, oldest first; the last is the one it writes. Opening a
#: store at this schema needs no Alembic (its import costs a correction's budget a third of
#: a second); tests/pipeline/store/test_store_upgrade.py checks the list against migrations/.
REVISIONS = ("0001", "0002")


def _config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    config.attributes["connection"] = connection
    return config


@cache
def _script() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config())


def head_revision() -> str:
    """The newest schema this release writes."""
    return REVISIONS[-1]


def known_revisions() -> frozenset[str]:
    return frozenset(REVISIONS)


def migration_revisions() -> tuple[str, ...]:
    """The schemas Alembic's migrations folder holds, oldest first (what ``REVISIONS`` must
    say)."""
    return tuple(reversed([script.revision for script in _script().walk_revisions()]))


def schema_revision(connection: Connection) -> str | None:
    """The store's schema: its recorded revision, ``0001`` for a 0.1.0 store, None if empty."""
    tables = set(inspect(connection).get_table_names())
    if "alembic_version" in tables:
        found = connection.execute(text("SELECT version_num FROM alembic_version")).first()
        if found is not None:
            return str(found[0])
    return BASE_REVISION if "records" in tables else None


def bridgescan_version() -> str:
    try:
        return version("bridgescan")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "unknown"


def check_known(revision: str | None, where: str) -> None:
    """Refuse a schema written by a newer bridgescan, with what to do about it."""
    if revision is None or revision in known_revisions():
        return
    known = head_revision()
    raise StoreTooNewError(
        f"{where}: this event store has schema {revision}, written by a newer bridgescan; "
        f"bridgescan {bridgescan_version()} knows schemas up to {known}. Nothing was read or "
        "changed: upgrade bridgescan (pip install --upgrade bridgescan) to open it.",
        found=revision,
        known=known,
    )


def migrate(connection: Connection, found: str | None) -> None:
    """Upgrade the store on ``connection`` (inside its write transaction) to the head schema.

    ``found`` is what :func:`schema_revision` said. An empty store (None) is made at the
    head without Alembic (schema_ddl.py); an older store goes through Alembic's upgrade.
    """
    if found is None:
        from pipeline.store.schema_ddl import create_at_head

        create_at_head(connection)
    else:
        upgrade_with_alembic(connection, found)


def upgrade_with_alembic(connection: Connection, found: str | None) -> None:
    """``alembic upgrade head`` on ``connection``; a 0.1.0 store is stamped 0001 first."""
    from alembic import command

    config = _config(connection)
    if found is not None and "alembic_version" not in inspect(connection).get_table_names():
        command.stamp(config, BASE_REVISION)
    command.upgrade(config, "head")
